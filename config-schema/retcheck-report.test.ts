import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { reportSchemaErrors } from '../test/report-schema.js';
import { retcheckReportJsonSchema, retcheckReportSchema, type RetcheckReport } from './retcheck-report.js';

const schemaFile = new URL('./retcheck-report.schema.json', import.meta.url);
const validateWithJsonSchema = reportSchemaErrors;

const full: RetcheckReport = {
  reference: 'ab'.repeat(32),
  status: 'partial',
  vantages: [
    { node_url: 'http://127.0.0.1:1633', retrievable: true, elapsed_ms: 12, overlay: 'cd'.repeat(32), node_version: '2.8.1', proximity_to_root: 3, target_proximity: 7 },
    { node_url: 'http://127.0.0.1:1634', retrievable: null, elapsed_ms: 60000, error: 'timeout after 60 s' },
    { node_url: 'http://127.0.0.1:1635', retrievable: null, elapsed_ms: 2, error: 'connect ECONNREFUSED', unreachable: 'refused' },
  ],
  gateways: [{ url: 'http://127.0.0.1:8080', retrievable: false, elapsed_ms: 5, status_code: 404, error: null }],
  resolution: { kind: 'feed', owner: '12'.repeat(20), topic: '34'.repeat(32), resolved_reference: 'ab'.repeat(32) },
  chunks: [
    { address: 'ab'.repeat(32), neighborhood: 'ab', per_vantage: { 'http://127.0.0.1:1633': { found: true, elapsed_ms: 3, proximity: 1 } } },
    { address: 'ef'.repeat(32), neighborhood: 'ef', per_vantage: { 'http://127.0.0.1:1633': { found: false, elapsed_ms: 3, proximity: 0 } }, role: 'parity', parent: 'ab'.repeat(32) },
  ],
  chunk_stats: {
    per_vantage: { 'http://127.0.0.1:1633': { total: 1, found: 1, missing: 0, elapsed_p50_ms: 3, elapsed_p95_ms: 3, elapsed_max_ms: 3 } },
    per_neighborhood: { ab: { total: 1, found: 1, missing: 0, elapsed_p50_ms: 3, elapsed_p95_ms: 3, elapsed_max_ms: 3 } },
  },
  cold_downloads: [{ url: 'http://127.0.0.1:1633', endpoint: '/bytes/' + 'ab'.repeat(32), success: true, bytes_downloaded: 10, elapsed_ms: 4, status_code: 200, error: null }],
  disagreements: [{ node_url: 'http://127.0.0.1:1633', stewardship: false, walk_found: 1, walk_total: 2, walk_missing: 1, cause: 'parity_only', explanation: 'only parity is missing' }],
  erasure: {
    per_vantage: { 'http://127.0.0.1:1633': { missing_data: 0, missing_parity: 1, missing_other: 0, recoverable: true, why: 'recoverable: only parity chunks are missing (1)' } },
    groups: [{ address: 'ab'.repeat(32), level: 1, data: 2, parity: 2, per_vantage: { 'http://127.0.0.1:1633': { missing_data: 0, missing_parity: 1, unknown: 0, recoverable: true } } }],
  },
  replicas: {
    root: 'ab'.repeat(32),
    owner: 'dc5b20847f43d67928f49cd4f85d696b5a7617b5',
    level: null,
    level_source: 'search',
    level_at_least: 1,
    checked: true,
    note: 'the level is not known',
    slots: [
      { index: 0, address: '47'.repeat(32), identifier: '00' + 'ab'.repeat(31), neighborhood: '47', level: 1, expected: true, per_vantage: { 'http://127.0.0.1:1633': { retrievable: true, elapsed_ms: 3, proximity: 0 } } },
      { index: 2, address: 'd7'.repeat(32), identifier: '02' + 'ab'.repeat(31), neighborhood: 'd7', level: 2, expected: null, per_vantage: { 'http://127.0.0.1:1633': { retrievable: null, elapsed_ms: 0, error: 'not asked: …', not_asked: true } } },
    ],
    per_vantage: { 'http://127.0.0.1:1633': { expected: 2, found: 1, missing: 0, no_answer: 1 } },
    missing_everywhere: 0,
  },
  spec_version: 1,
};

describe('retcheck report schema', () => {
  it('the checked-in JSON Schema is generated from the zod source (run `npm run schemas` if this fails)', () => {
    expect(JSON.parse(readFileSync(schemaFile, 'utf8'))).toEqual(retcheckReportJsonSchema());
  });
  it('accepts a report with every optional section, in zod and in JSON Schema', () => {
    expect(retcheckReportSchema.parse(full)).toEqual(full);
    expect(validateWithJsonSchema(full)).toEqual([]);
  });
  it('lets unknown fields through (consumers must ignore them)', () => {
    const extended = { ...full, future_field: 1, vantages: [{ ...full.vantages[0], extra: 'x' }] };
    expect(validateWithJsonSchema(extended)).toEqual([]);
    expect(retcheckReportSchema.safeParse(extended).success).toBe(true);
  });
  it('rejects wrong spec_version, bad status, short reference and missing vantages', () => {
    for (const bad of [
      { ...full, spec_version: 2 },
      { ...full, status: 'ok' },
      { ...full, reference: 'abc' },
      { ...full, reference: 'AB'.repeat(32) },
      (({ vantages: _v, ...rest }) => rest)(full),
      { ...full, replicas: { ...full.replicas!, level_source: 'guess' } },
      { ...full, replicas: { ...full.replicas!, level: 5 } },
    ]) {
      expect(validateWithJsonSchema(bad).length).toBeGreaterThan(0);
      expect(retcheckReportSchema.safeParse(bad).success).toBe(false);
    }
  });
});
