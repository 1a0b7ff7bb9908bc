/**
 * Test support: validates a `--once --json` result against the published JSON Schema file
 * (config-schema/once-results.schema.json), first the whole result, then its data against the verb's own
 * `$defs/<verb>-data` so a failure names the field.
 */
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { expect } from 'vitest';

const schema = JSON.parse(readFileSync(new URL('../config-schema/once-results.schema.json', import.meta.url), 'utf8')) as { $id: string };
const ajv = new Ajv2020({ allErrors: true, strict: false });
const validateResult = ajv.compile(schema);

export interface OnceJson<D = Record<string, unknown>> {
  verb: string;
  status: 'ok' | 'unhealthy' | 'sad' | 'error';
  message: string;
  data: D;
}

export function onceSchemaErrors(result: unknown): string[] {
  const errors: string[] = [];
  if (!validateResult(result)) errors.push(...(validateResult.errors ?? []).slice(0, 5).map((e) => `result${e.instancePath} ${e.message ?? ''}`));
  const { verb, status, data } = (result ?? {}) as Partial<OnceJson>;
  const def = status === 'error' ? 'error-data' : `${verb}-data`;
  const validateData = ajv.getSchema(`${schema.$id}#/$defs/${def}`);
  if (!validateData) errors.push(`no $defs/${def} in the schema`);
  else if (!validateData(data)) errors.push(...(validateData.errors ?? []).map((e) => `data${e.instancePath} ${e.message ?? ''}`));
  return errors;
}

/** Parses one JSON line of stdout, checks the common keys and the schema, and returns it. */
export function onceJson<D = Record<string, unknown>>(stdout: string): OnceJson<D> {
  const lines = stdout.trim().split('\n');
  expect(lines, stdout).toHaveLength(1);
  const result = JSON.parse(lines[0]!) as OnceJson<D>;
  expect(Object.keys(result).sort()).toEqual(['data', 'message', 'status', 'verb']);
  expect(onceSchemaErrors(result), JSON.stringify(result)).toEqual([]);
  return result;
}
