/**
 * The vocabulary of the gate ladder: gate IDs and names in spec order, the gate record, and every threshold
 * the rules use (documented in docs/cockpit.md). Shared by the rules (gate-rules.ts) and the ladder (gates.ts).
 *
 * States: the spec's Pass, Warn and Fail are facts the node gave. `Unknown` is a gate that could not be
 * measured (its endpoint answered 500, was unreachable, timed out, answered something that is not Bee's, or
 * Bee itself does not know yet): its reason starts `not measured:` and says why. It is never shown as a Fail
 * of the thing the gate measures, and it is not "not applicable" (a Warn with `applicable: false`: the node
 * has no such facts by design). How each face and sink shows it: docs/cockpit.md "Gates".
 */
export type GateState = 'Pass' | 'Warn' | 'Fail' | 'Unknown';

/** The reason prefix of an Unknown gate. */
export const NOT_MEASURED = 'not measured';

export const GATE_IDS = [
  'apiReachable',
  'chainRpcFresh',
  'walletFunded',
  'warmupComplete',
  'peerCount',
  'reserveFill',
  'binSaturation',
  'redistributionHealthy',
  'notFrozen',
  'stampTtl',
  'apiVersion',
] as const;
export type GateId = (typeof GATE_IDS)[number];

export const GATE_NAMES: Readonly<Record<GateId, string>> = {
  apiReachable: 'API reachable',
  chainRpcFresh: 'chain RPC fresh',
  walletFunded: 'wallet funded',
  warmupComplete: 'warmup complete',
  peerCount: 'peer count',
  reserveFill: 'reserve fill',
  binSaturation: 'bin saturation',
  redistributionHealthy: 'redistribution healthy',
  notFrozen: 'not frozen',
  stampTtl: 'stamp TTL',
  apiVersion: 'API version',
};

export interface Gate {
  readonly id: GateId;
  readonly name: string;
  readonly state: GateState;
  /** One line, no trailing period. */
  readonly reason: string;
  /** False when the node has no such facts by design (see the module doc); such a gate is always Warn. */
  readonly applicable: boolean;
}

/** Whether the gate was measured: every state but Unknown is a fact the node gave. */
export function isMeasured(gate: Pick<Gate, 'state'>): boolean {
  return gate.state !== 'Unknown';
}

export const GATE_THRESHOLDS = {
  /** Bee's postage listener follows tip − 4 rounded down to a multiple of 5: up to 9 blocks of lag is normal. */
  chainLagAllowanceBlocks: 9,
  /** Lag beyond the allowance that means a slow RPC endpoint (spec: "+5 blocks or more"). */
  chainLagWarnBlocks: 5,
  /** Consecutive polls over chainLagWarnBlocks that make the lag "sustained": Warn becomes Fail. */
  chainLagSustainedPolls: 3,
  /** Lag beyond the allowance that fails at once, without waiting for it to be sustained. */
  chainLagFailBlocks: 60,
  /** Fewer connected peers than this cannot form a neighbourhood (Bee's nnLowWatermark is 3). */
  peerCountFailBelow: 4,
  peerCountWarnBelow: 16,
  /** Spec: the reserve-fill gate targets 65,536 chunks at depth. */
  reserveTargetChunks: 65_536,
  /** Spec: a bin near the depth with fewer connected peers than this is STARVING (Bee's saturation peers). */
  saturationPeers: 8,
  stampTtlWarnSeconds: 24 * 3600,
  stampTtlFailSeconds: 3600,
} as const;
