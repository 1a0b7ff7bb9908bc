import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeGates } from './gates.js';
import { appendBounded, gateTransitions } from './gate-transitions.js';
import { healthySnapshot, refused, withSnapshot } from './snapshot-fixtures.js';

const healthy = computeGates(healthySnapshot());
const frozen = computeGates(withSnapshot(healthySnapshot(), { redistributionstate: { isFrozen: true }, status: { connectedPeers: 10 } }));

describe('gateTransitions', () => {
  it('records nothing between equal ladders, and nothing for gates that start in Pass', () => {
    expect(gateTransitions(healthy, healthy, 5)).toEqual([]);
    expect(gateTransitions(null, healthy, 5)).toEqual([]);
  });

  it('records gates that start in Warn or Fail with from: null', () => {
    expect(gateTransitions(null, frozen, 7).map((t) => [t.gateId, t.from, t.to, t.recovery])).toEqual([
      ['peerCount', null, 'Warn', false],
      ['notFrozen', null, 'Fail', false],
    ]);
  });

  it('records degradations and recoveries, with the new reason and the poll time', () => {
    const down = gateTransitions(healthy, frozen, 10);
    expect(down.map((t) => `${t.gateName}: ${t.from} -> ${t.to}`)).toEqual(['peer count: Pass -> Warn', 'not frozen: Pass -> Fail']);
    expect(down[1]).toMatchObject({ atMs: 10, recovery: false, reason: expect.stringContaining('frozen in the staking contract') });
    const up = gateTransitions(frozen, healthy, 20);
    expect(up.map((t) => [t.from, t.to, t.recovery])).toEqual([
      ['Warn', 'Pass', true],
      ['Fail', 'Pass', true],
    ]);
    const off = computeGates(withSnapshot(healthySnapshot(), { redistributionstate: refused(403) }));
    expect(gateTransitions(frozen, off, 30).map((t) => [t.gateId, t.from, t.to])).toEqual([
      ['peerCount', 'Warn', 'Pass'],
      ['redistributionHealthy', 'Pass', 'Warn'],
      ['notFrozen', 'Fail', 'Warn'],
    ]);
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
