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
import { formatCount } from '../../../core/cockpit/format.js';
import { showControlCharacters } from '../../../core/terminal/visible-text.js';
import { scanCollection, tarStream, UploadInputError, type Collection } from '../upload-source.js';
import { argument, connectNode } from './node.js';
import { DEFAULT_UPLOAD_REDUNDANCY, redundancyText, takeUploadChoices } from '../../../core/cockpit/upload-choices.js';
import { chooseBatch, sendUpload } from './upload.js';
import { OnceError, type OnceRun } from './verb.js';

export const details = `Arguments:
  <dir>            the directory to upload (its files, streamed from disk as a tar collection)
  [batch-prefix]   a batch ID or a unique prefix of one; without it the batch is chosen by usable, TTL and room
  --redundancy <0..4>  Bee's swarm-redundancy-level, always sent (default ${DEFAULT_UPLOAD_REDUNDANCY}, MEDIUM, Bee's own default)

The collection becomes a manifest (the reference is the manifest's); index.html at the top of <dir> becomes the
website index document.`;

export const run: OnceRun = async (allArgs, context) => {
  const { choices, rest: args } = argument(() => takeUploadChoices(allArgs, false));
  const level = choices.redundancy ?? DEFAULT_UPLOAD_REDUNDANCY;
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
    reference: result.reference,
    redundancyLevel: level,
    manifest: true,
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
    message: showControlCharacters(
      `${result.reference} is a manifest of ${dir}: ${formatCount(collection.files.length)} files, ${formatCount(collection.bytes)} bytes${indexDocument ? ', index index.html' : ''}, ${redundancyText(level)}, uploaded with ${reason}${skipped}`,
    ),
    data,
    text: `${result.reference}  ${showControlCharacters(dir)}  manifest, ${redundancyText(level)}`,
  };
};
