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

const DECIMAL = /^-?\d+$/;

/** A BigInt as a decimal string; accepts a JSON integer too and normalises it to its decimal string. */
export const bigDecimal = z.union([
  z.string().regex(DECIMAL, 'expected a decimal integer string'),
  z.number().int().transform((n) => String(n)),
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
