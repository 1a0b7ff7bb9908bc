/**
 * The desktop window in real headless Chromium through `cockpit --serve` (surfaces/desktop/serve.ts), for the
 * window's tests and its speed bench: the built renderer, the real engine against the URLs given (a devnet),
 * a config file of the test's choosing, and helpers to press keys, drop real files (Chromium's own drag
 * input through the DevTools protocol, with paths on disk, folders included) and wait for what the window
 * shows.
 */
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { serveCockpit, type ServeCockpitOptions, type ServingCockpit } from '../../surfaces/desktop/serve.js';
import { memoryStateStore } from '../../core/cockpit/interaction/config.js';
import { afterAll, beforeAll } from 'vitest';
import { startDevnet, type StartedDevnet } from '../../devnet/devnet.js';
import { launchChromium } from '../fixtures/browser.js';

export const RENDERER_DIST = join(process.cwd(), 'surfaces/desktop/renderer/dist');
export const SHOTS = join(process.cwd(), 'test-output', 'desktop');

/** Builds the renderer when this checkout has no build yet (npm test builds it first). */
export async function ensureRendererBuilt(): Promise<void> {
  if (existsSync(join(RENDERER_DIST, 'index.html'))) return;
  const { build } = await import('vite');
  await build({ configFile: join(process.cwd(), 'surfaces/desktop/renderer/vite.config.ts'), logLevel: 'warn' });
}

export interface WindowOptions {
  readonly urls: readonly string[];
  /** The config file's text (TOML); none: defaults. */
  readonly configToml?: string;
  readonly env?: Record<string, string>;
  readonly launch?: Partial<ServeCockpitOptions['launch']>;
  readonly engineOptions?: ServeCockpitOptions['engineOptions'];
  /** What the data directory remembers (default: a fresh memory store). */
  readonly stateStore?: ServeCockpitOptions['stateStore'];
}

export interface CockpitWindow {
  readonly serving: ServingCockpit;
  readonly dir: string;
  readonly dropRoot: string;
  stop(): Promise<void>;
}

export async function serveWindow(options: WindowOptions): Promise<CockpitWindow> {
  const dir = mkdtempSync(join(tmpdir(), 'cockpit-window-'));
  const dropRoot = join(dir, 'drops');
  mkdirSync(dropRoot);
  const configPath = join(dir, 'config.toml');
  writeFileSync(configPath, options.configToml ?? '');
  const serving = await serveCockpit({
    listen: { host: '127.0.0.1', port: 0 },
    launch: { urls: options.urls, config: configPath, ...options.launch },
    env: { COCKPIT_DATA: join(dir, 'data'), ...options.env },
    version: '0.0.0-test',
    homedir: dir,
    stateStore: options.stateStore ?? memoryStateStore(),
    dropRoot,
    engineOptions: { fleetPollIntervalMs: 300, ...options.engineOptions },
  });
  return { serving, dir, dropRoot, stop: async () => void (await serving.stop()) };
}

/** A page whose OS notifications are recorded (window.__notifications) as well as shown. */
export async function openWindow(browser: Browser, url: string, options: { colorScheme?: 'light' | 'dark' } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, colorScheme: options.colorScheme ?? 'dark' });
  await context.grantPermissions(['notifications'], { origin: new URL(url).origin });
  await context.addInitScript(() => {
    const shown: { title: string; body: string }[] = [];
    (window as unknown as { __notifications: typeof shown }).__notifications = shown;
    const Native = window.Notification;
    class Recorded extends Native {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        shown.push({ title, body: options?.body ?? '' });
      }
    }
    Object.defineProperty(window, 'Notification', { value: Recorded, configurable: true, writable: true });
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  (page as Page & { errors: string[] }).errors = errors;
  await page.goto(url);
  return { context, page };
}

/** Drops files and folders on the window as the OS would: Chromium's drag input with paths on disk. */
export async function dropPaths(page: Page, paths: readonly string[]): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const data = { items: [], files: [...paths], dragOperationsMask: 1 };
  for (const type of ['dragEnter', 'dragOver', 'drop'] as const) await cdp.send('Input.dispatchDragEvent', { type, x: 300, y: 300, data });
  await cdp.detach();
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

export interface WindowSuite {
  readonly devnet: StartedDevnet;
  readonly browser: Browser;
  serve(window: WindowOptions): Promise<CockpitWindow>;
}

/** A suite of one window: the window served in beforeAll and one page open on it. */
export interface OneWindowSuite extends WindowSuite {
  readonly page: Page;
}

/** Given the started devnet (set its faults here), the options of a suite's one window. */
type OneWindow = (devnet: StartedDevnet) => WindowOptions | Promise<WindowOptions>;

interface WindowSuiteOptions {
  readonly nodes: number;
  readonly shots?: string;
}

/**
 * A suite's shared parts, set up once: a devnet of `nodes` nodes, one headless Chromium, and every window the
 * suite serves through `serve` (all stopped after the suite). With `window`, the suite also serves that one
 * window once the devnet runs (`window` may set the devnet's faults first and builds the config from its
 * nodes) and opens one page on it (`openWindow`). Read the parts inside tests only.
 */
export function windowSuite(options: WindowSuiteOptions & { readonly window: OneWindow }): OneWindowSuite;
export function windowSuite(options: WindowSuiteOptions): WindowSuite;
export function windowSuite(options: WindowSuiteOptions & { readonly window?: OneWindow }): OneWindowSuite {
  let devnet: StartedDevnet | undefined;
  let browser: Browser | undefined;
  let page: Page | undefined;
  const windows: CockpitWindow[] = [];
  const serve = async (window: WindowOptions): Promise<CockpitWindow> => {
    const served = await serveWindow(window);
    windows.push(served);
    return served;
  };
  const started = <T>(part: T | undefined, what: string): T => {
    if (part === undefined) throw new Error(`${what} in beforeAll: read it inside a test`);
    return part;
  };
  beforeAll(async () => {
    await ensureRendererBuilt();
    devnet = await startDevnet({ nodes: options.nodes, port: 0, mineBlocks: false, pushDelayMs: 0 });
    browser = await launchChromium();
    if (options.shots) mkdirSync(options.shots, { recursive: true });
    if (options.window) {
      const win = await serve(await options.window(devnet));
      ({ page } = await openWindow(browser, win.serving.url));
    }
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    for (const served of windows) await served.stop();
    await devnet?.stop();
  });
  return {
    get devnet() {
      return started(devnet, 'the devnet starts');
    },
    get browser() {
      return started(browser, 'Chromium starts');
    },
    get page() {
      if (!options.window) throw new Error('this suite serves no window of its own: give windowSuite `window`');
      return started(page, 'the window\'s page opens');
    },
    serve,
  };
}
