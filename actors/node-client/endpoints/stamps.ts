/**
 * Postage batches (bee-api.md §2.4, §6).
 *
 * `stamp(id)` answers Bee's two expected refusals as VALUES, because the re-seed pre-flight routes on them:
 * 404 "issuer does not exist" -> `{ found: false, reason: 'not-found' }`, 400 "batch not usable" ->
 * `{ found: false, reason: 'not-usable' }`. Every other failure (and every failure of the other stamp calls)
 * throws NodeApiError.
 */
import { InputError } from '../../../core/swarm/input-error.js';
import type { CallOptions, Transport } from '../http.js';
import { beeMessageOf, readSome } from '../http.js';
import { jsonCall, readJson } from '../readers.js';
import {
  batchesSchema,
  batchTransactionSchema,
  postageBatchSchema,
  stampBucketsSchema,
  stampsSchema,
  type PostageBatch,
} from '../schemas/stamps.js';
import { gasPriceHeader } from '../swarm-headers.js';
import { batchIdParam, nonNegativeIntParam } from '../url.js';
import type { GasOptions } from './chain.js';

export type StampLookup =
  | { readonly found: true; readonly batch: PostageBatch }
  | { readonly found: false; readonly status: 404 | 400; readonly reason: 'not-found' | 'not-usable'; readonly message: string };

export interface BuyStampOptions extends GasOptions {
  readonly label?: string;
  /** Bee's default is true (a full bucket refuses further stamps instead of overwriting). */
  readonly immutable?: boolean;
}

/** Bee refuses depth < 17 (the bucket depth is 16); the contract caps it far below 256. */
const MIN_DEPTH = 17;
const MAX_DEPTH = 255;

export function stampEndpoints(t: Transport) {
  return {
    stamps: async (o?: CallOptions) => (await jsonCall(t, { method: 'GET', template: '/stamps' }, stampsSchema, o)).stamps,

    stamp: (id: string, o?: CallOptions): Promise<StampLookup> =>
      t.run(
        {
          method: 'GET',
          template: '/stamps/{id}',
          params: { id: batchIdParam(id) },
          accept: (s) => (s >= 200 && s < 300) || s === 404 || s === 400,
        },
        o,
        async (call) => {
          if (call.status === 404 || call.status === 400) {
            const text = await readSome(call.body, 4096);
            const message = t.scrub(beeMessageOf(text) ?? text.slice(0, 300));
            return call.status === 404
              ? { found: false, status: 404, reason: 'not-found', message }
              : { found: false, status: 400, reason: 'not-usable', message };
          }
          return { found: true, batch: await readJson(call, postageBatchSchema) };
        },
      ),

    /** 65 536 buckets (about 2.5 MB of JSON): load once per batch and cache. */
    stampBuckets: (id: string, o?: CallOptions) =>
      jsonCall(t, { method: 'GET', template: '/stamps/{id}/buckets', params: { id: batchIdParam(id) } }, stampBucketsSchema, o),

    /** Spends amount × 2^depth PLUR on chain. `amount` is PLUR per chunk. */
    buyStamp: (amount: string | bigint, depth: number, o?: BuyStampOptions) =>
      jsonCall(
        t,
        {
          method: 'POST',
          template: '/stamps/{amount}/{depth}',
          params: { amount: nonNegativeIntParam('stamp amount', amount, 1), depth: depthParam(depth) },
          query: { label: o?.label },
          headers: {
            ...gasPriceHeader(o?.gasPrice),
            immutable: o?.immutable === undefined ? undefined : String(o.immutable),
          },
        },
        batchTransactionSchema,
        o,
      ),

    /** `amount` is PLUR per chunk; costs amount × 2^depth. */
    topupStamp: (id: string, amount: string | bigint, o?: GasOptions) =>
      jsonCall(
        t,
        {
          method: 'PATCH',
          template: '/stamps/topup/{id}/{amount}',
          params: { id: batchIdParam(id), amount: nonNegativeIntParam('top-up amount', amount, 1) },
          headers: gasPriceHeader(o?.gasPrice),
        },
        batchTransactionSchema,
        o,
      ),

    /** Doubles capacity and halves TTL per extra depth; the new depth must exceed the current one. */
    diluteStamp: (id: string, depth: number, o?: GasOptions) =>
      jsonCall(
        t,
        {
          method: 'PATCH',
          template: '/stamps/dilute/{id}/{depth}',
          params: { id: batchIdParam(id), depth: depthParam(depth) },
          headers: gasPriceHeader(o?.gasPrice),
        },
        batchTransactionSchema,
        o,
      ),

    batches: async (o?: CallOptions) => (await jsonCall(t, { method: 'GET', template: '/batches' }, batchesSchema, o)).batches,
  };
}

function depthParam(depth: number): string {
  if (!Number.isInteger(depth) || depth < MIN_DEPTH || depth > MAX_DEPTH) {
    throw new InputError('batch depth', String(depth), `an integer ${MIN_DEPTH}..${MAX_DEPTH}`);
  }
  return String(depth);
}
