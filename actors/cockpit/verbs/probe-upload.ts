/**
 * `--once probe-upload [--size BYTES] [--batch PREFIX] [--deadline SECS] [node-url...]` (issue 29 item 1): the
 * active node uploads a small random payload (deferred upload off) and every other configured node says when it
 * can retrieve it (GET /stewardship), or why not. The probe is actors/cockpit/probe-upload.ts; this verb resolves
 * the fleet (the config's nodes, or the URLs given: the first uploads) and words the result.
 * `ok` (exit 0): every vantage retrieved it before the deadline; `sad` (exit 1): some vantage did not (its row
 * says why: deadline passed, unreachable, error); `error` (exit 2 desktop, 1 terminal): nothing was probed —
 * the node has no usable batch, `--batch` names none or several (`data.error.code` `no-usable-batch`,
 * `unknown-batch`, `ambiguous-batch`), or the upload failed.
 */
import type { OnceData } from '../../../config-schema/once-results.js';
import { createNodeClient } from '../../node-client/index.js';
import { ProbeRefusal, runProbeUpload } from '../probe-upload.js';
import { parseProbeArgs, probeAllRetrievable, ProbeUsageError, PROBE_DEFAULT_DEADLINE_MS, PROBE_DEFAULT_SIZE } from '../../../core/cockpit/probe-upload.js';
import { nodeFailure } from './node.js';
import { LOOKS_LIKE_URL, resolveNodeTarget, resolveOnceConfig } from './node-target.js';
import { OnceError, OnceUsageError, timeoutOf, type OnceRun } from './verb.js';

export const run: OnceRun = async (args, context) => {
  const urls = args.filter((arg) => LOOKS_LIKE_URL.test(arg));
  const options = (() => {
    try {
      return parseProbeArgs(args.filter((arg) => !LOOKS_LIKE_URL.test(arg)));
    } catch (error) {
      if (error instanceof ProbeUsageError) throw new OnceUsageError(error.message);
      throw error;
    }
  })();
  // One URL or none: the usual node resolution; several: an ad-hoc fleet, the first uploads.
  const config = urls.length > 1 ? await resolveOnceConfig(context, urls) : (await resolveNodeTarget('probe-upload', urls, context)).config;
  const active = config.nodes.find((n) => n.name === config.activeNode) ?? config.nodes[0]!;
  const client = (node: { url: string; token?: string }) => createNodeClient({ baseUrl: node.url, timeoutMs: timeoutOf(context), ...(node.token ? { token: node.token } : {}) });
  const uploader = { name: active.name, url: active.url, client: client(active) };
  const vantages = config.nodes.filter((n) => n.name !== active.name).map((n) => ({ name: n.name, url: n.url, client: client(n) }));
  try {
    const report = await runProbeUpload({ ...options, node: uploader, vantages, requestTimeoutMs: timeoutOf(context) }, AbortSignal.timeout(options.deadlineMs + 10 * timeoutOf(context)));
    const data: OnceData<'probe-upload'> = { ...report, vantages: [...report.vantages], cleanup: { ...report.cleanup, left: [...report.cleanup.left] } };
    return { verb: 'probe-upload', status: probeAllRetrievable(report) ? 'ok' : 'sad', data };
  } catch (error) {
    if (error instanceof ProbeRefusal) throw new OnceError({ code: 'probe-refused', detail: error.message }, { node: active.url, error: { code: error.code, detail: error.message } });
    throw nodeFailure({ target: { url: active.url, name: active.name, config }, client: uploader.client }, error, 'a probe upload', '/bytes');
  }
};

export const details = `Uploads ${PROBE_DEFAULT_SIZE} random bytes (--size, up to 1 MiB) through the active node with deferred upload off,
under the usable batch with the longest TTL (--batch PREFIX picks one by ID prefix), then asks every other
configured node (the config's [[nodes]], or the node URLs given: the first uploads) GET /stewardship/{ref}
once a second until it says retrievable or the deadline passes (--deadline SECS, default ${PROBE_DEFAULT_DEADLINE_MS / 1000}).
A row per vantage: the time, or why not (deadline passed, unreachable, error). Clean-up: the upload's tag is
deleted and a pin removed; the chunks stay in the swarm until the batch expires.
Results: ok (exit 0) every vantage retrieved it; sad (exit 1) some did not; error (exit 2; cockpit-tui 1) no
usable batch, --batch naming none or several (nothing uploaded), or the upload failed.`;
