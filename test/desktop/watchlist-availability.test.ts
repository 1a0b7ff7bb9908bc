/**
 * S12's availability over days (issue 29.6) in real headless Chromium through `cockpit --serve` against a
 * devnet: a data directory left by an earlier run (a day of checks) is restored into S12's rows (share, first
 * failure, longest outage, trend); a re-check after the devnet lost the content adds to them, and the new check
 * reaches watch-history.json.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startDevnet, type StartedDevnet } from '../../devnet/devnet.js';
import { CockpitStateStore } from '../../actors/cockpit/state-store.js';
import { WATCH_HISTORY_FILE } from '../../actors/cockpit/watch-history.js';
import { launchChromium } from '../fixtures/browser.js';
import { uploadRandom } from '../fixtures/devnet-content.js';
import { seedWatchHistory } from '../fixtures/watch-history-seed.js';
import { ensureRendererBuilt, openWindow, screenshot, serveWindow } from './window-harness.js';

let devnet: StartedDevnet;
let browser: Browser;

beforeAll(async () => {
  await ensureRendererBuilt();
  devnet = await startDevnet({ nodes: 2, port: 0, mineBlocks: false, pushDelayMs: 0 });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await devnet?.stop();
});

describe('S12 availability over days (cockpit --serve, Chromium, devnet)', { timeout: 120_000 }, () => {
  it('restores a day of checks into the row, and a re-check after the content was lost adds to it', async () => {
    const reference = await uploadRandom(devnet.nodes[0]!, 4096);
    const win = await serveWindow({ urls: devnet.nodes.map((n) => n.url) });
    const data = join(win.dir, 'seeded');
    await win.stop();
    // 24 hourly checks: lost from 10 h ago to 7 h ago (3 h), retrievable otherwise.
    const checks = Array.from({ length: 24 }, (_, i) => ({ reference, hoursAgo: 24 - i, retrievable: !(24 - i <= 10 && 24 - i > 7) }));
    await seedWatchHistory(data, [{ reference }], checks, devnet.nodes[0]!.url);
    const stateStore = await CockpitStateStore.open(data);
    const again = await serveWindow({ urls: devnet.nodes.map((n) => n.url), stateStore, launch: { screen: 'watchlist' } });
    try {
      const { context, page } = await openWindow(browser, again.serving.url);
      try {
        const row = page.locator(`[data-testid="section-references"] tr[data-key="${reference}"]`);
        const cells = async () => (await row.locator('td').allTextContents()).map((t) => t.trim());
        await row.waitFor({ timeout: 30_000 });
        const restored = await cells();
        expect(restored.slice(5)).toEqual(['88 % of 24', expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d$/), '3 h', 'xxx+++++++ worse']);
        await screenshot(page, 'S12-availability-restored');
        // The fault: every node loses the content's one chunk; a re-check (Enter on the row) finds it NOT retrievable.
        for (let i = 0; i < devnet.nodes.length; i++) devnet.control.loseChunks({ nodeIndex: i, addresses: [reference] });
        await page.keyboard.press('Enter'); // the only row is selected: re-check it
        await expect.poll(cells, { timeout: 30_000 }).toEqual(expect.arrayContaining(['84 % of 25']));
        const after = await cells();
        expect(after[1]).toBe('NOT retrievable');
        expect(after[8]).toBe('xx+++++++x worse');
        expect(after[7]).toMatch(/^3 h; ongoing since \d{4}-\d\d-\d\d \d\d:\d\d$/);
        await screenshot(page, 'S12-availability-lost');
      } finally {
        await context.close();
      }
    } finally {
      await again.stop();
    }
    const onDisk = JSON.parse(readFileSync(join(data, WATCH_HISTORY_FILE), 'utf8')).references[reference];
    expect(onDisk).toMatchObject({ checks: 25, retrievable: 21, notRetrievable: 4 });
  });
});
