/**
 * Reads a reference's root chunk from the first node URL that serves a body verifying against its address
 * (GET /chunks/{address}, the next node when one cannot). Cold downloads read it to tell a manifest from bytes,
 * the replica check to read the level from its span, the replica re-seed to wrap it.
 */
import { hexToBytes } from '../../core/swarm/bytes.js';
import { decryptChunkData } from '../../core/swarm/encryption.js';
import { verifyChunk } from '../../core/swarm/verify-chunk.js';
import type { RetcheckApi } from './retcheck-api.js';
import { errorText } from '../../core/error-text.js';

export type RootChunk =
  /** `raw` as stored (span ‖ payload, encrypted for a 128-hex reference); `plain` decrypted. */
  | { kind: 'content'; raw: Uint8Array; plain: Uint8Array; nodeUrl: string }
  | { kind: 'soc'; nodeUrl: string }
  | { kind: 'unknown'; why: string };

export async function readRootChunk(api: Pick<RetcheckApi, 'chunk'>, reference: string, nodes: readonly string[], signal: AbortSignal, timeoutMs: number): Promise<RootChunk> {
  const address = reference.slice(0, 64);
  const failures: string[] = [];
  for (const nodeUrl of nodes) {
    try {
      const body = await api.chunk(nodeUrl, address, { signal, timeoutMs });
      if (body === undefined) {
        failures.push(`${nodeUrl}: not found`);
        continue;
      }
      const verdict = verifyChunk(hexToBytes(address), body);
      if (verdict.kind === 'soc') return { kind: 'soc', nodeUrl };
      if (verdict.kind === 'mismatch') {
        failures.push(`${nodeUrl}: ${verdict.reason}`);
        continue;
      }
      const plain = reference.length === 128 ? decryptChunkData(verdict.data, hexToBytes(reference.slice(64))) : verdict.data;
      return { kind: 'content', raw: verdict.data, plain, nodeUrl };
    } catch (error) {
      if (signal.aborted) throw error;
      failures.push(errorText(error));
    }
  }
  return { kind: 'unknown', why: failures.join('; ') || 'no node URL' };
}
