/**
 * `:pubsub-replay <jsonl> [--speed N]` (issue 29.7), the pure part: reading a saved S14 history (the JSONL lines
 * `historyLine` writes: time, mode, target, size, text when readable, hex) and pacing it. A line that is not
 * such a message is refused with its line number and what is wrong, before anything is replayed, so a bad file
 * is an error and never half a replay.
 *
 * Pacing: each message waits the gap to the one before it in the file, divided by the speed (1: the original
 * pace; 10: ten times faster; `max`: no waiting). A message older than the one before it (a file joined from
 * rotations out of order) waits nothing.
 */
import { hexToBytes } from '../swarm/bytes.js';

export const REPLAY_SPEED_MAX = 'max';
/** The largest speed-up asked for as a number; `max` goes further (no waiting at all). */
export const REPLAY_SPEED_LIMIT = 1_000_000;
/** The longest line read: a message is at most 4 KiB of payload (8 KiB of hex, and its text). */
export const REPLAY_LINE_LIMIT = 64 * 1024;

export type ReplaySpeed = number | typeof REPLAY_SPEED_MAX;

export interface ReplayedMessage {
  readonly atMs: number;
  readonly mode: 'pss' | 'gsoc';
  readonly target: string;
  readonly payload: Uint8Array;
}

export class ReplayLineError extends Error {
  override readonly name = 'ReplayLineError';
}

/** `--speed` as typed: a positive number (0.5 is half the pace) or `max`. Throws ReplayLineError saying why. */
export function parseReplaySpeed(text: string): ReplaySpeed {
  if (text === REPLAY_SPEED_MAX) return REPLAY_SPEED_MAX;
  const speed = Number(text);
  if (!/^\d+(?:\.\d+)?$/.test(text) || !(speed > 0) || speed > REPLAY_SPEED_LIMIT) {
    throw new ReplayLineError(`--speed: expected a number above 0 (1 is the original pace, 10 ten times faster, at most ${REPLAY_SPEED_LIMIT}) or max, not ${JSON.stringify(text)}`);
  }
  return speed;
}

const HEX = /^(?:[0-9a-f]{2})*$/;
const TARGET = /^[0-9a-f]{64}$/;

/** One history line; throws ReplayLineError (without the line number: the reader adds it). */
export function parseHistoryLine(line: string): ReplayedMessage {
  if (line.length > REPLAY_LINE_LIMIT) throw new ReplayLineError(`${line.length} characters, longer than any message line (${REPLAY_LINE_LIMIT})`);
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new ReplayLineError('not JSON');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new ReplayLineError('not a JSON object');
  const record = value as Record<string, unknown>;
  const atMs = typeof record.time === 'string' && /^\d{4}-\d\d-\d\dT/.test(record.time) ? Date.parse(record.time) : Number.NaN;
  if (!Number.isFinite(atMs)) throw new ReplayLineError('"time" is not an ISO 8601 time');
  if (record.mode !== 'pss' && record.mode !== 'gsoc') throw new ReplayLineError('"mode" is neither "pss" nor "gsoc"');
  if (typeof record.target !== 'string' || !TARGET.test(record.target)) throw new ReplayLineError('"target" is not 64 hex characters');
  if (typeof record.hex !== 'string' || !HEX.test(record.hex)) throw new ReplayLineError('"hex" is not the payload in hex');
  if (record.size !== record.hex.length / 2) throw new ReplayLineError(`"size" ${JSON.stringify(record.size)} is not the payload's ${record.hex.length / 2} bytes`);
  return { atMs, mode: record.mode, target: record.target, payload: hexToBytes(record.hex) };
}

/** How long to wait before `next`, after `previous` was shown. */
export function replayDelayMs(previous: ReplayedMessage | null, next: ReplayedMessage, speed: ReplaySpeed): number {
  if (previous === null || speed === REPLAY_SPEED_MAX) return 0;
  return Math.max(0, next.atMs - previous.atMs) / speed;
}

/** `10×`, `0.5×`, `as fast as it can`. */
export function describeSpeed(speed: ReplaySpeed): string {
  if (speed === REPLAY_SPEED_MAX) return 'no waiting';
  return speed === 1 ? 'original pace' : `${speed}× speed`;
}
