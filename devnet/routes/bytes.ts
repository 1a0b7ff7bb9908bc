/** POST /bytes, GET /bytes/{address}, HEAD /bytes/{address} (bee-api.md §2.6). */
import { contentSize, loadNode, readRange, type ChunkSource } from '../content/joiner.js';
import { downloadReplicaLevel, withRootReplicas } from '../content/replicas.js';
import { splitIntoSession } from '../content/split.js';
import { readUploadPlan, UploadSession } from '../content/upload.js';
import { decideRange } from '../http/range.js';
import { beeJson, type DevnetRequest, type DevnetResponse, type RouteDef } from '../http/router.js';
import type { DevnetNode } from '../node.js';
import { guarded } from './guard.js';
import { contentReferenceParam } from './params.js';

/** Downloads read the local store first, then ask the network. */
export function downloadSource(node: DevnetNode): ChunkSource {
  return (addressHex) => node.network.retrieve(node, addressHex);
}

/** The download source of a joiner rooted at `referenceHex`: its root may come from a replica. */
export function rootReplicaSource(req: DevnetRequest, node: DevnetNode, referenceHex: string, source: ChunkSource = downloadSource(node)): ChunkSource {
  const rootHex = referenceHex.slice(0, 64);
  return withRootReplicas(source, (addressHex) => addressHex === rootHex, downloadReplicaLevel(req));
}

/**
 * Serves content bytes with ETag, Range (206/416) and If-None-Match (304), as Go's ServeContent does for Bee.
 */
export function serveContent(
  node: DevnetNode,
  referenceHex: string,
  headers: Record<string, string | undefined>,
  extraHeaders: Record<string, string>,
  source: ChunkSource = downloadSource(node),
): DevnetResponse {
  const size = contentSize(source, referenceHex);
  const etag = `"${referenceHex}"`;
  const base: Record<string, string> = { 'content-type': 'application/octet-stream', etag, 'accept-ranges': 'bytes', ...extraHeaders };
  if (headers['if-none-match'] === etag) return { status: 304, headers: { etag } };
  const range = decideRange(headers.range, size);
  if (range.kind === 'unsatisfiable') {
    return { status: 416, headers: { 'content-range': `bytes */${size}`, 'content-type': 'text/plain; charset=utf-8' }, body: new TextEncoder().encode('invalid range\n') };
  }
  if (range.kind === 'partial') {
    const body = readRange(source, referenceHex, range.start, range.end);
    return { status: 206, headers: { ...base, 'content-range': `bytes ${range.start}-${range.end - 1}/${size}` }, body };
  }
  return { status: 200, headers: base, body: readRange(source, referenceHex, 0, size) };
}

export const bytesRoutes: RouteDef[] = [
  {
    method: 'POST',
    path: '/bytes',
    handle: guarded(async (req, node) => {
      const plan = readUploadPlan(req, node, 'content');
      const data = await req.body();
      const session = new UploadSession(node, plan);
      const reference = splitIntoSession(session, data, plan.redundancyLevel, plan.encrypt);
      const failure = session.finish(reference);
      if (failure !== undefined) return failure;
      return beeJson(201, { reference }, session.responseHeaders());
    }),
  },
  {
    method: 'GET',
    path: '/bytes/:address',
    handle: guarded((req, node) => {
      const reference = contentReferenceParam(req.params.address);
      return serveContent(node, reference, req.headers, {}, rootReplicaSource(req, node, reference));
    }),
  },
  {
    method: 'HEAD',
    path: '/bytes/:address',
    handle: guarded((req, node) => {
      const reference = contentReferenceParam(req.params.address);
      const root = loadNode(rootReplicaSource(req, node, reference), reference);
      return {
        status: 200,
        // Bee's HEAD /bytes sets only these two (no ETag, no Accept-Ranges; checked against v2.8.1).
        headers: { 'content-type': 'application/octet-stream', 'content-length': String(root.span) },
      };
    }),
  },
];

