/**
 * The human-readable report (spec §4 "Output formats", text). No stability guarantee, but the order is
 * fixed: ref/status, vantages (`nb <neighborhood> PO <n>`), gateways (`HTTP <code>`), resolution,
 * chunk tables, cold downloads, then the re-seed block. Colour only when the caller says the terminal wants it.
 *
 * Every value a node (or a gateway) supplied, versions and error messages above all, goes through
 * showControlCharacters: a node cannot clear the screen, retitle the window or forge a line of this report.
 *
 * Chunk tables tell three outcomes apart: found (a body that verifies against the address), missing (the
 * node answered that it has no such chunk) and no answer (the call failed, the body did not verify, or the
 * walk had given up on an unreachable node).
 */
import type { ChunkProbe, ChunkStats, ChunkStatsEntry, ChunkVantageProbe, RetcheckReport, VantageResult } from '../../config-schema/retcheck-report.js';
import { hexToBytes } from '../swarm/bytes.js';
import { formatProximity, groupDigits } from '../cockpit/format.js';
import { proximity } from '../swarm/proximity.js';
import { humanSize } from '../terminal/human-size.js';
import { showControlCharacters as shown } from '../terminal/visible-text.js';
import { slowestNeighborhoods } from './chunk-stats.js';
import { replicaReseedLine, replicaView } from './replica-lines.js';
import { disagreementLines, erasureGroupLines, erasureVantageLines, partialNote, roleNote, unreachableOutcome } from './explanations.js';

export interface ReseedSummary {
  batch: string;
  status: 'OK' | 'refused' | 'failed';
  warnings: string[];
  error?: string;
  replicas?: Parameters<typeof replicaReseedLine>[0];
}

export interface TextOptions {
  color: boolean;
  /** `--target-overlay`: the missing-chunk list shows each chunk's proximity to it. */
  targetOverlay?: string;
}

/** Rows of the per-neighbourhood table (slowest first), as in the web app. */
export const TEXT_NEIGHBORHOOD_ROWS = 10;
/** Lines of the missing-chunk list. */
export const TEXT_MISSING_ROWS = 50;

const paint = (on: boolean, code: number, text: string) => (on ? `\u001b[${code}m${text}\u001b[0m` : text);

/** `7e3f9a2c…`: overlays are shortened in text; the JSON keeps them whole. */
const shortHex = (hex: string) => (hex.length > 8 ? `${hex.slice(0, 8)}…` : hex);

function outcome(target: { retrievable: boolean | null; unreachable?: VantageResult['unreachable'] }, color: boolean): string {
  if (target.retrievable === true) return paint(color, 32, 'retrievable');
  if (target.retrievable === false) return paint(color, 31, 'not retrievable');
  if (target.unreachable) return paint(color, 33, unreachableOutcome(target.unreachable));
  return paint(color, 33, 'error');
}

function vantageLine(v: VantageResult, color: boolean): string {
  const parts = [`  ${shown(v.node_url)}`, outcome(v, color), `${groupDigits(v.elapsed_ms)} ms`];
  if (v.overlay !== undefined) parts.push(`nb ${v.overlay.slice(0, 2)} ${v.proximity_to_root === undefined ? 'PO ?' : formatProximity(v.proximity_to_root)}  overlay ${shortHex(v.overlay)}`);
  if (v.target_proximity !== undefined) parts.push(formatProximity(v.target_proximity, 'target'));
  if (v.node_version) parts.push(`v${shown(v.node_version)}`);
  if (v.error) parts.push(`(${shown(v.error)})`);
  return parts.join('  ');
}

const noAnswerOf = (s: ChunkStatsEntry) => (s.errors ?? 0) + (s.not_probed ?? 0);
/** Reports written before the additive counts count every miss as missing. */
const missingOf = (s: ChunkStatsEntry) => s.not_found ?? s.missing - noAnswerOf(s);

function statsRow(key: string, s: ChunkStatsEntry): string {
  const n = groupDigits;
  return `  ${key.padEnd(28)} ${`${n(s.found)}/${n(s.total)}`.padStart(13)} ${n(missingOf(s)).padStart(7)} ${n(noAnswerOf(s)).padStart(9)} ${n(s.elapsed_p50_ms).padStart(7)} ${n(s.elapsed_p95_ms).padStart(7)} ${n(s.elapsed_max_ms).padStart(7)}`;
}

const STATS_HEADER = `  ${'key'.padEnd(28)} ${'found'.padStart(13)} ${'missing'.padStart(7)} ${'no answer'.padStart(9)} ${'p50 ms'.padStart(7)} ${'p95 ms'.padStart(7)} ${'max ms'.padStart(7)}`;

function chunkTables(report: RetcheckReport, chunks: ChunkProbe[], stats: ChunkStats, options: TextOptions): string[] {
  const lines = ['', `chunks  ${groupDigits(chunks.length)} walked`];
  const walk = report.chunk_walk;
  if (walk?.truncated) {
    lines.push(`        the walk stopped at its cap of ${groupDigits(walk.cap)} chunks: ${groupDigits(walk.found_not_probed)} more chunk references were found but not probed (nor anything below them)`);
  }
  lines.push('', 'per vantage', STATS_HEADER);
  for (const [url, s] of Object.entries(stats.per_vantage)) lines.push(statsRow(shown(url), s));
  const neighborhoods = Object.keys(stats.per_neighborhood).length;
  lines.push('', 'per neighborhood (slowest first)', STATS_HEADER);
  for (const [nb, s] of slowestNeighborhoods(stats, TEXT_NEIGHBORHOOD_ROWS)) lines.push(statsRow(nb, s));
  if (neighborhoods > TEXT_NEIGHBORHOOD_ROWS) lines.push(`  … ${groupDigits(neighborhoods - TEXT_NEIGHBORHOOD_ROWS)} more (see --output json)`);

  const misses = chunks.filter((c) => Object.values(c.per_vantage).some((p) => !p.found));
  if (misses.length > 0) {
    const target = options.targetOverlay ? hexToBytes(options.targetOverlay) : undefined;
    lines.push('', 'chunks not found everywhere');
    for (const c of misses.slice(0, TEXT_MISSING_ROWS)) {
      const entries = Object.entries(c.per_vantage);
      const where = (pick: (p: ChunkVantageProbe) => boolean) =>
        entries
          .filter(([, p]) => pick(p))
          .map(([url]) => shown(url))
          .join(', ');
      const parts = [`  ${c.address}`, `nb ${c.neighborhood}`];
      const role = roleNote(c);
      if (role) parts.push(role);
      if (target) parts.push(formatProximity(proximity(target, hexToBytes(c.address)), 'target'));
      const missing = where((p) => !p.found && p.error === undefined);
      const noAnswer = where((p) => !p.found && p.error !== undefined);
      if (missing) parts.push(`missing on ${missing}`);
      if (noAnswer) parts.push(`no answer from ${noAnswer}`);
      lines.push(parts.join('  '));
    }
    if (misses.length > TEXT_MISSING_ROWS) lines.push(`  … ${groupDigits(misses.length - TEXT_MISSING_ROWS)} more (see --output json)`);
    const reasons = noAnswerByVantage(chunks);
    if (reasons.length > 0) {
      lines.push('', 'no answer, why');
      for (const r of reasons) {
        if (r.errors > 0) lines.push(`  ${shown(r.url)}: ${groupDigits(r.errors)} chunks failed, e.g. ${shown(r.example ?? '')}`);
        if (r.notProbed > 0) lines.push(`  ${shown(r.url)}: ${groupDigits(r.notProbed)} chunks ${shown(r.notProbedReason ?? 'not probed')}`);
      }
    }
  }
  lines.push(...explanationLines(report));
  return lines;
}

/** Erasure coding (which missing chunks are data, which parity, recoverable or not) and stewardship-vs-walk disagreements. */
function explanationLines(report: RetcheckReport): string[] {
  const lines: string[] = [];
  const perVantage = erasureVantageLines(report);
  if (perVantage.length > 0) {
    lines.push('', 'erasure coding (missing chunks by role, and whether a download rebuilds them)');
    for (const e of perVantage) lines.push(`  ${shown(e.url)}  ${e.missing}  ${e.verdict}`);
    for (const g of erasureGroupLines(report)) lines.push(`  ${shown(g)}`);
  }
  const disagreements = disagreementLines(report);
  if (disagreements.length > 0) {
    lines.push('', 'stewardship and the per-chunk walk disagree');
    for (const d of disagreements) lines.push(`  ${shown(d.url)}  ${d.summary}`, `    ${shown(d.explanation)}`);
  }
  return lines;
}

/** The root's dispersed replicas: per vantage found/expected, then each replica and where it was retrieved. */
function replicaLines(report: RetcheckReport): string[] {
  const view = replicaView(report.replicas);
  if (!view) return [];
  const lines = ['', `replicas  ${view.headline}`];
  // The headline already says what a span-read level means; other notes say why the level is what it is.
  if (!(report.replicas?.level_source === 'span' && report.replicas.checked)) lines.push(`          ${shown(view.note)}`);
  if (view.slots.length === 0) return lines;
  lines.push(`  ${'vantage'.padEnd(28)} ${'found'.padStart(6)} ${'missing'.padStart(7)} ${'no answer'.padStart(9)}`);
  for (const v of view.vantages) lines.push(`  ${shown(v.url).padEnd(28)} ${v.found.padStart(6)} ${String(v.missing).padStart(7)} ${String(v.noAnswer).padStart(9)}`);
  // After a search, the slots nobody found above the level it proved are one line each for "not found" and "no
  // answer": nothing tells them apart from one another.
  const unknown = view.slots.filter((s) => s.expected !== 'expected' && !s.cells.includes('yes'));
  const unseen = unknown.filter((s) => s.cells.includes('no'));
  const unanswered = unknown.filter((s) => !s.cells.includes('no'));
  for (const s of view.slots) {
    if (!unknown.includes(s)) lines.push(`  ${String(s.index).padStart(2)}  ${shortHex(s.address)}  nb ${s.neighborhood}  level ${s.level}  ${s.foundOn}`);
  }
  const levels = (slots: typeof unknown) => [...new Set(slots.map((s) => s.level))].join(', ');
  if (unseen.length > 0) lines.push(`  ${unseen.length} more (level ${levels(unseen)}): not found on any vantage that answered: never stored (an upload at a lower level) or lost`);
  if (unanswered.length > 0) lines.push(`  ${unanswered.length} more (level ${levels(unanswered)}): no vantage answered`);
  if (view.advice) lines.push(`  ${view.advice}`);
  return lines;
}

interface NoAnswer {
  url: string;
  errors: number;
  example?: string;
  notProbed: number;
  notProbedReason?: string;
}

/** Per vantage: how many probes failed (with the first error as an example) and how many were never made, and why. */
function noAnswerByVantage(chunks: ChunkProbe[]): NoAnswer[] {
  const byUrl = new Map<string, NoAnswer>();
  for (const chunk of chunks) {
    for (const [url, probe] of Object.entries(chunk.per_vantage)) {
      if (probe.found || probe.error === undefined) continue;
      let entry = byUrl.get(url);
      if (!entry) byUrl.set(url, (entry = { url, errors: 0, notProbed: 0 }));
      if (probe.not_probed) {
        entry.notProbed++;
        entry.notProbedReason ??= probe.error;
      } else {
        entry.errors++;
        entry.example ??= probe.error;
      }
    }
  }
  return [...byUrl.values()];
}

export function formatTextReport(report: RetcheckReport, options: TextOptions, reseed?: ReseedSummary): string {
  const { color } = options;
  const lines: string[] = [];
  lines.push(`ref     ${report.reference}`);
  const statusColor = report.status === 'retrievable' ? 32 : report.status === 'partial' ? 33 : 31;
  lines.push(`status  ${paint(color, statusColor, report.status)}`);
  const note = partialNote(report);
  if (note) lines.push(`        ${shown(note)}`);
  lines.push('', 'vantages');
  for (const v of report.vantages) lines.push(vantageLine(v, color));
  if (report.gateways) {
    lines.push('', 'gateways');
    for (const g of report.gateways) {
      const parts = [`  ${shown(g.url)}`, outcome(g, color), `${groupDigits(g.elapsed_ms)} ms`];
      if (g.status_code !== undefined) parts.push(`HTTP ${g.status_code}`);
      if (g.error) parts.push(`(${shown(g.error)})`);
      lines.push(parts.join('  '));
    }
  }
  if (report.resolution) {
    const r = report.resolution;
    lines.push('', 'resolution', `  feed ${r.owner}/${r.topic}`, `  -> ${r.resolved_reference}${r.node_url ? `  (from ${shown(r.node_url)})` : ''}`);
  }
  lines.push(...replicaLines(report));
  if (report.chunk_stats && report.chunks) lines.push(...chunkTables(report, report.chunks, report.chunk_stats, options));
  if (report.cold_downloads) {
    lines.push('', 'cold downloads');
    for (const d of report.cold_downloads) {
      const parts = [`  ${shown(d.url)}${shown(d.endpoint)}`, d.success ? paint(color, 32, 'ok') : paint(color, 31, 'failed'), humanSize(d.bytes_downloaded), `${groupDigits(d.elapsed_ms)} ms`];
      if (d.status_code !== undefined) parts.push(`HTTP ${d.status_code}`);
      if (d.error) parts.push(`(${shown(d.error)})`);
      lines.push(parts.join('  '));
    }
  }
  if (reseed) {
    lines.push('', 're-seed', `  batch     ${reseed.batch}`, `  status    ${paint(color, reseed.status === 'OK' ? 32 : 31, reseed.status)}`);
    if (reseed.error) lines.push(`  error     ${shown(reseed.error)}`);
    if (reseed.replicas) lines.push(`  replicas  ${shown(replicaReseedLine(reseed.replicas))}`);
    lines.push(`  warnings  ${reseed.warnings.length ? reseed.warnings.map(shown).join('; ') : '(none)'}`);
  }
  return `${lines.join('\n')}\n`;
}
