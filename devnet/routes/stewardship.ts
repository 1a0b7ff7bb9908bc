/**
 * GET /stewardship/{ref}: is every chunk retrievable from the network, bypassing this node's own store?
 * PUT /stewardship/{ref}: re-stamp and re-push every chunk (bee-api.md §2.5).
 * Both go over every chunk of the tree, parity chunks included, and rebuild nothing: Bee v2.8.1's steward walks
 * the joiner's IterateChunkAddresses and fails on the first chunk it cannot get (pkg/steward/steward.go).
 */
import { hexHeader, HeaderError } from '../content/headers.js';
import { traverseReference } from '../content/traversal.js';
import { checkUploadBatch, stampChunk } from '../content/postage.js';
import { beeError, beeJson, type RouteDef } from '../http/router.js';
import { downloadSource } from './bytes.js';
import { guarded } from './guard.js';
import { contentReferenceParam } from './params.js';

export const stewardshipRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: '/stewardship/:address',
    handle: guarded((req, node) => {
      const reference = contentReferenceParam(req.params.address);
      // As Bee v2.8.1: every chunk, parity included, fetched from peers; one missing chunk is a no, nothing is rebuilt.
      const walk = traverseReference((address) => node.network.retrieveFromPeers(node, address), reference, { everyChunk: true });
      if (walk.invalid.length > 0) {
        node.log.error('node/steward', 'traversal found an invalid chunk', { reference, address: walk.invalid[0]! });
        return beeError(500, 'traversal failed');
      }
      const isRetrievable = walk.missing.length === 0;
      node.log.debug('node/steward', 'stewardship check', { reference, chunks: walk.addresses.length, missing: walk.missing.length });
      return beeJson(200, { isRetrievable });
    }),
  },
  {
    method: 'PUT',
    path: '/stewardship/:address',
    handle: guarded((req, node) => {
      const reference = contentReferenceParam(req.params.address);
      const batchId = hexHeader(req, 'swarm-postage-batch-id', 32);
      if (batchId === undefined) throw new HeaderError('swarm-postage-batch-id', 'want required:');
      const refusal = checkUploadBatch(node, batchId);
      if (refusal !== undefined) return refusal;
      const source = downloadSource(node);
      const walk = traverseReference(source, reference, { everyChunk: true });
      if (walk.missing.length > 0) return beeError(404, 'Not Found');
      for (const address of walk.addresses) {
        const stampRefusal = stampChunk(node, batchId, address);
        if (stampRefusal !== undefined) return stampRefusal;
        const data = source(address)!;
        node.store.put(address, data, 'upload');
        if (node.network.pushNow(node, address, data).storedBy.length === 0) return beeError(500, 're-upload failed: no reachable peer');
      }
      node.log.info('node/steward', 're-uploaded', { reference, chunks: walk.addresses.length });
      return beeJson(200, { message: 'OK', code: 200 });
    }),
  },
];
