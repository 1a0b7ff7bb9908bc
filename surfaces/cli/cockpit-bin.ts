#!/usr/bin/env node
/**
 * Entry point of `cockpit` (the desktop front end): the only place that sets the process exit code. `--once`
 * verbs and `--help` run here; the Electron window (surfaces/desktop/launch.ts), `--serve`
 * (surfaces/desktop/serve.ts) and `--serve-metrics` are imported only in their mode, so a scripted `--once`
 * never loads React's renderer host, the HTTP server or Electron's launcher.
 */
import type { CockpitLaunchArgs } from '../../core/cockpit/config/resolved-config.js';
import type { InspectTarget } from '../../core/inspection/inspect-flag.js';
import { DESKTOP_FRONT_END } from './cockpit/once.js';
import { exitQuietlyOnBrokenPipe, runFrontEnd, settle } from './cockpit/front-end-main.js';
import { packageVersion } from './package-version.js';

exitQuietlyOnBrokenPipe();

/** No `--once`, no `--serve`: the Electron window (loaded only in this mode, like `--serve`'s server). */
async function desktop(launch: CockpitLaunchArgs, inspect?: InspectTarget): Promise<number> {
  const { launchDesktop } = await import('../desktop/launch.js');
  return launchDesktop({ launch, version: packageVersion(), env: process.env, stderr: (t) => process.stderr.write(t), ...(inspect ? { inspect } : {}) });
}

settle(
  runFrontEnd(process.argv.slice(2), DESKTOP_FRONT_END, packageVersion(), { stdout: (t) => process.stdout.write(t), stderr: (t) => process.stderr.write(t), env: process.env, stderrIsTty: process.stderr.isTTY === true }, desktop),
  DESKTOP_FRONT_END,
);
