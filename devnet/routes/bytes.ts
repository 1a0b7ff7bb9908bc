/** POST /bytes, GET /bytes/{address}, HEAD /bytes/{address} (bee-api.md §2.6). */
import { hexToBytes } from '../../core/swarm/bytes.js';
import { isValidContentChunk, SPAN_SIZE } from '../../core/swarm/chunk.js';
import { contentSize, readRange, type ChunkSource } from '../content/joiner.js';
import { downloadReplicaLevel, withRootReplicas } from '../content/replicas.js';
import { splitIntoSession } from '../content/split.js';
import { readUploadPlan, UploadSession } from '../content/upload.js';
import { decideRange } from '../http/range.js';
import { beeJson, type DevnetRequest, type DevnetResponse, type RouteDef } from '../http/router.js';
import type { DevnetNode } from '../node.js';
import { guarded } from './guard.js';
import { contentReferenceParam, ParamError } from './params.js';

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
    handle: (req, node) => headBytes(req, node),
  },
];

/**
 * HEAD /bytes/{address} as Bee v2.8.1 answers it (pkg/api/bytes.go bytesHeadHandler): the root chunk from the
 * local store or the network (no root replicas, no decryption: a 128-hex reference is looked up as a 64-byte
 * address and is never found), and Content-Length = its span read as a *signed* 64-bit integer. A root written at
 * a redundancy level above 0 carries the level in the span's top byte (0x80 | level), so Bee's header is then
 * negative, e.g. -9151314442815847840 for 1,000,032 bytes at level 1 (seen on a real v2.8.1 node; Go's server
 * logs "invalid Content-Length" and sends it anyway). A chunk that is not a content chunk under that address
 * (a SOC) answers its own length. Failures have no body and no content type.
 */
function headBytes(req: DevnetRequest, node: DevnetNode): DevnetResponse {
  let reference: string;
  try {
    reference = contentReferenceParam(req.params.address);
  } catch (error) {
    if (error instanceof ParamError) return { status: 400, headers: {} };
    throw error;
  }
  const data = reference.length === 64 ? downloadSource(node)(reference) : undefined;
  if (data === undefined) return { status: 404, headers: {} };
  return {
    status: 200,
    // Bee sets only these (no ETag, no Accept-Ranges).
    headers: {
      'access-control-expose-headers': 'Accept-Ranges, Content-Encoding',
      'content-type': 'application/octet-stream',
      'content-length': isValidContentChunk(hexToBytes(reference), data) ? BigInt.asIntN(64, readUint64LE(data)).toString() : String(data.length),
    },
  };
}

function readUint64LE(data: Uint8Array): bigint {
  return new DataView(data.buffer, data.byteOffset, SPAN_SIZE).getBigUint64(0, true);
}
