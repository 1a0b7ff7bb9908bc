/**
 * Splits upload data into its chunk tree (with Bee's erasure-coded parities at redundancy level > 0) and
 * feeds every chunk, parities included, to an upload session.
 */
import { bytesToHex } from '../../core/swarm/bytes.js';
import { ChunkTreeWriter } from '../../core/swarm/chunk-tree.js';
import type { RedundancyLevel } from '../../core/swarm/redundancy.js';
import type { UploadSession } from './upload.js';

/** Returns the root reference (hex). */
export function splitIntoSession(session: UploadSession, data: Uint8Array, redundancyLevel: RedundancyLevel): string {
  const writer = new ChunkTreeWriter({ onChunk: (chunk) => session.addChunk(chunk.address, chunk.data), redundancyLevel });
  writer.write(data);
  return bytesToHex(writer.finish().reference);
}
