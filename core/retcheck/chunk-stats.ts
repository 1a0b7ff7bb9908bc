/**
 * Per-vantage and per-neighbourhood roll-ups of a per-chunk walk (spec §2 ChunkStats).
 * Every (chunk, vantage) probe counts once in its vantage's row and once in its chunk's neighbourhood row.
 * `missing` (spec) is every probe without a verified chunk; the additive `not_found`, `errors` and
 * `not_probed` split it into "the node said it has no such chunk", "no usable answer" and "never asked".
 */
import type { ChunkProbe, ChunkStats, ChunkStatsEntry } from '../../config-schema/retcheck-report.js';
import { percentile } from './percentiles.js';

interface Accumulator {
  found: number;
  notFound: number;
  errors: number;
  notProbed: number;
  elapsed: number[];
}

export function computeChunkStats(chunks: readonly ChunkProbe[]): ChunkStats {
  const perVantage = new Map<string, Accumulator>();
  const perNeighborhood = new Map<string, Accumulator>();
  for (const chunk of chunks) {
    for (const [url, probe] of Object.entries(chunk.per_vantage)) {
      for (const acc of [accumulatorFor(perVantage, url), accumulatorFor(perNeighborhood, chunk.neighborhood)]) {
        if (probe.found) acc.found++;
        else if (probe.not_probed) acc.notProbed++;
        else if (probe.error !== undefined) acc.errors++;
        else acc.notFound++;
        // A chunk never asked for has no latency to report.
        if (!probe.not_probed) acc.elapsed.push(probe.elapsed_ms);
      }
    }
  }
  return { per_vantage: toEntries(perVantage), per_neighborhood: toEntries(perNeighborhood) };
}

function accumulatorFor(map: Map<string, Accumulator>, key: string): Accumulator {
  let acc = map.get(key);
  if (!acc) {
    acc = { found: 0, notFound: 0, errors: 0, notProbed: 0, elapsed: [] };
    map.set(key, acc);
  }
  return acc;
}

function toEntries(map: Map<string, Accumulator>): Record<string, ChunkStatsEntry> {
  const out: Record<string, ChunkStatsEntry> = {};
  for (const [key, acc] of [...map.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const sorted = [...acc.elapsed].sort((a, b) => a - b);
    const missing = acc.notFound + acc.errors + acc.notProbed;
    out[key] = {
      total: acc.found + missing,
      found: acc.found,
      missing,
      not_found: acc.notFound,
      errors: acc.errors,
      not_probed: acc.notProbed,
      elapsed_p50_ms: percentile(sorted, 50),
      elapsed_p95_ms: percentile(sorted, 95),
      elapsed_max_ms: sorted.length ? sorted[sorted.length - 1]! : 0,
    };
  }
  return out;
}

/**
 * The per-neighbourhood table of the web app and the text report: slowest first (by p95, then max, then
 * neighbourhood in hex order, never JavaScript's key order, which puts number-like keys such as "13" first), top N.
 */
export function slowestNeighborhoods(stats: ChunkStats, top = 10): [string, ChunkStatsEntry][] {
  return Object.entries(stats.per_neighborhood)
    .sort(([ka, a], [kb, b]) => b.elapsed_p95_ms - a.elapsed_p95_ms || b.elapsed_max_ms - a.elapsed_max_ms || (ka < kb ? -1 : ka > kb ? 1 : 0))
    .slice(0, top);
}
