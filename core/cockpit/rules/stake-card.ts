/**
 * The S4 stake card: one of six states, from /stake, /stake/withdrawable, /redistributionstate and the
 * reserve's capacity doubling (2-cockpit.md §2 "stake card"; documented in docs/cockpit.md "S4 Lottery").
 * The first that holds wins:
 *
 * - Unstaked: the stake is below the contract's 10 xBZZ minimum (none at all, usually): the node cannot
 *   take part in the lottery whatever else holds.
 * - Frozen: `isFrozen`: the staking contract froze the overlay (it committed a wrong reserve hash or
 *   disagreed with the neighbourhood); it sits out rounds until the freeze ends.
 * - Insufficient gas: `hasSufficientFunds` false: the native balance is not above `minimumGasFunds`
 *   (15 transactions at 250,000 gas each at the suggested price), so Bee skips rounds.
 * - Unhealthy: `isHealthy` false (salud: the node's committed depth disagrees with its neighbourhood's), or
 *   `isFullySynced` false (the reserve is below half its capacity or pull-sync still runs): rounds skipped.
 * - Skewed: staked, but the stake does not match the reserve's height: below the minimum for the height
 *   (10 xBZZ × 2^reserveCapacityDoubling; a doubled reserve needs twice the stake), or above it with a
 *   surplus idle in the contract (/stake/withdrawable > 0, which DELETE /stake/withdrawable returns).
 * - Healthy: none of the above: the node plays every round its neighbourhood is selected for.
 */
import { formatBzz, formatNative } from '../format.js';
import type { Tone } from '../view/view-model.js';

export type StakeCardState = 'Healthy' | 'Skewed' | 'Frozen' | 'Unstaked' | 'Insufficient gas' | 'Unhealthy';

/** The contract's minimum stake: 10 xBZZ in PLUR, per unit of reserve height. */
export const MIN_STAKE_PLUR = 10n ** 17n;

export interface StakeFacts {
  /** PLUR, decimal string (null: Bee said null). */
  readonly stakedAmount: string | null;
  /** PLUR, decimal string; undefined when /stake/withdrawable gave no answer. */
  readonly withdrawableAmount?: string | null | undefined;
  /** From /reservestate (0 when unknown). */
  readonly reserveCapacityDoubling: number;
}

export interface RedistributionFlags {
  readonly isFrozen: boolean;
  readonly isHealthy?: boolean | undefined;
  readonly isFullySynced: boolean;
  readonly hasSufficientFunds: boolean;
  readonly minimumGasFunds: string | null;
  readonly lastFrozenRound: number;
}

export interface StakeCard {
  readonly state: StakeCardState;
  readonly tone: Tone;
  readonly reason: string;
}

const bzz = (plur: bigint): string => formatBzz(plur);

export function requiredStake(reserveCapacityDoubling: number): bigint {
  return MIN_STAKE_PLUR * 2n ** BigInt(Math.max(0, Math.floor(reserveCapacityDoubling)));
}

export function stakeCard(stake: StakeFacts, flags: RedistributionFlags): StakeCard {
  const staked = BigInt(stake.stakedAmount ?? '0');
  if (staked < MIN_STAKE_PLUR) {
    const what = staked === 0n ? 'no stake' : `${bzz(staked)} staked`;
    return { state: 'Unstaked', tone: 'warn', reason: `${what}: the node plays no rounds until it stakes at least ${bzz(MIN_STAKE_PLUR)}` };
  }
  if (flags.isFrozen) {
    return { state: 'Frozen', tone: 'fail', reason: `frozen by the staking contract (last frozen round ${flags.lastFrozenRound}): no rounds until it thaws` };
  }
  if (!flags.hasSufficientFunds) {
    const need = flags.minimumGasFunds === null ? 'the gas for 15 transactions' : formatNative(flags.minimumGasFunds);
    return { state: 'Insufficient gas', tone: 'fail', reason: `native balance not above ${need}: rounds are skipped` };
  }
  if (flags.isHealthy === false) {
    return { state: 'Unhealthy', tone: 'fail', reason: 'committed depth disagrees with the neighbourhood (salud): rounds are skipped' };
  }
  if (!flags.isFullySynced) {
    return { state: 'Unhealthy', tone: 'warn', reason: 'reserve not fully synced (under half full, or pull-sync running): rounds are skipped' };
  }
  const required = requiredStake(stake.reserveCapacityDoubling);
  if (staked < required) {
    return {
      state: 'Skewed',
      tone: 'warn',
      reason: `${bzz(staked)} staked, but a reserve doubled ${stake.reserveCapacityDoubling}x needs ${bzz(required)}`,
    };
  }
  const surplus = BigInt(stake.withdrawableAmount ?? '0');
  if (surplus > 0n) {
    return { state: 'Skewed', tone: 'warn', reason: `${bzz(surplus)} of the ${bzz(staked)} stake is surplus for this height (withdrawable)` };
  }
  return { state: 'Healthy', tone: 'ok', reason: `${bzz(staked)} staked (${bzz(required)} needed): plays every round its neighbourhood is selected` };
}
