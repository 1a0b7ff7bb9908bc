/**
 * Drain, then stop (issue 29 item 2): is it safe to stop the node now, judged from Bee's /redistributionstate,
 * and if not, when will it be. Pure: a reading in, a verdict out.
 *
 * Bee v2.8.1's storage-incentives agent (pkg/storageincentives/agent.go) splits a round of 152 blocks into
 * commit [0, 37], reveal [38, 75] and claim [76, 151] by `block % 152`, with `round = block / 152`. A node whose
 * neighbourhood is chosen learns it at the previous round's claim start (`lastSelectedRound = round + 1`),
 * commits its sample in the commit phase (`lastPlayedRound = round` once committed) and must reveal it in the
 * reveal phase. Stopping between a commit and its reveal is what an operator must avoid; the claim phase only
 * pays a winner, and a sample being built for the next round is simply not committed. So:
 *   - commit phase, selected for or committed in this round: not safe until the reveal phase ends;
 *   - reveal phase, committed in this round: not safe until the reveal phase ends;
 *   - otherwise safe; in the claim phase, when already selected for the next round, safe until it starts.
 * Bee reports the phase as `commit`, `reveal` or `claim` (`unknown` before its first check of the chain); the
 * devnet also says `sample` while a sample is built in the claim phase, read here as the claim phase.
 */

export const BLOCKS_PER_ROUND = 152;
export const BLOCKS_PER_PHASE = BLOCKS_PER_ROUND / 4;
export const REVEAL_START = BLOCKS_PER_PHASE;
export const CLAIM_START = 2 * BLOCKS_PER_PHASE;

/** The fields of /redistributionstate the verdict reads. */
export interface RedistributionReading {
  readonly phase: string;
  readonly round: number;
  readonly block: number;
  readonly lastPlayedRound: number;
  readonly lastSelectedRound: number;
  readonly isFrozen: boolean;
}

export type DrainReason = 'committing' | 'revealing' | 'not-playing' | 'claim' | 'phase-unknown';

export interface DrainVerdict {
  /** Stopping now cannot leave a commit without its reveal; null when Bee does not know the phase yet. */
  readonly safe: boolean | null;
  readonly reason: DrainReason;
  /** One line for a person. */
  readonly explanation: string;
  readonly phase: string;
  readonly round: number;
  readonly block: number;
  /** Selected for this round (may still commit in its commit phase). */
  readonly selected: boolean;
  /** Committed in this round (its reveal is due). */
  readonly committed: boolean;
  readonly isFrozen: boolean;
  /** The block from which stopping is safe (the claim start of this round), or null when it is safe now or unknown. */
  readonly safeAtBlock: number | null;
  /** Blocks until `safeAtBlock` from the reading's block (0 when the reading is late), or null. */
  readonly blocksUntilSafe: number | null;
  /** Safe now but only until this block: the next round's commit start, when the node is already selected for it. */
  readonly safeUntilBlock: number | null;
}

const phaseName = (phase: string): 'commit' | 'reveal' | 'claim' | 'unknown' =>
  phase === 'commit' || phase === 'reveal' || phase === 'claim' ? phase : phase === 'sample' ? 'claim' : 'unknown';

export function assessDrain(reading: RedistributionReading): DrainVerdict {
  const { round, block } = reading;
  const phase = phaseName(reading.phase);
  // Round 0 is never played: a commit needs the previous round's sample, and 0 is also Bee's "never" in these fields
  // (a fresh chain starts in round 0 with lastPlayedRound 0, seen on the real-Bee tier).
  const selected = round > 0 && reading.lastSelectedRound === round;
  const committed = round > 0 && reading.lastPlayedRound === round;
  const claimStart = round * BLOCKS_PER_ROUND + CLAIM_START;
  const base = { phase: reading.phase, round, block, selected, committed, isFrozen: reading.isFrozen, safeUntilBlock: null };
  const unsafe = (reason: DrainReason, explanation: string): DrainVerdict => ({
    ...base,
    safe: false,
    reason,
    explanation,
    safeAtBlock: claimStart,
    blocksUntilSafe: Math.max(0, claimStart - block),
  });
  if (phase === 'unknown') {
    return { ...base, safe: null, reason: 'phase-unknown', explanation: `Bee reports phase "${reading.phase}": it has not read the chain's block yet, so it cannot tell whether a round is being played`, safeAtBlock: null, blocksUntilSafe: null };
  }
  if (phase === 'commit' && (committed || selected)) {
    return unsafe('committing', committed ? `round ${round}: committed in the commit phase; its reveal is due before block ${claimStart}` : `round ${round}: the neighbourhood is selected and the node may commit in this commit phase, then reveal before block ${claimStart}`);
  }
  if (phase === 'reveal' && committed) return unsafe('revealing', `round ${round}: committed, revealing in the reveal phase, which ends at block ${claimStart}`);
  const nextCommit = (round + 1) * BLOCKS_PER_ROUND;
  const selectedNext = reading.lastSelectedRound === round + 1;
  const safeUntilBlock = phase === 'claim' && selectedNext ? nextCommit : null;
  const explanation =
    phase === 'claim'
      ? `round ${round}: claim phase, no commit or reveal due${selectedNext ? `; selected for round ${round + 1}, whose commit phase starts at block ${nextCommit}` : ''}`
      : `round ${round}: ${phase} phase, the node does not play this round${reading.isFrozen ? ' (its stake is frozen)' : ''}`;
  return { ...base, safe: true, reason: phase === 'claim' ? 'claim' : 'not-playing', explanation, safeAtBlock: null, blocksUntilSafe: null, safeUntilBlock };
}

/** The chip while the supervisor drains: `draining (reveal ends in ~N blocks)`. */
export function drainingChipText(verdict: DrainVerdict | null): string {
  if (!verdict || verdict.blocksUntilSafe === null) return 'draining';
  return `draining (reveal ends in ~${verdict.blocksUntilSafe} block${verdict.blocksUntilSafe === 1 ? '' : 's'})`;
}

/** `--once drain-check`'s one line. */
export function drainCheckHeadline(verdict: DrainVerdict): string {
  if (verdict.safe === null) return `unknown whether stopping is safe: ${verdict.explanation}`;
  if (verdict.safe) {
    const until = verdict.safeUntilBlock !== null ? ` (until block ${verdict.safeUntilBlock}, ~${Math.max(0, verdict.safeUntilBlock - verdict.block)} blocks)` : '';
    return `safe to stop now${until}: ${verdict.explanation}`;
  }
  return `not safe to stop now: safe at block ${verdict.safeAtBlock} (~${verdict.blocksUntilSafe} blocks, when the reveal phase ends); ${verdict.explanation}`;
}
