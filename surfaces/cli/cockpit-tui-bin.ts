#!/usr/bin/env -S node --max-semi-space-size=4 --heap-growing-percent=100
/**
 * Entry point of `cockpit-tui` (the terminal front end): the only place that sets the process exit code.
 * `--once` verbs, `--help` and `--version` are handled here with the desktop bin's verbs and JSON (exit codes
 * 0 ok, 1 unhealthy or failed, 2 usage); the interactive Ink UI is surfaces/tui/main.ts, imported only when it
 * runs, so a scripted `--once` never loads React, Ink or the engine.
 */
import { enableCompileCache } from './compile-cache.js';
import type { CockpitLaunchArgs } from '../../core/cockpit/config/resolved-config.js';
import type { InspectTarget } from '../../core/inspection/inspect-flag.js';
import { TERMINAL_FRONT_END } from './cockpit/once.js';
import { exitQuietlyOnBrokenPipe, runFrontEnd, settle } from './cockpit/front-end-main.js';
import { packageVersion } from './package-version.js';

async function interactive(launch: CockpitLaunchArgs, inspect?: InspectTarget): Promise<number> {
  enableCompileCache();
  const { runTui } = await import('../tui/main.js');
  return runTui({ launch, version: packageVersion(), ...(inspect ? { inspect } : {}) });
}

exitQuietlyOnBrokenPipe();
settle(
  runFrontEnd(process.argv.slice(2), TERMINAL_FRONT_END, packageVersion(), { stdout: (t) => process.stdout.write(t), stderr: (t) => process.stderr.write(t), env: process.env, stderrIsTty: process.stderr.isTTY === true }, interactive),
  TERMINAL_FRONT_END,
);
