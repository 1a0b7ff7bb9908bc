/**
 * The 32-byte topic an operator means when typing one (2-cockpit.md §4 `:pss`: "A 32-byte hex topic is used as
 * given; any other topic is the keccak256 of the string"). The same rule serves PSS topics, GSOC identifiers and
 * feed topics, so `:pss`, S13 and S14 agree with each other and with bee-js (`Topic.fromString` hashes, a Topic
 * built from 64 hex is taken as is).
 *
 * On the wire the topic travels as its 64-hex form (`/pss/send/{hex}`, `/pss/subscribe/{hex}`): Bee hashes the
 * path string once more into the trojan topic, exactly as it does for bee-js, so both sides of a conversation
 * that follow this rule meet.
 */
import { bytesToHex, hexToBytes, utf8Encode } from './bytes.js';
import { InputError } from './input-error.js';
import { keccak256 } from './keccak.js';

export interface ResolvedTopic {
  /** 64 lowercase hex characters. */
  readonly hex: string;
  readonly bytes: Uint8Array;
  /** True when the input was text and this is its keccak256; false when the input was the 32-byte hex itself. */
  readonly hashed: boolean;
}

const HEX32 = /^(0x)?[0-9a-fA-F]{64}$/;

export function topicFromInput(input: string, what = 'topic'): ResolvedTopic {
  if (typeof input !== 'string' || input.length === 0) throw new InputError(what, String(input ?? ''), 'a 64-hex topic or any non-empty text (hashed with keccak256)');
  const trimmed = input.trim();
  if (HEX32.test(trimmed)) {
    const hex = trimmed.replace(/^0x/, '').toLowerCase();
    return { hex, bytes: hexToBytes(hex), hashed: false };
  }
  // Text is hashed exactly as typed (no trimming): "news " and "news" are different topics, as in bee-js.
  const bytes = keccak256(utf8Encode(input));
  return { hex: bytesToHex(bytes), bytes, hashed: true };
}
