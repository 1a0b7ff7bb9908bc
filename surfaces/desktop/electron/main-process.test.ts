/**
 * The Electron main process under Node, with recording fakes of Electron's APIs (electron-fakes.ts) and the
 * real engine against a devnet: the window's security settings, the cockpit:// protocol, the IPC bridge (and
 * who may use it), OS notifications, closing, the supervised node, a bad config, and the sandboxed preload.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventEmitter } from 'node:events';
import { writeFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDevnet, type StartedDevnet } from '../../../devnet/devnet.js';
import { IPC_TO_MAIN, IPC_TO_RENDERER, type BridgeServerMessage, type CockpitPreloadApi } from '../../../core/cockpit/bridge/protocol.js';
import { RENDERER_CSP } from '../../../core/cockpit/bridge/csp.js';
import { applyViewMessage } from '../../../core/cockpit/bridge/view-slices.js';
import { memoryStateStore } from '../../../core/cockpit/interaction/config.js';
import type { CockpitView } from '../../../core/cockpit/view/view-model.js';
import type { RendererFiles } from '../../../actors/cockpit/serve/renderer-files.js';
import { compileEntries } from '../../../test/compiled-entries.js';
import { devnetAsBee } from '../../../test/fixtures/devnet-as-bee.js';
import { fakeElectron, FakeWindow, type FakeElectron } from './electron-fakes.js';
import { EXIT, RENDERER_URL, runDesktopMain, type DesktopMain } from './main-process.js';
import { encodeDesktopLaunch, parseDesktopLaunch } from './launch-env.js';
import type { InspectTarget } from '../../../core/inspection/inspect-flag.js';
import { WebSocketServer } from 'ws';

const FILES: RendererFiles = new Map([
  ['index.html', { body: Buffer.from('<!doctype html><title>cockpit</title>'), gzip: null, type: 'text/html; charset=utf-8' }],
  ['assets/index.js', { body: Buffer.from('console.log(1)'), gzip: null, type: 'text/javascript; charset=utf-8' }],
]);

let devnet: StartedDevnet;
let dir: string;

beforeAll(async () => {
  devnet = await startDevnet({ nodes: 1, port: 0, mineBlocks: false, pushDelayMs: 0 });
  dir = await mkdtemp(join(tmpdir(), 'desktop-main-'));
}, 60_000);

afterAll(async () => {
  await devnet?.stop();
  await rm(dir, { recursive: true, force: true });
});

interface Run {
  readonly electron: FakeElectron;
  readonly main: DesktopMain;
  readonly stdout: string[];
  readonly stderr: string[];
  readonly signals: EventEmitter;
  window(): Promise<FakeWindow>;
  /** The view the page would hold after every message it was sent. */
  rendererView(window: FakeWindow): CockpitView | null;
  waitForRenderer(window: FakeWindow, predicate: (view: CockpitView) => boolean, what: string): Promise<CockpitView>;
}

function start(options: { config?: string; launch?: Record<string, unknown>; inspect?: InspectTarget } = {}): Run {
  const electron = fakeElectron();
  const stdout: string[] = [];
  const stderr: string[] = [];
  const signals = new EventEmitter();
  const configPath = join(dir, `config-${Math.random().toString(36).slice(2)}.toml`);
  writeFileSync(configPath, options.config ?? '');
  const main = runDesktopMain(electron.apis, {
    launch: { urls: [devnet.nodes[0]!.url], config: configPath, ...options.launch },
    version: '9.9.9',
    env: { COCKPIT_DATA: join(dir, 'data') },
    homedir: dir,
    preloadPath: '/opt/cockpit/preload.cjs',
    files: FILES,
    stdout: (text) => stdout.push(text),
    stderr: (text) => stderr.push(text),
    signals: signals as unknown as Pick<NodeJS.Process, 'on' | 'off'>,
    engineOptions: { fleetPollIntervalMs: 200, stateStore: memoryStateStore() },
    ...(options.inspect ? { inspect: options.inspect } : {}),
  });
  const rendererView = (window: FakeWindow) =>
    window.webContents.sent.filter((s) => s.channel === IPC_TO_RENDERER).reduce<CockpitView | null>((view, s) => applyViewMessage(view, s.message as BridgeServerMessage), null);
  return {
    electron,
    main,
    stdout,
    stderr,
    signals,
    async window() {
      for (let i = 0; i < 600 && FakeWindow.created.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
      const window = FakeWindow.created[0];
      if (!window) throw new Error(`no window; stderr: ${stderr.join('')}`);
      return window;
    },
    rendererView,
    waitForRenderer(window, predicate, what) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`the page never saw ${what}`)), 20_000);
        const check = () => {
          const view = rendererView(window);
          if (view && predicate(view)) {
            clearTimeout(timer);
            window.webContents.off('sent', check);
            resolve(view);
          }
        };
        window.webContents.on('sent', check);
        check();
      });
    },
  };
}

async function closeAndWait(run: Run, window: FakeWindow): Promise<number> {
  window.close();
  return run.main.done;
}

describe('the Electron main process (recording fakes, real engine)', () => {
  it('opens one locked-down window on the cockpit:// renderer, which alone it serves, with the CSP', async () => {
    const run = start();
    const window = await run.window();
    expect(run.electron.privileged).toEqual([{ scheme: 'cockpit', privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true } }]);
    expect(window.options.webPreferences).toMatchObject({ preload: '/opt/cockpit/preload.cjs', contextIsolation: true, nodeIntegration: false, sandbox: true, webSecurity: true, allowRunningInsecureContent: false, webviewTag: false });
    expect(window.options.show).toBe(false);
    await new Promise((r) => setTimeout(r, 20));
    expect(window.loaded).toBe(RENDERER_URL);
    expect(window.shown).toBe(true);

    const handler = run.electron.handlers.get('cockpit')!;
    const index = await handler(new Request('cockpit://app/index.html'));
    expect(index.status).toBe(200);
    expect(index.headers.get('content-security-policy')).toBe(RENDERER_CSP);
    expect(await index.text()).toContain('<title>cockpit</title>');
    expect((await handler(new Request('cockpit://app/assets/index.js'))).headers.get('content-type')).toContain('javascript');
    for (const url of ['cockpit://app/../../etc/passwd', 'cockpit://app/assets/', 'cockpit://other/index.html', 'cockpit://app/%2e%2e/package.json']) {
      expect((await handler(new Request(url))).status).toBe(404);
    }
    expect(window.webContents.windowOpenHandler?.({ url: 'https://example.com' })).toEqual({ action: 'deny' });
    const navigate = (url: string) => {
      let prevented = false;
      window.webContents.emit('will-navigate', { preventDefault: () => (prevented = true) }, url);
      return prevented;
    };
    expect(navigate('https://evil.example/')).toBe(true);
    expect(navigate('file:///etc/passwd')).toBe(true);
    expect(navigate('cockpit://app/index.html')).toBe(false);
    const answers: boolean[] = [];
    run.electron.permissionRequest?.({}, 'notifications', (granted) => answers.push(granted));
    run.electron.permissionRequest?.({}, 'media', (granted) => answers.push(granted));
    expect(answers).toEqual([false, false]);
    expect(run.electron.permissionCheck?.()).toBe(false);
    expect(await closeAndWait(run, window)).toBe(EXIT.ok);
    expect(run.electron.exits).toEqual([0]);
  });

  it('bridges the page and the engine over IPC: views as slices, events checked, only from its own frame', async () => {
    const run = start();
    const window = await run.window();
    // Nothing is sent before the page says hello (it may not be listening yet).
    expect(window.webContents.sent).toEqual([]);
    run.electron.fromRenderer(window, { t: 'hello' });
    const first = await run.waitForRenderer(window, (v) => v.screen.id === 'health', 'the Health screen');
    expect(first.face).toBe('desktop');
    expect(first.theme.scheme).toBe('dark'); // nativeTheme says dark and [ui].theme is auto
    run.electron.fromRenderer(window, { t: 'event', event: { type: 'ui.key', key: 'Tab' } });
    await run.waitForRenderer(window, (v) => v.screen.id === 'stamps', 'Tab to S2');
    const slices = window.webContents.sent.filter((s) => (s.message as BridgeServerMessage).t === 'patch');
    expect(slices.length).toBeGreaterThan(0);
    // Only the slices that changed travel: replaying the messages, every slice a patch carries differs
    // from the one the page held (a poll may change the top bar in the same window as Tab, so which
    // slices travel is not fixed, but an unchanged one never does).
    let held: Record<string, unknown> = {};
    for (const { message } of window.webContents.sent) {
      const m = message as BridgeServerMessage;
      if (m.t === 'view') held = { ...(m.view as object) };
      if (m.t !== 'patch') continue;
      for (const [key, value] of Object.entries(m.slices)) {
        expect(value, `patch slice ${key}`).not.toEqual(held[key]);
        held[key] = value;
      }
    }
    expect(Object.keys((slices.at(-1)!.message as { slices: object }).slices)).toEqual(expect.arrayContaining(['tabs', 'screen']));

    // A frame the window was navigated to, another window, a malformed message: ignored.
    run.electron.fromRenderer(window, { t: 'event', event: { type: 'ui.key', key: '1' } }, 'https://evil.example/');
    const other = new FakeWindow({});
    run.electron.ipcMain.emit(IPC_TO_MAIN, { sender: other.webContents, senderFrame: { url: 'cockpit://app/index.html' } }, { t: 'event', event: { type: 'ui.key', key: '1' } });
    run.electron.fromRenderer(window, { t: 'event', event: { type: 'ui.key' } });
    run.electron.fromRenderer(window, 'not json at all');
    await new Promise((r) => setTimeout(r, 300));
    expect(run.main.engine()!.getView().screen.id).toBe('stamps');

    // Electron gives real paths: a drop pre-fills :upload with them.
    run.electron.fromRenderer(window, { t: 'event', event: { type: 'ui.drop', paths: ['/home/op/site'] } });
    const dropped = await run.waitForRenderer(window, (v) => v.overlay?.kind === 'palette', 'the palette');
    expect(dropped.overlay).toMatchObject({ kind: 'palette', input: 'upload /home/op/site' });
    // The page follows the OS scheme it reports.
    run.electron.fromRenderer(window, { t: 'event', event: { type: 'ui.scheme', scheme: 'light' } });
    await run.waitForRenderer(window, (v) => v.theme.scheme === 'light', 'the light scheme');
    expect(await closeAndWait(run, window)).toBe(EXIT.ok);
  });

  it('shows each Warn/Fail transition once as an OS notification when [notifications] desktop is set', async () => {
    const run = start({ config: '[notifications]\ndesktop = true\n' });
    const window = await run.window();
    await new Promise((r) => setTimeout(r, 800)); // a first poll: no notification for what already was
    expect(run.electron.notifications).toEqual([]);
    const control = devnet.control.node(0);
    control.setFault({ frozen: true });
    try {
      for (let i = 0; i < 200 && run.electron.notifications.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
      expect(run.electron.notifications[0]).toMatchObject({ title: expect.stringContaining('not frozen'), body: expect.stringMatching(/frozen/i) });
      const count = run.electron.notifications.length;
      await new Promise((r) => setTimeout(r, 800));
      expect(run.electron.notifications.length).toBe(count); // each once, though the gate stays Fail
    } finally {
      control.heal();
    }
    expect(await closeAndWait(run, window)).toBe(EXIT.ok);
  });

  it(':quit closes the window with the engine\'s exit code; SIGTERM closes it too', async () => {
    const run = start();
    const window = await run.window();
    run.electron.fromRenderer(window, { t: 'event', event: { type: 'ui.key', key: ':' } });
    for (const key of 'quit') run.electron.fromRenderer(window, { t: 'event', event: { type: 'ui.key', key } });
    run.electron.fromRenderer(window, { t: 'event', event: { type: 'ui.submit', target: { kind: 'palette' } } });
    expect(await run.main.done).toBe(0);
    expect(window.destroyed).toBe(true);
    expect(run.electron.exits).toEqual([0]);

    const second = start();
    const other = await (async () => {
      for (let i = 0; i < 600 && FakeWindow.created.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
      return FakeWindow.created[0]!;
    })();
    second.signals.emit('SIGTERM');
    expect(await second.main.done).toBe(0);
    expect(other.destroyed).toBe(true);
  });

  it('refuses a bad config before any window: a bad file is an error, a bad flag a usage error', async () => {
    const run = start({ config: '[[nodes]]\nname = "a"\nurll = "http://x"\n' });
    expect(await run.main.done).toBe(EXIT.error);
    expect(FakeWindow.created).toEqual([]);
    expect(run.stderr.join('')).toMatch(/unknown key "urll"/);
    expect(run.electron.exits).toEqual([EXIT.error]);
    const flag = start({ launch: { nodeBin: '/usr/bin/true' } });
    expect(await flag.main.done).toBe(EXIT.usage);
    expect(flag.stderr.join('')).toMatch(/--node-config/);
    expect(FakeWindow.created).toEqual([]);
  });

  it('with --node-bin the window waits for /health; closing it stops the node and prints its final status', async () => {
    const devnetBin = compileEntries('desktop-supervised', ['devnet/devnet-bin.ts'])('devnet/devnet-bin.ts');
    const node = await devnetAsBee(dir, devnetBin, { startDelaySeconds: 1 });
    const run = start({ launch: { urls: [node.url], nodeBin: node.bin, nodeConfig: node.config } });
    const window = await run.window();
    // The window exists only once the node answered: its chip says running from the first view.
    expect(run.main.engine()!.getView().topBar.supervisor?.text).toMatch(/^running/);
    expect(run.stderr.join('')).toContain('the window opens once it answers /health');
    expect(await closeAndWait(run, window)).toBe(0);
    expect(run.stdout.join('')).toMatch(/^node exited \(0\)/);
  }, 90_000);
});

describe('the window with --inspect', () => {
  it('the handoff carries the target (a bridge, or a ws:// URL checked again); the engine sends the root to the inspector', async () => {
    expect(parseDesktopLaunch(encodeDesktopLaunch({ launch: { urls: [] }, version: '1', inspect: { kind: 'bridge' } })).inspect).toEqual({ kind: 'bridge' });
    expect(parseDesktopLaunch(JSON.stringify({ launch: {}, inspect: { kind: 'url', url: 'javascript:alert(1)' } })).inspect).toBeUndefined();
    const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise((resolve) => server.once('listening', resolve));
    const url = `ws://127.0.0.1:${(server.address() as { port: number }).port}`;
    const names: string[] = [];
    server.on('connection', (socket) => socket.on('message', (data) => names.push(String((JSON.parse(data.toString()) as { name?: string }).name))));
    const run = start({ inspect: { kind: 'url', url } });
    const window = await run.window();
    expect(run.stderr.join('')).toContain(`cockpit: inspector: sending the actor system's events to ${url}\n`);
    for (let i = 0; i < 200 && !names.includes('session'); i++) await new Promise((r) => setTimeout(r, 50));
    expect(names[0]).toBe('cockpit');
    expect(names).toContain('session');
    expect(await closeAndWait(run, window)).toBe(0);
    await new Promise((resolve) => server.close(resolve));
  });
});

describe('the sandboxed preload', () => {
  it('exposes only send, onMessage and pathsOf, on the channels the main process listens to', async () => {
    const out = compileEntries('desktop-preload', ['surfaces/desktop/electron/preload.cts'])('surfaces/desktop/electron/preload.cts').replace(/\.cts$/, '.cjs');
    const source = await readFile(out, 'utf8');
    const sent: unknown[][] = [];
    const listeners = new EventEmitter();
    let exposed: { name: string; api: CockpitPreloadApi } | null = null;
    const electron = {
      ipcRenderer: {
        send: (...args: unknown[]) => sent.push(args),
        on: (channel: string, fn: (...args: unknown[]) => void) => listeners.on(channel, fn),
        removeListener: (channel: string, fn: (...args: unknown[]) => void) => listeners.off(channel, fn),
      },
      webUtils: { getPathForFile: (file: { name: string }) => (file.name === 'no-path' ? '' : `/home/op/${file.name}`) },
      contextBridge: { exposeInMainWorld: (name: string, api: CockpitPreloadApi) => (exposed = { name, api }) },
    };
    // As Electron runs a sandboxed preload: a function of require, process, exports, module.
    const requireElectron = (id: string) => {
      if (id !== 'electron') throw new Error(`module not found: ${id}`);
      return electron;
    };
    new Function('require', 'process', 'exports', 'module', source)(requireElectron, {}, {}, { exports: {} });
    expect(exposed!.name).toBe('cockpitDesktop');
    expect(Object.keys(exposed!.api).sort()).toEqual(['onMessage', 'pathsOf', 'send']);
    exposed!.api.send({ t: 'hello' });
    expect(sent).toEqual([[IPC_TO_MAIN, { t: 'hello' }]]);
    const got: unknown[] = [];
    const off = exposed!.api.onMessage((message) => got.push(message));
    listeners.emit(IPC_TO_RENDERER, {}, { t: 'patch', slices: {} });
    off();
    listeners.emit(IPC_TO_RENDERER, {}, { t: 'patch', slices: {} });
    expect(got).toEqual([{ t: 'patch', slices: {} }]);
    expect(exposed!.api.pathsOf([{ name: 'site' }, { name: 'no-path' }] as unknown as File[])).toEqual(['/home/op/site', '']);
  });
});

