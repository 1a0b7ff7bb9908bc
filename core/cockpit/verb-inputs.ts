/**
 * Parsers for the arguments of the `--once` verbs: amounts, depths, sizes, durations, topics. Pure; each throws
 * InputError naming the argument, which the CLI turns into a usage error (exit 64 desktop, 2 terminal).
 *
 * Decisions where the spec is silent:
 * - Depths are 17 (Bee's minimum) to 40: a depth-40 batch holds 4.5 PB (2^40 chunks), past any real reserve, and
 *   deeper ones overflow exact byte counts in JSON numbers (2^53). Bee's own API allows up to 255.
 * - Amounts are whole PLUR per chunk (Bee's unit, what POST /stamps takes), 1 .. 10^18 (100 BZZ per chunk,
 *   13 million BZZ for the smallest batch: past any real purchase).
 * - Sizes take B, kB/MB/GB/TB (powers of 1000) and KiB/MiB/GiB/TiB (powers of 1024); durations take s, m or
 *   min, h, d, w, y (365 d), or bare seconds.
 * - Topics follow the palette's `:pss` rule: 64 hex is used as given, anything else is keccak256 of its UTF-8.
 */
import { bytesToHex } from '../swarm/bytes.js';
import { InputError } from '../swarm/input-error.js';
import { keccak256 } from '../swarm/keccak.js';
import { MIN_BATCH_DEPTH } from '../swarm/stamp-math.js';

export const MAX_VERB_DEPTH = 40;
/** 100 BZZ per chunk: 13 million BZZ for the smallest batch, beyond any real purchase. */
export const MAX_AMOUNT = 10n ** 18n;
/** A day, in seconds: Bee refuses purchases below 24 h of validity. */
export const DAY_SECONDS = 86_400;
export const MAX_DURATION_SECONDS = 100 * 365 * DAY_SECONDS;

export function parseDepthArgument(text: string, what = 'depth'): number {
  const trimmed = text.trim();
  const depth = /^\d{1,3}$/.test(trimmed) ? Number(trimmed) : NaN;
  if (!(depth >= MIN_BATCH_DEPTH && depth <= MAX_VERB_DEPTH)) {
    throw new InputError(what, text, `a whole number from ${MIN_BATCH_DEPTH} (Bee's minimum) to ${MAX_VERB_DEPTH}`);
  }
  return depth;
}

export function parseAmountArgument(text: string, what = 'amount'): bigint {
  const trimmed = text.trim();
  if (!/^\d{1,40}$/.test(trimmed)) throw new InputError(what, text, 'a whole number of PLUR per chunk (1 BZZ = 10^16 PLUR), e.g. 414720000');
  const amount = BigInt(trimmed);
  if (amount < 1n || amount > MAX_AMOUNT) throw new InputError(what, text, 'a whole number of PLUR per chunk from 1 to 10^18 (100 BZZ per chunk)');
  return amount;
}

const SIZE_UNITS: Record<string, number> = {
  b: 1,
  kb: 1e3,
  mb: 1e6,
  gb: 1e9,
  tb: 1e12,
  kib: 1024,
  mib: 1024 ** 2,
  gib: 1024 ** 3,
  tib: 1024 ** 4,
};

/** `1.5GB`, `700 MiB`, `12345` (bytes) -> bytes. */
export function parseSizeArgument(text: string, what = 'size'): number {
  const match = /^(\d+(?:\.\d+)?)\s*([a-zA-Z]*)$/.exec(text.trim());
  const unit = SIZE_UNITS[(match?.[2] ?? '').toLowerCase() || 'b'];
  const bytes = match && unit ? Math.ceil(Number(match[1]) * unit) : NaN;
  if (!(bytes >= 1 && bytes <= 2 ** 53 - 1)) throw new InputError(what, text, 'a size such as 500MB, 2GiB or 1TB (at least 1 byte, at most 8 PB)');
  return bytes;
}

const DURATION_UNITS: Record<string, number> = { s: 1, m: 60, min: 60, h: 3600, d: DAY_SECONDS, w: 7 * DAY_SECONDS, y: 365 * DAY_SECONDS };

/** `30d`, `12h`, `1y`, `3600` (seconds) -> seconds. */
export function parseDurationArgument(text: string, what = 'duration'): number {
  const match = /^(\d+(?:\.\d+)?)\s*([a-zA-Z]*)$/.exec(text.trim());
  const unit = DURATION_UNITS[(match?.[2] ?? '').toLowerCase() || 's'];
  const seconds = match && unit ? Math.round(Number(match[1]) * unit) : NaN;
  if (!(seconds >= 1 && seconds <= MAX_DURATION_SECONDS)) throw new InputError(what, text, 'a duration such as 3600, 12h, 30d or 1y (1 s to 100 y)');
  return seconds;
}

export interface TopicInput {
  /** 64 lowercase hex. */
  hex: string;
  from: 'hex' | 'keccak256';
}

/** A 32-byte hex topic (optional 0x) as given; any other text is keccak256 of its UTF-8 bytes. */
export function parseTopicArgument(text: string): TopicInput {
  const clean = text.startsWith('0x') || text.startsWith('0X') ? text.slice(2) : text;
  if (/^[0-9a-fA-F]{64}$/.test(clean)) return { hex: clean.toLowerCase(), from: 'hex' };
  if (text.length === 0) throw new InputError('topic', text, 'a 64-hex topic or any non-empty text (hashed with keccak256)');
  return { hex: bytesToHex(keccak256(new TextEncoder().encode(text))), from: 'keccak256' };
}

/** 64 hex (optional 0x), lowercase; for identifiers and batch IDs. */
export function parseHex32(text: string, what: string): string {
  const clean = text.startsWith('0x') || text.startsWith('0X') ? text.slice(2) : text;
  if (!/^[0-9a-fA-F]{64}$/.test(clean)) throw new InputError(what, text, '64 hex characters (32 bytes), optional 0x');
  return clean.toLowerCase();
}

/** A batch ID or a prefix of one: 1-64 hex characters. */
export function parseBatchPrefix(text: string): string {
  const clean = text.startsWith('0x') || text.startsWith('0X') ? text.slice(2) : text;
  if (!/^[0-9a-fA-F]{1,64}$/.test(clean)) throw new InputError('batch ID', text, 'a batch ID or a prefix of one (1 to 64 hex characters)');
  return clean.toLowerCase();
}



/** Seconds for JSON: a bigint above 2^53 - 1 (285 million years, at absurd amounts or test-chain prices) is capped there. */
export function jsonSeconds(seconds: bigint): number {
  return seconds > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : seconds < -BigInt(Number.MAX_SAFE_INTEGER) ? -Number.MAX_SAFE_INTEGER : Number(seconds);
}
