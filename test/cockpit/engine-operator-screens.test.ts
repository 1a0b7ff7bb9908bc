/**
 * S2 Stamps, S3 Swap, S4 Lottery, S5 Warmup and S8 API Health through the real cockpit engine on a devnet,
 * as a face sees them: keys in, views out. The bucket drill loads once and is cached, Esc closes it, `r`
 * runs the rchash benchmark and banners the verdict, and a node that fails one screen's endpoints shows why
 * in that screen's one line while the rest of the cockpit keeps going.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CockpitView, Section } from '../../core/cockpit/view/view-model.js';
import { startEngineHarness, type EngineHarness } from './engine-harness.js';

let h: EngineHarness;
beforeAll(async () => {
  h = await startEngineHarness({ nodes: 2, face: 'desktop' });
  h.devnet!.control.advanceBlocks(200);
});
afterAll(() => h?.stop());

const section = (view: CockpitView, id: string): Section | undefined => view.screen.sections.find((s) => s.id === id);
const ready = (id: string) => (v: CockpitView) => v.screen.id === id && v.screen.status === 'ready';

describe('the operator screens in the cockpit engine', () => {
  it('S2: the batch table; Enter opens the bucket histogram, loaded once; Esc closes it', async () => {
    h.key('2');
    const view = await h.waitForView(ready('stamps'), { what: 'S2 ready' });
    const table = section(view, 'batches');
    const status = table?.kind === 'table' ? table.columns.findIndex((c) => c.id === 'status') : -1;
    expect(table?.kind === 'table' && table.rows.map((r) => r.cells[status]!.text)).toEqual(['Empty']);
    expect(view.hints.map((hint) => hint.label)).toContain('bucket histogram');
    h.key('Enter');
    const drill = await h.waitForView((v) => v.screen.drill?.status === 'ready', { what: 'the bucket drill' });
    expect(drill.screen.drill!.title).toMatch(/^Buckets of [0-9a-f]{8}… \(devnet\)$/);
    h.key('Escape');
    await h.waitForView((v) => v.screen.id === 'stamps' && v.screen.drill === null, { what: 'drill closed' });
    const calls = () => h.engine.callStats.snapshot().find((s) => s.template === 'GET /stamps/{id}/buckets')?.count;
    const before = calls();
    h.key('Enter');
    await h.waitForView((v) => v.screen.drill?.status === 'ready', { what: 'the cached drill' });
    expect(calls()).toBe(before);
    h.key('Escape');
  });

  it('S3: the funded chequebook, cheques and settlements with the other devnet node (and the simulated peers)', async () => {
    h.key('3');
    const view = await h.waitForView(ready('swap'), { what: 'S3 ready' });
    const book = section(view, 'chequebook');
    expect(book?.kind === 'facts' && book.rows.find((r) => r.label === 'Total balance')?.value).toBe('10 xBZZ');
    const time = section(view, 'timesettlements');
    expect(time?.kind === 'table' && time.rows.map((r) => r.key)).toContain(h.devnet!.nodes[1]!.overlay);
  });

  it('S4: the round and stake card; r runs the rchash benchmark and banners the verdict', async () => {
    h.key('4');
    const view = await h.waitForView(ready('lottery'), { what: 'S4 ready' });
    expect(section(view, 'stake')?.title).toBe('Stake: Healthy');
    expect(view.hints).toContainEqual({ keys: 'r', label: 'rchash benchmark' });
    h.key('r');
    const done = await h.waitForView((v) => v.banner?.text.startsWith('rchash at depth') === true, { what: 'the rchash banner' });
    expect(done.banner).toMatchObject({ tone: 'ok', text: expect.stringContaining('4.2 s: within the 95 s reveal deadline') });
  });

  it('S5: the bootstrap checklist; S8: chain state, pending transactions and the cockpit’s own calls', async () => {
    h.key('5');
    const warmup = await h.waitForView(ready('warmup'), { what: 'S5 ready' });
    const bars = section(warmup, 'checklist');
    expect(bars?.kind === 'bars' && bars.bars.length).toBe(8);
    h.key('8');
    const api = await h.waitForView(ready('apiHealth'), { what: 'S8 ready' });
    expect(section(api, 'chain')?.kind).toBe('facts');
    const calls = section(api, 'calls');
    const templates = calls?.kind === 'table' ? calls.rows.map((r) => r.key) : [];
    expect(templates).toEqual(expect.arrayContaining(['GET /stamps', 'GET /stamps/{id}/buckets', 'GET /rchash/{depth}/{anchor1}/{anchor2}', 'GET /chainstate']));
  });

  it('a node whose swap endpoints fail: S3 says why in one line, and the cockpit keeps going', async () => {
    await h.devnet!.control.node(0).setFault({ error500: true });
    try {
      h.key('3');
      const broken = await h.waitForView((v) => v.screen.id === 'swap' && v.screen.status === 'error', { what: 'S3 error' });
      expect(broken.screen.subtitle).toMatch(/500/);
      h.key('2');
      await h.waitForView((v) => v.screen.id === 'stamps', { what: 'S2 after the failure' });
      expect(h.view().topBar.node.tone).not.toBe('muted');
    } finally {
      await h.devnet!.control.node(0).heal();
    }
    h.key('3');
    await h.waitForView(ready('swap'), { what: 'S3 recovered' });
  });
});
