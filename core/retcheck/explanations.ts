/**
 * The sentences with which a report explains itself (issue 23 item 6), shared by the text output and the web
 * app so both say the same thing: why the status is partial when only unreachable targets made it so, which
 * missing chunks are data and which parity and whether erasure coding rebuilds them, and where stewardship and
 * the per-chunk walk disagree. Text only: views render it as text.
 */
import { groupDigits } from '../cockpit/format.js';
import type { ChunkProbe, RetcheckReport, Unreachable } from '../../config-schema/retcheck-report.js';

const UNREACHABLE_WHY: Record<Unreachable, string> = {
  dns: 'its name did not resolve (DNS)',
  refused: 'the connection was refused',
  tls: 'the TLS handshake failed',
  network: 'it could not be reached',
};

/** `unreachable (the connection was refused)`: the outcome of a target that could not be asked at all. */
export function unreachableOutcome(kind: Unreachable): string {
  return `unreachable (${UNREACHABLE_WHY[kind]})`;
}

/** The line after `status partial` when only targets that could not be asked made the status partial. */
export function partialNote(report: RetcheckReport): string | undefined {
  const urls = report.partial_because_unreachable;
  if (report.status !== 'partial' || !urls || urls.length === 0) return undefined;
  const kinds = new Map<string, Unreachable | undefined>([
    ...report.vantages.map((v) => [v.node_url, v.unreachable] as const),
    ...(report.gateways ?? []).map((g) => [g.url, g.unreachable] as const),
  ]);
  const named = urls.map((url) => {
    const kind = kinds.get(url);
    return kind ? `${url} (${UNREACHABLE_WHY[kind]})` : url;
  });
  const who = urls.length === 1 ? `${named[0]} could not be asked at all` : `${named.join(', ')} could not be asked at all`;
  return `partial only because ${who}; every vantage and gateway that answered said retrievable`;
}

const short = (address: string) => `${address.slice(0, 8)}…`;

/** `data of 5f0c1a2b…` / `parity of 5f0c1a2b…` for a chunk under an erasure-coded intermediate chunk. */
export function roleNote(chunk: Pick<ChunkProbe, 'role' | 'parent'>): string | undefined {
  if (!chunk.role || !chunk.parent) return undefined;
  return `${chunk.role} of ${short(chunk.parent)}`;
}

export interface ErasureVantageLine {
  url: string;
  missing: string;
  verdict: string;
}

/** Per vantage: what is missing, by role, and the verdict with its reason. */
export function erasureVantageLines(report: RetcheckReport): ErasureVantageLine[] {
  return Object.entries(report.erasure?.per_vantage ?? {}).map(([url, e]) => {
    const total = e.missing_data + e.missing_parity + e.missing_other;
    const parts = [e.missing_data > 0 ? `${groupDigits(e.missing_data)} data` : '', e.missing_parity > 0 ? `${groupDigits(e.missing_parity)} parity` : '', e.missing_other > 0 ? `${groupDigits(e.missing_other)} other` : ''].filter(Boolean);
    const missing = total === 0 ? 'nothing missing' : `${groupDigits(total)} missing (${parts.join(', ')})`;
    const verdict = e.recoverable === true ? 'recoverable' : e.recoverable === false ? 'NOT recoverable' : 'recoverable: unknown';
    return { url, missing, verdict: `${verdict}: ${e.why.replace(/^(recoverable|not recoverable|cannot tell): /, '')}` };
  });
}

/** Per erasure-coded intermediate chunk with something missing: `5f0c1a2b… level 1, 30 data + 9 parity: http://a 2 data + 1 parity missing, recoverable`. */
export function erasureGroupLines(report: RetcheckReport): string[] {
  return (report.erasure?.groups ?? []).map((g) => {
    const perVantage = Object.entries(g.per_vantage).map(([url, v]) => {
      const verdict = v.recoverable === true ? 'recoverable' : v.recoverable === false ? 'NOT recoverable' : 'unknown';
      const unknown = v.unknown > 0 ? `, ${groupDigits(v.unknown)} without an answer` : '';
      return `${url} ${v.missing_data} data + ${v.missing_parity} parity missing${unknown}: ${verdict}`;
    });
    return `${short(g.address)} level ${g.level}, ${g.data} data + ${g.parity} parity: ${perVantage.join('; ')}`;
  });
}

/** `http://a: stewardship no, walk 12/12 found: <why>`. */
export function disagreementLines(report: RetcheckReport): { url: string; summary: string; explanation: string }[] {
  return (report.disagreements ?? []).map((d) => ({
    url: d.node_url,
    summary: `stewardship ${d.stewardship ? 'retrievable' : 'not retrievable'}, walk ${groupDigits(d.walk_found)}/${groupDigits(d.walk_total)} found${d.walk_missing > 0 ? `, ${groupDigits(d.walk_missing)} missing` : ''}`,
    explanation: d.explanation,
  }));
}
