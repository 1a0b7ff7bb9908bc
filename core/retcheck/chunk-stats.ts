/**
 * Per-vantage and per-neighbourhood roll-ups of a per-chunk walk (spec §2 ChunkStats).
 * Every (chunk, vantage) probe counts once in its vantage's row and once in its chunk's neighbourhood row.
 */
import type { ChunkProbe, ChunkStats, ChunkStatsEntry } from '../../config-schema/retcheck-report.js';
import { percentile } from './percentiles.js';

interface Accumulator {
  found: number;
  missing: number;
  elapsed: number[];
}

export function computeChunkStats(chunks: readonly ChunkProbe[]): ChunkStats {
  const perVantage = new Map<string, Accumulator>();
  const perNeighborhood = new Map<string, Accumulator>();
  for (const chunk of chunks) {
    for (const [url, probe] of Object.entries(chunk.per_vantage)) {
      for (const acc of [accumulatorFor(perVantage, url), accumulatorFor(perNeighborhood, chunk.neighborhood)]) {
        if (probe.found) acc.found++;
        else acc.missing++;
        acc.elapsed.push(probe.elapsed_ms);
      }
    }
  }
  return { per_vantage: toEntries(perVantage), per_neighborhood: toEntries(perNeighborhood) };
}

function accumulatorFor(map: Map<string, Accumulator>, key: string): Accumulator {
  let acc = map.get(key);
  if (!acc) {
    acc = { found: 0, missing: 0, elapsed: [] };
    map.set(key, acc);
  }
  return acc;
}

function toEntries(map: Map<string, Accumulator>): Record<string, ChunkStatsEntry> {
  const out: Record<string, ChunkStatsEntry> = {};
  for (const [key, acc] of [...map.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const sorted = [...acc.elapsed].sort((a, b) => a - b);
    out[key] = {
      total: acc.found + acc.missing,
      found: acc.found,
      missing: acc.missing,
      elapsed_p50_ms: percentile(sorted, 50),
      elapsed_p95_ms: percentile(sorted, 95),
      elapsed_max_ms: sorted.length ? sorted[sorted.length - 1]! : 0,
    };
  }
  return out;
}

/** The web app's per-neighbourhood table: slowest first (by p95, then max), top N. */
export function slowestNeighborhoods(stats: ChunkStats, top = 10): [string, ChunkStatsEntry][] {
  return Object.entries(stats.per_neighborhood)
    .sort(([, a], [, b]) => b.elapsed_p95_ms - a.elapsed_p95_ms || b.elapsed_max_ms - a.elapsed_max_ms)
    .slice(0, top);
}
