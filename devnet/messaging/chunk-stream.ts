/**
 * GET /chunks/stream (WebSocket): chunk upload as a stream, as Bee v2.8.1's chunk_stream.go serves it.
 *
 * Before the upgrade: `swarm-tag` (header, or the `swarm-tag` query parameter when the header is absent;
 * 400 "invalid swarm-tag query parameter", 404 "tag not found") and `swarm-postage-batch-id` (404 "batch with
 * id not found", 422 "batch not usable yet or does not exist"). A tag makes the upload deferred; without one,
 * each chunk is pushed before it is acknowledged.
 *
 * After it: every binary message is one content chunk (span ‖ payload); each stored chunk is acknowledged
 * with an empty binary message. Errors close the socket as Bee does: 1003 "invalid message" for a text
 * message, 1011 "invalid chunk data" for a body that is no content chunk, "batch is overissued" for a full
 * bucket, "chunk write error" otherwise; a message under 8 bytes ends the stream without a close frame.
 *
 * Without a batch header, Bee expects each message to start with a 113-byte pre-signed stamp. The devnet does
 * not verify pre-signed stamps (as on the other upload routes): such a message closes the stream with 1011
 * "batch validation failed", a shorter one with Bee's "message too small for stamp + chunk".
 */
import type { WebSocket } from 'ws';
import { bytesToHex } from '../../core/swarm/bytes.js';
import { contentAddressOf, MAX_CHUNK_DATA_SIZE, SPAN_SIZE } from '../../core/swarm/chunk.js';
import { HeaderError, hexHeader, uintHeader } from '../content/headers.js';
import { checkUploadBatch } from '../content/postage.js';
import { UploadRefused, UploadSession, type UploadPlan } from '../content/upload.js';
import { beeError, type DevnetRequest, type DevnetResponse } from '../http/router.js';
import type { DevnetNode } from '../node.js';

export const CHUNK_STREAM_PATH = '/chunks/stream';
const STAMP_SIZE = 113;

/** The upload plan of a stream (undefined: pre-signed stamps per message), or the answer refusing the upgrade. */
export type ChunkStreamDecision = { kind: 'reject'; response: DevnetResponse } | { kind: 'accept'; plan: UploadPlan | undefined };

/** Bee's checks before the upgrade, in its order: tag, then batch. */
export function decideChunkStream(node: DevnetNode, req: Pick<DevnetRequest, 'headers' | 'query'>): ChunkStreamDecision {
  const reject = (response: DevnetResponse): ChunkStreamDecision => ({ kind: 'reject', response });
  let tagUid: number | undefined;
  let batchId: string | undefined;
  try {
    tagUid = uintHeader(req, 'swarm-tag', Number.MAX_SAFE_INTEGER);
    batchId = hexHeader(req, 'swarm-postage-batch-id', 32);
  } catch (error) {
    if (error instanceof HeaderError) return reject(error.toResponse());
    throw error;
  }
  if (!tagUid) {
    const fromQuery = req.query.get('swarm-tag');
    if (fromQuery !== null && fromQuery !== '') {
      if (!/^\d+$/.test(fromQuery)) return reject(beeError(400, 'invalid swarm-tag query parameter'));
      tagUid = Number(fromQuery);
    }
  }
  const tag = tagUid ? node.tags.get(tagUid) : undefined;
  if (tagUid && tag === undefined) return reject(beeError(404, 'tag not found'));
  if (batchId === undefined) return { kind: 'accept', plan: undefined };
  const refusal = checkUploadBatch(node, batchId);
  if (refusal !== undefined) return reject(refusal);
  return { kind: 'accept', plan: { batchId, tag, deferred: tag !== undefined, pin: false, redundancyLevel: 0, encrypt: false } };
}

/** Serves an accepted stream on `ws` until either side closes it. */
export function serveChunkStream(node: DevnetNode, ws: WebSocket, plan: UploadPlan | undefined): void {
  const close = (code: number, reason: string): void => ws.close(code, reason);
  ws.on('message', (raw, isBinary) => {
    if (ws.readyState !== ws.OPEN) return;
    if (!isBinary) return close(1003, 'invalid message');
    const message = toBytes(raw);
    if (message.length < SPAN_SIZE) return void ws.terminate();
    if (plan === undefined) {
      return close(1011, message.length < STAMP_SIZE + SPAN_SIZE ? 'message too small for stamp + chunk' : 'batch validation failed');
    }
    if (message.length > MAX_CHUNK_DATA_SIZE) return close(1011, 'invalid chunk data');
    const address = contentAddressOf(message);
    const session = new UploadSession(node, plan);
    try {
      session.addChunk(address, message);
    } catch (error) {
      if (error instanceof UploadRefused) return close(1011, error.response.status === 402 ? 'batch is overissued' : 'chunk write error');
      throw error;
    }
    if (session.finish(undefined) !== undefined) return close(1011, 'chunk write error');
    node.log.debug('node/chunks_stream', 'chunk stored', { address: bytesToHex(address) });
    ws.send(new Uint8Array(0), { binary: true });
  });
}

function toBytes(raw: Buffer | ArrayBuffer | Buffer[]): Uint8Array {
  if (Array.isArray(raw)) return Buffer.concat(raw);
  return raw instanceof ArrayBuffer ? new Uint8Array(raw) : raw;
}
