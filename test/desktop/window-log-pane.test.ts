/**
 * The window's 40-row rule (issue 28 item 1), in real headless Chromium through `cockpit --serve` against a
 * devnet: the renderer reports how many text rows its viewport holds (`ui.viewport`: innerHeight over the
 * body's 19.6 px line), and the engine opens the log pane from 40 rows, as the terminal's does, unless
 * `[ui] log_pane` says otherwise; the operator's Ctrl+L wins over any later resize. An open log pane takes the
 * height a short screen leaves, so the used share of the height between the tabs and the key hints is stated
 * (printed) and high on Health, Stamps, Peers and Fleet at 1280x800 and 1920x1080 (screenshots:
 * test-output/desktop-layout/log-pane-<size>-<screen>.png).
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { windowSuite, type CockpitWindow } from './window-harness.js';

const SHOTS = join(process.cwd(), 'test-output', 'desktop-layout');
const suite = windowSuite({ nodes: 3, shots: SHOTS });

async function open(page: Page, win: CockpitWindow): Promise<void> {
  await page.goto(win.serving.url);
  await page.waitForSelector('[data-testid="screen"][data-screen="health"]:not([data-status="loading"])', { timeout: 90_000 });
}

const logPaneShown = (page: Page) => page.getByTestId('log-pane').isVisible();

async function waitLogPane(page: Page, shown: boolean): Promise<void> {
  await page.waitForFunction((want) => (document.querySelector('[data-testid="log-pane"]') !== null) === want, shown, { timeout: 10_000 });
}

/** Runs in the page: the share of the height between the tabs and the key hints that the screen's content and the log pane cover. */
function usedShare(): number {
  const top = document.querySelector('[data-testid="tabs"]')!.getBoundingClientRect().bottom;
  const bottom = document.querySelector('[data-testid="hints"]')!.getBoundingClientRect().top;
  const main = document.querySelector('.screen-main') as HTMLElement;
  const content = Math.min(main.scrollHeight, main.clientHeight);
  const pane = document.querySelector('[data-testid="log-pane"]')?.getBoundingClientRect().height ?? 0;
  const banner = document.querySelector('[data-testid="banner"]')?.getBoundingClientRect().height ?? 0;
  return Math.min(1, (content + pane + banner) / (bottom - top));
}

describe('the window’s log pane by its height (cockpit --serve, Chromium, devnet)', { timeout: 300_000 }, () => {
  it('opens at 1280x800 (40 rows) and 1920x1080 (55 rows), closes at 1280x600 (30 rows); the used height is stated', async () => {
    const win = await suite.serve({ urls: suite.devnet.nodes.map((node) => node.url) });
    const context = await suite.browser.newContext({ viewport: { width: 1280, height: 600 } });
    try {
      const page = await context.newPage();
      await open(page, win);
      expect(await page.evaluate(() => Math.floor(window.innerHeight / parseFloat(getComputedStyle(document.body).lineHeight)))).toBe(30);
      expect(await logPaneShown(page)).toBe(false);
      const used: Record<string, Record<string, number>> = {};
      for (const size of [{ width: 1280, height: 800 }, { width: 1920, height: 1080 }]) {
        await page.setViewportSize(size);
        await waitLogPane(page, true);
        const name = `${size.width}x${size.height}`;
        used[name] = {};
        for (const screen of ['health', 'stamps', 'peers', 'fleet']) {
          await page.locator(`.tab[data-screen="${screen}"]`).click();
          await page.waitForSelector(`[data-testid="screen"][data-screen="${screen}"]:not([data-status="loading"])`, { timeout: 30_000 });
          await page.waitForTimeout(400);
          used[name]![screen] = Math.round((await page.evaluate(usedShare)) * 100) / 100;
          await page.screenshot({ path: join(SHOTS, `log-pane-${name}-${screen}.png`) });
        }
      }
      // The figures, for the note and the docs.
      console.log(`window used-height shares (screen content + log pane, between the tabs and the key hints): ${JSON.stringify(used)}`);
      for (const [size, shares] of Object.entries(used)) for (const [screen, share] of Object.entries(shares)) expect(share, `${screen} at ${size}`).toBeGreaterThanOrEqual(0.75);
      await page.setViewportSize({ width: 1280, height: 600 });
      await waitLogPane(page, false);
    } finally {
      await context.close();
    }
  });

  it('Ctrl+L wins over a later resize; [ui] log_pane = "closed" keeps it closed at 1920x1080', async () => {
    const win = await suite.serve({ urls: [suite.devnet.nodes[0]!.url] });
    const context = await suite.browser.newContext({ viewport: { width: 1920, height: 1080 } });
    try {
      const page = await context.newPage();
      await open(page, win);
      await waitLogPane(page, true);
      await page.locator('body').click({ position: { x: 5, y: 300 } });
      await page.keyboard.press('Control+l');
      await waitLogPane(page, false);
      await page.setViewportSize({ width: 1920, height: 1000 });
      await page.waitForTimeout(800);
      expect(await logPaneShown(page)).toBe(false);
    } finally {
      await context.close();
    }
    const closed = await suite.serve({ urls: [suite.devnet.nodes[0]!.url], configToml: '[ui]\nlog_pane = "closed"\n' });
    const second = await suite.browser.newContext({ viewport: { width: 1920, height: 1080 } });
    try {
      const page = await second.newPage();
      await open(page, closed);
      await page.waitForTimeout(800);
      expect(await logPaneShown(page)).toBe(false);
      await page.locator('body').click({ position: { x: 5, y: 300 } });
      await page.keyboard.press('Control+l');
      await waitLogPane(page, true);
    } finally {
      await second.close();
    }
  });
});
