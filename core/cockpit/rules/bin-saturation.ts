/**
 * Operator rule (2-cockpit.md §1): "The bin-saturation gate shows STARVING when a bin near the depth has fewer
 * than 8 connected peers." Shared by the S1 gate and the S6 strip, so both always agree.
 *
 * Which bins are judged: every bin below the Kademlia depth (`/topology` depth, which Bee v2.8.1 reports as
 * its storage radius). Those bins hold the peers a node routes through; Bee's kademlia keeps connecting in
 * them until each has `saturationPeers` (8). Bins at or past the depth are the neighbourhood, which is as
 * large as the network makes it, so a thin one is not the node's fault and is not judged. At depth 0 there is
 * no bin below the depth, so bin 0 itself is judged (a tiny or isolated network).
 */

/** Bee's kademlia saturation (defaultSaturationPeers); the spec's "fewer than 8". */
export const SATURATION_PEERS = 8;
/** Bee's 32 proximity orders (MaxPO 31). */
export const BIN_COUNT = 32;

/** `saturated` 8+, `starving` 1..7, `empty` 0 (all below the depth); `neighbourhood` at or past it. */
export type BinState = 'saturated' | 'starving' | 'empty' | 'neighbourhood';

export interface BinSaturation {
  readonly po: number;
  readonly connected: number;
  readonly state: BinState;
}

/** Is bin `po` judged at this depth? */
export function isJudgedBin(po: number, depth: number): boolean {
  return depth === 0 ? po === 0 : po < depth;
}

/** All 32 bins with their state; a bin missing from `connectedPerBin` counts 0 peers. */
export function classifyBins(connectedPerBin: readonly number[], depth: number, saturationPeers = SATURATION_PEERS): BinSaturation[] {
  return Array.from({ length: BIN_COUNT }, (_, po) => {
    const connected = connectedPerBin[po] ?? 0;
    if (!isJudgedBin(po, depth)) return { po, connected, state: 'neighbourhood' as const };
    const state: BinState = connected >= saturationPeers ? 'saturated' : connected === 0 ? 'empty' : 'starving';
    return { po, connected, state };
  });
}

/** The judged bins under the saturation threshold, worst first: fewest peers, then the bin nearest the depth. */
export function starvingBins(connectedPerBin: readonly number[], depth: number, saturationPeers = SATURATION_PEERS): BinSaturation[] {
  return classifyBins(connectedPerBin, depth, saturationPeers)
    .filter((bin) => bin.state === 'starving' || bin.state === 'empty')
    .sort((a, b) => a.connected - b.connected || b.po - a.po);
}
