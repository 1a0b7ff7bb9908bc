/**
 * The interactive mode of `cockpit-tui`: the bin (surfaces/cli/cockpit-tui-bin.ts) imports this module
 * only when no `--once` verb is given, so one-shot runs never load React or Ink.
 *
 * - Interactive mode needs a terminal on both ends: a non-TTY stdout (a pipe, a file, CI logs) or stdin is
 *   refused with a message pointing at `--once`, before any engine starts.
 * - Two environment variables are read once, when the face's modules load, and would make it worse:
 *   Ink decides whether it runs "in CI" (any CI or CONTINUOUS_INTEGRATION variable) and then draws only the
 *   last frame at exit and ignores resizes; React picks its development build (several times slower per
 *   frame, more memory) unless NODE_ENV is `production`. A person at a real terminal gets a live, fast
 *   cockpit either way: for that one import the CI variables are hidden and NODE_ENV defaults to
 *   production, and the environment is put back at once (child processes the engine starts see it as it was).
 */
import type { CockpitEngineHandle } from '../../core/cockpit/view/engine.js';
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

const CI_VARIABLES = ['CI', 'CONTINUOUS_INTEGRATION'] as const;

async function loadFace(): Promise<typeof import('./run-face.js')> {
  const saved = [...CI_VARIABLES, 'NODE_ENV'].map((name) => [name, process.env[name]] as const);
  for (const name of CI_VARIABLES) delete process.env[name];
  process.env.NODE_ENV ??= 'production';
  try {
    return await import('./run-face.js');
  } finally {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
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
    face = await loadFace();
  } catch (error) {
    await engine.stop();
    throw error;
  }
  return face.runFace(engine, terminal);
}
