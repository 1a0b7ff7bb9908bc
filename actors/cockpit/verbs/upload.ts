/**
 * What `upload-file` and `upload-collection` share: the prologue (redundancy option, node, arity, reading the
 * source, choosing the batch: prepareUpload), sending the stream (sendUpload) and the data after the upload
 * (uploadOutcome).
 *
 * Batch: with a prefix, that batch of the node (full ID or unique prefix; unknown or ambiguous refused); it must
 * be usable and, if immutable, have room for the upload (an immutable batch refuses chunks once a bucket is
 * full: 402 mid-upload). A mutable batch without room is used with a warning in the reason: its oldest chunks
 * get overwritten, which is what mutable batches are for. Without a prefix, core/cockpit/batch-choice.ts picks
 * (usable, room, TTL over a day unless no batch has one, longest TTL). Every refusal is an error result (exit 2 desktop, 1 terminal).
 *
 * Time limit: the request may take `--timeout` (default 15 s) plus one second per MB, so a large upload is not
 * cut off while a stalled one still ends.
 */
import type { OnceData } from '../../../config-schema/once-results.js';
import type { PostageBatch, UploadResult } from '../../node-client/index.js';
import { checkGivenBatch, pickUploadBatch, resolveBatchPrefix, uploadFootprintBytes } from '../../../core/cockpit/batch-choice.js';
import { DEFAULT_UPLOAD_REDUNDANCY, takeUploadChoices } from '../../../core/cockpit/upload-choices.js';
import { parseBatchPrefix } from '../../../core/cockpit/verb-inputs.js';
import type { RedundancyLevel } from '../../../core/swarm/redundancy.js';
import { UploadInputError } from '../upload-source.js';
import { argument, connectNode, nodeFailure, type OnceNode } from './node.js';
import { readBatches } from './stamps.js';
import { OnceError, timeoutOf, type OnceContext } from './verb.js';
import { UploadProgress } from './upload-progress.js';

/** An upload ready to send: its node, level, source (as read from `path`) and batch. */
export interface PreparedUpload<S> {
  readonly node: OnceNode;
  readonly level: RedundancyLevel;
  readonly path: string;
  readonly source: S;
  readonly batch: PostageBatch;
  readonly batchReason: string;
}

/**
 * The uploads' prologue: `--redundancy` (default 1), the node and `<path> [batch-prefix]`, the source read from
 * `path` (an UploadInputError becomes the verb's error, naming the path), and the batch given or chosen for its
 * size in `bytes` and `files`.
 */
export async function prepareUpload<S>(
  verb: 'upload-file' | 'upload-collection',
  allArgs: readonly string[],
  context: OnceContext,
  usage: string,
  read: (path: string) => Promise<S>,
  size: (source: S) => { bytes: number; files: number },
): Promise<PreparedUpload<S>> {
  const { choices, rest: args } = argument(() => takeUploadChoices(allArgs, false));
  const level = choices.redundancy ?? DEFAULT_UPLOAD_REDUNDANCY;
  const { node, rest } = await connectNode(verb, args, context, { min: 1, max: 2, usage });
  const path = rest[0]!;
  let source: S;
  try {
    source = await read(path);
  } catch (error) {
    if (error instanceof UploadInputError) throw new OnceError({ code: 'upload-input', detail: error.message }, { node: node.target.url, path, error: { code: 'input', detail: error.message } });
    throw error;
  }
  const { bytes, files } = size(source);
  const { batch, reason } = await chooseBatch(node, rest[1], bytes, files);
  return { node, level, path, source, batch, batchReason: reason };
}

type UploadOutcome = Pick<OnceData<'upload-file'>, 'reference' | 'redundancyLevel' | 'manifest' | 'batchId' | 'batchReason' | 'tagUid' | 'seconds' | 'megabytesPerSecond' | 'url'>;

/** The data both uploads end with: the reference, how it was stamped, how fast, and where the node serves it. */
export function uploadOutcome(prepared: PreparedUpload<unknown>, result: UploadResult, seconds: number, bytes: number): UploadOutcome {
  return {
    reference: result.reference,
    redundancyLevel: prepared.level,
    manifest: true,
    batchId: prepared.batch.batchID,
    batchReason: prepared.batchReason,
    ...(result.tagUid === undefined ? {} : { tagUid: result.tagUid }),
    seconds: Number(seconds.toFixed(3)),
    megabytesPerSecond: Number((bytes / 1e6 / Math.max(seconds, 0.001)).toFixed(1)),
    url: `${prepared.node.target.url}/bzz/${result.reference}/`,
  };
}

export interface ChosenBatch {
  batch: PostageBatch;
  reason: string;
}

export async function chooseBatch(node: OnceNode, prefixText: string | undefined, bytes: number, files: number): Promise<ChosenBatch> {
  const footprint = uploadFootprintBytes(bytes, files);
  const batches = await readBatches(node);
  const refuse = (reason: string) => new OnceError({ code: 'batch-refused', url: node.target.url, reason }, { node: node.target.url, error: { code: 'batch', detail: reason } });
  if (prefixText === undefined) {
    const pick = pickUploadBatch(batches, footprint);
    if (!pick.ok) throw refuse(pick.reason);
    return { batch: batches.find((b) => b.batchID === pick.batch.batchID)!, reason: pick.reason };
  }
  const prefix = argument(() => parseBatchPrefix(prefixText));
  const found = resolveBatchPrefix(prefix, batches);
  if (!found.ok) throw refuse(found.reason);
  const batch = batches.find((b) => b.batchID === found.batch.batchID)!;
  const given = checkGivenBatch(batch, footprint);
  if (!given.ok) throw refuse(given.reason);
  return { batch, reason: given.reason };
}

/** Sends the stream with progress on stderr; a node failure becomes the verb's error. */
export async function sendUpload(
  verb: string,
  node: OnceNode,
  context: OnceContext,
  total: number,
  send: (onBytes: (n: number) => void, timeoutMs: number) => Promise<UploadResult>,
): Promise<{ result: UploadResult; seconds: number }> {
  const progress = new UploadProgress(verb, total, context.stderr ?? (() => {}), context.stderrIsTty === true);
  const started = performance.now();
  try {
    const result = await send((n) => progress.add(n), timeoutOf(context) + Math.ceil(total / 1e6) * 1000);
    progress.done();
    return { result, seconds: (performance.now() - started) / 1000 };
  } catch (error) {
    progress.failed();
    if (error instanceof OnceError) throw error;
    throw nodeFailure(node, error, 'the upload', '/bzz');
  }
}
