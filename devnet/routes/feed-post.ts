/** POST /feeds/{owner}/{topic}: stores a feed manifest and answers its reference (bee-api.md §2.6, §5.1). */
import { bytesToHex } from '../../core/swarm/bytes.js';
import { buildFeedManifest } from '../../core/swarm/collection.js';
import { saveManifest } from '../../core/swarm/manifest-hash.js';
import { addManifestReplicas } from '../content/replicas.js';
import { readUploadPlan, UploadSession } from '../content/upload.js';
import { beeJson, type RouteDef } from '../http/router.js';
import { guarded } from './guard.js';
import { hexParam } from './params.js';

export const feedPostRoutes: RouteDef[] = [
  {
    method: 'POST',
    path: '/feeds/:owner/:topic',
    handle: guarded((req, node) => {
      const owner = hexParam(req.params.owner, 'owner', 20);
      const topic = hexParam(req.params.topic, 'topic', 32);
      const plan = readUploadPlan(req, node, 'content');
      const session = new UploadSession(node, plan);
      const manifest = buildFeedManifest(owner, topic);
      const reference = bytesToHex(saveManifest(manifest, { onChunk: (chunk) => session.addChunk(chunk.address, chunk.data) }));
      addManifestReplicas(session, manifest);
      const failure = session.finish(reference);
      if (failure !== undefined) return failure;
      // Bee's POST /feeds answers no swarm-tag header (checked against v2.8.1), unlike the other uploads.
      return beeJson(201, { reference });
    }),
  },
];
