/**
 * Colours by scheme, seen as the terminal gets them: colour is forced on for this file (Ink's chalk reads
 * FORCE_COLOR when it loads), so the frames carry the SGR sequences a real terminal would receive.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  process.env.FORCE_COLOR = '3';
  delete process.env.NO_COLOR;
});

const { cleanup } = await import('ink-testing-library');
const { CockpitApp } = await import('./components/App.js');
const { fixtureEngine } = await import('./testing/fixture-engine.js');
const { renderSized, settle } = await import('./testing/render-sized.js');
const { cockpitView } = await import('./testing/view-fixtures.js');

afterEach(() => cleanup());

async function frame(scheme: 'light' | 'dark' | 'mono'): Promise<string> {
  const ui = renderSized(<CockpitApp engine={fixtureEngine(cockpitView({ scheme }))} />, 120, 30);
  await settle();
  return ui.lastFrame() ?? '';
}

/** SGR parameter lists that set a colour (foreground or background). */
function colourCodes(raw: string): string[] {
  return [...raw.matchAll(/\u001b\[([0-9;]*)m/g)].map((m) => m[1] ?? '').filter((p) => /(^|;)(3[0-7]|9[0-7]|4[0-7]|10[0-7]|38|48)(;|$)/.test(p));
}

describe('cockpit-tui themes', () => {
  it('dark: a failing gate is red, a passing one green', async () => {
    const raw = await frame('dark');
    expect(raw).toMatch(/\u001b\[31m[^\u001b]*FAIL/);
    expect(raw).toMatch(/\u001b\[32m[^\u001b]*PASS/);
  });

  it('light: the 16 ANSI colours only, blue instead of cyan for titles', async () => {
    const raw = await frame('light');
    expect(raw).toMatch(/\u001b\[33m[^\u001b]*WARN/);
    expect(raw).toMatch(/\u001b\[31m[^\u001b]*FAIL/);
    expect(raw).toMatch(/\u001b\[34m[^\u001b]*S1 Health/);
    expect(raw).not.toContain('\u001b[36m');
    expect(colourCodes(raw).every((codes) => !/(^|;)(38|48)(;|$)/.test(codes))).toBe(true);
  });

  it('mono (NO_COLOR): no colour at all, the selection still inverse and failures bold', async () => {
    const raw = await frame('mono');
    expect(colourCodes(raw)).toEqual([]);
    expect(raw).toContain('\u001b[7m');
    expect(raw).toMatch(/\u001b\[1m[^\u001b]*FAIL/);
  });
});
