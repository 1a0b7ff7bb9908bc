/**
 * What to do about a gate (issue 28 item 2): one line under each Warn or Fail gate on S1, and under a gate
 * that was not measured, why it was not. The remedies follow what each rule reads (gate-rules.ts) and only
 * name things the cockpit or Bee offers; the cockpit itself never buys, tops up or sends funds (2-cockpit.md
 * §1), so a remedy that costs money points at the preview verb and leaves the transaction to the operator.
 *
 * Why a gate was not measured comes from the dependency table (gate-dependencies.ts): when an upstream gate
 * explains it, the hint names that gate and its state (its own row, above, says its reason: one cause, one
 * alert); otherwise the gate's own reason already says which endpoint gave no usable answer, and the hint says
 * when it is measured again.
 *
 * Which gate is "behind" a node's warn or fail (the S15 row hint): the first Fail of the ladder that no other
 * gate explains, else the first measured Warn that is applicable. Pure: no I/O.
 */
import { GATE_NAMES, type Gate, type GateId } from './gate-definitions.js';
import { gateCauses } from './gate-dependencies.js';
import type { RowHint } from './view/screen-view.js';

type Remedy = (gate: Gate) => string;

const fixUpstream = 'measured again at the next poll';

/** Per gate: what to do when it is Warn or Fail (applicable). */
const REMEDIES: Readonly<Record<GateId, Remedy>> = {
  apiReachable: (g) =>
    g.state === 'Warn'
      ? 'the API is up but some endpoints fail: the log pane’s node::http tab shows each call and its answer'
      : g.reason.startsWith('cannot reach')
        ? 'start Bee, or point the cockpit at its API (--node, NODE_URL, [[nodes]] url; default port 1633)'
        : 'the API answers, but not as Bee should: the node log (Ctrl+L) says why; restart Bee if it persists',
  chainRpcFresh: () => 'the node’s blockchain RPC endpoint is slow or stalled: check it, or set another in Bee’s blockchain-rpc-endpoint',
  walletFunded: (g) =>
    g.state === 'Warn'
      ? 'send native token (xDAI) to the node’s wallet for redistribution gas (S7 Network shows its address)'
      : 'fund the node’s wallet with what it lacks (S7 Network shows its address); the cockpit sends no funds',
  warmupComplete: (g) =>
    g.state === 'Warn' ? 'nothing to do: Bee ends warm-up by itself' : 'wait: Bee is not ready yet; if it stays so, check peers (S6) and the node log (Ctrl+L)',
  peerCount: () => 'check that Bee’s P2P port is reachable from outside (S7 Network) and that bootnodes are configured',
  reserveFill: (g) =>
    g.state === 'Warn' ? 'nothing to do: pull-sync is filling the reserve' : 'pull-sync stopped: check the neighbourhood’s peers (S6) and the storage radius (S4)',
  binSaturation: () => 'more peers are needed in that bin: keep the P2P port reachable (S7 Network); Bee adds peers as it finds them',
  redistributionHealthy: (g) => {
    if (g.reason.startsWith('not enough gas')) return 'send native token (xDAI) to the node’s wallet for gas (S7 Network shows its address)';
    if (g.state === 'Warn') return 'nothing to do: rounds resume once the reserve has synced (S5 Warmup)';
    return 'the reserve disagrees with the neighbourhood: let it resync; check the disk and storage radius (S4 Lottery)';
  },
  notFrozen: () => 'a frozen node sits out rounds until the freeze ends; the node log (Ctrl+L) says which round froze it',
  stampTtl: (g) =>
    g.reason.startsWith('no postage batches')
      ? 'to upload, buy a batch: --once buy-suggest sizes one (the cockpit only previews)'
      : 'top up the batch: --once topup-preview <id> <amount> shows the cost (S2 Stamps lists the batch)',
  apiVersion: () => 'upgrade Bee or this toolkit until the API versions agree (--once version-check)',
};

/**
 * The hint under one gate of the ladder, or null when it needs none (Pass). `causes` is gateCauses(ladder):
 * the gate an inhibited gate's state is recorded under.
 */
export function gateHint(gate: Gate, causes: Partial<Record<GateId, GateId>>, ladder: readonly Gate[]): RowHint | null {
  if (gate.state === 'Pass') return null;
  const cause = causes[gate.id];
  const upstream = cause ? ladder.find((each) => each.id === cause) : undefined;
  if (gate.state === 'Unknown') {
    // Short: the upstream gate's own row (above) says its reason, and ten gates under a failing API repeat this.
    if (upstream) return { text: `why: ${GATE_NAMES[upstream.id]} is ${upstream.state}`, tone: 'muted' };
    return { text: `why: the node gave no usable answer (see the reason); ${fixUpstream}`, tone: 'muted' };
  }
  if (!gate.applicable) return { text: 'nothing to do: this node has no such facts by design', tone: 'muted' };
  if (upstream) return { text: `a consequence of ${GATE_NAMES[upstream.id]} (${upstream.state}): fix that first`, tone: 'muted' };
  return { text: `do: ${REMEDIES[gate.id](gate)}`, tone: gate.state === 'Fail' ? 'fail' : 'warn' };
}

/** Every gate's hint, in ladder order (null where none). */
export function gateHints(ladder: readonly Gate[]): (RowHint | null)[] {
  const causes = gateCauses(ladder);
  return ladder.map((gate) => gateHint(gate, causes, ladder));
}

/** The gate behind a node's warn or fail (see the module doc), or null when every gate passes. */
export function gateBehind(ladder: readonly Gate[]): Gate | null {
  const causes = gateCauses(ladder);
  const own = ladder.filter((gate) => causes[gate.id] === undefined);
  return own.find((gate) => gate.state === 'Fail') ?? own.find((gate) => gate.state === 'Warn' && gate.applicable) ?? null;
}

/** The S15 row hint: the gate behind the node's warn or fail and what to do, or null. */
export function fleetRowHint(ladder: readonly Gate[]): RowHint | null {
  const gate = gateBehind(ladder);
  if (!gate) return null;
  return { text: `${gate.name} ${gate.state}: ${REMEDIES[gate.id](gate)}`, tone: gate.state === 'Fail' ? 'fail' : 'warn' };
}
