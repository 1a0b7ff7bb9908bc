/**
 * Which gate depends on which: one cause, one alert (issue 23). A gate whose upstream gate is down shows the
 * consequence (a node that does not answer has no chain, no wallet, no stamps to read), and that consequence is
 * recorded under the upstream gate, as Alertmanager's inhibit rules do, not as an alert of its own.
 *
 * The graph follows what each gate reads (core/cockpit/gate-rules.ts):
 * - API reachable is under nothing and above everything: every other gate reads an endpoint of the API.
 * - chain RPC fresh (`/chainstate`) is above what Bee reads from the chain: the wallet's balances, the
 *   staking contract (not frozen), the batches' TTLs (price and balance), and the redistribution game.
 * - warmup complete and peer count are above reserve fill (pull-sync fills the reserve from peers, after
 *   warm-up); peer count above bin saturation (no peers, no saturated bins).
 * - wallet funded and reserve fill are above redistribution healthy (`hasSufficientFunds`, `isFullySynced`).
 * - API version reads `/health` only: under API reachable.
 *
 * The rule (`inhibits`), in Alertmanager's terms the source and target matchers:
 * - an upstream gate that Fails inhibits every state of the gates below it (whatever they show is a
 *   consequence, or cannot be told apart from one);
 * - an upstream gate in Warn or Unknown inhibits only a gate below it that is Unknown (the upstream's trouble,
 *   an endpoint failing, is why it could not be measured); a Warn or Fail measured below it is a fact of its
 *   own and alerts on its own;
 * - a gate that is not applicable (no such facts by design) inhibits nothing.
 * A gate's cause is its root-most inhibiting ancestor that is not itself inhibited.
 *
 * The same graph is shipped for Prometheus and Alertmanager (docs/prometheus/cockpit-alerts.yml, `unless
 * on(node) …`, and the inhibit_rules of docs/alertmanager/alertmanager.yml), generated from this table by
 * scripts/write-prometheus-rules.mjs; a test fails when they differ. Pure: no I/O.
 */
import { GATE_IDS, type Gate, type GateId } from './gate-definitions.js';

/** Each gate's direct upstream gates. Order of GATE_IDS is a topological order of this graph (tested). */
export const GATE_UPSTREAM: Readonly<Record<GateId, readonly GateId[]>> = {
  apiReachable: [],
  chainRpcFresh: ['apiReachable'],
  walletFunded: ['chainRpcFresh'],
  warmupComplete: ['apiReachable'],
  peerCount: ['apiReachable'],
  reserveFill: ['warmupComplete', 'peerCount'],
  binSaturation: ['peerCount'],
  redistributionHealthy: ['walletFunded', 'reserveFill'],
  notFrozen: ['chainRpcFresh'],
  stampTtl: ['chainRpcFresh'],
  apiVersion: ['apiReachable'],
};

function closure(id: GateId, next: (id: GateId) => readonly GateId[]): GateId[] {
  const seen = new Set<GateId>();
  const walk = (each: GateId) => {
    for (const other of next(each)) {
      if (seen.has(other)) continue;
      seen.add(other);
      walk(other);
    }
  };
  walk(id);
  return GATE_IDS.filter((each) => seen.has(each));
}

function perGate(of: (id: GateId) => readonly GateId[]): Readonly<Record<GateId, readonly GateId[]>> {
  const table = {} as Record<GateId, readonly GateId[]>;
  for (const id of GATE_IDS) table[id] = of(id);
  return table;
}

/** Every gate above `id`, in ladder order (root first). */
export const GATE_ANCESTORS = perGate((id) => closure(id, (each) => GATE_UPSTREAM[each]));

/** Every gate below `id`, in ladder order: what an alert of `id` inhibits. */
export const GATE_DESCENDANTS = perGate((id) => GATE_IDS.filter((other) => GATE_ANCESTORS[other].includes(id)));

/** Whether `upstream`'s state explains `downstream`'s (the rule in the module doc). */
export function inhibits(upstream: Pick<Gate, 'state' | 'applicable'>, downstream: Pick<Gate, 'state'>): boolean {
  if (!upstream.applicable || upstream.state === 'Pass' || downstream.state === 'Pass') return false;
  if (upstream.state === 'Fail') return true;
  return downstream.state === 'Unknown';
}

/**
 * For each gate of the ladder that is inhibited, the gate it is recorded under: the root-most inhibiting
 * ancestor, or that ancestor's own cause when it is inhibited in turn. Gates not inhibited are absent.
 */
export function gateCauses(gates: readonly Gate[]): Partial<Record<GateId, GateId>> {
  const byId = new Map<GateId, Gate>();
  for (const gate of gates) byId.set(gate.id, gate);
  const causes: Partial<Record<GateId, GateId>> = {};
  for (const id of GATE_IDS) {
    const gate = byId.get(id);
    if (!gate) continue;
    for (const upstream of GATE_ANCESTORS[id]) {
      const above = byId.get(upstream);
      if (above && inhibits(above, gate)) {
        causes[id] = causes[upstream] ?? upstream;
        break;
      }
    }
  }
  return causes;
}
