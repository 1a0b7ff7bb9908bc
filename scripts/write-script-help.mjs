#!/usr/bin/env node
// Records the --help of every compiled program an npm script runs through scripts/run-built.mjs into
// scripts/script-help.json, so `npm run <script> -- --help` answers without building (run `npm run build`
// first: the text comes from the programs themselves). test/script-help.test.ts fails when the file is stale.
//
//   node scripts/write-script-help.mjs
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { HELP_FILE, parseRunBuiltArgs } from './run-built.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** npm script name → the compiled entry it runs through run-built (`bench/hash.js`); plain scripts left out. */
export function compiledEntries(scripts = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts) {
  const entries = {};
  for (const [name, command] of Object.entries(scripts)) {
    const words = command.trim().split(/\s+/);
    const at = words.indexOf('scripts/run-built.mjs');
    if (at < 0) continue;
    const parsed = parseRunBuiltArgs(words.slice(at + 1));
    if (parsed && !parsed.entry.startsWith('scripts/')) entries[name] = parsed.entry;
  }
  return entries;
}

/** Entry → its --help as the built program prints it (sorted by entry). Throws when one does not answer. */
export function collectScriptHelp() {
  const help = {};
  for (const entry of [...new Set(Object.values(compiledEntries()))].sort()) {
    const run = spawnSync(process.execPath, [join(root, 'dist', entry), '--help'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1', COLUMNS: '' },
      timeout: 30_000,
    });
    if (run.status !== 0 || !run.stdout.trim()) throw new Error(`dist/${entry} --help exited ${run.status} with ${run.stdout.trim() ? 'output' : 'no output'}: ${run.stderr.trim()}`);
    help[entry] = run.stdout;
  }
  return help;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const help = collectScriptHelp();
  writeFileSync(HELP_FILE, `${JSON.stringify(help, null, 2)}\n`);
  console.log(`wrote scripts/script-help.json (${Object.keys(help).length} programs)`);
}
