/**
 * `--once upload-collection [--redundancy 0..4] <dir> [batch-prefix] [node-url]`: streams a directory to POST /bzz as a tar
 * collection (`swarm-collection: true`), with `index.html` as the website index document when the directory has
 * one at its top, progress on stderr, and the batch given or chosen (see upload.ts). Which files go in is
 * decided in actors/cockpit/upload-source.ts (regular files, links to files followed, others skipped and listed).
 * The redundancy level is always sent (`swarm-redundancy-level`, default 1, Bee's own default) and stated, with
 * the manifest the collection becomes (issue 23 item 7).
 * A missing path, a file, an empty directory, an unusable or too small batch: an error result.
 */
import type { OnceData } from '../../../config-schema/once-results.js';
import { scanCollection, tarStream } from '../upload-source.js';
import { DEFAULT_UPLOAD_REDUNDANCY } from '../../../core/cockpit/upload-choices.js';
import { prepareUpload, sendUpload, uploadOutcome } from './upload.js';
import type { OnceRun } from './verb.js';

export const details = `Arguments:
  <dir>            the directory to upload (its files, streamed from disk as a tar collection)
  [batch-prefix]   a batch ID or a unique prefix of one; without it the batch is chosen by usable, TTL and room
  --redundancy <0..4>  Bee's swarm-redundancy-level, always sent (default ${DEFAULT_UPLOAD_REDUNDANCY}, MEDIUM, Bee's own default)

The collection becomes a manifest (the reference is the manifest's); index.html at the top of <dir> becomes the
website index document.`;

export const run: OnceRun = async (args, context) => {
  const prepared = await prepareUpload('upload-collection', args, context, '<dir> [batch-prefix]', scanCollection, (c) => ({ bytes: c.bytes, files: c.files.length }));
  const { node, path: dir, batch, level, source: collection } = prepared;
  const indexDocument = collection.files.some((f) => f.path === 'index.html') ? 'index.html' : undefined;
  const { result, seconds } = await sendUpload('upload-collection', node, context, collection.bytes, (onBytes, timeoutMs) =>
    node.client.uploadCollection(tarStream(collection, onBytes), {
      batchId: batch.batchID,
      contentLength: collection.tarBytes,
      timeoutMs,
      redundancyLevel: level,
      ...(indexDocument ? { indexDocument } : {}),
    }),
  );
  const data: OnceData<'upload-collection'> = {
    node: node.target.url,
    path: dir,
    files: collection.files.length,
    bytes: collection.bytes,
    skipped: collection.skipped,
    ...(indexDocument ? { indexDocument } : {}),
    ...uploadOutcome(prepared, result, seconds, collection.bytes),
  };
  return { verb: 'upload-collection', status: 'ok', data };
};
