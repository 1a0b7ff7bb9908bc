/**
 * `probe-upload` (issue 29 item 1): an end-to-end round trip, seen from every vantage. The active node uploads a
 * small random payload with deferred upload off (`swarm-deferred-upload: false`, so Bee pushes every chunk before
 * it answers) under a usable batch; then every other configured node is asked GET /stewardship/{ref} (the node
 * fetches every chunk from the network, not from its own store) until it says retrievable or the deadline passes.
 * Last, what can be cleaned is: the upload's tag is deleted, and a pin (Bee pins only when asked, so this is
 * checked, not assumed) is removed. The chunks themselves stay in the swarm until the batch expires: the report
 * says so. Shared by `cockpit --once probe-upload` and the palette's `:probe-upload`; honours the abort signal.
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { fromPromise } from 'xstate';
import { chooseProbeBatch, PROBE_POLL_MS, type ProbeCleanup, type ProbeOptions, type ProbeReport, type ProbeRow } from '../../core/cockpit/probe-upload.js';
import { isNodeApiError } from '../node-client/index.js';
import type { NodeClient } from '../node-client/index.js';

export type ProbeUploaderClient = Pick<NodeClient, 'stamps' | 'uploadBytes' | 'getPin' | 'unpin' | 'deleteTag' | 'stewardshipCheck'>;

export interface ProbeVantage {
  readonly name: string;
  readonly url: string;
  readonly client: Pick<NodeClient, 'stewardshipCheck'>;
}

export interface ProbeInput extends ProbeOptions {
  readonly node: { readonly name: string; readonly url: string; readonly client: ProbeUploaderClient };
  /** The other configured nodes; empty: the uploading node checks itself. */
  readonly vantages: readonly ProbeVantage[];
  /** Per-request limit of the stewardship questions and the clean-up calls. */
  readonly requestTimeoutMs: number;
  readonly pollMs?: number;
}

/** A refusal before anything was uploaded: no usable batch, or a prefix that names none or several. */
export class ProbeRefusal extends Error {
  override name = 'ProbeRefusal';
  constructor(
    message: string,
    readonly code: 'no-usable-batch' | 'unknown-batch' | 'ambiguous-batch',
  ) {
    super(message);
  }
}

/** What the chunks of the probe do after it: nothing removes them from the swarm. */
export const CHUNKS_STAY = 'the probe’s chunks stay in the swarm until the batch expires (nothing can delete them)';

/** Throws ProbeRefusal without a usable batch, the node client's error when the upload itself fails. */
export async function runProbeUpload(input: ProbeInput, signal: AbortSignal): Promise<ProbeReport> {
  const uploader = input.node.client;
  const choice = chooseProbeBatch(await uploader.stamps({ signal }), input.batchPrefix);
  if (!choice.ok) throw new ProbeRefusal(`probe-upload refused: ${choice.why}`, choice.code);
  const payload = new Uint8Array(randomBytes(input.size));
  const started = performance.now();
  const uploaded = await uploader.uploadBytes(payload, { batchId: choice.batchId, deferred: false, signal });
  const uploadMs = Math.round(performance.now() - started);
  const selfOnly = input.vantages.length === 0;
  const vantages = selfOnly ? [{ name: input.node.name, url: input.node.url, client: uploader }] : input.vantages;
  const pollStart = performance.now();
  const deadline = pollStart + input.deadlineMs;
  const rows = await Promise.all(vantages.map((vantage) => watchVantage(vantage, uploaded.reference, { deadline, pollStart, pollMs: input.pollMs ?? PROBE_POLL_MS, requestTimeoutMs: input.requestTimeoutMs, deadlineMs: input.deadlineMs }, signal)));
  const cleanup = await cleanUp(uploader, uploaded.reference, uploaded.tagUid, input.requestTimeoutMs, signal);
  return { node: input.node.url, reference: uploaded.reference, batchId: choice.batchId, size: input.size, uploadMs, deadlineMs: input.deadlineMs, selfOnly, vantages: rows, cleanup };
}

interface Watch {
  readonly deadline: number;
  readonly pollStart: number;
  readonly pollMs: number;
  readonly requestTimeoutMs: number;
  readonly deadlineMs: number;
}

/** Asks one vantage until it says retrievable or the deadline passes; the last answer says why not. */
async function watchVantage(vantage: ProbeVantage, reference: string, watch: Watch, signal: AbortSignal): Promise<ProbeRow> {
  const base = { node: vantage.name, url: vantage.url };
  let checks = 0;
  let last: Omit<ProbeRow & { outcome: 'not-retrievable' | 'unreachable' | 'error' }, 'node' | 'url' | 'checks'> = { outcome: 'unreachable', why: 'not asked before the deadline' };
  for (;;) {
    const left = watch.deadline - performance.now();
    if (left <= 0) break;
    checks += 1;
    try {
      const { isRetrievable } = await vantage.client.stewardshipCheck(reference, { signal, timeoutMs: Math.max(1, Math.min(watch.requestTimeoutMs, Math.ceil(left))) });
      if (isRetrievable) return { ...base, outcome: 'retrievable', afterMs: Math.round(performance.now() - watch.pollStart), checks };
      last = { outcome: 'not-retrievable', why: `the node still answered not retrievable after ${Math.round(watch.deadlineMs / 1000)} s` };
    } catch (error) {
      signal.throwIfAborted();
      last = failure(error);
    }
    const pause = Math.min(watch.pollMs, watch.deadline - performance.now());
    if (pause <= 0) break;
    await sleep(pause, undefined, { signal });
  }
  return { ...base, ...last, checks };
}

function failure(error: unknown): { outcome: 'unreachable' | 'error'; why: string } {
  if (!isNodeApiError(error)) return { outcome: 'error', why: error instanceof Error ? error.message : String(error) };
  if (error.code === 'network' || error.code === 'timeout') return { outcome: 'unreachable', why: `${error.code === 'timeout' ? 'no answer in time' : 'cannot connect'} (${error.causeCode ?? error.code})` };
  if (error.code === 'http') return { outcome: 'error', why: `HTTP ${error.status}${error.beeMessage ? `: ${error.beeMessage}` : ''}` };
  return { outcome: 'error', why: error.message };
}

async function cleanUp(client: ProbeUploaderClient, reference: string, tagUid: number | undefined, timeoutMs: number, signal: AbortSignal): Promise<ProbeCleanup> {
  const left = [CHUNKS_STAY];
  const call = { signal, timeoutMs };
  let pinned: boolean | null = null;
  let unpinned = false;
  try {
    pinned = (await client.getPin(reference, call)) !== null;
    if (pinned) {
      await client.unpin(reference, call);
      unpinned = true;
    }
  } catch (error) {
    signal.throwIfAborted();
    left.push(`${pinned === null ? 'whether it is pinned is unknown' : 'the pin could not be removed'} (${failure(error).why})`);
  }
  let tagDeleted: boolean | null = null;
  if (tagUid !== undefined) {
    try {
      await client.deleteTag(tagUid, call);
      tagDeleted = true;
    } catch (error) {
      signal.throwIfAborted();
      tagDeleted = false;
      left.push(`tag ${tagUid} could not be deleted (${failure(error).why})`);
    }
  }
  return { pinned, unpinned, tagDeleted, left };
}

/** The probe as an XState actor, for a machine that runs it. */
export const probeUploadLogic = fromPromise<ProbeReport, ProbeInput>(({ input, signal }) => runProbeUpload(input, signal));
