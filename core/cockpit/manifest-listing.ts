/**
 * A loaded mantaray manifest as `inspect` and S11 describe it: the website documents of the root `/` entry,
 * feed metadata when the manifest is a feed manifest (POST /feeds), and every value entry with its target
 * reference, Content-Type and Filename. Paths are shown as stored (bytes decoded as UTF-8).
 */
import { bytesToHex } from '../swarm/bytes.js';
import { FEED_OWNER_KEY, FEED_TOPIC_KEY, FEED_TYPE_KEY, WEBSITE_ERROR_DOCUMENT_KEY, WEBSITE_INDEX_DOCUMENT_KEY } from '../swarm/collection.js';
import type { MantarayNode } from '../swarm/mantaray.js';
import { listEntries } from '../swarm/mantaray-paths.js';

export interface ManifestListing {
  kind: 'manifest' | 'feed';
  indexDocument?: string;
  errorDocument?: string;
  feed?: { owner: string; topic: string; type: string };
  entries: { path: string; reference: string; contentType?: string; filename?: string; metadata: Record<string, string> }[];
  nodeCount: number;
}

export function describeManifest(root: MantarayNode): ManifestListing {
  const listed = listEntries(root);
  const rootEntry = listed.find((e) => e.path === '/');
  const meta = rootEntry?.metadata ?? {};
  const feed =
    meta[FEED_OWNER_KEY] && meta[FEED_TOPIC_KEY] ? { owner: meta[FEED_OWNER_KEY]!.toLowerCase(), topic: meta[FEED_TOPIC_KEY]!.toLowerCase(), type: meta[FEED_TYPE_KEY] ?? 'Sequence' } : undefined;
  const entries = listed
    .filter((e) => e.path !== '/')
    .map((e) => {
      const metadata = e.metadata ?? {};
      return {
        path: e.path,
        reference: bytesToHex(e.entry),
        ...(metadata['Content-Type'] ? { contentType: metadata['Content-Type'] } : {}),
        ...(metadata.Filename ? { filename: metadata.Filename } : {}),
        metadata,
      };
    });
  return {
    kind: feed ? 'feed' : 'manifest',
    ...(meta[WEBSITE_INDEX_DOCUMENT_KEY] ? { indexDocument: meta[WEBSITE_INDEX_DOCUMENT_KEY] } : {}),
    ...(meta[WEBSITE_ERROR_DOCUMENT_KEY] ? { errorDocument: meta[WEBSITE_ERROR_DOCUMENT_KEY] } : {}),
    ...(feed ? { feed } : {}),
    entries,
    nodeCount: countNodes(root),
  };
}

function countNodes(node: MantarayNode): number {
  let count = 1;
  for (const fork of node.forks?.values() ?? []) count += countNodes(fork.node);
  return count;
}
