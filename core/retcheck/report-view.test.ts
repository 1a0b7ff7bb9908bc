import { describe, expect, it } from 'vitest';
import type { RetcheckReport } from '../../config-schema/retcheck-report.js';
import { chunkMatrix } from './report-view.js';

describe('chunkMatrix', () => {
  it('tells found, not found, no answer and not probed apart', () => {
    const A = 'http://a';
    const report: RetcheckReport = {
      reference: 'aa'.repeat(32),
      status: 'partial',
      vantages: [{ node_url: A, retrievable: true, elapsed_ms: 1 }],
      chunks: [
        { address: 'aa'.repeat(32), neighborhood: 'aa', per_vantage: { [A]: { found: true, elapsed_ms: 3, proximity: 2 } } },
        { address: 'bb'.repeat(32), neighborhood: 'bb', per_vantage: { [A]: { found: false, elapsed_ms: 4 } } },
        { address: 'cc'.repeat(32), neighborhood: 'cc', per_vantage: { [A]: { found: false, elapsed_ms: 5, error: 'invalid chunk: the body does not hash to the chunk address' } } },
        { address: 'dd'.repeat(32), neighborhood: 'dd', per_vantage: { [A]: { found: false, elapsed_ms: 0, error: 'not probed: gone', not_probed: true } } },
      ],
      spec_version: 1,
    };
    expect(chunkMatrix(report).rows.map((r) => r.cells[0]!.text)).toEqual(['3 ms · PO 2', 'x 4 ms', 'no answer 5 ms', 'not probed']);
  });
});
