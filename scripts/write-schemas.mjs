#!/usr/bin/env node
// Regenerates the JSON Schema files in config-schema/ from their zod sources (run after `npm run build`).
import { writeFileSync } from 'node:fs';
import { retcheckReportJsonSchema } from '../dist/config-schema/retcheck-report.js';
import { cockpitConfigJsonSchema } from '../dist/config-schema/cockpit-config.js';
import { benchResultJsonSchema } from '../dist/config-schema/bench-result.js';
import { onceResultsJsonSchema } from '../dist/config-schema/once-results.js';

const schemas = {
  'config-schema/retcheck-report.schema.json': retcheckReportJsonSchema(),
  'config-schema/cockpit-config.schema.json': cockpitConfigJsonSchema(),
  'config-schema/bench-result.schema.json': benchResultJsonSchema(),
  'config-schema/once-results.schema.json': onceResultsJsonSchema(),
};
for (const [path, schema] of Object.entries(schemas)) {
  writeFileSync(path, `${JSON.stringify(schema, null, 2)}\n`);
  console.log(`wrote ${path}`);
}
