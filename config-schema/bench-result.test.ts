import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { fakeResult } from '../bench/report/fake-results.js';
import { benchResultJsonSchema, runnerResultSchema } from './bench-result.js';

const file = JSON.parse(readFileSync(new URL('./bench-result.schema.json', import.meta.url), 'utf8')) as Record<string, unknown>;
const validate = new Ajv2020({ allErrors: true, strict: false }).compile(file);

describe('bench result schema', () => {
  it('the checked-in JSON Schema is generated from the zod source (run `npm run schemas` if this fails)', () => {
    expect(file).toEqual(benchResultJsonSchema());
  });

  it('accepts a result with finished, skipped and failed rows (zod and JSON Schema agree)', () => {
    const result = fakeResult('go', [
      { id: 'cpu.keccak.bulk', params: { size_mb: 1 }, ms: [1, 2, 3], bytes: 1_000_032, check: 'ab' },
      { id: 'net.bzz.upload-from-disk', params: { size_mb: 1 }, skipped: 'no streaming body' },
      { id: 'net.stamps.list', params: { count: 20 }, failed: 'connection refused' },
    ]);
    expect(validate(result), JSON.stringify(validate.errors)).toBe(true);
    expect(runnerResultSchema.safeParse(result).success).toBe(true);
  });

  it('refuses a wrong runner, a short spec hash, a case without skip_reason, a negative time', () => {
    const good = fakeResult('rust', [{ id: 'cpu.keccak.bulk', params: { size_mb: 1 }, ms: [1] }]);
    const bad = [
      { ...good, runner: 'python' },
      { ...good, spec_hash: 'abc' },
      { ...good, cases: [{ ...good.cases[0]!, skip_reason: undefined }] },
      { ...good, cases: [{ ...good.cases[0]!, iterations_ms: [-1] }] },
      { ...good, cases: [{ ...good.cases[0]!, id: 'gpu.thing' }] },
    ];
    for (const b of bad) {
      expect(validate(JSON.parse(JSON.stringify(b)))).toBe(false);
      expect(runnerResultSchema.safeParse(JSON.parse(JSON.stringify(b))).success).toBe(false);
    }
  });
});
