import { describe, expect, it } from 'vitest';
import { phaseOf, roundOf } from './redistribution.js';
import { testChain, testNode } from './test-fixtures.js';

describe('round arithmetic', () => {
  it('splits 152-block rounds into commit [0,37], reveal [38,75], claim [76,151]', () => {
    expect([0, 37, 38, 75, 76, 151, 152].map(phaseOf)).toEqual(['commit', 'commit', 'reveal', 'reveal', 'claim', 'claim', 'commit']);
    expect([0, 151, 152, 304, 1000].map(roundOf)).toEqual([0, 0, 1, 2, 6]);
  });
});

describe('a node playing the lottery', () => {
  it('samples at claim start, commits next round, and one of two players wins the pot', () => {
    const chain = testChain({ startBlock: 0 });
    const a = testNode(chain, 0);
    const b = testNode(chain, 1);
    a.postage.buy(17_280n * 24_000n, 20, true, '');
    chain.advance(76); // block 76: claim of round 0 starts, samples for round 1 begin
    // Bee reports the claim phase while it samples: the sampling is the devnet's own knowledge.
    expect([a.lottery.phaseAt(chain.block), a.lottery.samplingAt(chain.block)]).toEqual(['claim', true]);
    expect(a.lottery.lastSampleDurationSeconds).toBe(4.2);
    chain.advance(5); // 4.2 s at 1 s blocks: ready at block 81
    expect([a.lottery.phaseAt(chain.block), a.lottery.samplingAt(chain.block)]).toEqual(['claim', false]);
    chain.advance(152 - 81); // block 152: round 1 commit
    expect([a.lottery.lastPlayedRound, b.lottery.lastPlayedRound]).toEqual([1, 1]);
    expect(a.lottery.lastSelectedRound).toBe(1);
    chain.advance(76); // block 228: round 1 claim, winner paid
    const winners = [a, b].filter((n) => n.lottery.lastWonRound === 1);
    expect(winners).toHaveLength(1);
    // Pot: 228 blocks × 24 000 PLUR × 2^20 slots of the single batch.
    expect(winners[0]!.lottery.reward).toBe(228n * 24_000n * 1_048_576n);
    expect(a.lottery.fees > 0n && b.lottery.fees > 0n).toBe(true);
    expect(chain.pot).toBe(0n);
  });

  it('a frozen node skips rounds and records the round it was frozen in', () => {
    const chain = testChain({ startBlock: 0 });
    const node = testNode(chain, 0, { faults: { frozen: true } });
    chain.advance(152 * 2 + 50);
    expect(node.lottery.lastPlayedRound).toBe(0);
    expect(node.lottery.lastFrozenRound).toBe(2);
    expect(node.canClaim(2)).toBe(false);
  });

  it('a sample slower than the commit window (rchashSeconds fault) misses the round', () => {
    const chain = testChain({ startBlock: 0 });
    const node = testNode(chain, 0, { faults: { rchashSeconds: 120 } });
    chain.advance(76 + 10);
    expect([node.lottery.phaseAt(chain.block), node.lottery.samplingAt(chain.block)]).toEqual(['claim', true]);
    chain.advance(152 * 2);
    expect(node.lottery.lastSampleDurationSeconds).toBe(120);
    expect(node.lottery.lastPlayedRound).toBe(0);
  });

  it('an empty wallet or warm-up makes the node ineligible', () => {
    const chain = testChain({ startBlock: 0 });
    const node = testNode(chain, 0);
    expect(node.isEligible()).toBe(true);
    node.setFaults({ emptyWallet: true });
    expect([node.hasSufficientFunds(), node.isEligible()]).toEqual([false, false]);
    node.setFaults({ emptyWallet: false, warmingUp: true });
    expect([node.isFullySynced(), node.isHealthy(), node.isEligible()]).toEqual([false, false, false]);
    expect(node.minimumGasFunds()).toBe(3_750_000n * 1_000_000_000n);
  });
});
