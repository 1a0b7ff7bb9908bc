/**
 * The S1 gate ladder (2-cockpit.md §1): from one NodeHealthSnapshot, eleven gates in a fixed order, each
 * Pass, Warn or Fail with a one-line reason. Pure: no I/O, no clock.
 *
 * Count: the ten named S1 gates in spec order, then "API version" (the live apiVersion against the one
 * this toolkit targets). The spec's sample `readiness` message reports 11 gates; the eleventh is the one
 * check a readiness report needs that the S1 list leaves to `version-check`.
 *
 * Not applicable: a gate whose facts the node does not have by design (redistribution on a node with
 * storage incentives off → 403, or on a non-full node → 400; wallet and stamps on a node without a chain)
 * is Warn with `applicable: false` and a reason starting "not applicable:". It is not Pass, because the
 * operator should see that nothing was checked; it is not Fail, because nothing is wrong.
 *
 * Every threshold is in GATE_THRESHOLDS and documented in docs/cockpit.md.
 */
import { GATE_THRESHOLDS, type Gate, type GateState } from './gate-definitions.js';
import type { NodeHealthSnapshot } from './health-snapshot.js';
import {
  apiReachableGate,
  apiVersionGate,
  binSaturationGate,
  chainRpcFreshGate,
  notFrozenGate,
  peerCountGate,
  redistributionHealthyGate,
  reserveFillGate,
  stampTtlGate,
  walletFundedGate,
  warmupCompleteGate,
} from './gate-rules.js';

import type { StampFillHistory } from './stamp-fill.js';

export { GATE_IDS, GATE_NAMES, GATE_THRESHOLDS, isMeasured, NOT_MEASURED, type Gate, type GateId, type GateState } from './gate-definitions.js';

export interface GateOptions {
  /**
   * Consecutive polls, this one included, whose chain lag exceeded the warn threshold. A one-shot check
   * sees one poll (the default), so it can Warn about lag but only fail it at chainLagFailBlocks.
   */
  readonly chainLagStreak?: number;
  /** The fleet poller's utilisation samples per batch (stamp-fill.ts): the stamp-TTL gate also forecasts fill. */
  readonly stampFill?: StampFillHistory;
}

/** The ladder in spec order, then API version. */
export function computeGates(snapshot: NodeHealthSnapshot, options: GateOptions = {}): Gate[] {
  return [
    apiReachableGate(snapshot),
    chainRpcFreshGate(snapshot, options.chainLagStreak ?? 1),
    walletFundedGate(snapshot),
    warmupCompleteGate(snapshot),
    peerCountGate(snapshot),
    reserveFillGate(snapshot),
    binSaturationGate(snapshot),
    redistributionHealthyGate(snapshot),
    notFrozenGate(snapshot),
    stampTtlGate(snapshot, options.stampFill),
    apiVersionGate(snapshot),
  ];
}

/** Blocks the node's postage listener trails the chain tip beyond Bee's normal tail; undefined without /chainstate. */
export function chainLagExcess(snapshot: NodeHealthSnapshot): number | undefined {
  if (!snapshot.chainstate.ok) return undefined;
  const lag = Math.max(0, snapshot.chainstate.value.chainTip - snapshot.chainstate.value.block);
  return Math.max(0, lag - GATE_THRESHOLDS.chainLagAllowanceBlocks);
}

/** The streak after this snapshot: +1 while the excess lag is at or over the warn threshold, else 0; capped. */
export function nextChainLagStreak(previousStreak: number, snapshot: NodeHealthSnapshot): number {
  const excess = chainLagExcess(snapshot);
  if (excess === undefined || excess < GATE_THRESHOLDS.chainLagWarnBlocks) return 0;
  // Capped: past "sustained" the exact count changes nothing, and a bounded value keeps machine context finite.
  return Math.min(previousStreak + 1, GATE_THRESHOLDS.chainLagSustainedPolls);
}

export interface GateSummary {
  readonly pass: number;
  readonly warn: number;
  readonly fail: number;
  /** Gates not measured (state Unknown). */
  readonly unknown: number;
  /**
   * Fail, then Warn (facts the node gave outrank what could not be read), then Unknown (something was not
   * measured, so the ladder cannot be called Pass), then Pass.
   */
  readonly worst: GateState;
}

export function summarizeGates(gates: readonly Gate[]): GateSummary {
  const count = (state: GateState) => gates.filter((gate) => gate.state === state).length;
  const fail = count('Fail');
  const warn = count('Warn');
  const unknown = count('Unknown');
  return { pass: count('Pass'), warn, fail, unknown, worst: fail ? 'Fail' : warn ? 'Warn' : unknown ? 'Unknown' : 'Pass' };
}

/** `11 gates: 8 pass, 2 warn, 1 fail`, and `, 3 not measured` when some were not. */
export function describeSummary(gates: readonly Gate[]): string {
  const s = summarizeGates(gates);
  return `${gates.length} gates: ${s.pass} pass, ${s.warn} warn, ${s.fail} fail${s.unknown ? `, ${s.unknown} not measured` : ''}`;
}
