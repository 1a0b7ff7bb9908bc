/**
 * Target-overlay framing: set `target_proximity` on every vantage with a known overlay and sort the
 * vantages closest-first to the target. Vantages without an overlay (errored) sort last, keeping their order.
 */
import type { VantageResult } from '../../config-schema/retcheck-report.js';
import { hexToBytes } from '../swarm/bytes.js';
import { proximity } from '../swarm/proximity.js';

export function frameByTargetOverlay(vantages: readonly VantageResult[], targetOverlayHex: string): VantageResult[] {
  const target = hexToBytes(targetOverlayHex);
  const framed = vantages.map((v, order) => ({
    order,
    result: v.overlay ? { ...v, target_proximity: proximity(hexToBytes(v.overlay), target) } : { ...v },
  }));
  framed.sort((a, b) => {
    const pa = a.result.target_proximity ?? -1;
    const pb = b.result.target_proximity ?? -1;
    return pb - pa || a.order - b.order;
  });
  return framed.map((f) => f.result);
}
