/**
 * One retrievability check, end to end (retcheck spec §1–§4). The CLI and the web app run this very
 * machine; only the actors differ (undici in Node, fetch in the browser), injected with `.provide()`.
 *
 * States, in flow order
 * - resolving: feed input only: GET /feeds/{owner}/{topic} on the first node URL (the next one when it
 *   cannot answer), one level.
 * - probing: the multi-vantage probe (child machine `probe`).
 * - walking: per-chunk mode only: the breadth-first chunk walk (child machine `chunkWalk`).
 * - downloading: cold mode only: what a user downloads, streamed from every node (/bzz/{ref}/ for a manifest,
 *   else /bytes/{ref}) and gateway (/bzz/{ref}/); core/retcheck/cold-target.ts.
 * - checkingReplicas: unless --no-replicas: the root chunk's dispersed replicas (Bee pkg/replicas), asked of
 *   every vantage through stewardship (actors/retcheck/replica-check.ts); the re-seed reads its plan from them.
 * - reseeding: --reseed only: the re-seed child (spawned at start, so it shows `probing` while the probe
 *   runs) gets `probe.finished` and runs pre-flight and re-upload.
 * - done: the report is complete (output: the report and the re-seed summary).
 * - failed: the check could not run at all (the feed lookup failed); output carries the error.
 *
 * Events: only actor completions. Surfaces read snapshots through the selectors at the bottom.
 */
import { assign, enqueueActions, fromPromise, sendTo, setup } from 'xstate';
import type { ChunkWalk, ColdDownloadResult, GatewayResult, Resolution, RetcheckReport, VantageResult } from '../../config-schema/retcheck-report.js';
import { buildReport, type WalkedChunkRow } from '../../core/retcheck/build-report.js';
import type { WalkedTree } from '../../core/retcheck/erasure-verdict.js';
import type { CheckTarget, RetcheckInput } from '../../core/retcheck/check-input.js';
import { probeMachine } from './probe.machine.js';
import { chunkWalkMachine } from './chunk-walk.machine.js';
import { reseedMachine, type ReseedOutput } from './reseed.machine.js';
import type { Replicas } from '../../config-schema/retcheck-replicas.js';
import { failedReplicaSection, replicaPlan } from '../../core/retcheck/replica-report.js';
import type { ReplicaCheckInput } from './replicas.contracts.js';

export const CHUNK_WALK_CAP = 1000;

export type { CheckTarget, RetcheckInput } from '../../core/retcheck/check-input.js';

export type RetcheckOutput =
  | { kind: 'report'; report: RetcheckReport; reseed?: ReseedOutput }
  | { kind: 'failed'; error: string };

interface RetcheckContext extends RetcheckInput {
  reference: string | null;
  resolution: Resolution | null;
  vantages: VantageResult[];
  gatewayResults: GatewayResult[];
  walked: WalkedChunkRow[] | null;
  trees: WalkedTree[];
  walkCap: ChunkWalk | null;
  coldResults: ColdDownloadResult[] | null;
  reseedOutcome: ReseedOutput | null;
  replicaSection: Replicas | null;
  error: string | null;
}

type RetcheckEvent = { type: 'xstate.done.actor.reseed'; output: ReseedOutput };

/** Feed lookup input: the node URLs in order; the actor asks the next when one cannot answer. */
export interface ResolveFeedInput {
  nodeUrls: string[];
  owner: string;
  topic: string;
  timeoutMs: number;
}

const missingResolveFeed = fromPromise<{ reference: string; nodeUrl: string }, ResolveFeedInput>(async () => {
  throw new Error('resolveFeed actor not provided');
});
const missingColdDownloads = fromPromise<ColdDownloadResult[], { reference: string; nodes: string[]; gateways: string[]; timeoutMs: number }>(async () => {
  throw new Error('coldDownloads actor not provided');
});

const missingCheckReplicas = fromPromise<Replicas, ReplicaCheckInput>(async () => {
  throw new Error('checkReplicas actor not provided');
});

const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export const retcheckMachine = setup({
  types: {} as {
    context: RetcheckContext;
    events: RetcheckEvent;
    input: RetcheckInput;
    output: RetcheckOutput;
    children: { probe: 'probe'; chunkWalk: 'chunkWalk'; reseed: 'reseedFlow' };
  },
  actors: {
    resolveFeed: missingResolveFeed,
    probe: probeMachine,
    chunkWalk: chunkWalkMachine,
    coldDownloads: missingColdDownloads,
    checkReplicas: missingCheckReplicas,
    reseedFlow: reseedMachine,
  },
  guards: {
    isFeedInput: ({ context }) => context.target.kind === 'feed',
    wantsPerChunk: ({ context }) => context.perChunk,
    wantsCold: ({ context }) => context.cold,
    wantsReplicas: ({ context }) => context.replicas !== undefined,
    wantsReseed: ({ context }) => context.reseed !== undefined,
  },
  actions: {
    startReseedFlow: enqueueActions(({ context, enqueue }) => {
      if (!context.reseed) return;
      enqueue.spawnChild('reseedFlow', {
        id: 'reseed',
        input: {
          nodeUrl: context.nodes[0] ?? '',
          reference: context.reference ?? '',
          batchId: context.reseed.batchId,
          timeoutMs: context.timeoutMs,
        },
      });
      enqueue.sendTo('reseed', { type: 'reseed.run', batchId: context.reseed.batchId });
    }),
    announceProbeFinished: sendTo('reseed', ({ context }) => {
      const plan = replicaPlan(context.replicaSection ?? undefined);
      return { type: 'probe.finished' as const, reference: context.reference ?? '', ...(plan ? { replicaPlan: plan } : {}) };
    }),
  },
}).createMachine({
  id: 'retcheck',
  description: 'Resolve, probe every vantage and gateway, optionally walk chunks, download cold and re-seed.',
  context: ({ input }) => ({
    ...input,
    reference: input.target.kind === 'reference' ? input.target.reference : null,
    resolution: null,
    vantages: [],
    gatewayResults: [],
    walked: null,
    trees: [],
    walkCap: null,
    coldResults: null,
    reseedOutcome: null,
    replicaSection: null,
    error: null,
  }),
  entry: 'startReseedFlow',
  initial: 'starting',
  states: {
    starting: {
      description: 'Routes a feed input to resolution, a reference straight to probing.',
      always: [{ guard: 'isFeedInput', target: 'resolving' }, { target: 'probing' }],
    },
    resolving: {
      description: 'GET /feeds/{owner}/{topic} on the first node URL, the next one when it cannot answer; one level only.',
      invoke: {
        id: 'resolveFeed',
        src: 'resolveFeed',
        input: ({ context }) => {
          const target = context.target as Extract<CheckTarget, { kind: 'feed' }>;
          return { nodeUrls: context.nodes, owner: target.owner, topic: target.topic, timeoutMs: context.timeoutMs };
        },
        onDone: {
          target: 'probing',
          actions: assign(({ context, event }) => {
            const target = context.target as Extract<CheckTarget, { kind: 'feed' }>;
            return {
              reference: event.output.reference,
              resolution: { kind: 'feed' as const, owner: target.owner, topic: target.topic, resolved_reference: event.output.reference, node_url: event.output.nodeUrl },
            };
          }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    probing: {
      description: 'Every vantage and gateway is asked in parallel.',
      invoke: {
        id: 'probe',
        src: 'probe',
        input: ({ context }) => ({ reference: context.reference ?? '', nodes: context.nodes, gateways: context.gateways, timeoutMs: context.timeoutMs }),
        onDone: {
          target: 'probed',
          actions: assign({ vantages: ({ event }) => event.output.vantages, gatewayResults: ({ event }) => event.output.gateways }),
        },
      },
    },
    probed: {
      description: 'Chooses the optional steps the options asked for.',
      always: [{ guard: 'wantsPerChunk', target: 'walking' }, { target: 'walked' }],
    },
    walking: {
      description: 'Breadth-first chunk walk on every vantage (cap 1000 chunks).',
      invoke: {
        id: 'chunkWalk',
        src: 'chunkWalk',
        input: ({ context }) => ({
          // The full reference: for encrypted content the key half lets the prober decrypt the tree.
          root: context.reference ?? '',
          vantages: context.vantages.map((v) => ({ url: v.node_url, ...(v.overlay ? { overlay: v.overlay } : {}) })),
          concurrency: context.concurrency,
          cap: CHUNK_WALK_CAP,
          timeoutMs: context.timeoutMs,
        }),
        onDone: {
          target: 'walked',
          actions: assign({
            walked: ({ event }) => event.output.chunks,
            trees: ({ event }) => event.output.trees,
            walkCap: ({ event }) => ({ cap: event.output.cap.limit, truncated: event.output.cap.foundNotProbed > 0, found_not_probed: event.output.cap.foundNotProbed }),
          }),
        },
      },
    },
    walked: {
      description: 'Chooses cold downloads or the next step.',
      always: [{ guard: 'wantsCold', target: 'downloading' }, { target: 'downloaded' }],
    },
    downloading: {
      description: 'Streams what a user downloads from each node (/bzz/{ref}/ for a manifest, else /bytes/{ref}) and /bzz/{ref}/ from each gateway, counting bytes.',
      invoke: {
        id: 'coldDownloads',
        src: 'coldDownloads',
        input: ({ context }) => ({ reference: context.reference ?? '', nodes: context.nodes, gateways: context.gateways, timeoutMs: context.timeoutMs }),
        onDone: { target: 'downloaded', actions: assign({ coldResults: ({ event }) => event.output }) },
        onError: {
          target: 'downloaded',
          actions: assign({
            coldResults: ({ context, event }) =>
              context.nodes.map((url) => ({ url, endpoint: `/bytes/${context.reference}`, success: false, bytes_downloaded: 0, elapsed_ms: 0, error: errorMessage(event.error) })),
          }),
        },
      },
    },
    downloaded: {
      description: 'Chooses the replica check or the next step.',
      always: [{ guard: 'wantsReplicas', target: 'checkingReplicas' }, { target: 'replicasChecked' }],
    },
    checkingReplicas: {
      description: "Reads the root chunk's level and asks every vantage for each of its dispersed replicas (GET /stewardship/{replica}).",
      invoke: {
        id: 'checkReplicas',
        src: 'checkReplicas',
        input: ({ context }) => ({
          reference: context.reference ?? '',
          vantages: context.vantages,
          nodes: context.nodes,
          ...(context.replicas?.declaredLevel !== undefined ? { declaredLevel: context.replicas.declaredLevel } : {}),
          concurrency: context.concurrency,
          timeoutMs: context.timeoutMs,
        }),
        onDone: { target: 'replicasChecked', actions: assign({ replicaSection: ({ event }) => event.output }) },
        // The check turns node failures into answers; what is left (a bug) is reported in the section, not dropped.
        onError: {
          target: 'replicasChecked',
          actions: assign({ replicaSection: ({ context, event }) => failedReplicaSection(context.reference ?? '', errorMessage(event.error)) }),
        },
      },
    },
    replicasChecked: {
      description: 'Chooses the re-seed or the end.',
      always: [{ guard: 'wantsReseed', target: 'reseeding' }, { target: 'done' }],
    },
    reseeding: {
      description: 'The re-seed child runs pre-flight and, for a usable batch, the re-upload.',
      // The child waits in its own `probing` state for this event, so it cannot finish before we get here.
      entry: 'announceProbeFinished',
      on: { 'xstate.done.actor.reseed': { target: 'done', actions: assign({ reseedOutcome: ({ event }) => event.output }) } },
    },
    done: { description: 'The report is complete.', type: 'final' },
    failed: { description: 'The check could not run (feed lookup failed).', type: 'final' },
  },
  output: ({ context }) => {
    if (context.error !== null || context.reference === null) return { kind: 'failed', error: context.error ?? 'no reference' };
    const report = buildReport({
      reference: context.reference,
      vantages: context.vantages,
      gateways: context.gatewayResults,
      ...(context.resolution ? { resolution: context.resolution } : {}),
      ...(context.walked ? { walked: context.walked, trees: context.trees } : {}),
      ...(context.walkCap ? { walkCap: context.walkCap } : {}),
      ...(context.coldResults ? { cold: context.coldResults } : {}),
      ...(context.targetOverlay ? { targetOverlay: context.targetOverlay } : {}),
      ...(context.replicaSection ? { replicas: context.replicaSection } : {}),
    });
    return { kind: 'report', report, ...(context.reseedOutcome ? { reseed: context.reseedOutcome } : {}) };
  },
});
