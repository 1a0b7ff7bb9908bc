/** radius-doctor's diagnosis as text (`--once radius-doctor`, the palette's log lines) and as a screen section (S5, S7). */
import type { FactsSection } from './view/screen-view.js';
import type { Section, Tone } from './view/view-model.js';
import { diagnoseRadius, neighbourhoodPrefix, radiusChangeText, type FindingTone, type RadiusDiagnosis } from './radius-doctor.js';
import type { RadiusInputs, RadiusTrack } from './radius-facts.js';
import { radiusChangeFrom } from './radius-ring.js';

const n = (x: number | null): string => (x === null ? 'unknown' : Math.round(x).toLocaleString('en-US'));
const TONE: Record<FindingTone, Tone> = { ok: 'ok', info: 'info', warn: 'warn', fail: 'fail', unknown: 'muted' };

/** The facts the diagnosis read, one label and value each (unknown says so). */
export function radiusFactRows(d: RadiusDiagnosis): { label: string; value: string }[] {
  const fill = d.reserveSizeWithinRadius !== null && d.capacity !== null ? ` (${((d.reserveSizeWithinRadius / d.capacity) * 100).toFixed(1)} % of ${n(d.capacity)})` : '';
  const hoods = d.neighbourhoods === null ? 'unknown (/status/neighborhoods not read)' : d.neighbourhoods.map((h) => `${neighbourhoodPrefix(h.neighborhood, d.committedDepth) || '(whole network)'}: ${n(h.reserveSizeWithinRadius)} chunks, ${h.peers === null ? '? peers' : `${h.peers} peer${h.peers === 1 ? '' : 's'}`}`).join('; ');
  return [
    { label: 'Storage radius', value: `${d.storageRadius ?? 'unknown'} (commitment implies ${d.commitmentRadius ?? 'unknown'})` },
    { label: 'Committed depth', value: `${d.committedDepth ?? 'unknown'} (network ${d.networkDepth ?? 'unknown'}, neighbourhood ${d.neighbourhoodDepth ?? 'unknown'})` },
    { label: 'Reserve in radius', value: `${n(d.reserveSizeWithinRadius)} chunks${fill}; total ${n(d.reserveSize)}` },
    { label: 'Pull sync', value: d.pullsyncRate === null ? 'unknown' : d.pullsyncRate === 0 ? 'idle (0 chunks/s)' : `${d.pullsyncRate.toFixed(1)} chunks/s` },
    { label: 'Neighbours', value: d.neighbours === null ? 'unknown' : `${d.neighbours} connected in the neighbourhood` },
    { label: 'Neighbourhoods', value: hoods || 'none reported' },
    { label: 'Peers near depth', value: d.nearDepthBins === null ? 'unknown (/topology not read)' : d.nearDepthBins.length === 0 ? 'depth 0: no bin below it' : d.nearDepthBins.map((b) => `bin ${b.po}: ${b.connected}`).join(', ') },
    { label: 'Last change', value: radiusChangeText(d.lastChange) },
  ];
}

export function radiusDoctorText(d: RadiusDiagnosis, node: string): string {
  const facts = radiusFactRows(d).map((r) => `  ${r.label.padEnd(18)} ${r.value}`);
  const findings = d.findings.map((f) => `  [${f.tone}] ${f.finding}${f.advice ? `\n         → ${f.advice}` : ''}`);
  const unread = d.unread.length ? [`  not read: ${d.unread.join('; ')}`] : [];
  return [`radius-doctor ${node}: ${d.headline}`, ...facts, ...findings, ...unread].join('\n');
}

/** The S5 / S7 section: the findings first (what to do), then the facts they came from. */
export function radiusDoctorSection(d: RadiusDiagnosis): FactsSection {
  const findings = d.findings.map((f) => ({ label: f.tone === 'ok' ? 'Verdict' : 'Finding', value: f.advice ? `${f.finding} → ${f.advice}` : f.finding, tone: TONE[f.tone] }));
  return { kind: 'facts', id: 'radiusDoctor', title: `Radius doctor: ${d.headline}`, rows: [...findings, ...radiusFactRows(d)] };
}

/**
 * radius-doctor's section (S5 and S7): the diagnosis of the poll's radius facts, the time since the radius last
 * changed from the engine's trend ring (`ring`, radius-ring.ts) or the screen's successive polls (`track`), or why
 * it is not known.
 */
export function radiusSection(radius: RadiusInputs | undefined, track: RadiusTrack | null, ring: RadiusTrack | null = null): Section {
  if (radius === undefined) return { kind: 'text', id: 'radiusDoctor', title: 'Radius doctor', lines: [{ text: 'not read yet: radius-doctor reads /status, /reservestate, /status/peers, /status/neighborhoods, /topology', tone: 'muted' }] };
  return radiusDoctorSection(diagnoseRadius({ ...radius, change: radiusChangeFrom(ring, track, radius.takenAtMs) }));
}
