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
 *
 * The schemas are written with `zod/mini` (functions, not methods): the same checks and the same issue messages
 * as zod's classic API (both run zod's core), without classic's module, which is three times the code to compile
 * and evaluate at every start (about 5 ms of CPU per one-shot verb; docs/benchmarks.md "Start-up").
 */
import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';

// zod/mini leaves the locale unset (issues would read "Invalid input"); classic sets English on its first
// schema. English here too, unless a locale is set already, so a failed answer is worded as before.
if (!z.core.globalConfig.localeError) z.config(en());

/**
 * A schema built on its first use and kept: the building blocks below and the shared parts of the endpoint
 * schemas cost nothing at load (a one-shot verb builds only what its one endpoint needs), and every endpoint
 * schema still shares one instance of each.
 */
export function builtOnFirstUse<T>(build: () => T): () => T {
  let built: T | undefined;
  return () => (built ??= build());
}

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
export const count = builtOnFirstUse(() => z.number().check(z.int(), z.minimum(0), z.maximum(MAX_SAFE)));

/** A block number of the chain (Gnosis is at about 4e7). */
export const blockNumber = builtOnFirstUse(() => z.number().check(z.int(), z.minimum(0), z.maximum(MAX_SAFE)));

/**
 * A proximity order, a depth or a radius: Go uint8 in Bee (Kademlia depth, storage radius, batch depth, bucket
 * depth). Bee's own are at most 36 (swarm.ExtendedPO); a batch's depth is up to 255 on chain.
 */
export const depth = builtOnFirstUse(() => z.number().check(z.int(), z.minimum(0), z.maximum(255)));

/** The proximity in a /status snapshot: a proximity order, or 256 for the node itself. */
export const proximity = builtOnFirstUse(() => z.number().check(z.int(), z.minimum(0), z.maximum(256)));

/** A batch's time to live in seconds (int64 in Bee, so up to 2^63): -1 when Bee cannot estimate it. */
export const ttlSeconds = builtOnFirstUse(() => z.number().check(z.int(), z.minimum(-1), z.maximum(2 ** 63)));

/** A rate or a duration in seconds (Go float64): finite and not negative. */
export const nonNegative = builtOnFirstUse(() => z.number().check(z.minimum(0), z.maximum(MAX_SAFE)));

/** A ratio from 0 to 1 (a batch's utilization of its buckets). */
export const ratio = builtOnFirstUse(() => z.number().check(z.minimum(0), z.maximum(1)));

/** Digits of 2^256 - 1: every BigInt Bee sends (PLUR, wei, gas) is a uint256 or an int256. */
const DECIMAL = /^-?\d{1,78}$/;

/** A BigInt as a decimal string; accepts a JSON integer too (within 2^53) and normalises it to its decimal string. */
export const bigDecimal = builtOnFirstUse(() => z.union([
  z.string().check(z.regex(DECIMAL, 'expected a decimal integer string of at most 78 digits (a 256-bit value)')),
  z.pipe(
    z.number().check(z.int(), z.minimum(-MAX_SAFE), z.maximum(MAX_SAFE)),
    z.transform((n: number) => String(n)),
  ),
]));

/** Bee writes `null` for an unset BigInt. */
export const nullableBigDecimal = builtOnFirstUse(() => z.nullable(bigDecimal()));

/** Lowercase hex without 0x as Bee writes overlays, batch IDs, references (case-insensitive to be lenient). */
export const hexString = (chars: number) => z.string().check(z.regex(new RegExp(`^[0-9a-fA-F]{${chars}}$`), `expected ${chars} hex characters`));

/** A Swarm reference: 64 hex, or 128 hex for encrypted content. */
export const referenceHex = builtOnFirstUse(() => z.string().check(z.regex(/^([0-9a-fA-F]{64}|[0-9a-fA-F]{128})$/, 'expected a 64 or 128 hex reference')));

/** Ethereum addresses and tx hashes come 0x-prefixed (EIP-55 case in some fields); accept both cases. */
export const ethAddress = builtOnFirstUse(() => z.string().check(z.regex(/^(0x)?[0-9a-fA-F]{40}$/, 'expected an Ethereum address')));
export const txHash = builtOnFirstUse(() => z.string().check(z.regex(/^(0x)?[0-9a-fA-F]{64}$/, 'expected a transaction hash')));

/** An array that Go may have encoded as `null` (nil slice) or omitted. Always yields an array. */
export function list<T extends z.ZodMiniType>(item: T) {
  return z.pipe(
    z.nullish(z.array(item)),
    z.transform((value: z.output<T>[] | null | undefined): z.output<T>[] => value ?? []),
  );
}

/** Bee's generic message body `{code, message, reasons?}`: errors and bodiless successes. */
export const beeMessageSchema = z.lazy(() => z.object({
  code: z.optional(z.number()),
  message: z.optional(z.string()),
  reasons: z.optional(z.unknown()),
}));
export type BeeMessage = z.output<typeof beeMessageSchema>;

/** `{reference}`: the answer of every upload and of GET /pins/{ref}. */
export const referenceResponseSchema = z.lazy(() => z.object({ reference: referenceHex() }));

/** `{transactionHash}`: resend, cancel, cashout, deposit, withdraw. */
export const transactionHashResponseSchema = z.lazy(() => z.object({ transactionHash: txHash() }));

/** `{txHash}`: stake calls. */
export const txHashResponseSchema = z.lazy(() => z.object({ txHash: txHash() }));
