/**
 * `--once inspect <ref> [node-url]` (palette alias `:manifest`): the whole manifest tree of a root reference,
 * every mantaray node fetched through the node (GET /bytes/{ref}; encrypted 128-hex references are decrypted by
 * the node), at most 100 000 nodes. Lists each path with its target reference, Content-Type and Filename, the
 * website index and error documents, and the feed a feed manifest follows. Text: one line per path.
 * A reference whose content is not a mantaray manifest is `sad` (exit 1); one the node cannot fetch, an error.
 */
import type { OnceData } from '../../../config-schema/once-results.js';
import { describeManifest } from '../../../core/cockpit/manifest-listing.js';
import { bytesToHex } from '../../../core/swarm/bytes.js';
import { InputError } from '../../../core/swarm/input-error.js';
import { loadManifest } from '../../../core/swarm/manifest-hash.js';
import { parseReference } from '../../../core/swarm/references.js';
import { argument, connectNode, nodeFailure } from './node.js';
import { OnceError, type OnceRun } from './verb.js';

/** A manifest node with thousands of forks is some hundred kB; anything past 4 MiB is content, not a manifest. */
const MAX_MANIFEST_NODE_BYTES = 4 * 1024 * 1024;

export const run: OnceRun = async (args, context) => {
  const { node, rest } = await connectNode('inspect', args, context, { min: 1, max: 1, usage: '<ref>' });
  const reference = argument(() => parseReference(rest[0]!)).hex;
  const fetchBytes = async (ref: Uint8Array) =>
    node.client.downloadBytes(bytesToHex(ref)).catch((error: unknown) => {
      throw nodeFailure(node, error, `manifest node ${bytesToHex(ref).slice(0, 16)}…`, '/bytes');
    });
  // A reference to a large file is no manifest: look at its size before fetching it whole. Not for an encrypted
  // (128-hex) reference: Bee v2.8.1's HEAD /bytes looks all 64 bytes up as one chunk address and answers 404.
  const size =
    reference.length === 128
      ? undefined
      : await node.client.headBytes(reference).catch((error: unknown) => {
          throw nodeFailure(node, error, `the size of ${reference.slice(0, 16)}…`, '/bytes');
        });
  if (size?.status === 404) throw notFound(node.target.url, reference);
  if (size?.contentLength !== undefined && size.contentLength > MAX_MANIFEST_NODE_BYTES) {
    const data: OnceData<'inspect'> = { node: node.target.url, reference, kind: 'not-a-manifest', entries: [], nodeCount: 0, rootBytes: size.contentLength };
    return { verb: 'inspect', status: 'sad', data };
  }
  let root;
  try {
    root = await loadManifest(reference, fetchBytes, { depth: 'full' });
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    const data: OnceData<'inspect'> = { node: node.target.url, reference, kind: 'not-a-manifest', entries: [], nodeCount: 0, notManifestBecause: error.expected };
    return { verb: 'inspect', status: 'sad', data };
  }
  const listing = describeManifest(root);
  const data: OnceData<'inspect'> = { node: node.target.url, reference, ...listing };
  return { verb: 'inspect', status: 'ok', data };
};

function notFound(url: string, reference: string): OnceError {
  return new OnceError({ code: 'reference-not-found', url, reference }, { node: url, error: { code: 'http', status: 404, detail: 'not found' } });
}
