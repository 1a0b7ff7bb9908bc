/**
 * S12 Watchlist and `:watch-ref` on a devnet: durability checks through the active node, the history, the
 * running-watch count, stop one or all, and the watchlist persisted in the state store and restored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryStateStore } from '../../core/cockpit/interaction/config.js';
import { startDevnet, type StartedDevnet } from '../../devnet/devnet.js';
import { uploadRandom } from '../fixtures/devnet-content.js';
import { startEngineHarness } from './engine-harness.js';
import type { CockpitView, TableSection } from '../../core/cockpit/view/view-model.js';

let devnet: StartedDevnet;
beforeAll(async () => {
  devnet = await startDevnet({ nodes: 4, port: 0, mineBlocks: false, pushDelayMs: 0 });
});
afterAll(() => devnet?.stop());

const table = (view: CockpitView, id: string) => view.screen.sections.find((s): s is TableSection => s.kind === 'table' && s.id === id);
const durabilityOf = (view: CockpitView, reference: string) => table(view, 'references')?.rows.find((row) => row.key === reference)?.cells[1]?.text;

describe('S12 Watchlist', () => {
  it(':durability adds and checks a reference; losing its chunks shows NOT retrievable on a re-check', async () => {
    const reference = await uploadRandom(devnet.nodes[0]!, 3 * 4096);
    const h = await startEngineHarness({ devnet, face: 'desktop' });
    try {
      h.key(':');
      h.send({ type: 'ui.input', target: { kind: 'palette' }, value: `durability ${reference}` });
      h.key('Enter');
      const checked = await h.waitForView((v) => v.screen.id === 'watchlist' && durabilityOf(v, reference) === 'retrievable', { what: 'a retrievable result' });
      expect(table(checked, 'history')!.rows[0]!.cells.map((c) => c.text)).toEqual([expect.stringMatching(/^\d\d:\d\d:\d\d$/), `${reference.slice(0, 8)}…`, 'retrievable', expect.stringMatching(/ ms$/), devnet.nodes[0]!.url]);
      devnet.control.loseChunks({ neighborhood: reference.slice(0, 1) });
      h.key('Enter'); // the first row is selected: re-check it
      const lost = await h.waitForView((v) => durabilityOf(v, reference) === 'NOT retrievable', { what: 'a NOT retrievable result' });
      expect(table(lost, 'history')!.rows.map((r) => r.cells[2]!.text)).toEqual(['NOT retrievable', 'retrievable']);
      // An invalid reference in the form is refused in the field, not added.
      h.send({ type: 'ui.input', target: { kind: 'form', section: 'add', field: 'reference' }, value: 'nothex' });
      h.send({ type: 'ui.submit', target: { kind: 'form', section: 'add', field: 'reference' } });
      const refused = await h.waitForView((v) => v.screen.sections.some((s) => s.kind === 'form' && s.fields[0]!.error !== undefined));
      expect(table(refused, 'references')!.rows).toHaveLength(1);
    } finally {
      await h.stop();
    }
  });
});

describe(':watch-ref', () => {
  it('keeps checking, counts the running watches, stops one or all, and persists and restores them', async () => {
    const first = await uploadRandom(devnet.nodes[1]!, 4096);
    const second = await uploadRandom(devnet.nodes[1]!, 4096);
    const stateStore = memoryStateStore();
    const h = await startEngineHarness({ devnet, face: 'terminal', stateStore });
    try {
      h.key(':');
      h.type(`watch-ref ${first} 5`);
      h.key('Enter');
      const started = await h.waitForView((v) => v.topBar.watches === 1 && v.banner?.text.startsWith('watching') === true);
      expect(started.banner?.text).toBe(`watching ${first.slice(0, 8)}… every 10 s (5 s is outside 10..86,400 s)`);
      h.key(':');
      h.type(`watch-ref ${second}`);
      h.key('Enter');
      await h.waitForView((v) => v.topBar.watches === 2);
      h.key(':');
      h.type('watchlist');
      h.key('Enter');
      const listed = await h.waitForView((v) => v.screen.id === 'watchlist' && durabilityOf(v, first) === 'retrievable' && durabilityOf(v, second) === 'retrievable');
      expect(table(listed, 'references')!.rows.map((r) => r.cells[3]!.text)).toEqual(['every 10 s', 'every 1 min']);
      expect(stateStore.get().watchlist).toEqual([{ reference: first, intervalSeconds: 10 }, { reference: second, intervalSeconds: 60 }]);
      h.key(':');
      h.type(`watch-ref-stop ${first}`);
      h.key('Enter');
      await h.waitForView((v) => v.topBar.watches === 1);
    } finally {
      await h.stop();
    }
    // A new cockpit on the same data directory restarts the watch that was running.
    const again = await startEngineHarness({ devnet, face: 'terminal', stateStore });
    try {
      await again.waitForView((v) => v.topBar.watches === 1);
      again.key(':');
      again.type('watch-ref-stop');
      again.key('Enter');
      const stopped = await again.waitForView((v) => v.topBar.watches === 0);
      expect(stopped.banner?.text).toBe(`stopped watching ${second.slice(0, 8)}…`);
      expect(stateStore.get().watchlist).toEqual([{ reference: first }, { reference: second }]);
    } finally {
      await again.stop();
    }
  });
});
