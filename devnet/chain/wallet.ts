/**
 * A node's on-chain wallet: BZZ in PLUR and the native gas token in wei. The emptyWallet fault makes
 * both read as zero and refuses every spend, without touching the real balances (turning the fault
 * off restores them), so the cockpit's wallet gate can fail and recover.
 */
import { PLUR_PER_BZZ } from './constants.js';

export const DEFAULT_BZZ_BALANCE = 100n * PLUR_PER_BZZ;
export const DEFAULT_NATIVE_BALANCE = 10n ** 18n;

export class Wallet {
  constructor(
    private bzz: bigint,
    private native: bigint,
    private readonly isEmptied: () => boolean,
  ) {}

  get bzzBalance(): bigint {
    return this.isEmptied() ? 0n : this.bzz;
  }

  get nativeBalance(): bigint {
    return this.isEmptied() ? 0n : this.native;
  }

  /** Takes `amount` PLUR; false (nothing taken) when the balance is short. */
  spendBzz(amount: bigint): boolean {
    if (amount < 0n || amount > this.bzzBalance) return false;
    this.bzz -= amount;
    return true;
  }

  /** Gas is charged even when it overdraws: a node keeps sending until its RPC rejects, then shows 0. */
  spendNative(amount: bigint): void {
    this.native = this.native > amount ? this.native - amount : 0n;
  }

  creditBzz(amount: bigint): void {
    this.bzz += amount;
  }
}
