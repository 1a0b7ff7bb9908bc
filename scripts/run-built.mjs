#!/usr/bin/env node
// Runs a compiled entry point of this package (`npm run devnet` uses it): builds first when dist/ is missing
// or older than the sources, with the build's output on stderr, so stdout carries only what the program
// prints (`npm run devnet -- --json` prints one JSON line). Then runs the entry in this process.
//
//   node scripts/run-built.mjs devnet/devnet-bin.js [args...]
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE_DIRS = ['core', 'machines', 'actors', 'surfaces', 'devnet', 'bee-cluster', 'bench', 'config-schema'];

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

const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  process.stderr.write('usage: node scripts/run-built.mjs <path under dist/> [args...]\n');
  process.exit(64);
}
const target = join(root, 'dist', entry);
if (!existsSync(target) || statSync(target).mtimeMs < newestSource()) {
  process.stderr.write(`building first (dist/${entry} is ${existsSync(target) ? 'older than the sources' : 'missing'})...\n`);
  const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: ['ignore', process.stderr, process.stderr] });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
process.argv = [process.argv[0], target, ...args];
await import(pathToFileURL(target).href);
