/**
 * Redistribution (the storage lottery) as one node experiences it: rounds of 152 blocks split into
 * commit [0,37], reveal [38,75] and claim [76,151]. At claim start an eligible node builds the reserve
 * sample for the next round (its phase still reads "claim", as Bee 2.8.1's agent writes only commit, reveal
 * and claim into /redistributionstate and bee_storageincentives_current_phase); it commits in the next round's
 * commit phase once the sample is ready, reveals, and the chain pays one claimant per round.
 */
import { CLAIM_START, REVEAL_START, ROUND_LENGTH } from './constants.js';

export type RedistributionPhase = 'commit' | 'reveal' | 'claim' | 'sample' | 'unknown';

export const roundOf = (block: number): number => Math.floor(block / ROUND_LENGTH);

/** The protocol phase of a block, before any node-specific sampling. */
export function phaseOf(block: number): 'commit' | 'reveal' | 'claim' {
  const offset = block % ROUND_LENGTH;
  if (offset < REVEAL_START) return 'commit';
  if (offset < CLAIM_START) return 'reveal';
  return 'claim';
}

/** What the node knows at a block about its own situation. */
export interface LotteryConditions {
  /** Staked, funded, fully synced, healthy and not frozen. */
  eligible: boolean;
  frozen: boolean;
  /** The round's anchor falls in this node's neighbourhood. */
  selected: boolean;
  sampleSeconds: number;
  blockTimeMs: number;
  /** Charges a transaction fee (wei) for a commit, reveal or claim. */
  payFee(kind: 'commit' | 'reveal' | 'claim'): void;
}

export class NodeLottery {
  lastWonRound = 0;
  lastPlayedRound = 0;
  lastFrozenRound = 0;
  lastSelectedRound = 0;
  lastSampleDurationSeconds = 0;
  reward = 0n;
  fees = 0n;
  /** Rounds won (Bee's bee_storageincentives_winner counter). */
  wins = 0;
  /** Round the current sample is for, and the block it is ready at (null: none started). */
  private sampleRound: number | null = null;
  private sampleReadyBlock = 0;
  private committedRound: number | null = null;
  private revealedRound: number | null = null;

  onBlock(block: number, conditions: LotteryConditions): void {
    const round = roundOf(block);
    const offset = block % ROUND_LENGTH;
    if (conditions.frozen) this.lastFrozenRound = round;
    if (offset === 0 && conditions.selected) this.lastSelectedRound = round;

    if (phaseOf(block) === 'commit' && this.canCommit(round, block, conditions)) {
      this.committedRound = round;
      this.lastPlayedRound = round;
      conditions.payFee('commit');
    }
    if (offset === REVEAL_START && this.committedRound === round && !conditions.frozen) {
      this.revealedRound = round;
      conditions.payFee('reveal');
    }
    if (offset === CLAIM_START && conditions.eligible) {
      const sampleBlocks = Math.max(1, Math.ceil((conditions.sampleSeconds * 1000) / conditions.blockTimeMs));
      this.sampleRound = round + 1;
      this.sampleReadyBlock = block + sampleBlocks;
      this.lastSampleDurationSeconds = conditions.sampleSeconds;
    }
  }

  private canCommit(round: number, block: number, conditions: LotteryConditions): boolean {
    return (
      this.committedRound !== round &&
      conditions.eligible &&
      conditions.selected &&
      this.sampleRound === round &&
      this.sampleReadyBlock <= block
    );
  }

  /** The chain asks at claim start whether this node revealed in `round` and is still allowed to claim. */
  canClaim(round: number, frozen: boolean): boolean {
    return this.revealedRound === round && !frozen;
  }

  win(round: number, reward: bigint): void {
    this.wins += 1;
    this.lastWonRound = round;
    this.reward += reward;
  }

  /**
   * The phase this node reports: the block's phase. Bee's agent publishes a "sample" event inside the claim
   * phase but never writes it to its state, so neither /redistributionstate nor the phase metric says "sample".
   */
  phaseAt(block: number): RedistributionPhase {
    return phaseOf(block);
  }

  /** Whether this node is building its sample at `block` (the devnet's own knowledge; Bee does not report it). */
  samplingAt(block: number): boolean {
    return phaseOf(block) === 'claim' && this.sampleRound === roundOf(block) + 1 && block < this.sampleReadyBlock;
  }
}
