/**
 * S1 Health and S15 Fleet draw each row's last hour from the engine's trend rings (issue 28 item 3): the screen
 * models carry the sparkline as levels and Unicode text, a gap stays blank, and a node without samples says so.
 */
import { describe, expect, it } from 'vitest';
import { computeGates } from '../gates.js';
import type { FleetNodeFacts } from '../interaction/screen-env.js';
import { FleetTrends } from '../node-trends.js';
import { healthySnapshot, unreachable, withSnapshot } from '../snapshot-fixtures.js';
import { cellFitsKind } from '../view/column-kinds.js';
import type { TableSection } from '../view/view-model.js';
import { fleetScreen } from './fleet.js';
import { healthScreen } from './health.js';
import { TREND_CELLS } from './trend-cell.js';

const T0 = 1_700_000_000_000;
const MIN = 60_000;

/** A node polled every 5 minutes for an hour, peers rising 10 → 21; one poll in the middle could not read /status or /topology. */
function polledNode(name: string, trends: FleetTrends): FleetNodeFacts {
  let last = healthySnapshot(T0);
  for (let k = 0; k < TREND_CELLS; k++) {
    const at = T0 + k * 5 * MIN;
    last = k === 6 ? withSnapshot(healthySnapshot(at), { status: unreachable, topology: unreachable }) : withSnapshot(healthySnapshot(at), { status: { connectedPeers: 10 + k } });
    trends.record(name, last);
  }
  return { name, url: `http://${name}:1633`, active: true, snapshot: last, gates: computeGates(last), pollError: null, polling: false, trend: trends.reader(name)! };
}

const table = (sections: readonly { kind: string }[]) => sections.find((s): s is TableSection => s.kind === 'table')!;

describe('trend cells on S1 and S15', () => {
  it('S1: the peer-count gate row carries the hour of peers, rising, with the unreadable poll as a gap', () => {
    const node = polledNode('a', new FleetTrends(10_000));
    const gates = table(healthScreen(node).sections);
    const column = gates.columns.findIndex((c) => c.kind === 'trend');
    expect(gates.columns[column]).toMatchObject({ label: 'Last hour', kind: 'trend' });
    const peers = gates.rows.find((row) => row.key === 'peerCount')!.cells[column]!;
    expect(peers.trend).toHaveLength(TREND_CELLS);
    expect(peers.trend![6]).toBeNull();
    expect(peers.trend![0]).toBe(0);
    expect(peers.trend![TREND_CELLS - 1]).toBe(7);
    expect(peers.text).toMatch(/^▁.{5} .{4}█$/u);
    expect(peers.detail).toBe('connected peers over the last hour: 10 → 21 (min 10, max 21)');
    // A gate whose figure is a yes/no has no trend; every cell fits the column's kind.
    expect(gates.rows.find((row) => row.key === 'notFrozen')!.cells[column]!.text).toBe('');
    for (const row of gates.rows) expect(cellFitsKind('trend', row.cells[column]!.text), row.cells[column]!.text).toBe(true);
  });

  it('S15: a trend per row; a node with no sample yet shows the placeholder with why', () => {
    const trends = new FleetTrends(10_000);
    const polled = polledNode('a', trends);
    const fresh: FleetNodeFacts = { ...polled, name: 'b', active: false, trend: undefined };
    const nodes = table(fleetScreen([polled, fresh]).sections);
    const column = nodes.columns.findIndex((c) => c.kind === 'trend');
    expect(nodes.columns[column]!.label).toBe('Peers, last hour');
    expect(nodes.rows[0]!.cells[column]!.trend).toHaveLength(TREND_CELLS);
    expect(nodes.rows[1]!.cells[column]).toMatchObject({ text: '—', detail: 'connected peers: no sample in the last hour yet' });
  });
});
