/** POST /chunks, GET/HEAD/DELETE /chunks/{address} (bee-api.md §2.6). */
import { bytesToHex } from '../../core/swarm/bytes.js';
import { contentAddressOf, MAX_CHUNK_DATA_SIZE } from '../../core/swarm/chunk.js';
import { parseSingleOwnerChunk, SOC_MAX_SIZE } from '../../core/swarm/soc.js';
import { readUploadPlan, UploadSession } from '../content/upload.js';
import { beeError, beeJson, type RouteDef } from '../http/router.js';
import { downloadSource } from './bytes.js';
import { guarded } from './guard.js';
import { referenceParam } from './params.js';

/**
 * Decides what a POSTed chunk is, the way Bee v2.8.1 does (`pkg/api/chunk.go`): any body of 8 to 4104 bytes
 * is a content chunk (span ‖ payload), so SOC bytes of that size are stored as a CAC under the CAC address;
 * only a longer body is read as a SOC (identifier ‖ signature ‖ wrapped chunk), which is how Bee accepts the
 * replica SOCs of erasure-coded roots. Clients post SOCs to /soc/{owner}/{id}?sig= instead.
 */
function classifyChunk(data: Uint8Array): { address: Uint8Array; data: Uint8Array } | undefined {
  if (data.length <= MAX_CHUNK_DATA_SIZE) {
    return { address: contentAddressOf(data), data };
  }
  try {
    return { address: parseSingleOwnerChunk(data).address, data };
  } catch {
    return undefined;
  }
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
      // Bee answers a body that is neither a CAC nor a valid SOC with 500 (its SOC fallback fails).
      if (chunk === undefined) return beeError(500, 'create chunk error');
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
