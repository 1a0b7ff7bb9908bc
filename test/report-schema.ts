/** Validates a retcheck report against the checked-in JSON Schema file (the artefact external consumers use). */
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';

const schemaFile = new URL('../config-schema/retcheck-report.schema.json', import.meta.url);
const ajv = new Ajv2020({ allErrors: true, strict: false });
const validate = ajv.compile(JSON.parse(readFileSync(schemaFile, 'utf8')) as object);

export function reportSchemaErrors(report: unknown): string[] {
  return validate(report) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
}
