/**
 * Accounting balances, settlements and the chequebook (bee-api.md §2.3). Per-peer lookups throw a NodeApiError with
 * status 404 when Bee has nothing for that peer; `isNotFound(error)` tells that case apart.
 */
import { InputError } from '../../../core/swarm/input-error.js';
import type { CallOptions, Transport } from '../http.js';
import { jsonCall } from '../readers.js';
import {
  balanceSchema,
  balancesSchema,
  cashoutStatusSchema,
  chequebookAddressSchema,
  chequebookBalanceSchema,
  lastChequesSchema,
  peerChequesSchema,
  settlementSchema,
  settlementsSchema,
} from '../schemas/accounting.js';
import { transactionHashResponseSchema } from '../schemas/common.js';
import { gasPriceHeader } from '../swarm-headers.js';
import { overlayParam } from '../url.js';
import type { GasOptions } from './chain.js';

export interface CashoutOptions extends GasOptions {
  /** Sent as the `gas-limit` header. */
  readonly gasLimit?: string | bigint | number;
}

export function accountingEndpoints(t: Transport) {
  const peerGet = <S extends Parameters<typeof jsonCall>[2]>(template: string, schema: S) =>
    (peer: string, o?: CallOptions) => jsonCall(t, { method: 'GET', template, params: { peer: overlayParam(peer) } }, schema, o);

  return {
    balances: async (o?: CallOptions) =>
      (await jsonCall(t, { method: 'GET', template: '/balances' }, balancesSchema, o)).balances,
    balance: peerGet('/balances/{peer}', balanceSchema),

    settlements: (o?: CallOptions) => jsonCall(t, { method: 'GET', template: '/settlements' }, settlementsSchema, o),
    settlement: peerGet('/settlements/{peer}', settlementSchema),
    timesettlements: (o?: CallOptions) => jsonCall(t, { method: 'GET', template: '/timesettlements' }, settlementsSchema, o),

    chequebookAddress: async (o?: CallOptions) =>
      (await jsonCall(t, { method: 'GET', template: '/chequebook/address' }, chequebookAddressSchema, o)).chequebookAddress,
    chequebookBalance: (o?: CallOptions) =>
      jsonCall(t, { method: 'GET', template: '/chequebook/balance' }, chequebookBalanceSchema, o),

    cheques: async (o?: CallOptions) =>
      (await jsonCall(t, { method: 'GET', template: '/chequebook/cheque' }, lastChequesSchema, o)).lastcheques,
    cheque: peerGet('/chequebook/cheque/{peer}', peerChequesSchema),

    cashoutStatus: peerGet('/chequebook/cashout/{peer}', cashoutStatusSchema),

    /** Cashes out the largest received cheque from `peer`: costs gas. Bee answers 200 (its spec says 201). */
    cashout: (peer: string, o?: CashoutOptions) => {
      const gasLimit = o?.gasLimit === undefined ? undefined : String(o.gasLimit);
      if (gasLimit !== undefined && !/^\d+$/.test(gasLimit)) throw new InputError('gas limit', gasLimit, 'a decimal integer');
      return jsonCall(
        t,
        {
          method: 'POST',
          template: '/chequebook/cashout/{peer}',
          params: { peer: overlayParam(peer) },
          headers: { ...gasPriceHeader(o?.gasPrice), 'gas-limit': gasLimit },
        },
        transactionHashResponseSchema,
        o,
      );
    },
  };
}
