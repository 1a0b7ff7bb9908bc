import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gateCauses } from './gate-dependencies.js';
import { computeGates, GATE_IDS, type Gate, type GateId } from './gates.js';
import { appendBounded, gateTransitions, type AnnouncedStates, type GateTransition } from './gate-transitions.js';
import type { NodeHealthSnapshot } from './health-snapshot.js';
import { healthySnapshot, refused, unreachable, withSnapshot } from './snapshot-fixtures.js';

const base = healthySnapshot();
const everything = (fault: typeof unreachable): NodeHealthSnapshot =>
  withSnapshot(base, Object.fromEntries(['health', 'readiness', 'status', 'topology', 'chainstate', 'wallet', 'reservestate', 'redistributionstate', 'stamps'].map((k) => [k, fault])));
const healthy = computeGates(base);
const frozen = computeGates(withSnapshot(base, { redistributionstate: { isFrozen: true }, status: { connectedPeers: 10 } }));
const down = computeGates(everything(unreachable));
const erring = computeGates(everything(refused(500, '500 Internal Server Error')));
const stalled = computeGates(withSnapshot(base, { chainstate: { chainTip: 1100, block: 1000 } }));
// An empty wallet: no xBZZ, and Bee says a redistribution round cannot be paid for.
const emptyWallet = { wallet: { bzzBalance: '0' }, redistributionstate: { hasSufficientFunds: false } } as const;
const stalledEmpty = computeGates(withSnapshot(base, { chainstate: { chainTip: 1100, block: 1000 }, ...emptyWallet }));
const empty = computeGates(withSnapshot(base, emptyWallet));

const line = (t: GateTransition) => `${t.gateId}: ${t.from} -> ${t.to}${t.causedBy ? ` under ${t.causedBy}` : ''}`;
/** Runs ladders through gateTransitions as the gates machine does, returning each poll's transitions. */
function run(...ladders: Gate[][]): GateTransition[][] {
  let announced: AnnouncedStates = {};
  let previous: Gate[] | null = null;
  return ladders.map((ladder, i) => {
    const step = gateTransitions(previous, ladder, i, announced);
    announced = step.announced;
    previous = ladder;
    return step.transitions;
  });
}

describe('gateTransitions', () => {
  it('records nothing between equal ladders, and nothing for gates that start in Pass', () => {
    expect(run(healthy, healthy)).toEqual([[], []]);
  });

  it('records gates that start in Warn or Fail with from: null', () => {
    expect(run(frozen)[0]!.map((t) => [t.gateId, t.from, t.to, t.recovery])).toEqual([
      ['peerCount', null, 'Warn', false],
      ['notFrozen', null, 'Fail', false],
    ]);
  });

  it('records degradations and recoveries, with the new reason and the poll time', () => {
    const [, worse, better] = run(healthy, frozen, healthy);
    expect(worse!.map(line)).toEqual(['peerCount: Pass -> Warn', 'notFrozen: Pass -> Fail']);
    expect(worse![1]).toMatchObject({ atMs: 1, recovery: false, causedBy: null, reason: expect.stringContaining('frozen in the staking contract') });
    expect(better!.map((t) => [t.from, t.to, t.recovery])).toEqual([
      ['Warn', 'Pass', true],
      ['Fail', 'Pass', true],
    ]);
    const off = computeGates(withSnapshot(base, { redistributionstate: refused(403) }));
    expect(run(healthy, frozen, off)[2]!.map(line)).toEqual(['peerCount: Warn -> Pass', 'redistributionHealthy: Pass -> Warn', 'notFrozen: Fail -> Warn']);
  });
});

describe('one cause, one alert', () => {
  it.each([
    ['unreachable', down],
    ['answering 500', erring],
  ])('a node %s: API reachable is the one alert; the ten gates it hides are recorded under it; the recovery is grouped the same way', (_, sick) => {
    const [, fell, rose, after] = run(healthy, sick, healthy, healthy);
    expect(fell!.filter((t) => !t.causedBy).map(line)).toEqual(['apiReachable: Pass -> Fail']);
    expect(fell!.filter((t) => t.causedBy).map(line)).toEqual(GATE_IDS.slice(1).map((id) => `${id}: Pass -> Unknown under apiReachable`));
    expect(rose!.filter((t) => !t.causedBy).map(line)).toEqual(['apiReachable: Fail -> Pass']);
    expect(rose!.filter((t) => t.causedBy)).toHaveLength(10);
    for (const t of rose!.filter((each) => each.causedBy)) expect(t).toMatchObject({ from: 'Unknown', to: 'Pass', recovery: true, causedBy: 'apiReachable' });
    expect(after).toEqual([]);
  });

  it('opened on a node that is down: one first-poll alert, the rest under it; when it comes back with an empty wallet, that alerts on its own', () => {
    const [first, back] = run(down, empty);
    expect(first!.filter((t) => !t.causedBy).map(line)).toEqual(['apiReachable: null -> Fail']);
    expect(first!.filter((t) => t.causedBy)).toHaveLength(10);
    expect(back!.map(line)).toEqual([
      'apiReachable: Fail -> Pass',
      ...['chainRpcFresh', 'warmupComplete', 'peerCount', 'reserveFill', 'binSaturation'].map((id) => `${id}: Unknown -> Pass under apiReachable`),
      'walletFunded: Unknown -> Fail',
      'redistributionHealthy: Unknown -> Fail under walletFunded',
      ...['notFrozen', 'stampTtl', 'apiVersion'].map((id) => `${id}: Unknown -> Pass under apiReachable`),
    ].sort((a, b) => GATE_IDS.indexOf(a.split(':')[0] as GateId) - GATE_IDS.indexOf(b.split(':')[0] as GateId)));
  });

  it('a failure under a failing cause is recorded under it; when the cause recovers and it still fails, it alerts then (released)', () => {
    const [, chainDown, walletToo, chainBack, walletBack] = run(healthy, stalled, stalledEmpty, empty, healthy);
    expect(chainDown!.map(line)).toEqual(['chainRpcFresh: Pass -> Fail']);
    expect(walletToo!.map(line)).toEqual(['walletFunded: Pass -> Fail under chainRpcFresh', 'redistributionHealthy: Pass -> Fail under chainRpcFresh']);
    // Released: from what the sinks last heard (Pass), now that nothing above holds it.
    // Redistribution, still failing, is now held by the wallet: no change, nothing recorded.
    expect(chainBack!.map(line)).toEqual(['chainRpcFresh: Fail -> Pass', 'walletFunded: Pass -> Fail']);
    expect(walletBack!.map(line)).toEqual(['walletFunded: Fail -> Pass', 'redistributionHealthy: Fail -> Pass under walletFunded']);
  });

  it('a gate back where the sinks last heard it says nothing new: its change rides on its cause', () => {
    // The wallet is announced empty; the node goes down (the wallet is then not measured), and comes back empty.
    const [, , wentDown, cameBack] = run(healthy, empty, down, empty);
    expect(wentDown!.filter((t) => t.gateId === 'walletFunded').map(line)).toEqual(['walletFunded: Fail -> Unknown under apiReachable']);
    expect(cameBack!.filter((t) => !t.causedBy).map(line)).toEqual(['apiReachable: Fail -> Pass']);
    expect(cameBack!.find((t) => t.gateId === 'walletFunded')).toMatchObject({ from: 'Unknown', to: 'Fail', causedBy: 'apiReachable' });
  });

  it('over any sequence of polls: no alert of its own is held by a failing upstream, and the sinks end up having heard every gate not held', () => {
    const ladders = [healthy, frozen, down, erring, stalled, stalledEmpty, empty, computeGates(withSnapshot(base, { stamps: refused(503), status: { connectedPeers: 2 } }))];
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: ladders.length - 1 }), { minLength: 1, maxLength: 12 }), (picks) => {
        let announced: AnnouncedStates = {};
        let previous: Gate[] | null = null;
        for (const [i, pick] of picks.entries()) {
          const ladder = ladders[pick]!;
          const step = gateTransitions(previous, ladder, i, announced);
          const causes = gateCauses(ladder);
          for (const t of step.transitions) {
            if (!t.causedBy) expect(causes[t.gateId], line(t)).toBeUndefined();
            else expect(causes[t.gateId] ?? (previous ? gateCauses(previous)[t.gateId] : undefined), line(t)).toBe(t.causedBy);
          }
          announced = step.announced;
          previous = ladder;
          for (const gate of ladder) if (causes[gate.id as GateId] === undefined) expect(announced[gate.id], gate.id).toBe(gate.state);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('appendBounded', () => {
  it('keeps the newest `limit` items in order', () => {
    fc.assert(
      fc.property(fc.array(fc.integer(), { maxLength: 20 }), fc.array(fc.integer(), { maxLength: 20 }), fc.integer({ min: 0, max: 25 }), (ring, items, limit) => {
        const out = appendBounded(ring, items, limit);
        const all = [...ring, ...items];
        expect(out).toEqual(limit === 0 ? [] : all.slice(Math.max(0, all.length - limit)));
      }),
      { numRuns: 100 },
    );
  });
});
