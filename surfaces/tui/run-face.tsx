/**
 * Runs the Ink face on a real terminal over a running engine, and gives the terminal back as it found it.
 *
 * - The cockpit draws on the alternate screen (the shell's screen and scrollback come back untouched on
 *   exit) with the cursor hidden and bracketed paste on (ink6.ts). Raw mode comes first, before the screen
 *   changes: Ink turns it on only in an effect after its first frame, and a Ctrl+C typed in that gap would be
 *   the tty's SIGINT to the whole foreground group (a wrapper shell included) instead of a key.
 * - The bell: one BEL each time `view.bell.count` grows (the engine counts only warn/fail transitions it is
 *   configured to ring for, never recoveries).
 * - Exit: when the engine sets `view.exit` (after `:quit`, Ctrl+C or a signal, sent as `ui.quit`), the face
 *   unmounts, leaves the alternate screen, shows the cursor, stops the engine (pollers, tailers, the
 *   supervised node) and prints the supervisor's final status on the normal screen.
 * - SIGTERM, SIGHUP and SIGINT ask the engine to quit like Ctrl+C does; a second signal does not wait for
 *   the engine. The handlers are in place before the face touches the terminal, so a signal at any moment
 *   still restores it (screen, cursor, paste mode, line settings). A crash in the face still restores the
 *   terminal before the error is reported.
 * - Anything written to the console while the cockpit owns the screen would tear the frame: it is held and
 *   written to stderr after the terminal is restored.
 */
import { format } from 'node:util';
import { render } from 'ink';
import type { CockpitEngineHandle } from '../../core/cockpit/view/engine.js';
import type { CockpitView } from '../../core/cockpit/view/view-model.js';
import { CockpitApp } from './components/App.js';
import { BRACKETED_PASTE_OFF, BRACKETED_PASTE_ON } from './ink6.js';
import { inert } from './inert.js';

export interface FaceTerminal {
  readonly stdin: NodeJS.ReadStream;
  readonly stdout: NodeJS.WriteStream;
  readonly stderr: NodeJS.WriteStream;
}

export interface FaceResult {
  readonly code: number;
  readonly finalStatus: string | null;
  /** Set when the face itself failed (the terminal was restored first). */
  readonly error: Error | null;
}

const ENTER = `\u001b[?1049h\u001b[H\u001b[2J\u001b[?25l${BRACKETED_PASTE_ON}`;
const LEAVE = `${BRACKETED_PASTE_OFF}\u001b[?25h\u001b[?1049l`;
const BEL = '\u0007';
/** How long a forced exit (a second signal) waits for the engine to stop its children. */
const FORCED_STOP_MS = 6_000;

type ConsoleMethod = 'log' | 'info' | 'warn' | 'error' | 'debug';
const CONSOLE_METHODS: readonly ConsoleMethod[] = ['log', 'info', 'warn', 'error', 'debug'];

function holdConsole(): { release(write: (text: string) => void): void } {
  const held: string[] = [];
  const saved = CONSOLE_METHODS.map((name) => [name, console[name]] as const);
  for (const name of CONSOLE_METHODS) {
    console[name] = (...args: unknown[]) => {
      held.push(`${format(...args)}\n`);
    };
  }
  return {
    release(write) {
      for (const [name, method] of saved) console[name] = method;
      for (const text of held) write(text);
    },
  };
}

export async function runFace(engine: CockpitEngineHandle, terminal: FaceTerminal = process): Promise<FaceResult> {
  const { stdin, stdout, stderr } = terminal;
  let restored = false;
  const restore = (): void => {
    if (restored) return;
    restored = true;
    stdout.write(LEAVE);
    // Ink gives raw mode back when it unmounts, but only if its own input effect had turned it on.
    if (stdin.isTTY && stdin.isRaw) {
      try {
        stdin.setRawMode(false);
      } catch {
        // The terminal is gone (a hangup): there are no line settings left to restore.
      }
    }
  };
  // If anything ends the process behind our back, the shell still gets its screen and cursor back.
  const onProcessExit = (): void => restore();
  process.on('exit', onProcessExit);

  let bells = 0;
  let exitView: CockpitView['exit'] = null;
  let signals = 0;
  let resolveDone: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    resolveDone = resolve;
  });

  const onView = (view: CockpitView): void => {
    if (view.bell.count > bells) {
      bells = view.bell.count;
      stdout.write(BEL);
    }
    if (view.exit !== null && exitView === null) {
      exitView = view.exit;
      resolveDone();
    }
  };
  const unsubscribe = engine.subscribe(onView);
  const onSignal = (): void => {
    signals += 1;
    if (signals === 1) engine.send({ type: 'ui.quit' });
    else resolveDone();
  };
  const signalNames: NodeJS.Signals[] = ['SIGTERM', 'SIGHUP', 'SIGINT'];
  for (const name of signalNames) process.on(name, onSignal);

  const heldConsole = holdConsole();
  // Raw mode before the screen changes (Ink would turn it on only after its first frame): from here on
  // Ctrl+C is a key the engine reads, never the tty's SIGINT to the whole foreground group.
  if (stdin.isTTY) stdin.setRawMode(true);
  stdout.write(ENTER);

  const ink = render(<CockpitApp engine={engine} />, {
    stdin,
    stdout,
    stderr,
    exitOnCtrlC: false,
    patchConsole: false,
    // The engine already sends at most 20 views a second; Ink's own frame limit only adds delay to the frame
    // that answers a key press (up to 1/maxFps after a log-driven frame), so it is set well above 20.
    maxFps: 60,
  });
  // The view may already say "exit" or ring (an engine that started before the face).
  onView(engine.getView());

  let error: Error | null = null;
  const crashed = ink.waitUntilExit().then(
    () => {},
    (cause: unknown) => {
      error = cause instanceof Error ? cause : new Error(String(cause));
    },
  );
  await Promise.race([done, crashed]);

  unsubscribe();
  for (const name of signalNames) process.off(name, onSignal);
  ink.unmount();
  await crashed;
  restore();
  process.off('exit', onProcessExit);
  heldConsole.release((text) => stderr.write(text));

  const stopping = engine.stop();
  const forced = exitView === null && error === null;
  const stopped = forced
    ? await Promise.race([stopping, new Promise<{ finalStatus: null }>((resolve) => setTimeout(() => resolve({ finalStatus: null }), FORCED_STOP_MS).unref())])
    : await stopping;
  const exit = exitView as CockpitView['exit'];
  const finalStatus = exit?.finalStatus ?? stopped.finalStatus;
  if (finalStatus !== null) stdout.write(`node: ${inert(finalStatus)}\n`);
  const code = error !== null ? 1 : (exit?.code ?? 1);
  return { code, finalStatus, error };
}
