/**
 * `cockpit` without `--once` or `--serve`: the desktop window, in Electron. The bin imports this module only
 * in that mode. When Electron's binary is installed (`electron` resolves to an executable), it is started on
 * the compiled main script (dist/surfaces/desktop/electron/entry.js) with the launch flags handed over in
 * COCKPIT_DESKTOP_LAUNCH, with this process's terminal; SIGTERM and SIGINT are passed on (the window closes,
 * a supervised node is stopped, its final status printed) and its exit code is ours.
 *
 * Without the binary (npm installs Electron's package here without it: GitHub downloads are blocked on these
 * machines), one line says how to get it and points at `--serve`, and the exit code is 2.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CockpitLaunchArgs } from '../../core/cockpit/config/resolved-config.js';
import { encodeDesktopLaunch, LAUNCH_ENV } from './electron/launch-env.js';
import type { InspectTarget } from '../../core/inspection/inspect-flag.js';

export const NO_ELECTRON =
  'the desktop window needs Electron, which is not installed here (run `npm run desktop`, which installs it where Electron can be downloaded; README "Desktop window"); `cockpit --serve` shows the same window in any browser';

export interface DesktopLaunchOptions {
  readonly launch: CockpitLaunchArgs;
  readonly version: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly stderr: (text: string) => void;
  /** `--inspect`: handed to the Electron process, which runs the engine. */
  readonly inspect?: InspectTarget;
  /** Where SIGTERM and SIGINT come from (default the process). */
  readonly signals?: Pick<NodeJS.Process, 'on' | 'off'>;
}

/** The Electron executable, or null when its binary is not installed. */
export function electronBinary(env: Readonly<Record<string, string | undefined>> = process.env): string | null {
  const saved = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  try {
    // electron's index.js reads the override from process.env when it is first required.
    if (env.ELECTRON_OVERRIDE_DIST_PATH !== undefined) process.env.ELECTRON_OVERRIDE_DIST_PATH = env.ELECTRON_OVERRIDE_DIST_PATH;
    const require = createRequire(import.meta.url);
    const resolved = require.resolve('electron');
    delete require.cache[resolved];
    const path = require('electron') as unknown;
    return typeof path === 'string' && existsSync(path) ? path : null;
  } catch {
    return null;
  } finally {
    if (saved === undefined) delete process.env.ELECTRON_OVERRIDE_DIST_PATH;
    else process.env.ELECTRON_OVERRIDE_DIST_PATH = saved;
  }
}

/** The compiled main script, in this package's dist/. */
export function desktopEntryPath(): string {
  let dir = new URL('./', import.meta.url);
  for (let i = 0; i < 8; i++) {
    try {
      const pkg = JSON.parse(readFileSync(new URL('package.json', dir), 'utf8')) as { name?: string };
      if (pkg.name === 'node-operator-toolkit') return join(fileURLToPath(dir), 'dist', 'surfaces', 'desktop', 'electron', 'entry.js');
    } catch {
      // keep walking up
    }
    dir = new URL('../', dir);
  }
  return fileURLToPath(new URL('./electron/entry.js', import.meta.url));
}

export async function launchDesktop(options: DesktopLaunchOptions): Promise<number> {
  const electron = electronBinary(options.env);
  if (electron === null) {
    options.stderr(`cockpit: ${NO_ELECTRON}\n`);
    return 2;
  }
  const entry = desktopEntryPath();
  if (!existsSync(entry)) {
    options.stderr(`cockpit: the desktop main script is not built (${entry}): run npm run build\n`);
    return 2;
  }
  const child = spawn(electron, [entry], {
    stdio: 'inherit',
    env: { ...options.env, [LAUNCH_ENV]: encodeDesktopLaunch({ launch: options.launch, version: options.version, ...(options.inspect ? { inspect: options.inspect } : {}) }) },
  });
  const signals = options.signals ?? process;
  const forward = (signal: NodeJS.Signals) => () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  const onTerm = forward('SIGTERM');
  const onInt = forward('SIGINT');
  signals.on('SIGTERM', onTerm);
  signals.on('SIGINT', onInt);
  try {
    return await new Promise<number>((resolve) => {
      child.once('error', (error) => {
        options.stderr(`cockpit: could not start Electron (${electron}): ${error.message}\n`);
        resolve(2);
      });
      child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 + (signal === 'SIGKILL' ? 9 : signal === 'SIGINT' ? 2 : 15) : 1)));
    });
  } finally {
    signals.off('SIGTERM', onTerm);
    signals.off('SIGINT', onInt);
  }
}
