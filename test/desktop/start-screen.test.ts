/**
 * The screen the desktop window opens on (issue 28 item 6), in real headless Chromium through `cockpit --serve`
 * against a one-node devnet: Health by default even when the data directory remembers Lottery, `--screen` and
 * `[ui] start_screen`, and the opt-in `[ui] restore_last_screen`. (The refusals of unknown names are
 * tested in actors/cockpit/config-loader.test.ts and, as the bin exits, in test/tui/start-screen.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startDevnet, type StartedDevnet } from '../../devnet/devnet.js';
import { memoryStateStore } from '../../core/cockpit/interaction/config.js';
import { launchChromium } from '../fixtures/browser.js';
import { ensureRendererBuilt, openWindow, serveWindow, type WindowOptions } from './window-harness.js';

let devnet: StartedDevnet;
let browser: Browser;

beforeAll(async () => {
  await ensureRendererBuilt();
  devnet = await startDevnet({ nodes: 1, port: 0, mineBlocks: false, pushDelayMs: 0 });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await devnet?.stop();
});

/** The screen a fresh window shows first, with state.json remembering S4 Lottery. */
async function openedOn(options: Partial<WindowOptions>): Promise<string | null> {
  const win = await serveWindow({ urls: [devnet.nodes[0]!.url], stateStore: memoryStateStore({ lastScreen: 'S4' }), ...options });
  try {
    const { context, page } = await openWindow(browser, win.serving.url);
    try {
      await page.waitForSelector('[data-testid="screen"][data-screen]', { timeout: 30_000 });
      return await page.getByTestId('screen-title').textContent();
    } finally {
      await context.close();
    }
  } finally {
    await win.stop();
  }
}

describe('the desktop window\'s start screen (cockpit --serve, Chromium, devnet)', { timeout: 120_000 }, () => {
  it('opens on Health though the last screen was Lottery', async () => {
    expect(await openedOn({})).toBe('S1 Health');
  });

  it('--screen and [ui] start_screen open another; restore_last_screen = true the remembered one', async () => {
    expect(await openedOn({ launch: { screen: 'fleet' } })).toBe('S15 Fleet');
    expect(await openedOn({ configToml: '[ui]\nstart_screen = "api-health"\n' })).toBe('S8 API Health');
    expect(await openedOn({ configToml: '[ui]\nstart_screen = "peers"\nrestore_last_screen = true\n' })).toBe('S4 Lottery');
    expect(await openedOn({ configToml: '[ui]\nrestore_last_screen = true\n', launch: { screen: 'health' } })).toBe('S1 Health');
  });
});
