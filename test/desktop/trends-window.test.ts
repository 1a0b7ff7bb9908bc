/**
 * Sparklines beside the figures (issue 28 item 3) in the window, in real headless Chromium through
 * `cockpit --serve` and the real engine against a devnet: on S1-S8 each figure the trend ring keeps has an SVG
 * sparkline before its value, titled with what it is over the last hour; S6 has one per bin near the depth.
 * Screenshots in test-output/desktop/trends-S<n>-<screen>.png.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, windowSuite } from './window-harness.js';

const suite = windowSuite({
  nodes: 2,
  window: (devnet) => ({ urls: [], configToml: devnet.nodes.flatMap((n, i) => ['[[nodes]]', `name = "n${i}"`, `url = "${n.url}"`, '']).join('\n') }),
});

/** Per screen: the section and fact label (or table) whose sparkline must be drawn, and what its title says. */
const FIGURES: readonly { number: number; id: string; sparks: readonly { section: string; label?: string; title: RegExp }[] }[] = [
  { number: 1, id: 'health', sparks: [{ section: 'summary', label: 'Worst-batch TTL', title: /^worst-batch TTL \(s\) over the last hour: / }] },
  { number: 2, id: 'stamps', sparks: [{ section: 'batches', title: /^worst-batch TTL \(s\) over the last hour: / }] },
  {
    number: 3,
    id: 'swap',
    sparks: [
      { section: 'wallet', label: 'xBZZ', title: /^xBZZ balance over the last hour: / },
      { section: 'wallet', label: 'Native token', title: /^native-token balance over the last hour: / },
    ],
  },
  { number: 4, id: 'lottery', sparks: [{ section: 'rchash', label: 'Depth', title: /^storage radius over the last hour: / }] },
  {
    number: 5,
    id: 'warmup',
    sparks: [
      { section: 'radiusDoctor', label: 'Storage radius', title: /^storage radius over the last hour: / },
      { section: 'radiusDoctor', label: 'Reserve in radius', title: /^reserve size within radius \(chunks\) over the last hour: / },
      { section: 'radiusDoctor', label: 'Peers near depth', title: /^peers in the least connected bin under the depth over the last hour: / },
    ],
  },
  {
    number: 6,
    id: 'peers',
    sparks: [
      { section: 'summary', label: 'connected', title: /^connected peers over the last hour: / },
      { section: 'nearDepthBins', title: /^connected peers in bin \d+ over the last hour: / },
    ],
  },
  { number: 7, id: 'network', sparks: [{ section: 'radiusDoctor', label: 'Reserve in radius', title: /^reserve size within radius/ }] },
  {
    number: 8,
    id: 'apiHealth',
    sparks: [
      { section: 'chain', label: 'Lag', title: /^chain lag \(blocks\) over the last hour: / },
      { section: 'nodeLatency', label: 'API p95', title: /^API p95 latency \(ms\) over the last hour: / },
    ],
  },
];

describe('the window draws each figure’s last hour beside it (Chromium, devnet)', () => {
  it('S1-S8: an SVG sparkline before each ringed figure, titled with the hour', { timeout: 240_000 }, async () => {
    const { page } = suite;
    await page.waitForSelector('[data-testid="screen"][data-screen="health"]:not([data-status="loading"])', { timeout: 30_000 });
    for (const screen of FIGURES) {
      await page.keyboard.press(String(screen.number));
      await page.waitForSelector(`[data-testid="screen"][data-screen="${screen.id}"]:not([data-status="loading"])`, { timeout: 30_000 });
      for (const spark of screen.sparks) {
        const section = page.getByTestId(`section-${spark.section}`);
        const holder = spark.label ? section.locator('.fact', { has: page.locator('dt', { hasText: new RegExp(`^${spark.label}$`) }) }).locator('dd').first() : section.locator('tbody');
        const svg = holder.locator('svg.sparkline').first();
        await expect.poll(() => svg.getAttribute('aria-label').catch(() => null), { timeout: 30_000, message: `S${screen.number} ${spark.section} ${spark.label ?? ''}` }).toMatch(spark.title);
        expect(await svg.locator('path, circle').count()).toBeGreaterThan(0);
        if (spark.label) {
          // Beside the figure: the sparkline is the value's first child, the figure's text right after it.
          expect(await holder.evaluate((dd) => dd.firstElementChild?.classList.contains('fact-spark') ?? false)).toBe(true);
          expect((await holder.textContent())?.trim().length).toBeGreaterThan(0);
        }
      }
      await screenshot(page, `trends-S${screen.number}-${screen.id}`);
    }
    expect((page as Page & { errors: string[] }).errors).toEqual([]);
  });
});
