/**
 * retcheck's actors, written once against the RetcheckApi port and provided to the machines by name.
 * Probes never reject: a failure becomes an answer with `retrievable: null` and an `error`, so one bad
 * vantage never stops the others (spec §7). Every probe listens to the actor's abort signal.
 */
import { fromCallback, fromPromise } from 'xstate';
import type { ColdDownloadResult, GatewayResult, VantageResult } from '../../config-schema/retcheck-report.js';
import { gatewayVerdict } from '../../core/retcheck/gateway-verdict.js';
import { coldEndpoints, coldFailureText, rootKind, type RootKind } from '../../core/retcheck/cold-target.js';
import { retcheckMachine, type ResolveFeedInput } from '../../machines/retcheck/retcheck.machine.js';
import { probeMachine, type ProbeEvent, type ProbeInput } from '../../machines/retcheck/probe.machine.js';
import { chunkWalkMachine } from '../../machines/retcheck/chunk-walk.machine.js';
import { reseedMachine, type BatchPreflight } from '../../machines/retcheck/reseed.machine.js';
import { createChunkProber } from './chunk-prober.js';
import { unreachableKind, type RetcheckApi } from './retcheck-api.js';
import { errorText } from '../../core/error-text.js';
import { readRootChunk } from './root-chunk.js';
import { checkReplicas } from './replica-check.js';
import { recreateReplicas, verifyReplicas } from './replica-reseed.js';
import type { Replicas } from '../../config-schema/retcheck-replicas.js';
import type { RecreateReplicasInput, RecreatedReplica, ReplicaCheckInput, VerifiedReplica, VerifyReplicasInput } from '../../machines/retcheck/replicas.contracts.js';

const now = () => performance.now();
const elapsedSince = (start: number) => Math.max(0, Math.round(now() - start));

export async function probeVantage(api: RetcheckApi, nodeUrl: string, reference: string, timeoutMs: number, signal: AbortSignal): Promise<VantageResult> {
  const limits = { signal, timeoutMs };
  const started = now();
  // The three calls run together; the stewardship answer decides, the others only annotate.
  const [stewardship, overlay, version] = await Promise.allSettled([
    api.stewardship(nodeUrl, reference, limits).then((r) => ({ ...r, elapsed: elapsedSince(started) })),
    api.overlay(nodeUrl, limits),
    api.version(nodeUrl, limits),
  ]);
  const annotations = {
    ...(overlay.status === 'fulfilled' ? { overlay: overlay.value } : {}),
    ...(version.status === 'fulfilled' ? { node_version: version.value } : {}),
  };
  if (stewardship.status === 'fulfilled') {
    return { node_url: nodeUrl, retrievable: stewardship.value.isRetrievable, elapsed_ms: stewardship.value.elapsed, ...annotations };
  }
  const unreachable = unreachableKind(stewardship.reason);
  return { node_url: nodeUrl, retrievable: null, elapsed_ms: elapsedSince(started), error: errorText(stewardship.reason), ...annotations, ...(unreachable ? { unreachable } : {}) };
}

export async function probeGateway(api: RetcheckApi, url: string, reference: string, timeoutMs: number, signal: AbortSignal): Promise<GatewayResult> {
  const started = now();
  try {
    const status = await api.headGateway(url, reference, { signal, timeoutMs });
    return { url, elapsed_ms: elapsedSince(started), status_code: status, ...gatewayVerdict(status) };
  } catch (error) {
    const unreachable = unreachableKind(error);
    return { url, retrievable: null, elapsed_ms: elapsedSince(started), error: errorText(error), ...(unreachable ? { unreachable } : {}) };
  }
}

/**
 * One AbortController for every call an actor makes; cleanup aborts them all. A controller per call costs
 * about as much client CPU as the rest of a loopback chunk probe. Every in-flight request listens on the
 * shared signal; the Node transport lifts Node's listener-leak warning for it (node-retcheck-api.ts).
 */
function sharedAbort() {
  const controller = new AbortController();
  return {
    signal: controller.signal,
    get stopped() {
      return controller.signal.aborted;
    },
    abortAll: () => controller.abort(),
  };
}

export function createRetcheckActors(api: RetcheckApi) {
  const probeTargets = fromCallback<ProbeEvent, ProbeInput>(({ input, sendBack }) => {
    const calls = sharedAbort();
    input.nodes.forEach((nodeUrl, index) => {
      void probeVantage(api, nodeUrl, input.reference, input.timeoutMs, calls.signal).then((result) => {
        if (!calls.stopped) sendBack({ type: 'vantage.answered', index, result });
      });
    });
    input.gateways.forEach((url, index) => {
      void probeGateway(api, url, input.reference, input.timeoutMs, calls.signal).then((result) => {
        if (!calls.stopped) sendBack({ type: 'gateway.answered', index, result });
      });
    });
    return () => calls.abortAll();
  });

  const chunkProber = createChunkProber(api);

  /**
   * The feed lookup on the first node URL; when that node cannot answer (down, timeout, an error status, an
   * answer that is not a feed update), the next one is asked, and so on. The error lists every node's failure.
   */
  const resolveFeed = fromPromise<{ reference: string; nodeUrl: string }, ResolveFeedInput>(async ({ input, signal }) => {
    const failures: string[] = [];
    for (const nodeUrl of input.nodeUrls) {
      try {
        const { reference } = await api.resolveFeed(nodeUrl, input.owner, input.topic, { signal, timeoutMs: input.timeoutMs });
        return { reference, nodeUrl };
      } catch (error) {
        if (signal.aborted) throw error;
        // Transport errors usually name the call already; otherwise name the feeds endpoint ourselves (spec §7).
        const message = errorText(error);
        failures.push(message.includes('/feeds/') ? message : `GET ${nodeUrl}/feeds/${input.owner}/${input.topic}: ${message}`);
      }
    }
    throw new Error(`feed lookup failed: ${failures.join('; ') || 'no node URL'}`);
  });

  /**
   * What a user downloads (core/retcheck/cold-target.ts): the root chunk, read from the first node that serves
   * one that verifies, says whether the reference is a manifest (then /bzz/{ref}/ everywhere) or not (/bytes).
   */
  const readRootKind = async (reference: string, nodes: readonly string[], signal: AbortSignal, timeoutMs: number): Promise<RootKind> => {
    const root = await readRootChunk(api, reference, nodes, signal, timeoutMs);
    if (root.kind === 'soc') return { kind: 'bytes' };
    if (root.kind === 'unknown') return root;
    return rootKind(root.plain);
  };

  const coldDownloads = fromPromise<ColdDownloadResult[], { reference: string; nodes: string[]; gateways: string[]; timeoutMs: number }>(async ({ input, signal }) => {
    const kind = await readRootKind(input.reference, input.nodes, signal, input.timeoutMs);
    const endpoints = coldEndpoints(input.reference, kind);
    const download = async (url: string, endpoint: string): Promise<ColdDownloadResult> => {
      const started = now();
      try {
        const { status, bytes } = await api.streamDownload(url, endpoint, { signal, timeoutMs: input.timeoutMs });
        const success = status === 200;
        return { url, endpoint, success, bytes_downloaded: bytes, elapsed_ms: elapsedSince(started), status_code: status, error: success ? null : coldFailureText(status, kind) };
      } catch (error) {
        return { url, endpoint, success: false, bytes_downloaded: 0, elapsed_ms: elapsedSince(started), error: errorText(error) };
      }
    };
    return Promise.all([...input.nodes.map((url) => download(url, endpoints.node)), ...input.gateways.map((url) => download(url, endpoints.gateway))]);
  });

  const stampPreflight = fromPromise<BatchPreflight, { nodeUrl: string; batchId: string; timeoutMs: number }>(({ input, signal }) =>
    api.batch(input.nodeUrl, input.batchId, { signal, timeoutMs: input.timeoutMs }),
  );

  const reupload = fromPromise<void, { nodeUrl: string; reference: string; batchId: string; timeoutMs: number }>(({ input, signal }) =>
    api.reupload(input.nodeUrl, input.reference, input.batchId, { signal, timeoutMs: input.timeoutMs }),
  );

  const replicaCheck = fromPromise<Replicas, ReplicaCheckInput>(({ input, signal }) => checkReplicas(api, input, signal));
  const recreate = fromPromise<RecreatedReplica[], RecreateReplicasInput>(({ input, signal }) => recreateReplicas(api, input, signal));
  const verify = fromPromise<VerifiedReplica[], VerifyReplicasInput>(({ input, signal }) => verifyReplicas(api, input, signal));

  return { probeTargets, chunkProber, resolveFeed, coldDownloads, stampPreflight, reupload, replicaCheck, recreate, verify };
}

/** The retcheck machine with every actor (and child machine's actors) bound to one transport. */
export function provideRetcheck(api: RetcheckApi) {
  const a = createRetcheckActors(api);
  return retcheckMachine.provide({
    actors: {
      probe: probeMachine.provide({ actors: { probeTargets: a.probeTargets } }),
      chunkWalk: chunkWalkMachine.provide({ actors: { chunkProber: a.chunkProber } }),
      reseedFlow: reseedWith(a),
      resolveFeed: a.resolveFeed,
      coldDownloads: a.coldDownloads,
      checkReplicas: a.replicaCheck,
    },
  });
}

/** The standalone re-seed machine (the web panel) bound to a transport. */
export function provideReseed(api: RetcheckApi) {
  return reseedWith(createRetcheckActors(api));
}

function reseedWith(a: ReturnType<typeof createRetcheckActors>) {
  return reseedMachine.provide({ actors: { stampPreflight: a.stampPreflight, reupload: a.reupload, recreateReplicas: a.recreate, verifyReplicas: a.verify } });
}
