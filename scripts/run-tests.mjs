#!/usr/bin/env node
// Runs the whole vitest suite and ends with the plain line CI reads: "N passed, N failed".
// vitest's own summary is not the last line and not in that form, so we read its JSON report.
import { spawnSync } from 'node:child_process';
import { readFileSync, mkdirSync } from 'node:fs';

const reportPath = 'test-output/vitest-report.json';
mkdirSync('test-output', { recursive: true });
const extra = process.argv.slice(2);
const run = spawnSync(
  process.execPath,
  ['node_modules/vitest/vitest.mjs', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${reportPath}`, ...extra],
  { stdio: 'inherit', env: { ...process.env, NO_COLOR: process.env.NO_COLOR ?? '1' } },
);
let passed = 0;
let failed = 0;
try {
  const report = JSON.parse(readFileSync(reportPath, 'utf8'));
  passed = report.numPassedTests ?? 0;
  failed = (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0);
  if (!report.success && failed === 0) failed = 1; // a suite failed to load: never report green
} catch (err) {
  console.error(`could not read ${reportPath}: ${err.message}`);
  failed = Math.max(failed, 1);
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(run.status === 0 && failed === 0 ? 0 : 1);
