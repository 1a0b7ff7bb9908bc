/**
 * The cockpit engine on a live devnet, through its face handle only: views out, UI events in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEngineHarness, type EngineHarness } from './engine-harness.js';
import type { CockpitEngineConfig } from '../../core/cockpit/interaction/config.js';
import type { ResolvedCockpitConfig } from '../../core/cockpit/config/resolved-config.js';

let h: EngineHarness;
beforeAll(async () => {
  h = await startEngineHarness({ nodes: 3, face: 'terminal' });
});
afterAll(() => h?.stop());

describe('cockpit engine on a devnet', () => {
  it('polls every node and shows the active node’s gate ladder on S1', async () => {
    const view = await h.waitForView((v) => v.screen.id === 'health' && v.screen.status === 'ready' && v.topBar.fleet.pass + v.topBar.fleet.warn === 3, { what: 'three polled nodes' });
    const gates = view.screen.sections.find((s) => s.id === 'gates');
    expect(gates?.kind === 'table' && gates.rows.length).toBe(11);
    expect(view.topBar.node.url).toBe(h.devnet!.nodes[0]!.url);
    expect(view.screen.selection).toEqual({ section: 'gates', index: 0 });
  });

  it('Alt+5 opens Fleet with a row per node; Enter on the second switches the active node', async () => {
    h.key('5', { alt: true });
    await h.waitForView((v) => v.screen.id === 'fleet' && v.screen.sections[0]?.kind === 'table' && v.screen.sections[0].rows.length === 3);
    h.key('j');
    await h.waitForView((v) => v.screen.selection?.index === 1);
    h.key('Enter');
    const switched = await h.waitForView((v) => v.topBar.node.url === h.devnet!.nodes[1]!.url);
    expect(switched.banner?.text).toMatch(/^switched to /);
    await new Promise((resolve) => setImmediate(resolve));
    // The screen is remembered; the switch lasts for the session (2-cockpit.md §2: `default`, else the first node).
    expect(h.stateStore.get().lastScreen).toBe('S15');
    expect(h.stateStore.get()).not.toHaveProperty('lastActiveNode');
  });

  it('the next start opens on Health, on the start screen asked for, or (opt-in) on the last screen', async () => {
    const start = async (ui: Partial<CockpitEngineConfig['ui']>, what: string, expected: string) => {
      const again = await startEngineHarness({
        devnet: h.devnet!,
        face: 'terminal',
        stateStore: h.stateStore,
        config: { ui: { theme: 'auto', asciiFallback: false, noColor: false, ...ui } },
      });
      try {
        const first = again.view();
        expect(first.screen.id, what).toBe(expected);
        const view = await again.waitForView((v) => v.screen.id === expected && v.screen.status === 'ready', { what: `${expected} at start (${what})` });
        expect(view.topBar.node.url).toBe(h.devnet!.nodes[0]!.url);
      } finally {
        await again.stop();
      }
    };
    expect(h.stateStore.get().lastScreen).toBe('S15');
    await start({ startScreen: 'lottery', restoreLastScreen: true }, 'restore_last_screen = true', 'fleet');
    await start({}, 'no start screen', 'health');
    await start({ startScreen: 'lottery' }, '[ui] start_screen = "lottery"', 'lottery');
  });

  it('screen actors run against the active node only: S2 shows the new node’s batch after a switch', async () => {
    const batchOf = (i: number) => h.devnet!.nodes[i]!.batchId!.slice(0, 8);
    h.key('2', { alt: true });
    const stamps = await h.waitForView((v) => v.screen.id === 'stamps' && v.screen.status === 'ready' && JSON.stringify(v.screen.sections).includes(batchOf(1)), { what: 'S2 of node 1' });
    expect(JSON.stringify(stamps.screen.sections)).not.toContain(batchOf(0));
    h.key(':');
    h.type(`ctx ${h.devnet!.nodes[2]!.url}`);
    h.key('Enter');
    await h.waitForView((v) => v.topBar.node.url === h.devnet!.nodes[2]!.url && JSON.stringify(v.screen.sections).includes(batchOf(2)), { what: 'S2 of node 2' });
  });

  it('the palette filters as you type and refuses bad arguments with a red banner', async () => {
    h.key(':');
    h.type('ft');
    const palette = await h.waitForView((v) => v.overlay?.kind === 'palette' && v.overlay.input === 'ft');
    expect(palette.overlay?.kind === 'palette' && palette.overlay.suggestions[0]?.usage).toBe(':feed-timeline <owner> <topic> [max]');
    h.type(' nothex');
    h.key('Enter');
    const refused = await h.waitForView((v) => v.banner?.tone === 'fail');
    expect(refused.banner?.text).toMatch(/feed-timeline/);
    expect(refused.overlay?.kind).toBe('palette');
    h.key('Escape');
    await h.waitForView((v) => v.overlay === null);
  });
});

describe('engine configuration', () => {
  it('takes the resolved configuration as it is (checked by the type checker)', () => {
    const fits = (config: ResolvedCockpitConfig): CockpitEngineConfig => config;
    expect(typeof fits).toBe('function');
  });
});
