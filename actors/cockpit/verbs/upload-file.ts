/**
 * `--once upload-file [--redundancy 0..4] <path> [batch-prefix] [node-url]` (palette `:upload`): streams one file
 * from disk to POST /bzz (name = the file's base name, Content-Type from its extension), deferred (Bee's default:
 * the node stores it, then pushes to the network), with progress on stderr. The redundancy level is always sent
 * (`swarm-redundancy-level`, default 1, Bee's own default) and stated with the manifest that wraps the file, so
 * `hash --manifest --redundancy L` predicts the reference (issue 23 item 7). The batch is the one given or the
 * one chosen (see upload.ts), and the result says which and why. Data: reference, redundancy level,
 * manifest, batch, reason, tag, size, speed and the node's /bzz URL for it. A missing path, a directory, an
 * unusable or too small batch: an error result.
 */
import { basename } from 'node:path';
import type { OnceData } from '../../../config-schema/once-results.js';
import { formatCount } from '../../../core/cockpit/format.js';
import { contentTypeByExtension } from '../../../core/swarm/content-type.js';
import { showControlCharacters } from '../../../core/terminal/visible-text.js';
import { fileStream, statFile, UploadInputError } from '../upload-source.js';
import { argument, connectNode } from './node.js';
import { DEFAULT_UPLOAD_REDUNDANCY, redundancyText, takeUploadChoices } from '../../../core/cockpit/upload-choices.js';
import { chooseBatch, sendUpload } from './upload.js';
import { OnceError, type OnceRun } from './verb.js';

export const details = `Arguments:
  <path>               the file to upload (streamed from disk)
  [batch-prefix]       a batch ID or a unique prefix of one; without it the batch is chosen by usable, TTL and room
  --redundancy <0..4>  Bee's swarm-redundancy-level, always sent (default ${DEFAULT_UPLOAD_REDUNDANCY}, MEDIUM, Bee's own default)

POST /bzz wraps the file in a manifest (its base name, the Content-Type of its extension): the reference is the
manifest's. cockpit --once hash --manifest --redundancy <level> <path> gives the same reference without a node.`;

export const run: OnceRun = async (allArgs, context) => {
  const { choices, rest: args } = argument(() => takeUploadChoices(allArgs, false));
  const level = choices.redundancy ?? DEFAULT_UPLOAD_REDUNDANCY;
  const { node, rest } = await connectNode('upload-file', args, context, { min: 1, max: 2, usage: '<path> [batch-prefix]' });
  const path = rest[0]!;
  let size: number;
  try {
    ({ size } = await statFile(path));
  } catch (error) {
    if (error instanceof UploadInputError) throw new OnceError(error.message, { node: node.target.url, path, error: { code: 'input', detail: error.message } });
    throw error;
  }
  const { batch, reason } = await chooseBatch(node, rest[1], size, 1);
  const name = basename(path);
  const contentType = contentTypeByExtension(name);
  const { result, seconds } = await sendUpload('upload-file', node, context, size, (onBytes, timeoutMs) =>
    node.client.uploadFile(fileStream(path, onBytes), { batchId: batch.batchID, name, contentType, contentLength: size, timeoutMs, redundancyLevel: level }),
  );
  const data: OnceData<'upload-file'> = {
    node: node.target.url,
    path,
    name,
    contentType,
    bytes: size,
    reference: result.reference,
    redundancyLevel: level,
    manifest: true,
    batchId: batch.batchID,
    batchReason: reason,
    ...(result.tagUid === undefined ? {} : { tagUid: result.tagUid }),
    seconds: Number(seconds.toFixed(3)),
    megabytesPerSecond: Number((size / 1e6 / Math.max(seconds, 0.001)).toFixed(1)),
    url: `${node.target.url}/bzz/${result.reference}/`,
  };
  return {
    verb: 'upload-file',
    status: 'ok',
    message: showControlCharacters(
      `${result.reference} is a manifest wrapping ${name} (${formatCount(size)} bytes, ${contentType}), ${redundancyText(level)}, uploaded with ${reason}${result.tagUid === undefined ? '' : `; tag ${result.tagUid} tracks the push`}`,
    ),
    data,
    text: `${result.reference}  ${showControlCharacters(path)}  manifest, ${redundancyText(level)}`,
  };
};
