/**
 * The interactive mode of `cockpit-tui`: the bin (surfaces/cli/cockpit-tui-bin.ts) imports this module
 * only when no `--once` verb is given, so one-shot runs never load React or Ink.
 *
 * - Interactive mode needs a terminal on both ends: a non-TTY stdout (a pipe, a file, CI logs) or stdin is
 *   refused with a message pointing at `--once`, before any engine starts.
 * - The face's modules load with Ink's CI detection off (ink6-load.ts: Ink 6 has no `interactive` option), so
 *   a person at a real terminal gets a live cockpit even with CI set.
 */
import type { CockpitEngineHandle } from '../../core/cockpit/view/engine.js';
import { importInteractive } from './ink6-load.js';
import type { FaceResult, FaceTerminal } from './run-face.js';

export type { FaceResult, FaceTerminal } from './run-face.js';

/** Why interactive mode cannot run on this terminal, or null when it can. */
export function interactiveRefusal(terminal: Pick<FaceTerminal, 'stdin' | 'stdout'>): string | null {
  if (!terminal.stdout.isTTY) {
    return 'the interactive cockpit needs a terminal, and stdout is not one (a pipe or a file); run a verb with --once <verb> for scripts';
  }
  if (!terminal.stdin.isTTY) {
    return 'the interactive cockpit reads keys from a terminal, and stdin is not one; run a verb with --once <verb> for scripts';
  }
  return null;
}

/**
 * Draws the cockpit of an engine on this terminal until the engine says exit. `startEngine` runs only once
 * the terminal is known to be usable, and before the face's modules load: the engine's first polls are on
 * the wire while React and Ink are read and compiled, so the first Health screen has its data sooner.
 */
export async function runInteractive(startEngine: () => Promise<CockpitEngineHandle>, terminal: FaceTerminal = process): Promise<FaceResult> {
  const refusal = interactiveRefusal(terminal);
  if (refusal !== null) return { code: 2, finalStatus: null, error: new Error(refusal) };
  const engine = await startEngine();
  let face: typeof import('./run-face.js');
  try {
    face = await importInteractive(() => import('./run-face.js'));
  } catch (error) {
    await engine.stop();
    throw error;
  }
  return face.runFace(engine, terminal);
}
