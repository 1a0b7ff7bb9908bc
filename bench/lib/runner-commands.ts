/**
 * How run-all starts each runner. ts and js are this repository's compiled Node entries; go and rust are the
 * binaries bench/build-runners.sh keeps under ~/.cache/node-toolkit/bench (override with BENCH_GO_BIN /
 * BENCH_RUST_BIN, e.g. to point at a build of your own).
 */
import { homedir } from 'node:os';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RunnerName } from '../../config-schema/bench-result.js';

export interface RunnerCommand {
  readonly command: string;
  readonly args: readonly string[];
}

export function benchCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(env.NODE_TOOLKIT_CACHE ?? join(homedir(), '.cache', 'node-toolkit'), 'bench');
}

/** The repository root, from this module's place (bench/lib in sources, dist/bench/lib when compiled). */
function repoRoot(): string {
  const here = fileURLToPath(new URL('.', import.meta.url));
  const dist = here.lastIndexOf(`${sep}dist${sep}bench${sep}`);
  return dist >= 0 ? here.slice(0, dist) : join(here, '..', '..');
}

const nodeEntry = (runner: 'ts' | 'js') => join(repoRoot(), 'dist', 'bench', 'runners', runner, 'main.js');

export function runnerCommand(runner: RunnerName, env: NodeJS.ProcessEnv = process.env): RunnerCommand {
  switch (runner) {
    case 'ts':
      return { command: process.execPath, args: [nodeEntry('ts')] };
    case 'js':
      return { command: process.execPath, args: [nodeEntry('js')] };
    case 'go':
      return { command: env.BENCH_GO_BIN ?? join(benchCacheDir(env), 'runner-go'), args: [] };
    case 'rust':
      return { command: env.BENCH_RUST_BIN ?? join(benchCacheDir(env), 'rust-target', 'release', 'bench-rust-runner'), args: [] };
  }
}

/** Runner order: BENCH_RUNNER_ORDER (e.g. "go,rust,js,ts") or the subset rotated by the day of the year. */
export function runnerOrder(subset: readonly RunnerName[], env: NodeJS.ProcessEnv = process.env, now = new Date()): RunnerName[] {
  const explicit = env.BENCH_RUNNER_ORDER?.split(',').map((s) => s.trim()).filter(Boolean);
  if (explicit && explicit.length > 0) {
    const unknown = explicit.filter((r) => !(subset as readonly string[]).includes(r));
    if (unknown.length > 0) throw new Error(`BENCH_RUNNER_ORDER names runners outside the subset (${subset.join(',')}): ${unknown.join(', ')}`);
    return explicit as RunnerName[];
  }
  const day = Math.floor(now.getTime() / 86_400_000);
  const shift = day % subset.length;
  return [...subset.slice(shift), ...subset.slice(0, shift)];
}
