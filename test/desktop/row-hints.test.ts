/**
 * Issue 28 item 2 in the desktop window (real headless Chromium through `cockpit --serve` and the real engine)
 * against a devnet with faults: the rows that say what to do, drawn by the window from the same screen models
 * as the terminal. Node alpha (the default) has batches expiring within a day (`expiringStamp`) and too few
 * peers (`lowPeers`); the other node, named by its URL, answers 500 everywhere (`error500`). Screenshots go to
 * test-output/desktop/row-hints-*.png.
 */
import { describe, expect, it } from 'vitest';
import { screenshot, windowSuite } from './window-harness.js';

const suite = windowSuite({
  nodes: 2,
  window: async (devnet) => {
    await devnet.control.node(0).setFault({ expiringStamp: true, lowPeers: true });
    await devnet.control.node(1).setFault({ error500: true });
    const [alpha, other] = devnet.nodes.map((node) => node.url) as [string, string];
    return { urls: [], configToml: ['[[nodes]]', 'name = "alpha"', `url = "${alpha}"`, 'default = true', '', '[[nodes]]', `name = "${other}"`, `url = "${other}"`].join('\n') };
  },
});

const waitScreen = (id: string) => suite.page.waitForSelector(`[data-testid="screen"][data-screen="${id}"]:not([data-status="loading"])`, { timeout: 30_000 });
/** The hint row right after the table row with this key, or null. */
const hintAfter = (section: string, key: string) =>
  suite.page.evaluate(
    ([s, k]) => {
      const row = document.querySelector(`[data-testid="section-${s}"] tr[data-key="${CSS.escape(k!)}"]`);
      const next = row?.nextElementSibling;
      return next?.getAttribute('data-testid') === 'row-hint' ? next.textContent : null;
    },
    [section, key] as const,
  );

describe('cockpit window: rows that say what to do (devnet with faults)', { timeout: 90_000 }, () => {
  it('S1 Health: a remedy under each Warn or Fail gate, none under a Pass', async () => {
    await waitScreen('health');
    await expect.poll(() => hintAfter('gates', 'stampTtl'), { timeout: 20_000 }).toMatch(/^do: top up the batch: --once topup-preview/);
    expect(await hintAfter('gates', 'peerCount')).toMatch(/^do: check that Bee’s P2P port is reachable/);
    expect(await hintAfter('gates', 'apiReachable')).toBeNull();
    await screenshot(suite.page, 'row-hints-S01-health');
  });

  it('S15 Fleet: ★ on the default node, the gate behind each warn or fail, the URL-named node once', async () => {
    await suite.page.keyboard.press(':');
    const input = suite.page.getByTestId('palette-input');
    await input.fill('fleet');
    await input.press('Enter');
    await waitScreen('fleet');
    const other = suite.devnet.nodes[1]!.url;
    await expect.poll(() => hintAfter('nodes', other), { timeout: 20_000 }).toMatch(/^API reachable Fail: the API answers, but not as Bee should/);
    expect(await hintAfter('nodes', 'alpha')).toMatch(/^(peer count|stamp TTL) (Warn|Fail): /);
    const alphaCells = await suite.page.locator('[data-testid="section-nodes"] tr[data-key="alpha"] td').allTextContents();
    expect(alphaCells[0]).toBe('●★');
    // The node named by its URL: the URL once, the URL column says —.
    const otherCells = await suite.page.locator(`[data-testid="section-nodes"] tr[data-key="${other}"] td`).allTextContents();
    expect(otherCells.filter((text) => text === other)).toHaveLength(1);
    expect(otherCells.at(-1)).toBe('—');
    await screenshot(suite.page, 'row-hints-S15-fleet');
  });

  it('S2 Stamps: volumes, mutability, the fill bar, the top-up hint with the selected batch’s full ID', async () => {
    await suite.page.keyboard.press('2');
    await waitScreen('stamps');
    const batch = suite.devnet.nodes[0]!.batchId!;
    await expect.poll(() => hintAfter('batches', batch), { timeout: 20_000 }).toMatch(new RegExp(`^selected batch ${batch} · TTL \\d+ h( \\d+ min)?, under a day: top up within the day; --once extend-preview ${batch.slice(0, 8)} 30d prices 30 d more$`));
    const headers = await suite.page.locator('[data-testid="section-batches"] th').allTextContents();
    expect(headers).toEqual(expect.arrayContaining(['Volume', 'Effective', 'Type', 'Bucket fill']));
    const cells = await suite.page.locator(`[data-testid="section-batches"] tr[data-key="${batch}"] td`).allTextContents();
    const at = (label: string) => cells[headers.indexOf(label)];
    expect(at('Volume')).toBe('17.18 GB');
    expect(at('Effective')).toBe('7.07 GB');
    expect(at('Type')).toMatch(/^(im)?mutable$/);
    expect(at('Bucket fill')).toMatch(/^[█░]{10}$/);
    await screenshot(suite.page, 'row-hints-S02-stamps');
  });
});
