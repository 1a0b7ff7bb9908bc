/**
 * Issue 28 item 2, the rows that say what to do: S1's hint under each Warn or Fail gate and under each gate not
 * measured (why: the upstream gate the dependency table names), and S15's per-row gate, default mark and single
 * naming of ad-hoc nodes.
 */
import { describe, expect, it } from 'vitest';
import { computeGates, GATE_THRESHOLDS } from './gates.js';
import { fleetRowHint, gateBehind, gateHints } from './gate-remedies.js';
import { healthySnapshot, refused, unreachable, withSnapshot } from './snapshot-fixtures.js';
import { healthScreen } from './screens/health.js';
import { fleetScreen } from './screens/fleet.js';
import type { FleetNodeFacts } from './interaction/screen-env.js';
import type { TableSection } from './view/view-model.js';

const node = (name: string, url: string, snapshot = healthySnapshot(), extra: Partial<FleetNodeFacts> = {}): FleetNodeFacts => ({
  name,
  url,
  active: false,
  snapshot,
  gates: computeGates(snapshot),
  pollError: null,
  polling: false,
  ...extra,
});
const table = (sections: readonly { id: string }[], id: string) => sections.find((s) => s.id === id) as TableSection;

describe('S1: a hint under each gate that is not Pass', () => {
  it('a healthy ladder has no hints', () => {
    expect(gateHints(computeGates(healthySnapshot())).every((hint) => hint === null)).toBe(true);
  });

  it('a Warn gate says what to do, in its tone; a Fail gate too; n/a gates say there is nothing to do', () => {
    // 10 peers: under the 16 the peer-count gate wants (Warn); an empty wallet: no xBZZ (Fail).
    const snapshot = withSnapshot(healthySnapshot(), { status: { connectedPeers: 10 }, wallet: { bzzBalance: '0' }, redistributionstate: refused(403) });
    const gates = computeGates(snapshot);
    const hints = Object.fromEntries(gates.map((gate, i) => [gate.id, gateHints(gates)[i]]));
    expect(gates.find((g) => g.id === 'peerCount')).toMatchObject({ state: 'Warn' });
    expect(GATE_THRESHOLDS.peerCountWarnBelow).toBe(16);
    expect(hints.peerCount).toEqual({ text: expect.stringMatching(/^do: check that Bee’s P2P port is reachable/), tone: 'warn' });
    expect(hints.walletFunded).toEqual({ text: expect.stringMatching(/^do: fund the node’s wallet .*S7 Network shows its address/), tone: 'fail' });
    expect(hints.notFrozen).toEqual({ text: 'nothing to do: this node has no such facts by design', tone: 'muted' });
    expect(hints.apiReachable).toBeNull();
  });

  it('a gate not measured says why: the upstream gate the dependency table names, with its reason', () => {
    // /chainstate answers 500: chain RPC fresh is not measured, and the gates below it (wallet, frozen, stamp TTL)
    // that read the chain are explained by it.
    const snapshot = withSnapshot(healthySnapshot(), { chainstate: { ok: false, error: { code: 'http', status: 500, detail: '500 internal error' } }, wallet: unreachable });
    const gates = computeGates(snapshot);
    const hints = Object.fromEntries(gates.map((gate, i) => [gate.id, gateHints(gates)[i]]));
    expect(gates.find((g) => g.id === 'chainRpcFresh')).toMatchObject({ state: 'Unknown' });
    // The root-most cause: API reachable is Warn because endpoints fail, and it names them.
    expect(gates.find((g) => g.id === 'apiReachable')).toMatchObject({ state: 'Warn' });
    expect(gates.find((g) => g.id === 'apiReachable')!.reason).toBe('/health ok but 2 endpoints failing: /chainstate 500 internal error (+1 more)');
    expect(hints.chainRpcFresh).toEqual({ text: 'why: API reachable is Warn', tone: 'muted' });
    expect(gates.find((g) => g.id === 'walletFunded')).toMatchObject({ state: 'Unknown' });
    expect(hints.walletFunded).toEqual(hints.chainRpcFresh);
    // API reachable's own Warn says where to look.
    expect(hints.apiReachable).toEqual({ text: expect.stringMatching(/^do: the API is up but some endpoints fail: the log pane’s node::http tab/), tone: 'warn' });
  });

  it('healthScreen puts each hint on its gate row; Pass rows have none', () => {
    const snapshot = withSnapshot(healthySnapshot(), { status: { connectedPeers: 2 } });
    const content = healthScreen({ ...node('n1', 'http://n1:1633', snapshot), active: true });
    const rows = table(content.sections, 'gates').rows;
    expect(rows.find((r) => r.key === 'peerCount')!.hint).toMatchObject({ tone: 'fail', text: expect.stringMatching(/^do: /) });
    expect(rows.find((r) => r.key === 'apiReachable')!.hint).toBeUndefined();
  });
});

describe('S15: the default node marked, the gate behind a warn or fail named, each node once', () => {
  const expiring = withSnapshot(healthySnapshot(), { stamps: [{ batchID: 'ab'.repeat(32), batchTTL: 5 * 3600, usable: true, depth: 22, label: '' }] });
  const fleet = [
    node('http://127.0.0.1:1633', 'http://127.0.0.1:1633', healthySnapshot(), { active: true }),
    node('eu-1', 'http://10.0.0.1:1633', expiring, { isDefault: true }),
  ];

  it('★ on the default node (* under --ascii), ● on the active one', () => {
    expect(table(fleetScreen(fleet).sections, 'nodes').rows.map((r) => r.cells[0]!.text)).toEqual(['●', '★']);
    expect(table(fleetScreen(fleet, true).sections, 'nodes').rows.map((r) => r.cells[0]!.text)).toEqual(['@', '*']);
    const both = [{ ...fleet[0]!, isDefault: true }];
    expect(table(fleetScreen(both).sections, 'nodes').rows[0]!.cells[0]!.text).toBe('●★');
  });

  it('a warn row names its gate and what to do (stamp TTL under 24 h: top up); a healthy row has no hint', () => {
    const rows = table(fleetScreen(fleet).sections, 'nodes').rows;
    expect(rows[1]!.hint).toEqual({ text: expect.stringMatching(/^stamp TTL Warn: top up the batch/), tone: 'warn' });
    expect(rows[0]!.hint).toBeUndefined();
    expect(gateBehind(computeGates(expiring))?.id).toBe('stampTtl');
  });

  it('the gate behind a node down is API reachable, not the gates it explains', () => {
    const down = withSnapshot(healthySnapshot(), { health: unreachable, chainstate: unreachable, status: unreachable, topology: unreachable });
    expect(fleetRowHint(computeGates(down))).toMatchObject({ text: expect.stringMatching(/^API reachable Fail: start Bee/), tone: 'fail' });
  });

  it('ad-hoc nodes (named by their URL) are named once: no URL column when every node is, a dash in it otherwise', () => {
    const adHoc = [fleet[0]!, node('http://127.0.0.2:1633', 'http://127.0.0.2:1633')];
    expect(table(fleetScreen(adHoc).sections, 'nodes').columns.map((c) => c.id)).not.toContain('url');
    const mixed = table(fleetScreen(fleet).sections, 'nodes');
    const url = mixed.columns.findIndex((c) => c.id === 'url');
    expect(mixed.rows.map((r) => r.cells[url]!.text)).toEqual(['—', 'http://10.0.0.1:1633']);
  });
});
