/**
 * Feeds (bee-api.md §2.6, §5.1). GET /feeds answers with the resolved CONTENT as the body and the update's index in
 * the `swarm-feed-index` / `swarm-feed-index-next` headers (Bee v2.3+); Bee v2.0–v2.2 answered JSON `{reference}`.
 */
import type { CallOptions, Transport } from '../http.js';
import { CHUNK_BODY_LIMIT, DEFAULT_DOWNLOAD_LIMIT } from '../body-limits.js';
import { jsonCall, parseJson, readBytes } from '../readers.js';
import { referenceResponseSchema } from '../schemas/common.js';
import { downloadHeaders, type DownloadOptions } from '../swarm-headers.js';
import { batchIdParam, hexParam, ownerParam, topicParam } from '../url.js';
import { bytesToHex } from '../../../core/swarm/bytes.js';

export interface FeedLookupOptions extends DownloadOptions, CallOptions {
  /** Start the sequence lookup at this index (Bee's `after` query). */
  readonly after?: number;
  /** `swarm-only-root-chunk`: return the update's wrapped chunk (span + payload) instead of the joined content. */
  readonly onlyRootChunk?: boolean;
}

export interface FeedUpdate {
  /** The body Bee returned: resolved content, or the wrapped chunk with `onlyRootChunk`. */
  readonly payload: Uint8Array;
  /** 16 hex (8-byte big-endian index). */
  readonly index: string;
  readonly indexNext?: string;
  /** `v1` (payload = timestamp + reference) or `v2` (content wrapped directly); Bee v2.7+. */
  readonly resolvedVersion?: string;
  readonly socSignature?: string;
  /**
   * The reference the update points at, when it can be known: Bee v2.0–v2.2 JSON answers, or a v1 update read
   * with `onlyRootChunk` (wrapped chunk = span 8 + timestamp 8 + reference 32/64).
   */
  readonly reference?: string;
}

const INDEX_HEX = /^[0-9a-fA-F]{16}$/;
const SPAN = 8;
const TIMESTAMP = 8;

export function feedEndpoints(t: Transport) {
  return {
    feedLatest: (owner: string, topic: string, o?: FeedLookupOptions): Promise<FeedUpdate> =>
      t.runWhole(
        {
          method: 'GET',
          template: '/feeds/{owner}/{topic}',
          params: { owner: ownerParam(owner), topic: topicParam(topic) },
          query: { after: o?.after },
          headers: {
            ...downloadHeaders(o ?? {}),
            'swarm-only-root-chunk': o?.onlyRootChunk === undefined ? undefined : String(o.onlyRootChunk),
          },
          // With only the root chunk the body is one chunk's data; without, it is the content itself.
          maxBodyBytes: o?.onlyRootChunk ? CHUNK_BODY_LIMIT : DEFAULT_DOWNLOAD_LIMIT,
        },
        o,
        async (call) => {
          const payload = await readBytes(call);
          const index = call.headers['swarm-feed-index'];
          const contentType = call.headers['content-type'] ?? '';
          if (index === undefined && contentType.includes('application/json')) {
            // Bee v2.0–v2.2: the body is {reference} and the index header may be absent.
            const { reference } = parseJson(call, Buffer.from(payload).toString('utf8'), referenceResponseSchema);
            return { payload, index: '', reference };
          }
          if (index === undefined || !INDEX_HEX.test(index)) {
            throw call.error('invalid-response', { detail: `swarm-feed-index header ${JSON.stringify(index ?? null)} is not 16 hex` });
          }
          const indexNext = call.headers['swarm-feed-index-next'];
          const resolvedVersion = call.headers['swarm-feed-resolved-version'];
          const socSignature = call.headers['swarm-soc-signature'];
          const reference = o?.onlyRootChunk && resolvedVersion !== 'v2' ? legacyReference(payload) : undefined;
          return {
            payload,
            index: index.toLowerCase(),
            ...(indexNext === undefined ? {} : { indexNext: indexNext.toLowerCase() }),
            ...(resolvedVersion === undefined ? {} : { resolvedVersion }),
            ...(socSignature === undefined ? {} : { socSignature }),
            ...(reference === undefined ? {} : { reference }),
          };
        },
      ),

    /** POST /feeds/{owner}/{topic}: stores a feed manifest and returns its reference (a `/bzz` entry point). */
    createFeedManifest: (owner: string, topic: string, batchId: string, o?: CallOptions & { readonly pin?: boolean }) =>
      jsonCall(
        t,
        {
          method: 'POST',
          template: '/feeds/{owner}/{topic}',
          params: { owner: ownerParam(owner), topic: topicParam(topic) },
          headers: {
            'swarm-postage-batch-id': batchIdParam(batchId),
            'swarm-pin': o?.pin === undefined ? undefined : String(o.pin),
          },
        },
        referenceResponseSchema,
        o,
      ),

    /**
     * GET /soc/{owner}/{id}: a single-owner chunk by owner and identifier (a feed update is the SOC of identifier
     * keccak256(topic ‖ index)). With `onlyRootChunk` the body is the wrapped chunk itself (span ‖ payload);
     * without, the wrapped content joined as a file. 404 when the node cannot find it.
     */
    downloadSoc: (owner: string, identifier: string, o?: DownloadOptions & CallOptions & { readonly onlyRootChunk?: boolean }): Promise<SocDownload> =>
      t.runWhole(
        {
          method: 'GET',
          template: '/soc/{owner}/{id}',
          params: { owner: ownerParam(owner), id: hexParam('SOC identifier', identifier, 64) },
          headers: {
            ...downloadHeaders(o ?? {}),
            'swarm-only-root-chunk': o?.onlyRootChunk === undefined ? undefined : String(o.onlyRootChunk),
          },
          maxBodyBytes: o?.onlyRootChunk ? CHUNK_BODY_LIMIT : DEFAULT_DOWNLOAD_LIMIT,
        },
        o,
        async (call) => {
          const data = await readBytes(call);
          const signature = call.headers['swarm-soc-signature'];
          return signature === undefined ? { data } : { data, signature };
        },
      ),
  };
}

export interface SocDownload {
  /** The wrapped chunk (span ‖ payload) with `onlyRootChunk`, else the joined content. */
  readonly data: Uint8Array;
  /** 130 hex, from `swarm-soc-signature`. */
  readonly signature?: string;
}

/** A v1 feed update's wrapped chunk: span(8) ‖ timestamp(8) ‖ reference(32 or 64). */
function legacyReference(wrapped: Uint8Array): string | undefined {
  const refLength = wrapped.length - SPAN - TIMESTAMP;
  return refLength === 32 || refLength === 64 ? bytesToHex(wrapped.subarray(SPAN + TIMESTAMP)) : undefined;
}
