/**
 * Splits upload data into its chunk tree and feeds every chunk to an upload session.
 */
import { bytesToHex } from '../../core/swarm/bytes.js';
import { ChunkTreeWriter } from '../../core/swarm/chunk-tree.js';
import type { UploadSession } from './upload.js';

/** Returns the root reference (hex). */
export function splitIntoSession(session: UploadSession, data: Uint8Array, redundancyLevel: number): string {
  void redundancyLevel;
  const writer = new ChunkTreeWriter({ onChunk: (chunk) => session.addChunk(chunk.address, chunk.data) });
  writer.write(data);
  return bytesToHex(writer.finish().reference);
}
