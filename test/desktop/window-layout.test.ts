/**
 * The window's details (issue 28 items 1 and 5), in real headless Chromium through `cockpit --serve` against a
 * devnet: every screen at 1280x800 and 1920x1080, in the dark and the light theme, saved as a screenshot under
 * test-output/desktop-layout/ for a person to look at; no request answers 401 in normal use (the favicon
 * included: the page carries its icon, the browser's own /favicon.ico request would carry no token); every
 * text element passes WCAG AA contrast against the background it is drawn on (computed colours); no text
 * is cut with an ellipsis; every tab is in view; and the screen uses the window's width.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SCREENS } from '../../core/cockpit/view/screens.js';
import { windowSuite } from './window-harness.js';

const SHOTS = join(process.cwd(), 'test-output', 'desktop-layout');
const SIZES = [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
] as const;

const suite = windowSuite({ nodes: 3, shots: SHOTS });

interface ContrastFailure {
  readonly text: string;
  readonly ratio: number;
  readonly needed: number;
  readonly colour: string;
  readonly background: string;
}

/**
 * Runs in the page: every element with text of its own, its computed colour against the first opaque
 * background under it (the element's, else its ancestors'), WCAG 2.1's relative-luminance contrast. Large text
 * (24 px, or 18.66 px bold) needs 3:1, the rest 4.5:1. Hidden and disabled elements are not text an operator reads.
 */
function contrastFailures(): ContrastFailure[] {
  const parse = (colour: string): [number, number, number, number] => {
    const m = /rgba?\(([^)]+)\)/.exec(colour);
    if (!m) return [0, 0, 0, 0];
    const parts = m[1]!.split(/[ ,/]+/).filter(Boolean).map(Number);
    return [parts[0]!, parts[1]!, parts[2]!, parts[3] ?? 1];
  };
  const luminance = ([r, g, b]: readonly number[]): number => {
    const channel = (v: number) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(b!);
  };
  const backgroundOf = (element: Element): [number, number, number] => {
    for (let at: Element | null = element; at; at = at.parentElement) {
      const [r, g, b, a] = parse(getComputedStyle(at).backgroundColor);
      if (a >= 0.99) return [r, g, b];
    }
    return [255, 255, 255];
  };
  const failures: ContrastFailure[] = [];
  for (const element of Array.from(document.body.querySelectorAll('*'))) {
    const own = Array.from(element.childNodes).some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim() !== '');
    if (!own) continue;
    const style = getComputedStyle(element);
    const box = element.getBoundingClientRect();
    if (style.visibility === 'hidden' || style.display === 'none' || box.width === 0 || box.height === 0) continue;
    if ((element as HTMLButtonElement).disabled || element.closest('[aria-disabled="true"], :disabled')) continue;
    const [r, g, b, a] = parse(style.color);
    const background = backgroundOf(element);
    const fg = a >= 0.99 ? [r, g, b] : [r * a + background[0] * (1 - a), g * a + background[1] * (1 - a), b * a + background[2] * (1 - a)];
    const [lighter, darker] = [luminance(fg), luminance(background)].sort((x, y) => y - x) as [number, number];
    const ratio = (lighter + 0.05) / (darker + 0.05);
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
    const needed = large ? 3 : 4.5;
    if (ratio < needed) failures.push({ text: element.textContent!.trim().slice(0, 40), ratio: Math.round(ratio * 100) / 100, needed, colour: style.color, background: `rgb(${background.join(', ')})` });
  }
  return failures;
}

/** Runs in the page: text the browser cuts with an ellipsis (its content wider than its box). */
function ellipsisCuts(): string[] {
  return Array.from(document.body.querySelectorAll('*'))
    .filter((element) => getComputedStyle(element).textOverflow === 'ellipsis' && element.scrollWidth > element.clientWidth + 1)
    .map((element) => `${element.className}: ${element.textContent!.trim().slice(0, 60)}`);
}

/**
 * Runs in the page: the classes of layout defects a person found looking at the 60 screenshots (docs/window-review.md),
 * so they cannot come back unseen:
 * - a scroll box with hidden horizontal overflow (a gate's reason running past the window's edge);
 * - text that spills out of its section (the Warmup checklist over the radius doctor beside it);
 * - two sections whose boxes overlap;
 * - a section with nothing in it: no rows, no line, no field, no button, and no text saying why;
 * - text smaller than 11 px.
 */
function layoutDefects(): string[] {
  const defects: string[] = [];
  const visible = (element: Element) => {
    const box = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && style.display !== 'none';
  };
  const name = (element: Element) => `${element.tagName.toLowerCase()}.${String(element.className).split(' ').join('.')} "${(element.textContent ?? '').trim().slice(0, 40)}"`;
  for (const box of Array.from(document.querySelectorAll('.screen-main, .sections, .table-wrap, .section'))) {
    if (box.scrollWidth > box.clientWidth + 1) defects.push(`horizontal overflow of ${box.scrollWidth - box.clientWidth} px in ${name(box)}`);
  }
  // The window's chrome keeps its height: a tall log pane never squeezes the top bar, the tabs or the key hints.
  for (const bar of Array.from(document.querySelectorAll('.top-bar, .tabs, .hints, .banner'))) {
    if (bar.scrollHeight > bar.clientHeight + 1) defects.push(`${name(bar)} squeezed to ${bar.clientHeight} of ${bar.scrollHeight} px`);
  }
  const sections = Array.from(document.querySelectorAll('.screen-main .section')).filter(visible);
  for (const section of sections) {
    const frame = section.getBoundingClientRect();
    for (const element of Array.from(section.querySelectorAll('*')).filter(visible)) {
      const own = Array.from(element.childNodes).some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim() !== '');
      if (!own) continue;
      const box = element.getBoundingClientRect();
      if (box.right > frame.right + 1 || box.left < frame.left - 1) defects.push(`${name(element)} spills ${Math.round(Math.max(box.right - frame.right, frame.left - box.left))} px out of section ${section.getAttribute('data-testid')}`);
      if (parseFloat(getComputedStyle(element).fontSize) < 11) defects.push(`${name(element)} is ${getComputedStyle(element).fontSize}`);
    }
    const title = section.querySelector(':scope > .section-title')?.textContent ?? '';
    const said = (section.textContent ?? '').length - title.length;
    const hasControls = section.querySelector('input, button, svg') !== null;
    if (said <= 0 && !hasControls) defects.push(`section ${section.getAttribute('data-testid')} is empty and does not say why`);
  }
  for (let i = 0; i < sections.length; i++) {
    for (let j = i + 1; j < sections.length; j++) {
      const a = sections[i]!.getBoundingClientRect();
      const b = sections[j]!.getBoundingClientRect();
      const overlapX = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const overlapY = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (overlapX > 1 && overlapY > 1) defects.push(`sections ${sections[i]!.getAttribute('data-testid')} and ${sections[j]!.getAttribute('data-testid')} overlap`);
    }
  }
  return defects;
}

async function showScreen(page: Page, id: string): Promise<void> {
  await page.locator(`.tab[data-screen="${id}"]`).click();
  await page.waitForSelector(`[data-testid="screen"][data-screen="${id}"]:not([data-status="loading"])`, { timeout: 30_000 });
}

describe(':polling in the window (cockpit --serve, Chromium, devnet)', { timeout: 120_000 }, () => {
  it(':polling live from the palette: the banner says the window\'s cadence (the fleet every 7.5 s)', async () => {
    const win = await suite.serve({ urls: [suite.devnet.nodes[0]!.url] });
    const context = await suite.browser.newContext({ viewport: SIZES[0] });
    try {
      const page = await context.newPage();
      await page.goto(win.serving.url);
      await page.waitForSelector('[data-testid="screen"][data-screen="health"]', { timeout: 90_000 });
      await page.locator('body').click({ position: { x: 5, y: 400 } });
      await page.keyboard.press(':');
      const input = page.getByTestId('palette-input');
      await input.waitFor();
      await input.fill('polling live');
      await input.press('Enter');
      await page.getByText('polling live: the fleet and S1 Health every 7.5 s, S2 Stamps every 15 s').waitFor({ timeout: 10_000 });
    } finally {
      await context.close();
    }
  });
});

describe('the window at 1280x800 and 1920x1080, dark and light (cockpit --serve, Chromium, devnet)', { timeout: 300_000 }, () => {
  for (const scheme of ['dark', 'light'] as const) {
    it(`${scheme}: every screen at both sizes, shot; no 401; WCAG AA text contrast; nothing cut; the width used`, async () => {
      const win = await suite.serve({ urls: suite.devnet.nodes.map((node) => node.url), configToml: `[ui]\ntheme = "${scheme}"\n` });
      // One page (the served window takes one client at a time), resized between the two sizes.
      const context = await suite.browser.newContext({ viewport: SIZES[0], colorScheme: scheme });
      const page = await context.newPage();
      const refused: string[] = [];
      page.on('response', (response) => {
        if (response.status() === 401) refused.push(response.url());
      });
      try {
        await page.goto(win.serving.url);
        await page.waitForSelector('[data-testid="screen"][data-screen="health"]:not([data-status="loading"])', { timeout: 90_000 });
        for (const size of SIZES) {
          await page.setViewportSize(size);
          const contrast: Record<string, ContrastFailure[]> = {};
          const cuts: Record<string, string[]> = {};
          const layout: Record<string, string[]> = {};
          for (const screen of SCREENS) {
            await showScreen(page, screen.id);
            // Let a poll land so the screen shows its data, not only its frame.
            await page.waitForTimeout(400);
            await page.screenshot({ path: join(SHOTS, `${size.width}x${size.height}-${scheme}-S${String(screen.number).padStart(2, '0')}-${screen.id}.png`) });
            const failures = await page.evaluate(contrastFailures);
            if (failures.length > 0) contrast[screen.id] = failures;
            const cut = await page.evaluate(ellipsisCuts);
            if (cut.length > 0) cuts[screen.id] = cut;
            const defects = await page.evaluate(layoutDefects);
            if (defects.length > 0) layout[screen.id] = defects;
            // The screen's sections span the window's width (less its padding), not a narrow column of it.
            const used = await page.getByTestId('screen').evaluate((element) => element.getBoundingClientRect().width);
            expect(used, `${screen.id} at ${size.width}`).toBeGreaterThan(size.width * 0.9);
          }
          // Every screen's tab is in view (none hidden past the window's right edge).
          const hiddenTabs = await page.locator('.tab').evaluateAll((tabs) => tabs.filter((tab) => tab.getBoundingClientRect().right > window.innerWidth).map((tab) => tab.textContent));
          expect({ size, hiddenTabs }).toEqual({ size, hiddenTabs: [] });
          expect({ size, contrast }).toEqual({ size, contrast: {} });
          expect({ size, cuts }).toEqual({ size, cuts: {} });
          expect({ size, layout }).toEqual({ size, layout: {} });
          // All fifteen tabs on one row from 1280 px: a second row costs the screen a line and hides which is active.
          const tabRows = await page.locator('.tab').evaluateAll((tabs) => new Set(tabs.map((tab) => Math.round(tab.getBoundingClientRect().top))).size);
          expect({ size, tabRows }).toEqual({ size, tabRows: 1 });
        }
        expect(refused).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});

describe('S2 beside its open drill (cockpit --serve, Chromium, devnet)', { timeout: 180_000 }, () => {
  it('at 1280x800 and 1920x1080 the 11-column batch table fits beside the bucket drill: no sideways scroll, status and TTL in view', async () => {
    const win = await suite.serve({ urls: suite.devnet.nodes.map((node) => node.url) });
    const context = await suite.browser.newContext({ viewport: SIZES[0] });
    const page = await context.newPage();
    try {
      await page.goto(win.serving.url);
      await page.waitForSelector('[data-testid="screen"][data-screen="health"]:not([data-status="loading"])', { timeout: 90_000 });
      await showScreen(page, 'stamps');
      const batch = page.locator('[data-testid="section-batches"] tbody tr[data-key]', { hasText: 'devnet' });
      await batch.waitFor({ timeout: 30_000 });
      await batch.click();
      await page.keyboard.press('Enter');
      const drill = page.getByTestId('drill');
      await drill.waitFor();
      await expect.poll(() => drill.textContent(), { timeout: 20_000 }).toMatch(/Fullest bucket|Stamped chunks/);
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await page.waitForTimeout(300);
        await page.screenshot({ path: join(SHOTS, `${size.width}x${size.height}-S02-stamps-drill.png`) });
        expect({ size, layout: await page.evaluate(layoutDefects) }).toEqual({ size, layout: [] });
        // The table itself: as wide as its box, and the columns an operator reads first (never dropped) in view.
        const table = page.locator('[data-testid="section-batches"] .table-wrap');
        const [scroll, client] = await table.evaluate((element) => [element.scrollWidth, element.clientWidth]);
        expect({ size, overflow: scroll - client }).toEqual({ size, overflow: expect.any(Number) });
        expect(scroll, `batch table at ${size.width}`).toBeLessThanOrEqual(client + 1);
        const headers = await page.locator('[data-testid="section-batches"] th').evaluateAll((cells) => cells.filter((cell) => cell.getBoundingClientRect().width > 0).map((cell) => cell.textContent));
        expect(headers).toEqual(expect.arrayContaining(['Batch', 'TTL', 'Status']));
      }
      // The drill closed, the room is back: at 1920 px every column is drawn again, still without a sideways scroll.
      await page.keyboard.press('Escape');
      await drill.waitFor({ state: 'detached' });
      const all = ['Batch', 'Depth', 'Amount', 'TTL', 'Volume', 'Effective', 'Type', 'Bucket fill', 'Peak bucket', 'Status', 'Why'];
      await expect.poll(() => page.locator('[data-testid="section-batches"] th').allTextContents(), { timeout: 5_000 }).toEqual(expect.arrayContaining(all));
      expect(await page.evaluate(layoutDefects)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
