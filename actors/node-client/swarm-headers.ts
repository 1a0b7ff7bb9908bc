/**
 * Typed options -> Bee's real request header names (bee-api.md §1.1). Only options the caller set become headers,
 * so Bee's own defaults (deferred upload, redundancy level) apply unless overridden.
 */
import { InputError } from '../../core/swarm/input-error.js';
import { batchIdParam, hexParam } from './url.js';

export interface UploadOptions {
  /** 64-hex postage batch; required by Bee for /bytes, /bzz, /feeds POST, /stewardship PUT. */
  readonly batchId?: string;
  /** Existing tag UID to account the upload to (`swarm-tag`). */
  readonly tag?: number;
  readonly pin?: boolean;
  /** Bee defaults to true (store locally, push in the background). */
  readonly deferred?: boolean;
  readonly encrypt?: boolean;
  /** 0 NONE … 4 PARANOID. Bee v2.8.1+ defaults to 1 for uploads. */
  readonly redundancyLevel?: 0 | 1 | 2 | 3 | 4;
  /** Byte length of a streamed body; without it a stream goes out chunked. */
  readonly contentLength?: number;
}

/** /chunks and /soc accept a pre-signed 113-byte stamp instead of a batch. */
export interface ChunkUploadOptions extends UploadOptions {
  readonly postageStamp?: string;
}

export interface DownloadOptions {
  /** `swarm-cache`: false asks Bee not to keep fetched chunks in its cache. */
  readonly cache?: boolean;
  /** 0 NONE, 1 DATA, 2 PROX, 3 RACE. */
  readonly redundancyStrategy?: 0 | 1 | 2 | 3;
  readonly redundancyFallback?: boolean;
  /** Go duration string, e.g. `30s`. */
  readonly chunkRetrievalTimeout?: string;
}

export type HeaderBag = Record<string, string | undefined>;

const bool = (value: boolean | undefined): string | undefined => (value === undefined ? undefined : String(value));

export function uploadHeaders(options: ChunkUploadOptions): HeaderBag {
  if (options.redundancyLevel !== undefined && ![0, 1, 2, 3, 4].includes(options.redundancyLevel)) {
    throw new InputError('redundancy level', String(options.redundancyLevel), 'an integer 0..4');
  }
  if (options.tag !== undefined && (!Number.isSafeInteger(options.tag) || options.tag < 0)) {
    throw new InputError('tag UID', String(options.tag), 'a non-negative integer');
  }
  return {
    'swarm-postage-batch-id': options.batchId === undefined ? undefined : batchIdParam(options.batchId),
    'swarm-postage-stamp': options.postageStamp === undefined ? undefined : hexParam('postage stamp', options.postageStamp, 226),
    'swarm-tag': options.tag === undefined ? undefined : String(options.tag),
    'swarm-pin': bool(options.pin),
    'swarm-deferred-upload': bool(options.deferred),
    'swarm-encrypt': bool(options.encrypt),
    'swarm-redundancy-level': options.redundancyLevel === undefined ? undefined : String(options.redundancyLevel),
    'content-length': options.contentLength === undefined ? undefined : String(options.contentLength),
  };
}

/** Shared by every download that sets no option (nearly all of them); never mutated. */
const NO_DOWNLOAD_HEADERS: HeaderBag = Object.freeze({});

export function downloadHeaders(options: DownloadOptions): HeaderBag {
  const { cache, redundancyStrategy, redundancyFallback, chunkRetrievalTimeout } = options;
  if (cache === undefined && redundancyStrategy === undefined && redundancyFallback === undefined && chunkRetrievalTimeout === undefined) {
    return NO_DOWNLOAD_HEADERS;
  }
  return {
    'swarm-cache': bool(options.cache),
    'swarm-redundancy-strategy': options.redundancyStrategy === undefined ? undefined : String(options.redundancyStrategy),
    'swarm-redundancy-fallback-mode': bool(options.redundancyFallback),
    'swarm-chunk-retrieval-timeout': options.chunkRetrievalTimeout,
  };
}

/** Bee requires a postage batch on these uploads; failing locally names the missing option. */
export function requireBatch(options: { batchId?: string }, what: string): void {
  if (options.batchId === undefined) throw new InputError(`${what} batchId`, '', 'a 64-hex postage batch ID');
}

/** The `gas-price` header of on-chain calls (wei, decimal). */
export function gasPriceHeader(gasPrice: string | bigint | number | undefined): HeaderBag {
  if (gasPrice === undefined) return {};
  const text = String(gasPrice);
  if (!/^\d+$/.test(text)) throw new InputError('gas price', text, 'a decimal integer (wei)');
  return { 'gas-price': text };
}
