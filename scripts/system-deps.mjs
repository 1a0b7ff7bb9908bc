#!/usr/bin/env node
// The system programs the test suite drives for real (headless Chromium, a terminal multiplexer, ...), and how
// `npm test` obtains them on a fresh machine: Debian's packages through apt-get when it may install packages,
// otherwise one line saying what to install, and a failed run. Nothing is skipped silently.
//
//   node scripts/system-deps.mjs          check, install what is missing when allowed, exit 1 if still missing
//
// NODE_TOOLKIT_APT chooses: `auto` (default) installs only when running as root; `always` tries apt-get
// whoever runs it; `never` only checks. CHROMIUM_PATH names a Chromium binary to use instead of `chromium`.
// A test that needs another program adds one row to SYSTEM_DEPS (and nothing else: .ci/run relies on this).
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const SYSTEM_DEPS = [
  { command: 'chromium', package: 'chromium', envPath: 'CHROMIUM_PATH', why: 'the web app and desktop renderer tests (headless, through playwright-core)' },
  { command: 'tmux', package: 'tmux', why: 'the terminal cockpit tests (a real terminal)' },
  { command: 'openssl', package: 'openssl', why: 'a TLS certificate for the HTTPS web app test' },
  { command: 'prometheus', package: 'prometheus', why: 'the Prometheus tests (a real Prometheus scraping the devnet, cockpits and retcheck; promtool checks the shipped rules)' },
  { command: 'prometheus-alertmanager', package: 'prometheus-alertmanager', why: 'the Alertmanager tests (the cockpit posting alerts, the shipped routes and inhibit rules)' },
  { command: 'prometheus-pushgateway', package: 'prometheus-pushgateway', why: 'the retcheck --pushgateway test (a real Pushgateway holding a pushed run)' },
];

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The absolute path of `command` on PATH, or undefined. */
export function which(command, env = process.env) {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (dir && isExecutable(join(dir, command))) return join(dir, command);
  }
  return undefined;
}

/** Where a dependency is, or undefined when it is missing. An explicit path variable wins, and must be right. */
export function locate(dep, env = process.env) {
  const explicit = dep.envPath ? env[dep.envPath] : undefined;
  if (explicit) return isExecutable(explicit) ? explicit : undefined;
  return which(dep.command, env);
}

export function missingDeps(env = process.env) {
  return SYSTEM_DEPS.filter((dep) => !locate(dep, env));
}

function mayInstall(env) {
  const mode = env.NODE_TOOLKIT_APT ?? 'auto';
  if (mode === 'never') return false;
  if (!which('apt-get', env)) return false;
  return mode === 'always' || process.getuid?.() === 0;
}

function aptGet(args, env) {
  const run = spawnSync('apt-get', args, { env: { ...env, DEBIAN_FRONTEND: 'noninteractive' }, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  return run.status === 0 ? undefined : (run.stderr || run.error?.message || `exit ${run.status}`).trim().split('\n').pop();
}

/** Checks, installs what it may; returns the exit code and prints at most one line per outcome. */
export function ensureSystemDeps(env = process.env, log = (line) => process.stderr.write(`${line}\n`)) {
  let missing = missingDeps(env);
  if (missing.length === 0) return 0;
  const packages = missing.map((dep) => dep.package);
  if (mayInstall(env)) {
    log(`npm test: installing ${packages.join(' ')} with apt-get (the tests drive them: ${missing.map((d) => d.why).join('; ')})`);
    const failure = aptGet(['update', '-qq'], env) ?? aptGet(['install', '-y', '-qq', '--no-install-recommends', ...packages], env);
    missing = missingDeps(env);
    if (missing.length === 0) return 0;
    if (failure) log(`npm test: apt-get failed: ${failure}`);
  }
  const still = missing.map((dep) => dep.package);
  const chromium = missing.some((dep) => dep.envPath) ? ' (or set CHROMIUM_PATH to a Chromium binary)' : '';
  log(`npm test needs ${still.join(', ')}, missing on this machine: install ${still.length > 1 ? 'them' : 'it'} with \`sudo apt-get install ${still.join(' ')}\`${chromium}, then run npm test again`);
  return 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exit(ensureSystemDeps());
}
