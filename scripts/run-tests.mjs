#!/usr/bin/env node
// Runs a vitest tier and ends with the plain line CI reads: "N passed, N failed".
// vitest's own summary is neither last nor in that form, so we read its JSON report.
//   node scripts/run-tests.mjs            the main suite (vitest.config.ts), after scripts/system-deps.mjs and the
//                                         builds it tests (dist/, the web app, the desktop renderer)
//   node scripts/run-tests.mjs --bee      the real-Bee tier (bee-cluster/vitest.bee.config.mjs)
//   node scripts/run-tests.mjs --summary  sums the reports of both tiers (for .ci/run's last line)
// Further arguments go to vitest (`npm test -- test/layering.test.ts`). --help answers without building.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { ensureSystemDeps } from './system-deps.mjs';

const REPORTS = { main: 'test-output/vitest-report.json', bee: 'test-output/vitest-bee-report.json' };

// vitest's exit status beside each report: an unhandled error fails the run while its report says success.
const statusPath = (path) => path.replace(/\.json$/, '.exit');

function counts(path) {
  if (!existsSync(path)) return { passed: 0, failed: 1, note: `no report at ${path}` };
  try {
    const report = JSON.parse(readFileSync(path, 'utf8'));
    let failed = (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0);
    if (!report.success && failed === 0) failed = 1; // a suite failed to load: never report green
    const status = existsSync(statusPath(path)) ? Number(readFileSync(statusPath(path), 'utf8')) : 0;
    if (status !== 0 && failed === 0) {
      return { passed: report.numPassedTests ?? 0, failed: 1, note: `vitest exited ${status} with every test passed: an unhandled error or a failing hook (see its output above)` };
    }
    return { passed: report.numPassedTests ?? 0, failed };
  } catch (err) {
    return { passed: 0, failed: 1, note: `could not read ${path}: ${err.message}` };
  }
}

const USAGE = `Usage: npm test [-- <vitest arguments>]
       npm run test:bee [-- <vitest arguments>]

npm test obtains the system programs the suite drives (Chromium, tmux, openssl, prometheus: apt-get as root,
NODE_TOOLKIT_APT=always|never), builds dist/, the web app and the desktop renderer, runs the main suite and
ends with "N passed, N failed". npm run test:bee runs the real-Bee tier (Bee v2.8.1 built once from the Go
module proxy, Anvil). Arguments after -- go to vitest, e.g. a test file to run alone.
`;

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  process.stdout.write(USAGE);
  process.exit(0);
}
if (args[0] === '--summary') {
  let passed = 0;
  let failed = 0;
  for (const path of Object.values(REPORTS)) {
    const c = counts(path);
    if (c.note) console.error(c.note);
    passed += c.passed;
    failed += c.failed;
  }
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed === 0 ? 0 : 1);
}

const bee = args[0] === '--bee';
// The main suite drives Chromium, tmux, ... for real: obtain them, or say in one line what to install and fail.
if (!bee) {
  const code = ensureSystemDeps();
  if (code !== 0) {
    console.log('0 passed, 1 failed');
    process.exit(code);
  }
  // What the suite tests is built from the sources first (npm's pretest did this; here --help skips it).
  for (const script of ['build', 'build:web', 'build:desktop']) {
    const build = spawnSync('npm', ['run', '--silent', script], { stdio: 'inherit' });
    if (build.status !== 0) {
      console.error(`npm run ${script} failed (exit ${build.status})`);
      console.log('0 passed, 1 failed');
      process.exit(1);
    }
  }
}
const rest = bee ? args.slice(1) : args;
const reportPath = bee ? REPORTS.bee : REPORTS.main;
mkdirSync('test-output', { recursive: true });
rmSync(reportPath, { force: true });
rmSync(statusPath(reportPath), { force: true });
const run = spawnSync(
  process.execPath,
  [
    'node_modules/vitest/vitest.mjs', 'run',
    ...(bee ? ['--config', 'bee-cluster/vitest.bee.config.mjs'] : []),
    '--reporter=default', '--reporter=json', `--outputFile.json=${reportPath}`,
    ...rest,
  ],
  { stdio: 'inherit', env: { ...process.env, NO_COLOR: process.env.NO_COLOR ?? '1' } },
);
writeFileSync(statusPath(reportPath), String(run.status ?? 1));
const c = counts(reportPath);
if (c.note) console.error(c.note);
console.log(`${c.passed} passed, ${c.failed} failed`);
process.exit(run.status === 0 && c.failed === 0 ? 0 : 1);
