/**
 * `cockpit --serve [host:port] [launch flags] [urls...]`: the desktop window in any browser. The engine runs
 * here (every launch flag, `--node-bin` supervision included), the built renderer and its bridge are served
 * by actors/cockpit/serve/serve-server.ts, and the URL, with its random token, is printed on stdout.
 *
 * - Loopback by default, port 0 (a free port); `0.0.0.0:8080` or a host name serve further, on purpose.
 * - With `--node-bin`, the URL is printed once the node answers /health (the window "opens"), or once the
 *   supervisor gives up waiting (its red chip in the window then says why).
 * - SIGTERM or SIGINT is the window closing: the server closes, the engine stops (a supervised node gets
 *   SIGTERM, 5 s, SIGKILL) and the final status is printed. `:quit` in the window does the same.
 *
 * Exit codes (the desktop bin's): 0 after a normal stop; 64 for a command-line mistake (a bad config given
 * by flag included); 2 for a bad config file, an address that cannot be bound, or a renderer not built.
 */
import type { CockpitEngine } from '../../actors/cockpit/engine.js';
import { startFailure, startHeadlessEngine, type HeadlessEngineOptions } from '../cli/cockpit/headless-engine.js';
import { loadRendererFiles, RendererNotBuiltError, type RendererFiles } from '../../actors/cockpit/serve/renderer-files.js';
import { startServeServer, type ServeServer } from '../../actors/cockpit/serve/serve-server.js';
import { stopOnSignals } from '../../actors/supervisor/stop-on-signals.js';
import type { ListenAddress } from '../../core/cockpit/listen-address.js';
import { showControlCharacters } from '../../core/terminal/visible-text.js';
import type { CockpitView } from '../../core/cockpit/view/view-model.js';

export const DEFAULT_SERVE_ADDRESS: ListenAddress = { host: '127.0.0.1', port: 0 };

export interface ServeCockpitOptions extends HeadlessEngineOptions {
  readonly listen: ListenAddress;
  /** The renderer's files; default the built renderer of this checkout. */
  readonly files?: RendererFiles;
  readonly token?: string;
  readonly dropRoot?: string;
  /** Told while the supervised node starts, before the URL. */
  readonly progress?: (line: string) => void;
}

export interface ServingCockpit {
  readonly url: string;
  readonly engine: CockpitEngine;
  readonly server: ServeServer;
  /** Resolves with the exit view when the window asks to close (`:quit`). */
  readonly exitRequested: Promise<NonNullable<CockpitView['exit']>>;
  /** Closes the server, stops the engine (and the supervised node); the final status or null. Idempotent. */
  stop(): Promise<string | null>;
}

export async function serveCockpit(options: ServeCockpitOptions): Promise<ServingCockpit> {
  const files = options.files ?? loadRendererFiles();
  const { engine, config } = await startHeadlessEngine(options);
  let server: ServeServer;
  try {
    if (config.store) options.progress?.(`starting the node (${config.store.bin}); the window opens once it answers /health`);
    await engine.whenNodeAnswers();
    server = await startServeServer({
      listen: options.listen,
      engine,
      files,
      ...(options.token === undefined ? {} : { token: options.token }),
      ...(options.dropRoot === undefined ? {} : { dropRoot: options.dropRoot }),
      dropQuota: { maxBytes: config.serve.dropMaxBytes, maxFiles: config.serve.dropMaxFiles, totalBytes: config.serve.dropTotalBytes },
    });
  } catch (error) {
    await engine.stop();
    throw error;
  }
  const exitRequested = new Promise<NonNullable<CockpitView['exit']>>((resolve) => {
    const check = (view: CockpitView) => {
      if (view.exit === null) return;
      off();
      resolve(view.exit);
    };
    const off = engine.subscribe(check);
    check(engine.getView());
  });
  let stopping: Promise<string | null> | undefined;
  return {
    url: server.url,
    engine,
    server,
    exitRequested,
    stop: () =>
      (stopping ??= (async () => {
        await server.close();
        return (await engine.stop()).finalStatus;
      })()),
  };
}

export interface ServeMainOptions extends ServeCockpitOptions {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** Default: the process; tests pass an emitter. */
  readonly signals?: Pick<NodeJS.Process, 'on' | 'off'>;
}

export interface ServeExitCodes {
  readonly ok: number;
  readonly error: number;
  readonly usage: number;
}

/** The bin's `--serve` mode: serve until SIGTERM, SIGINT or `:quit`, then stop and print the final status. */
export async function serveMain(options: ServeMainOptions, exit: ServeExitCodes): Promise<number> {
  const say = (line: string) => options.stderr(`cockpit: ${showControlCharacters(line)}\n`);
  let serving: ServingCockpit;
  try {
    serving = await serveCockpit({ ...options, progress: say, story: say });
  } catch (error) {
    if (error instanceof RendererNotBuiltError) {
      say(error.message);
      return exit.error;
    }
    const code = startFailure(error, options.listen, say, exit);
    if (code === null) throw error;
    return code;
  }
  const loopback = /^(127\.|::1$|localhost$)/.test(options.listen.host);
  say(`the cockpit window is at the URL below${loopback ? ' (this machine only; from elsewhere: ssh -L <port>:127.0.0.1:<port>)' : ''}; SIGTERM or Ctrl-C closes it`);
  options.stdout(`${serving.url}\n`);
  return new Promise<number>((resolve) => {
    let done = false;
    const finish = (code: number) => {
      if (done) return;
      done = true;
      off();
      resolve(code);
    };
    const off = stopOnSignals({
      stop: async () => {
        const status = await serving.stop();
        return status ?? 'stopped';
      },
      print: (line) => say(line),
      exit: finish,
      ...(options.signals ? { target: options.signals } : {}),
    });
    void serving.exitRequested.then(async (exitView) => {
      const status = await serving.stop();
      say(status ?? 'stopped');
      finish(exitView.code);
    });
  });
}
