import { describe, expect, it } from 'vitest';
import { anchorRange, rchashVerdict } from './rchash.js';
import { phaseLabel, roundPosition } from './round-phase.js';
import { MIN_STAKE_PLUR, stakeCard, type RedistributionFlags, type StakeFacts } from './stake-card.js';

const flags: RedistributionFlags = { isFrozen: false, isHealthy: true, isFullySynced: true, hasSufficientFunds: true, minimumGasFunds: '3750000000000000', lastFrozenRound: 0 };
const stake: StakeFacts = { stakedAmount: String(MIN_STAKE_PLUR), withdrawableAmount: '0', reserveCapacityDoubling: 0 };
const card = (s: Partial<StakeFacts>, f: Partial<RedistributionFlags> = {}) => stakeCard({ ...stake, ...s }, { ...flags, ...f });

describe('stake card (S4)', () => {
  it('Healthy when staked at the minimum for the height, playing, funded and synced', () => {
    expect(card({})).toMatchObject({ state: 'Healthy', tone: 'ok' });
  });

  it('each state, the first that holds winning', () => {
    expect(card({ stakedAmount: '0' }, { isFrozen: true })).toMatchObject({ state: 'Unstaked', reason: expect.stringMatching(/^no stake/) });
    expect(card({ stakedAmount: null }).state).toBe('Unstaked');
    expect(card({ stakedAmount: String(MIN_STAKE_PLUR - 1n) }).state).toBe('Unstaked');
    expect(card({}, { isFrozen: true, hasSufficientFunds: false, lastFrozenRound: 41 })).toMatchObject({ state: 'Frozen', tone: 'fail', reason: expect.stringContaining('round 41') });
    expect(card({}, { hasSufficientFunds: false, isHealthy: false })).toMatchObject({ state: 'Insufficient gas', reason: 'native balance not above 0.00375 native: rounds are skipped' });
    expect(card({}, { isHealthy: false })).toMatchObject({ state: 'Unhealthy', tone: 'fail' });
    expect(card({}, { isFullySynced: false })).toMatchObject({ state: 'Unhealthy', tone: 'warn' });
    // isHealthy absent (older Bee) does not count as unhealthy.
    expect(card({}, { isHealthy: undefined }).state).toBe('Healthy');
  });

  it('Skewed: the stake does not match the reserve height (too little for a doubled reserve, or a withdrawable surplus)', () => {
    expect(card({ reserveCapacityDoubling: 1 })).toMatchObject({ state: 'Skewed', reason: '10 xBZZ staked, but a reserve doubled 1x needs 20 xBZZ' });
    expect(card({ stakedAmount: String(2n * MIN_STAKE_PLUR), reserveCapacityDoubling: 1 }).state).toBe('Healthy');
    expect(card({ stakedAmount: String(15n * 10n ** 16n), withdrawableAmount: String(5n * 10n ** 16n) })).toMatchObject({ state: 'Skewed', reason: '5 xBZZ of the 15 xBZZ stake is surplus for this height (withdrawable)' });
    expect(card({ withdrawableAmount: undefined }).state).toBe('Healthy');
  });
});

describe('round phase (S4)', () => {
  it('152-block rounds: commit [0,37], reveal [38,75], claim [76,151]', () => {
    expect(roundPosition(152 * 7)).toEqual({ round: 7, blockInRound: 0, window: 'Commit', blocksLeft: 38, next: 'Reveal' });
    expect(roundPosition(152 * 7 + 37)).toMatchObject({ window: 'Commit', blocksLeft: 1 });
    expect(roundPosition(152 * 7 + 38)).toMatchObject({ window: 'Reveal', blocksLeft: 38, next: 'Claim' });
    expect(roundPosition(152 * 7 + 76)).toMatchObject({ window: 'Claim', blocksLeft: 76, next: 'Commit' });
    expect(roundPosition(152 * 8 - 1)).toMatchObject({ round: 7, blockInRound: 151, blocksLeft: 1 });
  });

  it('names Bee’s phase strings', () => {
    expect(['commit', 'reveal', 'claim', 'sample', 'unknown', 'Sample', ''].map(phaseLabel)).toEqual(['Commit', 'Reveal', 'Claim', 'Sample', 'Unknown', 'Sample', 'Unknown']);
  });
});

describe('rchash benchmark (S4)', () => {
  it('anchors span the neighbourhood at the depth: overlay prefix, then zeros / ones', () => {
    const overlay = 'b6' + '5a'.repeat(31); // 1011 0110 ...
    expect(anchorRange(overlay, 0)).toEqual({ depth: 0, anchor1: '00'.repeat(32), anchor2: 'ff'.repeat(32) });
    const at5 = anchorRange(overlay, 5);
    expect(at5.anchor1).toBe('b0' + '00'.repeat(31));
    expect(at5.anchor2).toBe('b7' + 'ff'.repeat(31));
    const at12 = anchorRange(overlay, 12);
    expect([at12.anchor1.slice(0, 4), at12.anchor2.slice(0, 4)]).toEqual(['b650', 'b65f']);
  });

  it('green under the 95 s reveal deadline, red from it; under 10 s is normal', () => {
    expect(rchashVerdict(4.2)).toEqual({ green: true, text: '4.2 s: within the 95 s reveal deadline (normal for a fast disk)' });
    expect(rchashVerdict(60).green).toBe(true);
    expect(rchashVerdict(60).text).toMatch(/slow/);
    expect(rchashVerdict(94.99).green).toBe(true);
    expect(rchashVerdict(95)).toMatchObject({ green: false });
    expect(rchashVerdict(130).text).toBe('130.0 s: over the 95 s reveal deadline, the node would miss its reveals');
  });
});
