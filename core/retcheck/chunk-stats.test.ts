import { describe, expect, it } from 'vitest';
import { computeChunkStats, slowestNeighborhoods } from './chunk-stats.js';
import type { ChunkProbe } from '../../config-schema/retcheck-report.js';

const probe = (address: string, perVantage: Record<string, [boolean, number]>): ChunkProbe => ({
  address,
  neighborhood: address.slice(0, 2),
  per_vantage: Object.fromEntries(Object.entries(perVantage).map(([url, [found, ms]]) => [url, { found, elapsed_ms: ms, proximity: 0 }])),
});

describe('computeChunkStats', () => {
  it('rolls up per vantage and per neighbourhood', () => {
    const A = 'http://a', B = 'http://b';
    const chunks = [
      probe('aa'.padEnd(64, '0'), { [A]: [true, 10], [B]: [false, 40] }),
      probe('aa'.padEnd(64, '1'), { [A]: [true, 20], [B]: [true, 30] }),
      probe('bb'.padEnd(64, '0'), { [A]: [true, 5], [B]: [true, 100] }),
    ];
    const stats = computeChunkStats(chunks);
    expect(stats.per_vantage[A]).toEqual({ total: 3, found: 3, missing: 0, not_found: 0, errors: 0, not_probed: 0, elapsed_p50_ms: 10, elapsed_p95_ms: 20, elapsed_max_ms: 20 });
    expect(stats.per_vantage[B]).toEqual({ total: 3, found: 2, missing: 1, not_found: 1, errors: 0, not_probed: 0, elapsed_p50_ms: 40, elapsed_p95_ms: 100, elapsed_max_ms: 100 });
    expect(stats.per_neighborhood['aa']).toMatchObject({ total: 4, found: 3, missing: 1, elapsed_max_ms: 40 });
    expect(stats.per_neighborhood['bb']).toMatchObject({ total: 2, found: 2, missing: 0, elapsed_max_ms: 100 });
    expect(slowestNeighborhoods(stats).map(([nb]) => nb)).toEqual(['bb', 'aa']);
  });
  it('splits missing into not found, errors and not probed; a chunk never asked has no latency', () => {
    const A = 'http://a';
    const chunks: ChunkProbe[] = [
      { address: 'aa'.padEnd(64, '0'), neighborhood: 'aa', per_vantage: { [A]: { found: false, elapsed_ms: 7 } } },
      { address: 'aa'.padEnd(64, '1'), neighborhood: 'aa', per_vantage: { [A]: { found: false, elapsed_ms: 1000, error: 'timeout' } } },
      { address: 'aa'.padEnd(64, '2'), neighborhood: 'aa', per_vantage: { [A]: { found: false, elapsed_ms: 0, error: 'not probed: gone', not_probed: true } } },
      { address: 'aa'.padEnd(64, '3'), neighborhood: 'aa', per_vantage: { [A]: { found: true, elapsed_ms: 3 } } },
    ];
    expect(computeChunkStats(chunks).per_vantage[A]).toEqual({ total: 4, found: 1, missing: 3, not_found: 1, errors: 1, not_probed: 1, elapsed_p50_ms: 7, elapsed_p95_ms: 1000, elapsed_max_ms: 1000 });
  });
  it('sorts neighbourhoods slowest first, ties in hex order, never number-like keys first', () => {
    const chunks = ['0a', '13', '02', '98'].map((nb) => probe(nb.padEnd(64, '0'), { 'http://a': [true, 5] }));
    expect(slowestNeighborhoods(computeChunkStats(chunks)).map(([nb]) => nb)).toEqual(['02', '0a', '13', '98']);
  });
  it('is empty for an empty walk', () => {
    expect(computeChunkStats([])).toEqual({ per_vantage: {}, per_neighborhood: {} });
  });
});
