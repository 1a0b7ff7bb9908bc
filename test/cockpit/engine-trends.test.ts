/**
 * Trends through the real engine on a devnet (issue 28 item 3): the engine feeds each node's ring from its fleet
 * polls, S1 draws the hour beside each gate, and a node switch loses nothing of the nodes the fleet polls.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CockpitView, TableSection } from '../../core/cockpit/view/view-model.js';
import { startEngineHarness, type EngineHarness } from './engine-harness.js';
import { TREND_FIGURES } from '../../core/cockpit/trend-ring.js';

let h: EngineHarness;

beforeAll(async () => {
  h = await startEngineHarness({ nodes: 2 });
});
afterAll(() => h?.stop());

/** S1's peer-count row's trend cell, when S1 shows `node`. */
function peersTrend(view: CockpitView, node: string) {
  if (view.screen.id !== 'health' || view.topBar.node.name !== node) return undefined;
  const gates = view.screen.sections.find((s): s is TableSection => s.kind === 'table' && s.id === 'gates');
  const column = gates?.columns.findIndex((c) => c.kind === 'trend') ?? -1;
  return column < 0 ? undefined : gates!.rows.find((row) => row.key === 'peerCount')?.cells[column];
}

describe('trend rings in the engine', () => {
  it('S1 shows the hour of peers; a node switch and back keeps the first node’s hour', async () => {
    const [a, b] = h.engine.fleet().map((node) => node.name) as [string, string];
    const first = await h.waitForView((v) => peersTrend(v, a)?.trend?.some((level) => level !== null) ?? false, { what: 'a trend on S1' });
    const before = peersTrend(first, a)!;
    expect(before.detail).toMatch(/^connected peers over the last hour: (\d+) → \1 \(min \1, max \1\)$/);
    const peers = Number(/: (\d+) →/.exec(before.detail!)![1]);
    expect(peers).toBeGreaterThan(1);

    // The node loses its peers: the next polls carry 1, and the ring keeps the hour's first sample beside it.
    await h.devnet!.control.node(0).setFault({ lowPeers: true });
    const dropped = `connected peers over the last hour: ${peers} → 1 (min 1, max ${peers})`;
    await h.waitForView((v) => peersTrend(v, a)?.detail === dropped, { what: 'the drop in the trend' });

    h.engine.root.send({ type: 'engine.switchNode', target: b });
    await h.waitForView((v) => peersTrend(v, b)?.trend !== undefined, { what: 'node b on S1 with its trend' });
    h.engine.root.send({ type: 'engine.switchNode', target: a });
    const back = await h.waitForView((v) => peersTrend(v, a) !== undefined, { what: 'node a again' });
    expect(peersTrend(back, a)!.detail).toBe(dropped);
    // Two rings, allocated whole: an hour at the 10 s slot (the harness polls every 200 ms) for each node.
    expect(h.engine.trendBytes()).toBe(2 * (361 * (8 + 4 * TREND_FIGURES.length) + 256 * 8));
    await h.devnet!.control.node(0).heal();
  });
});
