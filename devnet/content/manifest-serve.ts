/**
 * Bee's /bzz path resolution (bee-api.md §2.6, pkg/api/bzz.go serveReference), as a pure decision over a
 * loaded manifest: which entry to serve, or a redirect, or not found. Feed manifests are re-targeted first.
 */
import { bytesToHex, hexToBytes } from '../../core/swarm/bytes.js';
import { formatFeedIndexHeader } from '../../core/swarm/feeds.js';
import {
  FEED_OWNER_KEY, FEED_TOPIC_KEY, ROOT_PATH, WEBSITE_ERROR_DOCUMENT_KEY, WEBSITE_INDEX_DOCUMENT_KEY,
} from '../../core/swarm/collection.js';
import { InputError } from '../../core/swarm/input-error.js';
import { loadManifest } from '../../core/swarm/manifest-hash.js';
import { isZeroEntry, type MantarayNode } from '../../core/swarm/mantaray.js';
import { listEntries, lookupNode, lookupPath } from '../../core/swarm/mantaray-paths.js';
import { resolveFeed } from './feed-resolve.js';
import { readAll, type ChunkSource } from './joiner.js';

export type BzzDecision =
  | { kind: 'file'; referenceHex: string; metadata: Record<string, string>; source: ChunkSource; feedHeaders: Record<string, string> }
  | { kind: 'redirect'; path: string }
  | { kind: 'notFound'; message: string }
  /** The reference (or the feed's target) is not a mantaray manifest. */
  | { kind: 'notManifest' };

/** Loads the whole trie; undefined when the bytes are not a manifest (a missing chunk still throws). */
export async function loadFullManifest(source: ChunkSource, referenceHex: string): Promise<MantarayNode | undefined> {
  try {
    return await loadManifest(referenceHex, async (ref) => readAll(source, bytesToHex(ref)), { depth: 'full' });
  } catch (error) {
    if (error instanceof InputError) return undefined;
    throw error;
  }
}

function rootMetadata(root: MantarayNode): Record<string, string> {
  return lookupNode(root, ROOT_PATH)?.metadata ?? {};
}

export async function resolveBzzPath(source: ChunkSource, referenceHex: string, path: string): Promise<BzzDecision> {
  let root = await loadFullManifest(source, referenceHex);
  if (root === undefined) return { kind: 'notManifest' };
  let contentSource = source;
  const feedHeaders: Record<string, string> = {};
  const meta = rootMetadata(root);
  const owner = meta[FEED_OWNER_KEY];
  const topic = meta[FEED_TOPIC_KEY];
  if (owner !== undefined && topic !== undefined) {
    const resolved = resolveFeed(source, hexToBytes(owner), hexToBytes(topic));
    if (resolved === undefined) return { kind: 'notFound', message: 'feed update not found' };
    if (resolved.kind === 'dangling') return { kind: 'notFound', message: 'bzz download: feed pointing to the wrapped chunk not found' };
    feedHeaders['swarm-feed-index'] = formatFeedIndexHeader(resolved.update.index);
    feedHeaders['swarm-feed-resolved-version'] = resolved.version;
    contentSource = resolved.source;
    root = await loadFullManifest(contentSource, resolved.contentHex);
    if (root === undefined) return { kind: 'notManifest' };
  }
  const rootMeta = rootMetadata(root);
  const indexDocument = rootMeta[WEBSITE_INDEX_DOCUMENT_KEY];
  const errorDocument = rootMeta[WEBSITE_ERROR_DOCUMENT_KEY];
  const serve = (entryPath: string): BzzDecision | undefined => {
    const entry = lookupPath(root, entryPath);
    if (entry === undefined || isZeroEntry(entry.entry)) return undefined;
    return { kind: 'file', referenceHex: bytesToHex(entry.entry), metadata: entry.metadata ?? {}, source: contentSource, feedHeaders };
  };

  if (path === '') {
    if (indexDocument === undefined) return { kind: 'notFound', message: 'address not found or incorrect' };
    return serve(indexDocument) ?? { kind: 'notFound', message: 'address not found or incorrect' };
  }
  const exact = serve(path);
  if (exact !== undefined) return exact;
  // Bee's test is a path *prefix* (manifest HasPrefix), not a node: "sub" redirects to "sub/" also when the
  // only entry below is "sub/index.html", stored as one compressed fork with no node at "sub/".
  if (!path.endsWith('/') && hasEntryUnder(root, `${path}/`)) return { kind: 'redirect', path: `${path}/` };
  if (indexDocument !== undefined) {
    const indexed = serve(`${path.replace(/\/+$/, '')}/${indexDocument}`);
    if (indexed !== undefined) return indexed;
  }
  if (errorDocument !== undefined) {
    const error = serve(errorDocument);
    if (error !== undefined) return error;
  }
  return { kind: 'notFound', message: 'path address not found' };
}

/** True when some entry's path starts with `prefix` (the manifest is fully loaded here). */
function hasEntryUnder(root: MantarayNode, prefix: string): boolean {
  return lookupNode(root, prefix) !== undefined || listEntries(root).some((entry) => entry.path.startsWith(prefix));
}
