/**
 * Schemas for accounting, settlements and the chequebook (bee-api.md §2.3). Every amount is a decimal string.
 */
import * as z from 'zod/mini';
import { builtOnFirstUse, bigDecimal, list, nullableBigDecimal } from './common.js';

export const balanceSchema = z.lazy(() => z.object({
  peer: z.string(),
  balance: bigDecimal(),
  thresholdreceived: z.optional(nullableBigDecimal()),
  thresholdgiven: z.optional(nullableBigDecimal()),
}));
export type Balance = z.output<typeof balanceSchema>;

export const balancesSchema = z.lazy(() => z.object({ balances: list(balanceSchema) }));

export const settlementSchema = z.lazy(() => z.object({
  peer: z.string(),
  received: nullableBigDecimal(),
  sent: nullableBigDecimal(),
}));
export type Settlement = z.output<typeof settlementSchema>;

export const settlementsSchema = z.lazy(() => z.object({
  totalReceived: nullableBigDecimal(),
  totalSent: nullableBigDecimal(),
  settlements: list(settlementSchema),
}));
export type Settlements = z.output<typeof settlementsSchema>;

export const chequebookAddressSchema = z.lazy(() => z.object({ chequebookAddress: z.string() }));

export const chequebookBalanceSchema = z.lazy(() => z.object({
  totalBalance: nullableBigDecimal(),
  availableBalance: nullableBigDecimal(),
}));
export type ChequebookBalance = z.output<typeof chequebookBalanceSchema>;

const chequeSchema = builtOnFirstUse(() => z.object({
  beneficiary: z.string(),
  chequebook: z.string(),
  payout: nullableBigDecimal(),
}));

export const peerChequesSchema = z.lazy(() => z.object({
  peer: z.string(),
  lastreceived: z.nullish(chequeSchema()),
  lastsent: z.nullish(chequeSchema()),
}));
export type PeerCheques = z.output<typeof peerChequesSchema>;

export const lastChequesSchema = z.lazy(() => z.object({ lastcheques: list(peerChequesSchema) }));

export const cashoutStatusSchema = z.lazy(() => z.object({
  peer: z.string(),
  lastCashedCheque: z.nullish(chequeSchema()),
  transactionHash: z.nullish(z.string()),
  result: z.nullish(
    z.object({
      recipient: z.string(),
      lastPayout: nullableBigDecimal(),
      bounced: z.boolean(),
    }),
  ),
  uncashedAmount: nullableBigDecimal(),
}));
export type CashoutStatus = z.output<typeof cashoutStatusSchema>;
