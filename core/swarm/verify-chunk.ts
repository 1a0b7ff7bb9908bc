/**
 * Does a body fetched as chunk `address` really belong to that address? Swarm chunks are self-certifying:
 * a content chunk's address is the BMT hash of its span and payload; a single-owner chunk's address is
 * keccak256(identifier ‖ owner), where the owner is recovered from the signature over the identifier and
 * the wrapped chunk's address. A node can claim to have any chunk; only a body that verifies proves it.
 */
import { bytesEqual, hexToBytes } from './bytes.js';
import { isValidContentChunk, MAX_CHUNK_DATA_SIZE, SPAN_SIZE } from './chunk.js';
import { parseSingleOwnerChunk, SOC_MAX_SIZE, SOC_MIN_SIZE } from './soc.js';

export type ChunkVerdict =
  /** span ‖ payload hashing to the address */
  | { kind: 'content'; data: Uint8Array }
  /** identifier ‖ signature ‖ span ‖ payload signed by the owner the address commits to; `data` is the wrapped span ‖ payload */
  | { kind: 'soc'; data: Uint8Array }
  | { kind: 'mismatch'; reason: string };

/** Checks `body` against the 32-byte `address` it was fetched under. */
export function verifyChunk(address: Uint8Array, body: Uint8Array): ChunkVerdict {
  if (body.length >= SPAN_SIZE && body.length <= MAX_CHUNK_DATA_SIZE && isValidContentChunk(address, body)) return { kind: 'content', data: body };
  if (body.length >= SOC_MIN_SIZE && body.length <= SOC_MAX_SIZE) {
    try {
      return { kind: 'soc', data: parseSingleOwnerChunk(body, address).wrappedData };
    } catch {
      // Neither a content chunk nor a valid single-owner chunk for this address.
    }
  }
  if (body.length < SPAN_SIZE || body.length > SOC_MAX_SIZE) return { kind: 'mismatch', reason: `a ${body.length}-byte body is not a chunk` };
  return { kind: 'mismatch', reason: 'the body does not hash to the chunk address' };
}

/**
 * Verifies bodies of the same chunks fetched from several nodes, hashing each distinct chunk once: a body
 * byte-identical to one already verified under the same address is accepted by comparison, which costs a
 * fraction of a BMT hash. Memory: one body per verified address (the walk caps addresses at 1000).
 */
export function createChunkVerifier() {
  const verified = new Map<string, { body: Uint8Array; verdict: ChunkVerdict }>();
  return {
    verify(addressHex: string, body: Uint8Array): ChunkVerdict {
      const known = verified.get(addressHex);
      if (known && bytesEqual(known.body, body)) return known.verdict;
      const verdict = verifyChunk(hexToBytes(addressHex), body);
      if (verdict.kind !== 'mismatch' && !known) verified.set(addressHex, { body, verdict });
      return verdict;
    },
  };
}
