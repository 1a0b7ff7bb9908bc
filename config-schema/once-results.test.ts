import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { onceSchemaErrors } from '../test/once-schema.js';
import { ONCE_DATA_SCHEMAS, onceResultsJsonSchema } from './once-results.js';
import { onceVerbs } from '../actors/cockpit/verbs/index.js';

const schemaFile = new URL('./once-results.schema.json', import.meta.url);

describe('--once results JSON Schema', () => {
  it('the checked-in file is generated from the zod source (run `npm run schemas` if this fails)', () => {
    expect(JSON.parse(readFileSync(schemaFile, 'utf8'))).toEqual(onceResultsJsonSchema());
  });

  it('has a data schema for every verb the bins know, and no other', () => {
    expect(Object.keys(ONCE_DATA_SCHEMAS).sort()).toEqual(onceVerbs().map((v) => v.name).sort());
    const defs = Object.keys((onceResultsJsonSchema() as { $defs: Record<string, unknown> }).$defs);
    for (const verb of Object.keys(ONCE_DATA_SCHEMAS)) expect(defs).toContain(`${verb}-data`);
  });

  it('refuses a result whose data does not match its verb, and accepts the common error shape', () => {
    const price = { verb: 'price', status: 'ok', message: 'm', data: { node: 'http://n', pricePerChunkPerBlock: '24000', blockTimeSeconds: 5, pricePerChunkPerDay: '1', gibPerMonthPlur: '1', gibPerMonthBzz: '0.1', minimumValidityBlocks: 17280, minimumAmount: '1', chainTip: 1, block: 1 } };
    expect(onceSchemaErrors(price)).toEqual([]);
    expect(onceSchemaErrors({ ...price, data: { ...price.data, pricePerChunkPerBlock: 24000 } }).length).toBeGreaterThan(0);
    expect(onceSchemaErrors({ ...price, verb: 'no-such-verb' }).length).toBeGreaterThan(0);
    expect(onceSchemaErrors({ ...price, status: 'maybe' }).length).toBeGreaterThan(0);
    expect(onceSchemaErrors({ verb: 'price', status: 'error', message: 'cannot reach', data: { node: 'http://n', error: { code: 'network', detail: 'ECONNREFUSED' } } })).toEqual([]);
  });
});
