import { describe, expect, it } from 'vitest';
import { GATE_ANCESTORS, GATE_DESCENDANTS, GATE_UPSTREAM, gateCauses, inhibits } from './gate-dependencies.js';
import { GATE_IDS, type Gate } from './gate-definitions.js';
import { computeGates } from './gates.js';
import { healthySnapshot, refused, unreachable, withSnapshot } from './snapshot-fixtures.js';

const healthy = healthySnapshot();
const gate = (state: Gate['state'], applicable = true) => ({ state, applicable });

describe('the gate dependency graph', () => {
  it('API reachable is under nothing and above every other gate; the ladder order is a topological order', () => {
    expect(GATE_UPSTREAM.apiReachable).toEqual([]);
    expect(GATE_DESCENDANTS.apiReachable).toEqual(GATE_IDS.filter((id) => id !== 'apiReachable'));
    for (const id of GATE_IDS) {
      for (const upstream of GATE_UPSTREAM[id]) expect(GATE_IDS.indexOf(upstream), `${upstream} before ${id}`).toBeLessThan(GATE_IDS.indexOf(id));
      expect(GATE_ANCESTORS[id]).not.toContain(id);
    }
  });

  it('chain RPC fresh is above what Bee reads from the chain: wallet, redistribution, not frozen, stamp TTL', () => {
    expect(GATE_DESCENDANTS.chainRpcFresh).toEqual(['walletFunded', 'redistributionHealthy', 'notFrozen', 'stampTtl']);
    expect(GATE_DESCENDANTS.peerCount).toEqual(['reserveFill', 'binSaturation', 'redistributionHealthy']);
    expect(GATE_ANCESTORS.redistributionHealthy).toEqual(['apiReachable', 'chainRpcFresh', 'walletFunded', 'warmupComplete', 'peerCount', 'reserveFill']);
  });

  it('Fail upstream inhibits every state below; Warn or Unknown upstream only a gate not measured; not applicable nothing', () => {
    for (const below of ['Warn', 'Fail', 'Unknown'] as const) expect(inhibits(gate('Fail'), gate(below)), below).toBe(true);
    expect(inhibits(gate('Fail'), gate('Pass'))).toBe(false);
    for (const above of ['Warn', 'Unknown'] as const) {
      expect(inhibits(gate(above), gate('Unknown'))).toBe(true);
      expect(inhibits(gate(above), gate('Fail'))).toBe(false);
      expect(inhibits(gate(above), gate('Warn'))).toBe(false);
    }
    expect(inhibits(gate('Warn', false), gate('Unknown'))).toBe(false);
    expect(inhibits(gate('Pass'), gate('Unknown'))).toBe(false);
  });
});

describe('gateCauses', () => {
  it('a healthy node has no inhibited gate', () => {
    expect(gateCauses(computeGates(healthy))).toEqual({});
  });

  it('an unreachable or 500 node: every gate under API reachable', () => {
    for (const fault of [unreachable, refused(500, '500 Internal Server Error')]) {
      const down = withSnapshot(healthy, Object.fromEntries(['health', 'readiness', 'status', 'topology', 'chainstate', 'wallet', 'reservestate', 'redistributionstate', 'stamps'].map((k) => [k, fault])));
      expect(gateCauses(computeGates(down))).toEqual(Object.fromEntries(GATE_IDS.slice(1).map((id) => [id, 'apiReachable'])));
    }
  });

  it('endpoints that fail (API reachable Warn): the gates they leave unmeasured are under it; measured ones are not', () => {
    const starting = withSnapshot(healthy, { chainstate: refused(503), wallet: refused(503), stamps: refused(503), status: { connectedPeers: 2 } });
    expect(gateCauses(computeGates(starting))).toEqual({ chainRpcFresh: 'apiReachable', walletFunded: 'apiReachable', stampTtl: 'apiReachable' });
  });

  it('a gate is recorded under the root-most cause: too few peers hold bin saturation, reserve fill and redistribution', () => {
    const lonely = withSnapshot(healthy, { status: { connectedPeers: 1, reserveSizeWithinRadius: 10 }, topology: { connected: 1, connectedPerBin: [1] }, redistributionstate: { isFullySynced: false } });
    expect(gateCauses(computeGates(lonely))).toEqual({ reserveFill: 'peerCount', binSaturation: 'peerCount', redistributionHealthy: 'peerCount' });
  });

  it('a measured failure below a Warn is its own: a lagging chain does not hold an empty wallet', () => {
    const both = withSnapshot(healthy, { chainstate: { chainTip: 1030, block: 1000 }, wallet: { bzzBalance: '0' } });
    const gates = computeGates(both);
    expect(gates.find((g) => g.id === 'chainRpcFresh')!.state).toBe('Warn');
    expect(gateCauses(gates)).toEqual({});
  });
});
