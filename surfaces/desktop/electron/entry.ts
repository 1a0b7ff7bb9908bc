/**
 * Electron's main script for `cockpit` (started by surfaces/desktop/launch.ts with the launch flags in
 * COCKPIT_DESKTOP_LAUNCH): the real Electron APIs handed to runDesktopMain, and nothing else. Everything it
 * does is tested under Node with recording fakes (main-process.test.ts); this file only typechecks here,
 * since the Electron binary cannot be downloaded on these machines.
 */
import { app, BrowserWindow, ipcMain, nativeTheme, Notification, protocol, session } from 'electron';
import { fileURLToPath } from 'node:url';
import { loadRendererFiles } from '../../../actors/cockpit/serve/renderer-files.js';
import { parseDesktopLaunch } from './launch-env.js';
import { runDesktopMain } from './main-process.js';

const handoff = parseDesktopLaunch(process.env.COCKPIT_DESKTOP_LAUNCH);
runDesktopMain(
  { app, BrowserWindow, ipcMain, Notification, nativeTheme, protocol, session },
  {
    launch: handoff.launch,
    version: handoff.version,
    ...(handoff.inspect ? { inspect: handoff.inspect } : {}),
    env: process.env,
    preloadPath: fileURLToPath(new URL('./preload.cjs', import.meta.url)),
    files: loadRendererFiles(),
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
  },
);
