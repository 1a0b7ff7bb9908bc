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
import { contentTypeByExtension } from '../../../core/swarm/content-type.js';
import { fileStream, statFile } from '../upload-source.js';
import { DEFAULT_UPLOAD_REDUNDANCY } from '../../../core/cockpit/upload-choices.js';
import { prepareUpload, sendUpload, uploadOutcome } from './upload.js';
import type { OnceRun } from './verb.js';

export const details = `Arguments:
  <path>               the file to upload (streamed from disk)
  [batch-prefix]       a batch ID or a unique prefix of one; without it the batch is chosen by usable, TTL and room
  --redundancy <0..4>  Bee's swarm-redundancy-level, always sent (default ${DEFAULT_UPLOAD_REDUNDANCY}, MEDIUM, Bee's own default)

POST /bzz wraps the file in a manifest (its base name, the Content-Type of its extension): the reference is the
manifest's. cockpit --once hash --manifest --redundancy <level> <path> gives the same reference without a node.`;

export const run: OnceRun = async (args, context) => {
  const prepared = await prepareUpload('upload-file', args, context, '<path> [batch-prefix]', statFile, ({ size }) => ({ bytes: size, files: 1 }));
  const { node, path, batch, level } = prepared;
  const size = prepared.source.size;
  const name = basename(path);
  const contentType = contentTypeByExtension(name);
  const { result, seconds } = await sendUpload('upload-file', node, context, size, (onBytes, timeoutMs) =>
    node.client.uploadFile(fileStream(path, onBytes), { batchId: batch.batchID, name, contentType, contentLength: size, timeoutMs, redundancyLevel: level }),
  );
  const data: OnceData<'upload-file'> = { node: node.target.url, path, name, contentType, bytes: size, ...uploadOutcome(prepared, result, seconds, size) };
  return { verb: 'upload-file', status: 'ok', data };
};
