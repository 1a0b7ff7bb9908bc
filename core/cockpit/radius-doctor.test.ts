import { describe, expect, it } from 'vitest';
import { diagnoseRadius, mostCommon } from './radius-doctor.js';
import { addressBitString, nextRadiusTrack, radiusChangeOf, type RadiusInputs } from './radius-facts.js';
import { ok, unreachable } from './snapshot-fixtures.js';

const overlay = 'a0'.repeat(32);
const settled: RadiusInputs = {
  takenAtMs: 0,
  status: ok({ overlay, reserveSize: 3_000_000, reserveSizeWithinRadius: 2_900_000, pullsyncRate: 0, storageRadius: 10, connectedPeers: 150, neighborhoodSize: 4, committedDepth: 10 }),
  reserve: ok({ radius: 10, storageRadius: 10, commitment: 2 ** 32, reserveCapacityDoubling: 0 }),
  peers: ok([
    { overlay: 'a0' + '11'.repeat(31), proximity: 10, committedDepth: 10 },
    { overlay: 'a0' + '22'.repeat(31), proximity: 12, committedDepth: 10 },
    { overlay: 'a0' + '33'.repeat(31), proximity: 11, committedDepth: 10 },
    { overlay: '00'.repeat(32), proximity: 0, committedDepth: 10 },
    { overlay: 'ff'.repeat(32), proximity: 0, requestFailed: true },
  ]),
  neighborhoods: ok([{ neighborhood: '1010000000', reserveSizeWithinRadius: 2_900_000, proximity: 10 }]),
  topology: ok({ depth: 10, connectedPerBin: [12, 11, 10, 9, 9, 9, 9, 9, 9, 9, 3, 2] }),
  change: { kind: 'unknown', why: 'one reading' },
};
const ids = (input: RadiusInputs) => diagnoseRadius(input).findings.map((f) => f.id);

describe('radius-doctor', () => {
  it('a settled node: one ok verdict; the neighbourhood counted from /status/peers, failed peers left out', () => {
    const d = diagnoseRadius(settled);
    expect(d.findings.map((f) => [f.id, f.tone])).toEqual([['settled', 'ok']]);
    expect(d).toMatchObject({ neighbours: 3, networkDepth: 10, neighbourhoodDepth: 10, capacity: 4_194_304, nearDepthBins: [{ po: 8, connected: 9 }, { po: 9, connected: 9 }] });
    expect(d.neighbourhoods).toEqual([{ neighborhood: '1010000000', reserveSizeWithinRadius: 2_900_000, peers: 3 }]);
    expect(d.headline).toBe('storage radius 10, committed depth 10: settled; last change unknown (one reading)');
  });

  it('committed depth that disagrees with the network and the neighbourhood: salud marks it unhealthy (fail)', () => {
    const low = { ...settled, status: ok({ ...(settled.status.ok ? settled.status.value : ({} as never)), committedDepth: 9, storageRadius: 9 }) };
    const d = diagnoseRadius(low);
    expect(d.findings.find((f) => f.id === 'depth-disagrees')).toMatchObject({ tone: 'fail', finding: expect.stringMatching(/^committed depth 9 disagrees with the network's 10 \(most common of 4 peers\)/) });
    expect(d.worst).toBe('fail');
  });

  it('few peers near the depth, and a node that could not be read says unknown, never fail', () => {
    const thin = { ...settled, topology: ok({ depth: 10, connectedPerBin: [12, 11, 10, 9, 9, 9, 9, 9, 3, 9] }) };
    expect(ids(thin)).toEqual(['few-peers-near-depth']);
    const down = diagnoseRadius({ ...settled, status: unreachable, reserve: unreachable, peers: unreachable, neighborhoods: unreachable, topology: unreachable });
    expect(down.findings.map((f) => f.tone)).toEqual(['unknown', 'unknown']);
    expect(down.worst).toBe('unknown');
    expect(down.unread).toHaveLength(5);
  });

  it('the most common committed depth ties to the lowest, as salud takes the first maximum', () => {
    expect([mostCommon([]), mostCommon([3, 4, 4, 3]), mostCommon([5, 6, 6])]).toEqual([null, 3, 6]);
    expect(addressBitString('a0ff', 10)).toBe('1010000011');
  });

  it('time since the last change, from successive polls: unknown, unchanged for at least, changed from', () => {
    const one = nextRadiusTrack(null, { storageRadius: 10, committedDepth: 10 }, 0);
    expect(radiusChangeOf(one, 0)).toEqual({ kind: 'unknown', why: 'one reading so far: the cockpit measures it across polls' });
    const same = nextRadiusTrack(one, { storageRadius: 10, committedDepth: 10 }, 600_000);
    expect(same).toBe(one);
    expect(radiusChangeOf(same, 600_000)).toEqual({ kind: 'unchangedSince', forSeconds: 600 });
    expect(nextRadiusTrack(same, null, 700_000)).toBe(same);
    const moved = nextRadiusTrack(same, { storageRadius: 9, committedDepth: 9 }, 900_000);
    expect(radiusChangeOf(moved, 960_000)).toEqual({ kind: 'changed', from: { storageRadius: 10, committedDepth: 10 }, agoSeconds: 60 });
    expect(diagnoseRadius({ ...settled, change: radiusChangeOf(moved, 960_000) }).headline).toMatch(/last change 60 s ago \(radius was 10, committed depth 10\)$/);
  });
});
