/**
 * Issue 23 item 8 in retcheck's text face: a walk of thousands of chunks writes its counts and times grouped by
 * thousands (`12,000 walked`, `7,000/12,000`, `12,345 ms`), as the cockpit does (test/number-text.ts).
 */
import { describe, expect, it } from 'vitest';
import type { ChunkProbe, RetcheckReport } from '../../config-schema/retcheck-report.js';
import { numberProblems } from '../../test/number-text.js';
import { computeChunkStats } from './chunk-stats.js';
import { formatTextReport } from './text-report.js';

const A = 'http://a:1633';
const B = 'http://b:1633';
const address = (i: number) => i.toString(16).padStart(64, '0');

function bigWalk(): RetcheckReport {
  const chunks: ChunkProbe[] = Array.from({ length: 12_000 }, (_, i) => ({
    address: address(i),
    neighborhood: address(i).slice(60, 62),
    per_vantage: {
      [A]: { found: true, elapsed_ms: 12_345 },
      [B]: i < 5_000 ? { found: false, elapsed_ms: 30_000, error: 'timeout' } : i < 7_000 ? { found: false, elapsed_ms: 0, error: 'not probed: gone', not_probed: true } : { found: true, elapsed_ms: 23_456 },
    },
  }));
  return {
    reference: address(0),
    status: 'partial',
    vantages: [
      { node_url: A, retrievable: true, elapsed_ms: 45_678 },
      { node_url: B, retrievable: false, elapsed_ms: 61_000 },
    ],
    chunks,
    chunk_stats: computeChunkStats(chunks),
    chunk_walk: { cap: 12_000, truncated: true, found_not_probed: 54_321 },
    spec_version: 1,
  };
}

describe('retcheck text report numbers', () => {
  it('groups every count and time by thousands', () => {
    const text = formatTextReport(bigWalk(), { color: false });
    expect(text).toContain('chunks  12,000 walked');
    expect(text).toContain('cap of 12,000 chunks: 54,321 more chunk references');
    expect(text).toContain('5,000 chunks failed');
    expect(text).toMatch(/5,000\/12,000\s+0\s+7,000\s+23,456/);
    expect(text.split('\n').flatMap(numberProblems)).toEqual([]);
  });
});
