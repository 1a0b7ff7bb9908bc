/**
 * A private copy of each compiled runner for one benchmark run. The Go and Rust binaries live in a cache shared by
 * every checkout on the machine (bench/build-runners.sh), and a checkout with other runner sources rebuilds them in
 * place: on 2026-11-29 a test run in another worktree replaced the Go runner between this run's build step and its
 * Go slot, so that slot ran an older runner (its result said so: no warm-up time floor). Copying the binaries
 * right after the build step, and running the copies, makes the run use what it built, whatever else happens.
 */
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunnerName } from '../../config-schema/bench-result.js';
import { runnerCommand } from './runner-commands.js';

export interface PinnedRunners {
  /** BENCH_GO_BIN / BENCH_RUST_BIN pointing at the copies (for runnerCommand), over the given environment. */
  readonly env: NodeJS.ProcessEnv;
  /** Deletes the copies. */
  remove(): void;
}

const ENV_KEY = { go: 'BENCH_GO_BIN', rust: 'BENCH_RUST_BIN' } as const;

export function pinCompiledRunners(runners: readonly RunnerName[], env: NodeJS.ProcessEnv = process.env): PinnedRunners {
  const dir = mkdtempSync(join(tmpdir(), 'bench-runners-'));
  const pinned: NodeJS.ProcessEnv = { ...env };
  for (const runner of runners) {
    if (runner !== 'go' && runner !== 'rust') continue;
    const built = runnerCommand(runner, env).command;
    // A missing binary stays missing: the run reports that runner as not found, as before.
    if (!existsSync(built)) continue;
    const copy = join(dir, `runner-${runner}`);
    copyFileSync(built, copy);
    pinned[ENV_KEY[runner]] = copy;
  }
  return { env: pinned, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
