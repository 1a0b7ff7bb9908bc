/**
 * The README's tool commands work as written after its first command (which builds dist/, as `npm test`'s
 * npm test does before the suite): every bin is invoked in a form that finds it from the checkout (`npx <bin>` or
 * `npm run <script>`), and each such form runs. That every way of running a bin keeps stdout for the bin's own
 * output (`npm run -s devnet -- --json` one JSON line included) is test/bins-stdout.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const BINS = Object.keys((JSON.parse(readFileSync(`${root}/package.json`, 'utf8')) as { bin: Record<string, string> }).bin);

/** Lines of the ```sh blocks of a markdown file. */
function shellLines(file: string): string[] {
  const lines: string[] = [];
  let inShell = false;
  for (const line of readFileSync(`${root}/${file}`, 'utf8').split('\n')) {
    if (line.startsWith('```')) inShell = !inShell && line.startsWith('```sh');
    else if (inShell) lines.push(line);
  }
  return lines;
}

describe('README commands', () => {
  it('invoke every bin as npx <bin> (a bare bin name is not on PATH after npm ci)', () => {
    for (const file of ['README.md', 'docs/benchmarks.md', 'devnet/README.md']) {
      for (const line of shellLines(file)) {
        const first = line.trim().split(/\s+/)[0] ?? '';
        expect(BINS, `${file}: ${line}`).not.toContain(first);
      }
    }
    expect(shellLines('README.md').some((l) => l.startsWith('npx retcheck '))).toBe(true);
  });

  it.each(BINS)('npx %s --help runs from the checkout', (bin) => {
    const run = spawnSync('npx', ['--no-install', bin, '--help'], { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Usage: /m);
  }, 30_000);
});
