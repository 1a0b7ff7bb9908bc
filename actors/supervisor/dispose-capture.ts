/**
 * After supervision ends: the capture directory the start-up check made under the temp directory
 * (`$TMPDIR/cockpit-node-<pid>-XXXXXX`) is removed, unless the node failed on its own and its output explains
 * why (keepsCapture; the final status then names the file). A directory the caller chose (`captureDir`) is
 * never removed.
 */
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname } from 'node:path';
import { keepsCapture } from '../../machines/cockpit/supervisor.view.js';
import type { SupervisorContext } from '../../machines/cockpit/supervisor.machine.js';
import { CAPTURE_DIR_PREFIX } from './check-startup.js';

export async function disposeCapture(context: SupervisorContext, parent: string = tmpdir()): Promise<void> {
  if (context.captureFile === null || context.settings.captureDir || keepsCapture(context)) return;
  const dir = dirname(context.captureFile);
  if (dirname(dir) !== parent || !basename(dir).startsWith(CAPTURE_DIR_PREFIX)) return;
  await rm(dir, { recursive: true, force: true });
}
