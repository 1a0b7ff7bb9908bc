/**
 * How large a response body may be, per endpoint, before the client stops reading it (issue 12: a hostile or
 * broken node must not be able to fill our memory). Each cap fits what the body can legitimately be:
 * - a chunk: at most a single-owner chunk (identifier 32 + signature 65 + span 8 + payload 4096 bytes);
 * - JSON: a small multiple of the largest answer a big mainnet node gives: 64 KiB for the fixed-shape answers
 *   (/health, /status, /chainstate…: a few hundred bytes), 1 MiB unless listed below, more for the lists;
 * - a buffered content download: 64 MiB unless the caller passes `maxBytes` (stream* methods count bytes
 *   without keeping them and need no cap);
 * - an error body or a success body nobody reads: a few KiB are read, the rest is dropped with the connection.
 * Caps are enforced while the body streams in: a Content-Length over the cap is refused before reading, and
 * a chunked body is cut off at the first byte past it. The failure is NodeApiError `invalid-response` with
 * `limitBytes` set (docs/retcheck.md "What a hostile node can cost"; figures in docs/benchmarks.md "Hostile
 * nodes"). A cap bounds the text, not what parsing builds from it: json-shape.ts refuses a text whose parsed form
 * would be over four times its size.
 */

/** Identifier 32 + signature 65 + span 8 + payload 4096: the largest body GET /chunks can answer. */
export const CHUNK_BODY_LIMIT = 32 + 65 + 8 + 4096;

export const DEFAULT_JSON_LIMIT = 1024 * 1024;

export const DEFAULT_DOWNLOAD_LIMIT = 64 * 1024 * 1024;

/** Success bodies the client does not use (Bee's `{code, message}`): read this much, drop the rest. */
export const IGNORED_BODY_LIMIT = 64 * 1024;

/** One line of an NDJSON stream (GET /pins/check): one pin's report is under 300 bytes. */
export const NDJSON_LINE_LIMIT = 64 * 1024;

const MIB = 1024 * 1024;

/** JSON answers that can legitimately exceed 1 MiB, by template, with a generous multiple of their real size. */
const LARGE_JSON: Readonly<Record<string, number>> = {
  // Every batch on chain: mainnet has tens of thousands, about 300 bytes each.
  '/batches': 64 * MIB,
  // Every pinned reference, 70 bytes each: a pinning node can hold hundreds of thousands.
  '/pins': 64 * MIB,
  // 2^16 buckets of about 35 bytes at the largest bucket depth: 2.3 MB.
  '/stamps/{id}/buckets': 8 * MIB,
  // Known and connected peers of 32 bins with metrics: a few MB on a well-connected node.
  '/topology': 16 * MIB,
  '/status/peers': 8 * MIB,
  '/stamps': 4 * MIB,
  '/peers': 4 * MIB,
  '/blocklist': 4 * MIB,
  '/balances': 8 * MIB,
  '/consumed': 8 * MIB,
  '/settlements': 8 * MIB,
  '/timesettlements': 8 * MIB,
  '/chequebook/cheque': 8 * MIB,
  '/tags': 4 * MIB,
};

/** Answers of a fixed shape, a few hundred bytes from any node (bee-api.md §2.1, §2.2, §2.5). */
export const SMALL_JSON_LIMIT = 64 * 1024;
const SMALL_JSON: ReadonlySet<string> = new Set([
  '/health',
  '/readiness',
  '/node',
  '/addresses',
  '/status',
  '/chainstate',
  '/reservestate',
  '/redistributionstate',
  '/wallet',
  '/stake',
  '/stake/withdrawable',
  '/welcome-message',
  '/pingpong/{peer}',
  '/stewardship/{ref}',
  '/chequebook/address',
  '/chequebook/balance',
  '/stamps/{id}',
  '/pins/{ref}',
  '/tags/{uid}',
  '/transactions/{hash}',
]);

/** The cap of a JSON answer of `template` (a path template such as `/stamps/{id}`). */
export function jsonLimitFor(template: string): number {
  return LARGE_JSON[template] ?? (SMALL_JSON.has(template) ? SMALL_JSON_LIMIT : DEFAULT_JSON_LIMIT);
}
