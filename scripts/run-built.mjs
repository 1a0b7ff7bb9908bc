#!/usr/bin/env node
// Runs one of this package's programs for an npm script (`npm run devnet`, `npm run bench`, `npm start`, …):
// builds first when dist/ is missing or older than the sources, with the build's output on stderr, so stdout
// carries only what the program prints (`npm run -s devnet -- --json` prints one JSON line). Then runs the
// program in this process.
//
//   node scripts/run-built.mjs [--also <npm script>]... <entry> [args...]
//
// <entry> is a compiled program, as a path under dist/ (`bench/hash.js`), or a plain script of the checkout
// (`scripts/desktop.mjs`), run once the build is there. `--also build:web` runs that npm script too before the
// program (the web app, the desktop renderer: the builds a program needs besides dist/).
//
// `--help` or `-h` among the arguments never builds anything: a compiled program's usage comes from
// scripts/script-help.json (written by scripts/write-script-help.mjs from the programs themselves, kept current
// by test/script-help.test.ts), so it answers at once even on a fresh clone; a plain script prints its own.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE_DIRS = ['core', 'machines', 'actors', 'surfaces', 'devnet', 'bee-cluster', 'bench', 'config-schema'];
export const HELP_FILE = join(root, 'scripts', 'script-help.json');

function newestSource() {
  let newest = statSync(join(root, 'package.json')).mtimeMs;
  for (const dir of SOURCE_DIRS) {
    if (!existsSync(join(root, dir))) continue;
    for (const entry of readdirSync(join(root, dir), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue;
      newest = Math.max(newest, statSync(join(entry.parentPath ?? entry.path, entry.name)).mtimeMs);
    }
  }
  return newest;
}

/** `[--also script]... entry args...` → its parts; undefined without an entry. */
export function parseRunBuiltArgs(argv) {
  const also = [];
  let i = 0;
  while (argv[i] === '--also' && argv[i + 1]) {
    also.push(argv[i + 1]);
    i += 2;
  }
  const entry = argv[i];
  return entry ? { also, entry, args: argv.slice(i + 1) } : undefined;
}

export const wantsHelp = (args) => args.includes('--help') || args.includes('-h');

// Programs whose stdout a script reads: the devnet's --json line, the Bee cluster's description.
const printsJson = (entry, args) => args.includes('--json') || entry === 'bee-cluster/cluster-bin.js';

/**
 * Under a plain `npm run x` (not -s, no json mode), npm 10 and 11 have already written their `> x` banner on
 * stdout before this process starts, and nothing a script does can take it back: the only project-wide npm
 * setting that moves it (json=true) also turns npx's errors and npm ci's summary into JSON on stdout. So
 * a program whose stdout is read says so on stderr, with the command that gives clean stdout.
 */
export function npmBannerNote(env, entry, args) {
  if (!['run', 'run-script'].includes(env.npm_command ?? '') || !env.npm_lifecycle_event) return undefined;
  if (env.npm_config_loglevel === 'silent' || env.npm_config_json === 'true' || !printsJson(entry, args)) return undefined;
  const script = env.npm_lifecycle_event;
  return `note: npm printed its "> ${script}" banner on stdout before this program's output; for stdout that is only the JSON, run npm run -s ${script}${args.length ? ' -- …' : ''}\n`;
}
const isPlainScript = (entry) => entry.startsWith('scripts/');

function npmRun(script) {
  const run = spawnSync('npm', ['run', '--silent', script], { cwd: root, stdio: ['ignore', process.stderr, process.stderr] });
  if (run.status !== 0) process.exit(run.status ?? 1);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const parsed = parseRunBuiltArgs(process.argv.slice(2));
  if (!parsed) {
    process.stderr.write('usage: node scripts/run-built.mjs [--also <npm script>]... <path under dist/ | scripts/x.mjs> [args...]\n');
    process.exit(64);
  }
  const { also, entry, args } = parsed;
  const note = npmBannerNote(process.env, entry, args);
  if (note) process.stderr.write(note);
  const target = isPlainScript(entry) ? join(root, entry) : join(root, 'dist', entry);
  const help = wantsHelp(args);
  if (help && !isPlainScript(entry)) {
    const recorded = existsSync(HELP_FILE) ? JSON.parse(readFileSync(HELP_FILE, 'utf8'))[entry] : undefined;
    if (recorded !== undefined) {
      process.stdout.write(recorded);
      process.exit(0);
    }
    // Not recorded (a program added since): its own --help, from the build there is, stale or not.
    if (!existsSync(target)) {
      process.stderr.write(`no help recorded for ${entry} in scripts/script-help.json, and dist/ is not built: npm run build, then ask again\n`);
      process.exit(1);
    }
  } else if (!help) {
    // A plain script reads dist/ as a whole: judged by the bins, which every build writes last.
    const compiled = isPlainScript(entry) ? Object.values(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).bin ?? {}).map((bin) => join(root, bin)) : [target];
    const missing = compiled.some((file) => !existsSync(file));
    if (missing || Math.min(...compiled.map((file) => statSync(file).mtimeMs)) < newestSource()) {
      process.stderr.write(`building first (dist/ is ${missing ? 'missing' : 'older than the sources'})...\n`);
      npmRun('build');
    }
    for (const script of also) npmRun(script);
  }
  process.argv = [process.argv[0], target, ...args];
  await import(pathToFileURL(target).href);
}
