/**
 * Building blocks shared by every response schema.
 *
 * Tolerance rules (Bee changes shape between releases, and Go marshals nil slices as `null`):
 * - objects ignore unknown fields (zod's default `strip`), so a newer Bee never breaks us;
 * - fields added in a later Bee release are `.optional()`;
 * - arrays accept `null` or absence and come out as `[]`.
 *
 * BigInt fields (PLUR, wei, gas prices) are kept as DECIMAL STRINGS: Bee sends them as strings, strings survive
 * JSON (machine context, reports) unchanged, and callers that do arithmetic call `BigInt(value)`.
 * A few BigInt fields are numbers in some releases (`currentPrice`), so numbers are accepted and normalised.
 *
 * Every endpoint schema is `z.lazy(() => ...)`: built on its first use, not when the client loads. Building the
 * fifty-odd schemas took a sixth of a one-shot command's start-up (`cockpit --once version-check` needs one).
 */
import { z } from 'zod';

/**
 * Numbers are bounded by what Bee can answer (issue 24 item 13): its Go types and the protocol's limits. Anything
 * else (a negative block number, a peer count of 1e308) fails the schema, an invalid answer: the gates reading it
 * are not measured (Unknown, with why), and no verdict is drawn from it. A fact the tools show is one Bee could
 * have said.
 */
const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/**
 * A count or a sequence number: peers, chunks, bytes, rounds, tag and pin figures, nonces. Bee's are Go ints and
 * uint64s; past 2^53 a JSON number has lost its digits anyway.
 */
export const count = z.number().int().min(0).max(MAX_SAFE);

/** A block number of the chain (Gnosis is at about 4e7). */
export const blockNumber = z.number().int().min(0).max(MAX_SAFE);

/**
 * A proximity order, a depth or a radius: Go uint8 in Bee (Kademlia depth, storage radius, batch depth, bucket
 * depth). Bee's own are at most 36 (swarm.ExtendedPO); a batch's depth is up to 255 on chain.
 */
export const depth = z.number().int().min(0).max(255);

/** The proximity in a /status snapshot: a proximity order, or 256 for the node itself. */
export const proximity = z.number().int().min(0).max(256);

/** A batch's time to live in seconds (int64 in Bee, so up to 2^63): -1 when Bee cannot estimate it. */
export const ttlSeconds = z.number().int().min(-1).max(2 ** 63);

/** A rate or a duration in seconds (Go float64): finite and not negative. */
export const nonNegative = z.number().min(0).max(MAX_SAFE);

/** A ratio from 0 to 1 (a batch's utilization of its buckets). */
export const ratio = z.number().min(0).max(1);

/** Digits of 2^256 - 1: every BigInt Bee sends (PLUR, wei, gas) is a uint256 or an int256. */
const DECIMAL = /^-?\d{1,78}$/;

/** A BigInt as a decimal string; accepts a JSON integer too (within 2^53) and normalises it to its decimal string. */
export const bigDecimal = z.union([
  z.string().regex(DECIMAL, 'expected a decimal integer string of at most 78 digits (a 256-bit value)'),
  z.number().int().min(-MAX_SAFE).max(MAX_SAFE).transform((n) => String(n)),
]);

/** Bee writes `null` for an unset BigInt. */
export const nullableBigDecimal = bigDecimal.nullable();

/** Lowercase hex without 0x as Bee writes overlays, batch IDs, references (case-insensitive to be lenient). */
export const hexString = (chars: number) => z.string().regex(new RegExp(`^[0-9a-fA-F]{${chars}}$`), `expected ${chars} hex characters`);

/** A Swarm reference: 64 hex, or 128 hex for encrypted content. */
export const referenceHex = z.string().regex(/^([0-9a-fA-F]{64}|[0-9a-fA-F]{128})$/, 'expected a 64 or 128 hex reference');

/** Ethereum addresses and tx hashes come 0x-prefixed (EIP-55 case in some fields); accept both cases. */
export const ethAddress = z.string().regex(/^(0x)?[0-9a-fA-F]{40}$/, 'expected an Ethereum address');
export const txHash = z.string().regex(/^(0x)?[0-9a-fA-F]{64}$/, 'expected a transaction hash');

/** An array that Go may have encoded as `null` (nil slice) or omitted. Always yields an array. */
export function list<T extends z.ZodType>(item: T) {
  return z
    .array(item)
    .nullish()
    .transform((value): z.output<T>[] => value ?? []);
}

/** Bee's generic message body `{code, message, reasons?}`: errors and bodiless successes. */
export const beeMessageSchema = z.lazy(() => z.object({
  code: z.number().optional(),
  message: z.string().optional(),
  reasons: z.unknown().optional(),
}));
export type BeeMessage = z.output<typeof beeMessageSchema>;

/** `{reference}`: the answer of every upload and of GET /pins/{ref}. */
export const referenceResponseSchema = z.lazy(() => z.object({ reference: referenceHex }));

/** `{transactionHash}`: resend, cancel, cashout, deposit, withdraw. */
export const transactionHashResponseSchema = z.lazy(() => z.object({ transactionHash: txHash }));

/** `{txHash}`: stake calls. */
export const txHashResponseSchema = z.lazy(() => z.object({ txHash: txHash }));
