/**
 * `:stop` in the desktop window (issue 29 item 2), in real headless Chromium through `cockpit --serve` and the real
 * engine, which supervises the devnet node as its child (`[store]`, `[store.supervisor] drain_secs = 60`, 0.05 s
 * blocks): typed early in a commit phase of a round the node plays, the supervisor chip reads
 * `node: draining (reveal ends in ~N blocks)` while the window stays served, then `node: stopped (exited (0))`.
 */
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { compileEntries } from '../compiled-entries.js';
import { launchChromium } from '../fixtures/browser.js';
import { freePort } from '../fixtures/devnet-as-bee.js';
import { earlyCommitOfPlayedRound, phaseOf } from '../fixtures/redistribution-phase.js';
import { ensureRendererBuilt, openWindow, screenshot, serveWindow } from './window-harness.js';

let dir: string;
let browser: Browser;

beforeAll(async () => {
  await ensureRendererBuilt();
  dir = await mkdtemp(join(tmpdir(), 'desktop-stop-verb-'));
  browser = await launchChromium();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await rm(dir, { recursive: true, force: true });
});


describe(':stop in the desktop window (Chromium, supervised devnet node)', () => {
  it('shows the draining chip while the node finishes its reveal, then the stopped chip, the window still served', async () => {
    const devnetBin = compileEntries('desktop-stop-verb', ['devnet/devnet-bin.ts'])('devnet/devnet-bin.ts');
    const bin = join(dir, 'bee');
    await writeFile(bin, `#!/bin/sh\nexec "${process.execPath}" "${devnetBin}" "$@"\n`);
    await chmod(bin, 0o755);
    const port = await freePort();
    const yaml = join(dir, 'bee.yaml');
    await writeFile(yaml, `api-addr: 127.0.0.1:${port}\ndata-dir: ${join(dir, 'bee-data')}\nblock-time: 0.05\n`);
    const url = `http://127.0.0.1:${port}`;
    const win = await serveWindow({ urls: [url], configToml: `[store]\nbin = "${bin}"\nconfig = "${yaml}"\n\n[store.supervisor]\ndrain_secs = 60\n` });
    try {
      const { page } = await openWindow(browser, win.serving.url);
      const chip = page.getByTestId('supervisor-chip');
      await expect.poll(() => chip.textContent(), { timeout: 30_000 }).toMatch(/^node: running/);
      await earlyCommitOfPlayedRound(url);
      await page.keyboard.press(':');
      const input = page.getByTestId('palette-input');
      await input.waitFor();
      await input.fill('stop');
      await input.press('Enter');
      await expect.poll(() => chip.textContent(), { timeout: 10_000, interval: 50 }).toMatch(/^node: draining \(reveal ends in ~\d+ blocks?\) · round \d+: /);
      expect(await chip.getAttribute('class')).toContain('tone-warn');
      await screenshot(page, 'supervisor-draining');
      expect(await phaseOf(url)).not.toBeNull();
      await expect.poll(() => chip.textContent(), { timeout: 30_000 }).toMatch(/^node: stopped \(exited \(0\)\) · node exited \(0\) after SIGTERM, uptime \d+s; drained \d+s: round \d+: claim phase/);
      expect(await phaseOf(url)).toBeNull();
      expect((page as unknown as { errors?: string[] }).errors ?? []).toEqual([]);
    } finally {
      await win.stop();
    }
  }, 150_000);
});
