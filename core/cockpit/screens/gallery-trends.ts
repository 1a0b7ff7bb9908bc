/**
 * Test support for the screen gallery (screen-gallery.ts): a node whose trend ring holds an hour of polls, five
 * minutes apart, every figure moving (peers and reserve rising, a bin near the depth thinning, the chain lag
 * wobbling, balances spent down), with one poll in the middle that read neither /status nor /topology (a gap).
 * The gallery draws every screen's sparklines from it, so the width tests walk them too.
 */
import type { FleetNodeFacts } from '../interaction/screen-env.js';
import { FleetTrends } from '../node-trends.js';
import { unreachable, withSnapshot } from '../snapshot-fixtures.js';
import { TREND_CELLS } from './trend-cell.js';

const FIVE_MIN = 5 * 60_000;
const BZZ = 10n ** 16n;

/** `node` with an hour of trend ending at its own poll; `perBin` and `depth` are the topology's at the end. */
export function withGalleryTrend(node: FleetNodeFacts, depth: number, perBin: readonly number[]): FleetNodeFacts {
  const base = node.snapshot!;
  const trends = new FleetTrends(10_000);
  for (let k = 0; k < TREND_CELLS; k++) {
    const takenAtMs = base.takenAtMs - (TREND_CELLS - 1 - k) * FIVE_MIN;
    for (let call = 0; call < 9; call++) trends.noteCall(node.name, 12 + call * (1 + (k % 4)), 200);
    const bins = perBin.map((n, po) => (po === depth - 1 ? n + (TREND_CELLS - 1 - k) : n));
    const snapshot =
      k === 6
        ? withSnapshot(base, { status: unreachable, topology: unreachable })
        : withSnapshot(base, {
            status: { connectedPeers: 40 + 3 * k, reserveSizeWithinRadius: 2_000_000 + 45_000 * k },
            topology: { depth, connectedPerBin: bins },
            chainstate: { chainTip: 1004 + k + (k % 3), block: 1000 + k },
            wallet: { bzzBalance: String((100n - BigInt(k)) * BZZ), nativeTokenBalance: String(10n ** 18n - BigInt(k) * 10n ** 15n) },
          });
    trends.record(node.name, { ...snapshot, takenAtMs });
  }
  return { ...node, trend: trends.reader(node.name)! };
}
