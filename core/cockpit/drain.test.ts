import { describe, expect, it } from 'vitest';
import { assessDrain, drainCheckHeadline, drainingChipText, type RedistributionReading } from './drain.js';

// Round 10 covers blocks 1520..1671: commit 1520..1557, reveal 1558..1595, claim 1596..1671 (Bee's agent.go).
const at = (block: number, fields: Partial<RedistributionReading> = {}): RedistributionReading => {
  const offset = block % 152;
  const phase = offset < 38 ? 'commit' : offset < 76 ? 'reveal' : 'claim';
  return { phase, round: Math.floor(block / 152), block, lastPlayedRound: 0, lastSelectedRound: 0, isFrozen: false, ...fields };
};

describe('drain verdict from /redistributionstate (Bee v2.8.1 round arithmetic)', () => {
  it('commit phase of a selected round: unsafe until the claim phase starts, ~N blocks', () => {
    const verdict = assessDrain(at(1530, { lastSelectedRound: 10 }));
    expect(verdict).toMatchObject({ safe: false, reason: 'committing', safeAtBlock: 1596, blocksUntilSafe: 66, selected: true, committed: false });
    expect(drainingChipText(verdict)).toBe('draining (reveal ends in ~66 blocks)');
  });

  it('commit phase after committing, and the reveal phase of a committed round: unsafe', () => {
    expect(assessDrain(at(1550, { lastPlayedRound: 10, lastSelectedRound: 10 }))).toMatchObject({ safe: false, reason: 'committing', blocksUntilSafe: 46 });
    const revealing = assessDrain(at(1595, { lastPlayedRound: 10, lastSelectedRound: 10 }));
    expect(revealing).toMatchObject({ safe: false, reason: 'revealing', blocksUntilSafe: 1 });
    expect(drainingChipText(revealing)).toBe('draining (reveal ends in ~1 block)');
    expect(drainCheckHeadline(revealing)).toBe('not safe to stop now: safe at block 1596 (~1 blocks, when the reveal phase ends); round 10: committed, revealing in the reveal phase, which ends at block 1596');
  });

  it('reveal phase of a round selected but not committed: safe (no commit key, nothing to reveal)', () => {
    expect(assessDrain(at(1560, { lastSelectedRound: 10, lastPlayedRound: 9 }))).toMatchObject({ safe: true, reason: 'not-playing' });
  });

  it('claim phase: safe; selected for the next round: safe until its commit phase starts', () => {
    const verdict = assessDrain(at(1600, { lastPlayedRound: 10, lastSelectedRound: 11 }));
    expect(verdict).toMatchObject({ safe: true, reason: 'claim', safeUntilBlock: 1672, safeAtBlock: null });
    expect(drainCheckHeadline(verdict)).toBe('safe to stop now (until block 1672, ~72 blocks): round 10: claim phase, no commit or reveal due; selected for round 11, whose commit phase starts at block 1672');
    // The devnet's "sample" (a sample being built in the claim phase) reads as the claim phase.
    expect(assessDrain(at(1600, { phase: 'sample' }))).toMatchObject({ safe: true, reason: 'claim' });
  });

  it('a round not played, a frozen node: safe; a phase Bee does not know yet: unknown', () => {
    expect(assessDrain(at(1530, { lastSelectedRound: 9, lastPlayedRound: 9 }))).toMatchObject({ safe: true, reason: 'not-playing' });
    expect(assessDrain(at(1530, { isFrozen: true })).explanation).toContain('its stake is frozen');
    const unknown = assessDrain(at(1530, { phase: 'unknown' }));
    expect(unknown).toMatchObject({ safe: null, reason: 'phase-unknown', blocksUntilSafe: null });
    expect(drainingChipText(unknown)).toBe('draining');
    expect(drainCheckHeadline(unknown)).toMatch(/^unknown whether stopping is safe: Bee reports phase "unknown"/);
  });

  it('round 0 is never played: 0 is Bee\'s "never" in lastPlayedRound and lastSelectedRound (a fresh chain)', () => {
    expect(assessDrain(at(29))).toMatchObject({ safe: true, reason: 'not-playing', selected: false, committed: false });
  });

  it('a reading late in the phase (Bee updates the block every 5 blocks) never counts below 0 blocks', () => {
    expect(assessDrain({ ...at(1590, { lastPlayedRound: 10 }), block: 1600 })).toMatchObject({ safe: false, blocksUntilSafe: 0 });
  });
});
