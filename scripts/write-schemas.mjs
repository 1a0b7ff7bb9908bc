#!/usr/bin/env node
// Regenerates the JSON Schema files in config-schema/ from their zod sources (run after `npm run build`).
import { writeFileSync } from 'node:fs';

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  process.stdout.write(`Usage: npm run schemas

Regenerates the JSON Schema files in config-schema/ (the retcheck report, the cockpit config, the bench result,
the --once results) from their zod sources. npm run schemas builds dist/ first when it is older than the sources.
`);
  process.exit(0);
}
// Imported after the help: they are the build's, which --help must not need.
const { retcheckReportJsonSchema } = await import('../dist/config-schema/retcheck-report.js');
const { cockpitConfigJsonSchema } = await import('../dist/config-schema/cockpit-config.js');
const { benchResultJsonSchema } = await import('../dist/config-schema/bench-result.js');
const { onceResultsJsonSchema } = await import('../dist/config-schema/once-results.js');

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
