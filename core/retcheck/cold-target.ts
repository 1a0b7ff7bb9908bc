/**
 * What `--cold` downloads (issue 23 item 6c): what a user downloads. The spec names `/bytes/{ref}` for nodes and
 * `/bzz/{ref}/` for gateways; for a manifest reference `/bytes` streams the manifest node itself (a few hundred
 * bytes), which no user ever downloads. Decision (docs/retcheck.md "Cold downloads"): on nodes the root chunk
 * decides, the way Bee's own traversal tells a manifest (a root of at most 4096 bytes whose payload is a mantaray
 * node):
 * - a manifest: `/bzz/{ref}/`, which serves the file of a single-file upload, the index document of a
 *   collection, or the content a feed manifest points at;
 * - anything else, or a root chunk no node served: `/bytes/{ref}`, as the spec says.
 * Gateways are asked `/bzz/{ref}/` always, as the spec says (a gateway serves raw content there too).
 * The report's `endpoint` field says which was used.
 */
import { parseChunkData, CHUNK_SIZE } from '../swarm/chunk.js';
import { decodeSpan } from '../swarm/redundancy.js';
import { parseNode } from '../swarm/mantaray.js';
import { lookupNode } from '../swarm/mantaray-paths.js';
import { FEED_OWNER_KEY, WEBSITE_INDEX_DOCUMENT_KEY } from '../swarm/collection.js';
import { hasManifestVersionHash } from './chunk-children.js';

export type RootKind =
  | { kind: 'manifest'; /** what /bzz/{ref}/ serves: an index document, a feed's content, or nothing */ serves: 'index' | 'feed' | 'nothing' }
  | { kind: 'bytes' }
  | { kind: 'unknown'; why: string };

/** The kind of content a root chunk (plain span ‖ payload, decrypted if it was encrypted) starts. */
export function rootKind(plainRoot: Uint8Array): RootKind {
  let parsed;
  try {
    parsed = parseChunkData(plainRoot);
  } catch {
    return { kind: 'bytes' };
  }
  const { span, payload } = parsed;
  if (decodeSpan(span).size > BigInt(CHUNK_SIZE) || !hasManifestVersionHash(payload)) return { kind: 'bytes' };
  let node;
  try {
    node = parseNode(payload);
  } catch {
    return { kind: 'bytes' };
  }
  let slash;
  try {
    slash = lookupNode(node, '/');
  } catch {
    slash = undefined; // a fork whose node is not loaded: a root over 4 KiB of forks; /bzz still decides
  }
  const metadata = slash?.metadata ?? {};
  if (metadata[FEED_OWNER_KEY]) return { kind: 'manifest', serves: 'feed' };
  return { kind: 'manifest', serves: metadata[WEBSITE_INDEX_DOCUMENT_KEY] ? 'index' : 'nothing' };
}

export interface ColdEndpoints {
  node: string;
  gateway: string;
}

export function coldEndpoints(reference: string, kind: RootKind): ColdEndpoints {
  const bzz = `/bzz/${reference}/`;
  return { node: kind.kind === 'manifest' ? bzz : `/bytes/${reference}`, gateway: bzz };
}

/** The error text of a failed cold download, with what the root chunk tells about it. */
export function coldFailureText(status: number, kind: RootKind): string {
  if (status === 404 && kind.kind === 'manifest' && kind.serves === 'nothing') {
    return 'HTTP 404: the manifest names no index document, so /bzz/{ref}/ has nothing to serve at its root (its files download by path)';
  }
  return `HTTP ${status}`;
}
