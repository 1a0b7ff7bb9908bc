import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startDevnet, type StartedDevnet } from '../../devnet/devnet.js';
import { launchChromium } from '../fixtures/browser.js';
import { ensureRendererBuilt, openWindow, screenshot, serveWindow, type CockpitWindow } from './window-harness.js';

let devnet: StartedDevnet;
let win: CockpitWindow;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  await ensureRendererBuilt();
  devnet = await startDevnet({ nodes: 2, port: 0, mineBlocks: false, pushDelayMs: 0 });
  win = await serveWindow({ urls: devnet.nodes.map((n) => n.url) });
  browser = await launchChromium();
  ({ page } = await openWindow(browser, win.serving.url));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await win?.stop();
  await devnet?.stop();
});

it('smoke', async () => {
  await page.getByTestId('screen-title').waitFor();
  await page.waitForSelector('[data-testid="screen"][data-status="ready"]', { timeout: 20_000 });
  await screenshot(page, 'smoke-health');
  for (const key of ['2', '5', '6']) {
    await page.keyboard.press(key);
    await page.waitForTimeout(1500);
    await screenshot(page, `smoke-${key}`);
  }
  await page.keyboard.press('Control+l');
  await page.keyboard.press(':');
  await page.waitForTimeout(800);
  await screenshot(page, 'smoke-palette');
  expect((page as Page & { errors: string[] }).errors).toEqual([]);
}, 120_000);
