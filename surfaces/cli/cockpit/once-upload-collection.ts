/**
 * `--once upload-collection <dir> [batch-prefix] [node-url]`: streams a directory to POST /bzz as a tar
 * collection (`swarm-collection: true`), with `index.html` as the website index document when the directory has
 * one at its top, progress on stderr, and the batch given or chosen (see once-upload.ts). Which files go in is
 * decided in actors/cockpit/upload-source.ts (regular files, links to files followed, others skipped and listed).
 * A missing path, a file, an empty directory, an unusable or too small batch: an error result.
 */
import type { OnceData } from '../../../config-schema/once-results.js';
import { showControlCharacters } from '../../../core/terminal/visible-text.js';
import { scanCollection, tarStream, UploadInputError, type Collection } from '../../../actors/cockpit/upload-source.js';
import { connectNode } from './once-node.js';
import { chooseBatch, sendUpload } from './once-upload.js';
import { OnceError, type OnceRun } from './once.js';

export const details = `Arguments:
  <dir>            the directory to upload (its files, streamed from disk as a tar collection)
  [batch-prefix]   a batch ID or a unique prefix of one; without it the batch is chosen by usable, TTL and room

index.html at the top of <dir> becomes the website index document.`;

export const run: OnceRun = async (args, context) => {
  const { node, rest } = await connectNode('upload-collection', args, context, { min: 1, max: 2, usage: '<dir> [batch-prefix]' });
  const dir = rest[0]!;
  let collection: Collection;
  try {
    collection = await scanCollection(dir);
  } catch (error) {
    if (error instanceof UploadInputError) throw new OnceError(error.message, { node: node.target.url, path: dir, error: { code: 'input', detail: error.message } });
    throw error;
  }
  const { batch, reason } = await chooseBatch(node, rest[1], collection.bytes, collection.files.length);
  const indexDocument = collection.files.some((f) => f.path === 'index.html') ? 'index.html' : undefined;
  const { result, seconds } = await sendUpload('upload-collection', node, context, collection.bytes, (onBytes, timeoutMs) =>
    node.client.uploadCollection(tarStream(collection, onBytes), {
      batchId: batch.batchID,
      contentLength: collection.tarBytes,
      timeoutMs,
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
    reference: result.reference,
    batchId: batch.batchID,
    batchReason: reason,
    ...(result.tagUid === undefined ? {} : { tagUid: result.tagUid }),
    seconds: Number(seconds.toFixed(3)),
    megabytesPerSecond: Number((collection.bytes / 1e6 / Math.max(seconds, 0.001)).toFixed(1)),
    url: `${node.target.url}/bzz/${result.reference}/`,
  };
  const skipped = collection.skipped.length ? `; skipped ${collection.skipped.length}: ${collection.skipped.join(', ')}` : '';
  return {
    verb: 'upload-collection',
    status: 'ok',
    message: showControlCharacters(`${result.reference} is ${dir}: ${collection.files.length} files, ${collection.bytes} bytes${indexDocument ? ', index index.html' : ''}, uploaded with ${reason}${skipped}`),
    data,
    text: `${result.reference}  ${showControlCharacters(dir)}`,
  };
};
