/**
 * S14 Pubsub, the pure part (2-cockpit.md §1, §2, §6): what to subscribe to, the 200-message ring and its
 * case-insensitive filter, the JSONL history line, the size-rotation plan and the reconnect back-off.
 *
 * Subscriptions use Bee's WebSocket endpoints: PSS `GET /pss/subscribe/{topic}` (the 64-hex topic, by the rule of
 * core/swarm/topic.ts) and GSOC `GET /gsoc/subscribe/{address}` with address = keccak256(identifier ‖ owner),
 * the SOC address the owner writes to. Each binary frame is one message payload.
 */
import { bytesToHex, hexToBytes } from '../swarm/bytes.js';
import { parseEthAddress } from '../swarm/references.js';
import { socAddress } from '../swarm/soc.js';
import { topicFromInput } from '../swarm/topic.js';
import { utf8Text } from './text.js';

export const PUBSUB_RING_SIZE = 200;
export type PubsubMode = 'PSS' | 'GSOC';
export const PUBSUB_MODES: readonly PubsubMode[] = ['PSS', 'GSOC'];

export interface PubsubTarget {
  readonly mode: PubsubMode;
  /** Path of the WebSocket endpoint on the node, e.g. `/pss/subscribe/<64 hex>`. */
  readonly path: string;
  /** What the operator sees: `topic "news" (keccak256 3c1f…)`, `SOC 1a2b… of owner 0xabcd…`. */
  readonly label: string;
  /** The 64-hex topic (PSS) or SOC address (GSOC), written into every history line. */
  readonly target: string;
}

/** Throws InputError naming the bad field. */
export function pssTarget(topic: string): PubsubTarget {
  const t = topicFromInput(topic, 'PSS topic');
  const label = t.hashed ? `topic ${JSON.stringify(topic)} (keccak256 ${t.hex.slice(0, 8)}…)` : `topic ${t.hex.slice(0, 8)}…${t.hex.slice(-4)}`;
  return { mode: 'PSS', path: `/pss/subscribe/${t.hex}`, label, target: t.hex };
}

export function gsocTarget(owner: string, identifier: string): PubsubTarget {
  const o = parseEthAddress(owner, 'GSOC owner');
  const id = topicFromInput(identifier, 'GSOC identifier');
  const address = bytesToHex(socAddress(id.bytes, hexToBytes(o.hex)));
  const idText = id.hashed ? `identifier ${JSON.stringify(identifier)}` : `identifier ${id.hex.slice(0, 8)}…`;
  return { mode: 'GSOC', path: `/gsoc/subscribe/${address}`, label: `SOC ${address.slice(0, 8)}… (owner 0x${o.hex.slice(0, 8)}…, ${idText})`, target: address };
}

export interface PubsubMessage {
  /** Increasing per subscription session; the row key. */
  readonly seq: number;
  readonly receivedAtMs: number;
  readonly size: number;
  /** The payload as text when it is UTF-8 without control characters, else null. */
  readonly text: string | null;
  /** The payload as hex (at most 4 KiB of payload ever arrives from Bee). */
  readonly hex: string;
}

export function toMessage(seq: number, receivedAtMs: number, payload: Uint8Array): PubsubMessage {
  return { seq, receivedAtMs, size: payload.length, text: utf8Text(payload), hex: bytesToHex(payload) };
}

/** Appends, dropping the oldest beyond `limit`. */
export function pushRing<T>(ring: readonly T[], item: T, limit = PUBSUB_RING_SIZE): T[] {
  const next = [...ring, item];
  return next.length > limit ? next.slice(next.length - limit) : next;
}

/** Case-insensitive substring over the text (or the hex of a binary payload); an empty filter keeps all. */
export function filterMessages(messages: readonly PubsubMessage[], filter: string): PubsubMessage[] {
  const needle = filter.trim().toLowerCase();
  if (!needle) return [...messages];
  return messages.filter((m) => (m.text ?? m.hex).toLowerCase().includes(needle));
}

/** One JSONL history line (no newline): time, mode, target, size, the text when readable, always the hex. */
export function historyLine(mode: PubsubMode, target: string, message: PubsubMessage): string {
  return JSON.stringify({
    time: new Date(message.receivedAtMs).toISOString(),
    mode: mode.toLowerCase(),
    target,
    size: message.size,
    ...(message.text === null ? {} : { text: message.text }),
    hex: message.hex,
  });
}

/**
 * Size rotation of `file` keeping `keep` rotations (`file.1` newest … `file.<keep>` oldest): the renames to do,
 * oldest first, and the rotation to unlink. With keep 0 the live file is simply removed.
 */
export function rotationPlan(file: string, keep: number): { readonly unlink: string; readonly renames: readonly (readonly [string, string])[] } {
  if (keep <= 0) return { unlink: file, renames: [] };
  const renames: [string, string][] = [];
  for (let i = keep - 1; i >= 1; i--) renames.push([`${file}.${i}`, `${file}.${i + 1}`]);
  renames.push([file, `${file}.1`]);
  return { unlink: `${file}.${keep}`, renames };
}

/** Reconnect back-off: 1 s, 2 s, 4 s, … capped at 30 s (attempt 0 is the first retry). */
export function reconnectDelayMs(attempt: number, baseMs = 1000, capMs = 30_000): number {
  return Math.min(capMs, baseMs * 2 ** Math.min(Math.max(0, attempt), 20));
}
