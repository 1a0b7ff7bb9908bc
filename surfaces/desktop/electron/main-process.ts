/**
 * The Electron main process of `cockpit`: the engine, one window with the React renderer, and the IPC
 * bridge between them. Every Electron API arrives as a parameter (`ElectronApis`, typed against Electron's
 * own electron.d.ts), so this file runs under Node in the tests with recording fakes, and entry.ts, which
 * imports the real `electron`, is one call.
 *
 * In order:
 * 1. The `cockpit://` scheme is registered as privileged (standard, secure) before the app is ready, and
 *    serves only the built renderer's files, with the renderer's Content-Security-Policy.
 * 2. The configuration is resolved (a bad one is printed and the app exits 64 or 2, no window) and the
 *    engine started; with `--node-bin` the window waits until the node answers /health (2-cockpit.md §3)
 *    or the supervisor stops waiting (its red chip then says why).
 * 3. One BrowserWindow: context isolation, no Node integration, the sandbox, web security on, the preload
 *    (preload.cts) the only bridge; navigation away, new windows and every permission request are refused.
 * 4. IPC messages are taken only from that window's cockpit:// frame and go through the bridge session
 *    (actors/cockpit/serve/bridge-session.ts): checked, then engine events; views go back as slices.
 * 5. Each OS notification of the view (`[notifications] desktop = true`: Warn/Fail transitions) is shown
 *    once with Electron's Notification.
 * 6. Closing the window (or `:quit`, SIGTERM, SIGINT, the app quitting) stops the engine, which stops a
 *    supervised node (SIGTERM to its group, up to 5 s, SIGKILL); the final status is printed on stdout and
 *    the app exits with the view's exit code.
 */
import type { App, BrowserWindow, BrowserWindowConstructorOptions, IpcMain, IpcMainEvent, NativeTheme, Notification, NotificationConstructorOptions, Protocol, Session } from 'electron';
import { homedir } from 'node:os';
import { resolveCockpitConfig } from '../../../actors/cockpit/config-loader.js';
import type { InspectTarget } from '../../../core/inspection/inspect-flag.js';
import { startInspectionOrRefuse } from '../../cli/inspect-option.js';
import { startCockpitEngine, type CockpitEngine, type StartCockpitEngineOptions } from '../../../actors/cockpit/engine.js';
import { CockpitStateStore, StateFileError } from '../../../actors/cockpit/state-store.js';
import { createBridgeSession, type BridgeSession } from '../../../actors/cockpit/serve/bridge-session.js';
import type { RendererFiles } from '../../../actors/cockpit/serve/renderer-files.js';
import { RENDERER_HEADERS } from '../../../core/cockpit/bridge/csp.js';
import { IPC_TO_MAIN, IPC_TO_RENDERER } from '../../../core/cockpit/bridge/protocol.js';
import { CockpitConfigError } from '../../../core/cockpit/config/config-problem.js';
import type { CockpitLaunchArgs } from '../../../core/cockpit/config/resolved-config.js';
import type { CockpitView } from '../../../core/cockpit/view/view-model.js';
import { showControlCharacters } from '../../../core/terminal/visible-text.js';

export const SCHEME = 'cockpit';
export const RENDERER_ORIGIN = `${SCHEME}://app`;
export const RENDERER_URL = `${RENDERER_ORIGIN}/index.html`;

/** The parts of a BrowserWindow the main process uses. */
export type CockpitBrowserWindow = Pick<BrowserWindow, 'loadURL' | 'show' | 'close' | 'destroy' | 'isDestroyed' | 'once' | 'on'> & {
  readonly webContents: Pick<BrowserWindow['webContents'], 'send' | 'on' | 'setWindowOpenHandler'>;
};

/** The Electron APIs the main process takes (the real module fits; tests pass recording fakes). */
export interface ElectronApis {
  readonly app: Pick<App, 'whenReady' | 'on' | 'exit'>;
  readonly BrowserWindow: new (options: BrowserWindowConstructorOptions) => CockpitBrowserWindow;
  readonly ipcMain: Pick<IpcMain, 'on' | 'removeListener'>;
  readonly Notification: (new (options: NotificationConstructorOptions) => Pick<Notification, 'show'>) & { isSupported(): boolean };
  readonly nativeTheme: Pick<NativeTheme, 'shouldUseDarkColors'>;
  readonly protocol: Pick<Protocol, 'handle' | 'registerSchemesAsPrivileged'>;
  readonly session: { readonly defaultSession: Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler'> };
}

export interface DesktopMainOptions {
  readonly launch: CockpitLaunchArgs;
  readonly version: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Absolute path of the compiled preload (preload.cjs). */
  readonly preloadPath: string;
  readonly files: RendererFiles;
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly platform?: NodeJS.Platform;
  readonly homedir?: string;
  /** Where SIGTERM and SIGINT come from (default the process). */
  readonly signals?: Pick<NodeJS.Process, 'on' | 'off'>;
  /** `--inspect`: the engine's actor system goes to the inspector (docs/cockpit.md "Live inspection"). */
  readonly inspect?: InspectTarget;
  /** Engine options for tests (fleet poll interval, state store). */
  readonly engineOptions?: Partial<Pick<StartCockpitEngineOptions, 'fleetPollIntervalMs' | 'requestTimeoutMs' | 'stateStore' | 'runVerb'>>;
}

export const EXIT = { ok: 0, error: 2, usage: 64 } as const;

export interface DesktopMain {
  /** Settles with the exit code once everything is stopped (the app has been told to exit with it). */
  readonly done: Promise<number>;
  /** The engine, once started (tests). */
  engine(): CockpitEngine | null;
  window(): CockpitBrowserWindow | null;
}

/** Must run before the app is ready: Electron reads privileged schemes at start-up. */
export function registerRendererScheme(protocol: ElectronApis['protocol']): void {
  protocol.registerSchemesAsPrivileged([{ scheme: SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true } }]);
}

/** The `cockpit://app/<path>` handler: the renderer's files from memory with its headers, 404 for anything else. */
export function rendererResponse(files: RendererFiles, url: string): Response {
  const parsed = new URL(url);
  const path = decodeURIComponent(parsed.pathname).replace(/^\/+/, '') || 'index.html';
  const file = parsed.host === 'app' ? files.get(path) : undefined;
  if (!file) return new Response('Not Found\n', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  return new Response(new Uint8Array(file.body), { status: 200, headers: { ...RENDERER_HEADERS, 'content-type': file.type } });
}

export function windowOptions(preloadPath: string, scheme: CockpitView['theme']['scheme']): BrowserWindowConstructorOptions {
  return {
    width: 1400,
    height: 900,
    minWidth: 720,
    minHeight: 480,
    show: false,
    title: 'cockpit',
    backgroundColor: scheme === 'light' ? '#f6f7f9' : '#14171c',
    autoHideMenuBar: true,
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      sandbox: true,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
    },
  };
}

export function runDesktopMain(electron: ElectronApis, options: DesktopMainOptions): DesktopMain {
  const { app } = electron;
  const say = (line: string) => options.stderr(`cockpit: ${showControlCharacters(line)}\n`);
  let engine: CockpitEngine | null = null;
  let window: CockpitBrowserWindow | null = null;
  let session: BridgeSession | null = null;
  let stopping: Promise<number> | null = null;
  let exitCode: number = EXIT.ok;
  let resolveDone: (code: number) => void = () => {};
  const done = new Promise<number>((resolve) => {
    resolveDone = resolve;
  });

  registerRendererScheme(electron.protocol);

  const cleanups: (() => void)[] = [];
  const stopAll = (): Promise<number> =>
    (stopping ??= (async () => {
      for (const cleanup of cleanups.splice(0)) cleanup();
      await session?.close();
      if (window && !window.isDestroyed()) window.destroy();
      if (engine) {
        const { finalStatus } = await engine.stop();
        if (finalStatus !== null) options.stdout(`${showControlCharacters(finalStatus)}\n`);
      }
      app.exit(exitCode);
      resolveDone(exitCode);
      return exitCode;
    })());

  const onSignal = () => {
    if (window && !window.isDestroyed()) window.close();
    else void stopAll();
  };
  const signals = options.signals ?? process;
  signals.on('SIGTERM', onSignal);
  signals.on('SIGINT', onSignal);
  cleanups.push(() => {
    signals.off('SIGTERM', onSignal);
    signals.off('SIGINT', onSignal);
  });
  // The window closing is what stops the cockpit; Electron must not quit on its own before the node is stopped.
  app.on('window-all-closed', () => void stopAll());
  app.on('before-quit', (event) => {
    if (stopping) return;
    event.preventDefault();
    void stopAll();
  });

  const start = async (): Promise<void> => {
    let config;
    try {
      ({ config } = await resolveCockpitConfig({
        args: options.launch,
        env: options.env,
        platform: options.platform ?? process.platform,
        homedir: options.homedir ?? homedir(),
        frontEnd: 'desktop',
      }));
    } catch (error) {
      if (!(error instanceof CockpitConfigError)) throw error;
      say(error.message);
      exitCode = error.isUsage ? EXIT.usage : EXIT.error;
      await stopAll();
      return;
    }
    await app.whenReady();
    electron.protocol.handle(SCHEME, (request) => rendererResponse(options.files, request.url));
    electron.session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
    electron.session.defaultSession.setPermissionCheckHandler(() => false);
    let stateStore;
    try {
      stateStore = options.engineOptions?.stateStore ?? (await CockpitStateStore.open(config.dataDir.path));
    } catch (error) {
      if (!(error instanceof StateFileError)) throw error;
      say(error.message);
      exitCode = EXIT.error;
      await stopAll();
      return;
    }
    const inspection = await startInspectionOrRefuse(options.inspect, say);
    if (inspection === null) {
      exitCode = EXIT.error;
      await stopAll();
      return;
    }
    engine = startCockpitEngine({
      face: 'desktop',
      config,
      stateStore,
      ...(inspection ? { inspection } : {}),
      app: { name: 'cockpit', version: options.version },
      systemScheme: electron.nativeTheme.shouldUseDarkColors ? 'dark' : 'light',
      ...options.engineOptions,
    });
    if (config.store) say(`starting the node (${config.store.bin}); the window opens once it answers /health`);
    await engine.whenNodeAnswers().catch(() => undefined);
    if (stopping) return;

    const win = new electron.BrowserWindow(windowOptions(options.preloadPath, engine.getView().theme.scheme));
    window = win;
    win.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
    win.webContents.on('will-navigate', (event, url) => {
      if (!url.startsWith(`${RENDERER_ORIGIN}/`)) event.preventDefault();
    });
    win.once('ready-to-show', () => win.show());
    win.on('closed', () => {
      window = null;
      void stopAll();
    });

    session = createBridgeSession({
      engine,
      acceptPathDrops: true,
      transport: {
        send: (message) => {
          if (!win.isDestroyed()) win.webContents.send(IPC_TO_RENDERER, message);
        },
      },
    });
    const onMessage = (event: IpcMainEvent, message: unknown) => {
      // Only this window's own page may speak: not another frame, not a page it was navigated to.
      if (win.isDestroyed() || event.sender !== (win.webContents as unknown) || !event.senderFrame?.url.startsWith(`${RENDERER_ORIGIN}/`)) return;
      session?.receive(message);
    };
    electron.ipcMain.on(IPC_TO_MAIN, onMessage);
    cleanups.push(() => electron.ipcMain.removeListener(IPC_TO_MAIN, onMessage));

    // OS notifications, each once; and the window closes when the engine says exit (`:quit`).
    let shownSeq = 0;
    const onView = (view: CockpitView) => {
      for (const notification of view.notifications) {
        if (notification.seq <= shownSeq) continue;
        shownSeq = notification.seq;
        if (electron.Notification.isSupported()) new electron.Notification({ title: notification.title, body: notification.body, silent: notification.tone !== 'fail' }).show();
      }
      if (view.exit !== null && !stopping) {
        exitCode = view.exit.code;
        if (!win.isDestroyed()) win.close();
      }
    };
    cleanups.push(engine.subscribe(onView));
    onView(engine.getView());
    await win.loadURL(RENDERER_URL);
  };

  start().catch((error: unknown) => {
    say(`could not open the window: ${error instanceof Error ? error.message : String(error)}`);
    exitCode = EXIT.error;
    void stopAll();
  });

  return { done, engine: () => engine, window: () => window };
}
