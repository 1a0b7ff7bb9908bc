import { describe, expect, it } from 'vitest';
import { loadSpec } from '../lib/spec.js';
import { CSV_COLUMNS, parseCsv, toCsv, toCsvRecords } from './csv.js';
import { fakeResult } from './fake-results.js';
import { buildAggregate } from './model.js';

const { spec, hash } = loadSpec(new URL('../bench-spec.json', import.meta.url).pathname);

describe('results.csv', () => {
  it('round-trips: parsing the CSV gives back every record, quotes, commas and newlines included', () => {
    const agg = buildAggregate({
      spec,
      specHash: hash,
      manifest: null,
      results: {
        ts: fakeResult('ts', [
          { id: 'cpu.keccak.bulk', params: { size_mb: 1 }, ms: [1.5, 2.25, 1.75], bytes: 1_000_032 },
          { id: 'net.stamps.list', params: { count: 20 }, failed: 'GET /stamps: HTTP 500 "boom", then\nconnection refused' },
        ], hash),
        rust: fakeResult('rust', [
          { id: 'cpu.keccak.bulk', params: { size_mb: 1 }, ms: [0.5, 0.5, 0.6], bytes: 1_000_032 },
          { id: 'net.stamps.list', params: { count: 20 }, skipped: 'no, really, "skipped"' },
        ], hash),
      },
    });
    const text = toCsv(agg);
    const parsed = parseCsv(text);
    expect(Object.keys(parsed[0]!)).toEqual([...CSV_COLUMNS]);
    expect(parsed).toEqual(toCsvRecords(agg));
    expect(parsed).toHaveLength(4);
    const failed = parsed.find((r) => r.runner === 'ts' && r.case_id === 'net.stamps.list')!;
    expect(failed.status).toBe('failed');
    expect(failed.note).toBe('GET /stamps: HTTP 500 "boom", then\nconnection refused');
    const ok = parsed.find((r) => r.runner === 'ts' && r.case_id === 'cpu.keccak.bulk')!;
    expect(Number(ok.median_ms)).toBe(1.75);
    expect(Number(ok.ratio_to_best)).toBeCloseTo(3.5, 10);
    expect(ok.iterations_ms!.split(';').map(Number)).toEqual([1.5, 2.25, 1.75]);
  });
});
