/**
 * What the log pane persists in the cockpit's data directory (spec: "4 to 24 lines, persisted"):
 * `<data dir>/log-pane.json`, written atomically (a temp file renamed over the old one), so a crash
 * mid-write never leaves a broken file. The user's config file is never touched. A missing or broken
 * file gives the defaults: the pane must open whatever is on disk.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Actor } from 'xstate';
import { clampHeight, PANE_DEFAULT_LINES, type logPaneDisplayMachine } from '../../machines/cockpit/log-pane-display.machine.js';
import type { logPaneMachine } from '../../machines/cockpit/log-pane.machine.js';

export interface PaneSettings {
  height: number;
}

export const PANE_SETTINGS_FILE = 'log-pane.json';

export async function loadPaneSettings(dataDir: string): Promise<PaneSettings> {
  try {
    const parsed = JSON.parse(await readFile(join(dataDir, PANE_SETTINGS_FILE), 'utf8')) as { height?: unknown };
    return { height: typeof parsed.height === 'number' ? clampHeight(parsed.height) : PANE_DEFAULT_LINES };
  } catch {
    return { height: PANE_DEFAULT_LINES };
  }
}

let writeCount = 0;
export async function savePaneSettings(dataDir: string, settings: PaneSettings): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  const target = join(dataDir, PANE_SETTINGS_FILE);
  const temp = `${target}.${process.pid}.${++writeCount}.tmp`;
  await writeFile(temp, `${JSON.stringify({ height: clampHeight(settings.height) })}\n`);
  await rename(temp, target);
}

/**
 * Saves the height each time the pane emits `pane.resized`; writes are chained so the last one wins.
 * `onError` hears a failed save (read-only data dir): the pane keeps working with the height in memory.
 */
export function persistPaneHeight(actor: Actor<typeof logPaneMachine>, dataDir: string, onError: (error: unknown) => void = () => {}): () => void {
  let chain = Promise.resolve();
  // The display child lives as long as the pane actor: it is invoked at the pane's root.
  const display = actor.getSnapshot().children.display as Actor<typeof logPaneDisplayMachine> | undefined;
  if (!display) throw new Error('persistPaneHeight: the log pane has no display child (is the actor started?)');
  const subscription = display.on('pane.resized', ({ height }) => {
    chain = chain.then(() => savePaneSettings(dataDir, { height })).catch(onError);
  });
  return () => subscription.unsubscribe();
}
