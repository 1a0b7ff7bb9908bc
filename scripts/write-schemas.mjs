#!/usr/bin/env node
// Regenerates the JSON Schema files in config-schema/ from their zod sources (run after `npm run build`).
import { writeFileSync } from 'node:fs';
import { retcheckReportJsonSchema } from '../dist/config-schema/retcheck-report.js';

writeFileSync('config-schema/retcheck-report.schema.json', `${JSON.stringify(retcheckReportJsonSchema(), null, 2)}\n`);
console.log('wrote config-schema/retcheck-report.schema.json');
