/** POST /chunks, GET/HEAD/DELETE /chunks/{address} (bee-api.md §2.6). */
import { bytesToHex, readUint64LE } from '../../core/swarm/bytes.js';
import { makeContentChunk, MAX_CHUNK_DATA_SIZE, parseChunkData } from '../../core/swarm/chunk.js';
import { parseSingleOwnerChunk, SOC_MAX_SIZE, SOC_MIN_SIZE } from '../../core/swarm/soc.js';
import { readUploadPlan, UploadSession } from '../content/upload.js';
import { beeError, beeJson, type RouteDef } from '../http/router.js';
import { downloadSource } from './bytes.js';
import { guarded } from './guard.js';
import { referenceParam } from './params.js';

/**
 * Decides what a POSTed chunk is. Bee tries a content chunk first and a SOC only when that fails, which makes
 * a small SOC indistinguishable from a CAC there; the devnet instead accepts a body as a SOC when its
 * signature recovers an owner (random CAC bytes essentially never do), so clients posting SOC bytes to
 * /chunks get the SOC address back whatever the size.
 */
function classifyChunk(data: Uint8Array): { address: Uint8Array; data: Uint8Array } | undefined {
  if (data.length >= SOC_MIN_SIZE && data.length <= SOC_MAX_SIZE) {
    try {
      const soc = parseSingleOwnerChunk(data);
      return { address: soc.address, data };
    } catch {
      // not a SOC: fall through to the content-chunk reading
    }
  }
  if (data.length > MAX_CHUNK_DATA_SIZE) return undefined;
  const { span, payload } = parseChunkData(data);
  const chunk = makeContentChunk(payload, readUint64LE(span));
  return { address: chunk.address, data };
}

export const chunkRoutes: RouteDef[] = [
  {
    method: 'POST',
    path: '/chunks',
    handle: guarded(async (req, node) => {
      const plan = readUploadPlan(req, node, 'chunk');
      const data = await req.body();
      if (data.length < 8) return beeError(400, 'insufficient data length');
      if (data.length > SOC_MAX_SIZE) return beeError(413, 'Request Entity Too Large');
      const chunk = classifyChunk(data);
      if (chunk === undefined) return beeError(400, 'chunk write error: invalid chunk');
      const session = new UploadSession(node, plan);
      session.addChunk(chunk.address, chunk.data);
      const reference = bytesToHex(chunk.address);
      const failure = session.finish(reference);
      if (failure !== undefined) return failure;
      return beeJson(201, { reference }, session.responseHeaders());
    }),
  },
  {
    method: 'GET',
    path: '/chunks/:address',
    handle: guarded((req, node) => {
      const address = referenceParam(req.params.address);
      const data = downloadSource(node)(address);
      // Bee v2.8.1 (checked on a real cluster): a chunk no peer can deliver is a retrieval error ("no peer
      // found"), not storage.ErrNotFound, so GET /chunks answers 500 "read chunk failed", never 404.
      if (data === undefined) return beeError(500, 'read chunk failed');
      // Bee's quirk: this one route answers binary/octet-stream.
      return { status: 200, headers: { 'content-type': 'binary/octet-stream' }, body: data };
    }),
  },
  {
    method: 'HEAD',
    path: '/chunks/:address',
    handle: guarded((req, node) => {
      const address = referenceParam(req.params.address);
      const data = node.store.get(address);
      // Bee answers HEAD with its JSON status message (200 "OK" / 404 "Not Found"), not the chunk's headers.
      if (data === undefined) return beeError(404);
      return beeJson(200, { code: 200, message: 'OK' });
    }),
  },
  {
    method: 'DELETE',
    path: '/chunks/:address',
    handle: guarded((req, node) => {
      const address = referenceParam(req.params.address);
      if (!node.store.delete(address)) return beeError(404, 'chunk not found');
      return beeJson(200, { message: 'OK', code: 200 });
    }),
  },
];
