/**
 * Where a redistribution round stands (S4), from /redistributionstate's `phase`, `round` and `block`.
 * A round is 152 blocks; by the block's offset in it the contract accepts commits in [0, 37], reveals in
 * [38, 75] and claims in [76, 151] (bee-api.md §8). Bee reports `sample` while it builds its reserve
 * sample for the next round, which starts when the claim window opens; a node that is still sampling when
 * the next commit window closes cannot play that round.
 */
export const ROUND_BLOCKS = 152;
export const REVEAL_FROM = 38;
export const CLAIM_FROM = 76;

export type PhaseLabel = 'Commit' | 'Reveal' | 'Claim' | 'Sample' | 'Unknown';

/** Bee's phase string as the screen names it (`commit` → `Commit`); anything else is `Unknown`. */
export function phaseLabel(phase: string): PhaseLabel {
  switch (phase.toLowerCase()) {
    case 'commit':
      return 'Commit';
    case 'reveal':
      return 'Reveal';
    case 'claim':
      return 'Claim';
    case 'sample':
      return 'Sample';
    default:
      return 'Unknown';
  }
}

export interface RoundPosition {
  /** block / 152. */
  readonly round: number;
  /** 0..151. */
  readonly blockInRound: number;
  /** The contract's window at this block (Bee's `sample` happens inside the claim window). */
  readonly window: 'Commit' | 'Reveal' | 'Claim';
  /** Blocks until the window ends (the next one starts). */
  readonly blocksLeft: number;
  readonly next: 'Commit' | 'Reveal' | 'Claim';
}

export function roundPosition(block: number): RoundPosition {
  const b = Math.max(0, Math.floor(block));
  const blockInRound = b % ROUND_BLOCKS;
  const round = Math.floor(b / ROUND_BLOCKS);
  if (blockInRound < REVEAL_FROM) return { round, blockInRound, window: 'Commit', blocksLeft: REVEAL_FROM - blockInRound, next: 'Reveal' };
  if (blockInRound < CLAIM_FROM) return { round, blockInRound, window: 'Reveal', blocksLeft: CLAIM_FROM - blockInRound, next: 'Claim' };
  return { round, blockInRound, window: 'Claim', blocksLeft: ROUND_BLOCKS - blockInRound, next: 'Commit' };
}
