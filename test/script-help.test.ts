/**
 * Every npm script of ours answers `npm run <script> -- --help` at once, without building: in a copy of the
 * checkout that holds package.json, scripts/ and the shell scripts but no sources and no dist/ (a build there
 * would fail, and dist/ would appear), each prints its usage and exits 0. A compiled program's usage comes from
 * scripts/script-help.json, which must equal what the programs print themselves (`node dist/… --help`):
 * regenerate it with `npm run build && node scripts/write-script-help.mjs`.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script of the checkout, without type declarations
import { collectScriptHelp, compiledEntries } from '../scripts/write-script-help.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const SCRIPTS = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
const RECORDED = JSON.parse(readFileSync(join(root, 'scripts', 'script-help.json'), 'utf8')) as Record<string, string>;
const ENTRIES = compiledEntries() as Record<string, string>;

/**
 * Scripts that are a tool's own command line, not a program of ours: their `--help` is the tool's (tsc, vite,
 * vitest), and what they do is build or serve the sources, so they are not asked here.
 */
const TOOL_COMMANDS: Readonly<Record<string, string>> = {
  build: 'tsc and the bin bundler: building is what it does',
  typecheck: 'tsc --noEmit',
  'test:unit': 'vitest run (its own --help)',
  web: 'vite dev server (its own --help)',
  'build:web': 'vite build',
  'build:desktop': 'vite build',
};

let bare: string;
beforeAll(() => {
  bare = mkdtempSync(join(tmpdir(), 'script-help-'));
  cpSync(join(root, 'package.json'), join(bare, 'package.json'));
  cpSync(join(root, 'scripts'), join(bare, 'scripts'), { recursive: true });
  for (const shell of ['bench/build-runners.sh', 'bee-cluster/build-bee.sh']) {
    mkdirSync(join(bare, shell, '..'), { recursive: true });
    cpSync(join(root, shell), join(bare, shell));
  }
  symlinkSync(join(root, 'node_modules'), join(bare, 'node_modules'), 'dir');
});
afterAll(() => {
  if (bare) rmSync(bare, { recursive: true, force: true });
});

function npmRun(cwd: string, script: string): Promise<{ code: number | null; stdout: string; stderr: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));
    const child = spawn('npm', ['run', '-s', script, '--', '--help'], { cwd, env: { ...env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr, ms: performance.now() - started }));
  });
}

describe('--help of every npm script', () => {
  it('every script is either ours (asked below) or a tool command named with why', () => {
    const ours = Object.keys(SCRIPTS).filter((name) => !(name in TOOL_COMMANDS));
    expect(ours.length).toBeGreaterThan(20);
    for (const name of Object.keys(TOOL_COMMANDS)) expect(SCRIPTS, `${name} is still a script`).toHaveProperty(name);
    // npm runs pre- and post-scripts before the script itself, --help or not: a pre-script that builds would build.
    expect(Object.keys(SCRIPTS).filter((name) => /^(pre|post)/.test(name))).toEqual([]);
  });

  it('scripts/script-help.json is what the compiled programs print (node dist/… --help)', () => {
    expect(collectScriptHelp()).toEqual(RECORDED);
    for (const entry of Object.values(ENTRIES)) expect(RECORDED, `help of ${entry}`).toHaveProperty([entry]);
  }, 120_000);

  it.each(Object.keys(SCRIPTS).filter((name) => !(name in TOOL_COMMANDS)))('npm run %s -- --help answers without a build (no sources, no dist/)', async (script) => {
    const run = await npmRun(bare, script);
    expect(run.code, `${script}: ${run.stderr}`).toBe(0);
    expect(run.stdout).toMatch(/^Usage: /);
    const entry = ENTRIES[script];
    if (entry) expect(run.stdout).toBe(RECORDED[entry]);
    expect(existsSync(join(bare, 'dist')), 'nothing was built').toBe(false);
    expect(run.stderr).not.toMatch(/building first/);
  }, 30_000);
});
