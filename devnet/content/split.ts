/**
 * Splits upload data into its chunk tree (with Bee's erasure-coded parities at redundancy level > 0) and
 * feeds every chunk, parities included, to an upload session. With `swarm-encrypt` every chunk is
 * encrypted under a fresh random key and padded with random bytes, as Bee does, and the root reference
 * is address ‖ key (128 hex).
 */
import { randomBytes } from 'node:crypto';
import { bytesToHex } from '../../core/swarm/bytes.js';
import { ChunkTreeWriter } from '../../core/swarm/chunk-tree.js';
import type { Chunk } from '../../core/swarm/chunk.js';
import { EncryptedChunkTreeWriter } from '../../core/swarm/encrypted-chunk-tree.js';
import { ENCRYPTION_KEY_SIZE } from '../../core/swarm/encryption.js';
import type { RedundancyLevel } from '../../core/swarm/redundancy.js';
import type { UploadSession } from './upload.js';

/** Bee's randomness for encrypted uploads: chunk keys, ciphertext padding and manifest obfuscation keys. */
export const randomKey = (): Uint8Array => new Uint8Array(randomBytes(ENCRYPTION_KEY_SIZE));
export const randomPadding = (length: number): Uint8Array => new Uint8Array(randomBytes(length));

/** Returns the root reference (hex: 64, or 128 when encrypted). */
export function splitIntoSession(session: UploadSession, data: Uint8Array, redundancyLevel: RedundancyLevel, encrypt = false): string {
  const onChunk = (chunk: Chunk): void => session.addChunk(chunk.address, chunk.data);
  const writer = encrypt
    ? new EncryptedChunkTreeWriter({ onChunk, redundancyLevel, randomKey, padding: randomPadding })
    : new ChunkTreeWriter({ onChunk, redundancyLevel });
  writer.write(data);
  const reference = bytesToHex(writer.finish().reference);
  session.addRootReplicas(reference);
  return reference;
}
