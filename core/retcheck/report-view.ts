/**
 * Report -> rows for a view. Pure and shared: the web app renders these; desktop and terminal views can too.
 * Text only: nothing here is HTML, and views must render it as text.
 */
import type { RetcheckReport } from '../../config-schema/retcheck-report.js';
import type { Unreachable } from '../../config-schema/retcheck-report.js';
import { formatProximity, groupDigits } from '../cockpit/format.js';
import { slowestNeighborhoods } from './chunk-stats.js';
import { roleNote, unreachableOutcome } from './explanations.js';

export const MATRIX_CHUNKS = 50;
export const NEIGHBORHOOD_ROWS = 10;

/** A target that could not be asked at all reads as `unreachable (...)`, not as a plain error. */
export const outcomeLabel = (r: boolean | null, unreachable?: Unreachable) =>
  r === true ? 'retrievable' : r === false ? 'not retrievable' : unreachable ? unreachableOutcome(unreachable) : 'error';

export interface VantageRow {
  url: string;
  outcome: string;
  neighborhood: string;
  elapsedMs: number;
  version: string;
  notes: string;
}

export function vantageRows(report: RetcheckReport): VantageRow[] {
  return report.vantages.map((v) => ({
    url: v.node_url,
    outcome: outcomeLabel(v.retrievable, v.unreachable),
    neighborhood: v.overlay ? `${v.overlay.slice(0, 2)} / ${v.overlay.slice(0, 8)}… ${v.proximity_to_root === undefined ? 'PO ?' : formatProximity(v.proximity_to_root)}` : '—',
    elapsedMs: v.elapsed_ms,
    version: v.node_version ?? '—',
    notes: [v.target_proximity !== undefined ? formatProximity(v.target_proximity, 'target') : '', v.error ?? ''].filter(Boolean).join('; '),
  }));
}

export function gatewayRows(report: RetcheckReport) {
  return (report.gateways ?? []).map((g) => ({
    url: g.url,
    outcome: outcomeLabel(g.retrievable, g.unreachable),
    elapsedMs: g.elapsed_ms,
    http: g.status_code !== undefined ? `HTTP ${g.status_code}` : '—',
    error: g.error ?? '',
  }));
}

export function vantageStatsRows(report: RetcheckReport) {
  return Object.entries(report.chunk_stats?.per_vantage ?? {}).map(([url, s]) => ({ key: url, foundOfTotal: `${groupDigits(s.found)}/${groupDigits(s.total)}`, p50: s.elapsed_p50_ms, p95: s.elapsed_p95_ms, max: s.elapsed_max_ms }));
}

export function neighborhoodStatsRows(report: RetcheckReport) {
  if (!report.chunk_stats) return [];
  return slowestNeighborhoods(report.chunk_stats, NEIGHBORHOOD_ROWS).map(([nb, s]) => ({ key: nb, foundOfTotal: `${groupDigits(s.found)}/${groupDigits(s.total)}`, p50: s.elapsed_p50_ms, p95: s.elapsed_p95_ms, max: s.elapsed_max_ms }));
}

export interface MatrixCell {
  found: boolean;
  text: string;
}

/**
 * The first 50 chunks by all vantages: each cell `elapsed ms · PO n`, `x` when the node said it has no such
 * chunk, `no answer` when the call failed or the body did not verify, `not probed` after the walk gave up on
 * an unreachable node.
 */
export function chunkMatrix(report: RetcheckReport): { vantages: string[]; rows: { address: string; role: string; cells: MatrixCell[] }[] } {
  const vantages = report.vantages.map((v) => v.node_url);
  const rows = (report.chunks ?? []).slice(0, MATRIX_CHUNKS).map((chunk) => ({
    address: chunk.address,
    /** `data of 5f0c…` / `parity of 5f0c…` under an erasure-coded intermediate chunk, else empty. */
    role: roleNote(chunk) ?? '',
    cells: vantages.map((url) => {
      const probe = chunk.per_vantage[url];
      if (!probe) return { found: false, text: '—' };
      if (probe.not_probed) return { found: false, text: 'not probed' };
      if (!probe.found && probe.error !== undefined) return { found: false, text: `no answer ${groupDigits(probe.elapsed_ms)} ms` };
      if (!probe.found) return { found: false, text: `x ${groupDigits(probe.elapsed_ms)} ms` };
      return { found: true, text: `${groupDigits(probe.elapsed_ms)} ms · ${probe.proximity === undefined ? 'PO ?' : formatProximity(probe.proximity)}` };
    }),
  }));
  return { vantages, rows };
}
