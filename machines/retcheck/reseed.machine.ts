/**
 * Re-seed flow (retcheck spec §3 "Re-seed flow"): after the normal probe, check the postage batch on the
 * first node (pre-flight), refuse when it is unknown or unusable, otherwise re-upload every chunk with
 * PUT /stewardship/{ref} under that batch.
 *
 * States
 * - idle: nothing asked yet.
 * - probing: the multi-vantage probe is running elsewhere (the parent retcheck machine); waits for `probe.finished`.
 * - preflight: GET /stamps/{batch} on the first node URL.
 * - refused: the batch does not exist or is not usable; no re-upload is sent (CLI exits non-zero).
 * - confirming: healthy batch, waiting for the operator (the web app's 'Re-seed now' button sends `reseed.confirm`).
 * - reuploading: PUT /stewardship/{ref} with swarm-postage-batch-id.
 * - reuploaded: routes to re-creating root replicas when the replica check found some missing (a plan), else done.
 * - recreatingReplicas: builds the missing replicas of the root and uploads each with POST /soc under the batch
 *   (Bee's PUT /stewardship never re-creates them: docs/retcheck.md "Re-seeding replicas").
 * - verifyingReplicas: asks every vantage's stewardship check about each re-created replica.
 * - replicasVerified: done when every one was uploaded and some vantage retrieves it; otherwise waits and asks
 *   again (awaitingReplicaRetry, delay `replicaVerifyRetry`), up to MAX_REPLICA_VERIFY_ATTEMPTS, then failed.
 * - done: the node accepted the re-upload, and every missing replica was re-created and verified (status OK).
 * - failed: the pre-flight, the re-upload or the replicas' re-creation failed; the error is kept (the spec leaves
 *   this outcome open: we report it as a failed re-seed with the node's error and a non-zero exit).
 *
 * done, refused and failed are final: a new pre-flight (another batch) starts a new actor.
 *
 * Who sends what: the CLI's parent machine sends `reseed.run` at start and `probe.finished` after probing;
 * the CLI has no confirmation step, so `reseed.run` confirms by itself. The web panel sends
 * `reseed.preflight` (button 'Pre-flight stamp') and `reseed.confirm` ('Re-seed now', enabled only in
 * `confirming`); input `autoConfirm` lets a pre-flight continue without that confirmation too.
 */
import { and, assign, fromPromise, not, setup } from 'xstate';
import type { ReplicaPlan } from '../../core/retcheck/replica-report.js';
import type { RecreateReplicasInput, RecreatedReplica, ReplicaReseedOutcome, VerifiedReplica, VerifyReplicasInput } from './replicas.contracts.js';

/** TTL below which a warning is added (spec §8: 24 h). */
export const RESEED_TTL_WARNING_SECONDS = 24 * 60 * 60;
/**
 * Stewardship rounds over the re-created replicas before a re-seed says they are not retrievable, one every
 * REPLICA_VERIFY_RETRY_MS: together they span more than the minute for which Bee v2.8.1's retrieval skips a peer
 * that failed to deliver a chunk (pkg/retrieval `skiplistDur`). The replica check asked every vantage about the
 * missing replicas moments before, so a vantage may not ask its peers again for up to a minute after that
 * (seen in the real-Bee tier: test/bee/retcheck-replicas.test.ts).
 */
export const MAX_REPLICA_VERIFY_ATTEMPTS = 5;
export const REPLICA_VERIFY_RETRY_MS = 20_000;
/** Replica stewardship checks in flight at once while verifying. */
export const REPLICA_VERIFY_CONCURRENCY = 8;

export interface BatchPreflight {
  exists: boolean;
  usable: boolean;
  /** Seconds; -1 when the node does not know (Bee's convention). */
  ttlSeconds: number;
}

export interface ReseedInput {
  nodeUrl: string;
  /** Known up front for a plain reference; for a feed input it arrives with `probe.finished`. */
  reference: string;
  batchId?: string;
  /** Continue from a healthy pre-flight without `reseed.confirm` (default false; `reseed.run` implies it). */
  autoConfirm?: boolean;
  timeoutMs: number;
  /** What to do about root replicas (the web panel's, from the report on screen); the CLI's comes with probe.finished. */
  replicaPlan?: ReplicaPlan;
}

export type { ReplicaReseedOutcome } from './replicas.contracts.js';

export interface ReseedOutput {
  batch: string;
  status: 'OK' | 'refused' | 'failed';
  warnings: string[];
  error?: string;
  preflight?: BatchPreflight;
  replicas?: ReplicaReseedOutcome;
}

export type ReseedEvent =
  | { type: 'reseed.run'; batchId?: string }
  | { type: 'probe.finished'; reference: string; replicaPlan?: ReplicaPlan }
  | { type: 'reseed.preflight'; batchId: string }
  | { type: 'reseed.confirm' };

interface ReseedContext extends Omit<ReseedInput, 'replicaPlan'> {
  batchId: string;
  autoConfirm: boolean;
  preflight: BatchPreflight | null;
  warnings: string[];
  error: string | null;
  outcome: ReseedOutput['status'] | null;
  replicaPlan: ReplicaPlan | null;
  recreated: RecreatedReplica[] | null;
  verified: VerifiedReplica[] | null;
  verifyAttempts: number;
}

const missingPreflight = fromPromise<BatchPreflight, { nodeUrl: string; batchId: string; timeoutMs: number }>(async () => {
  throw new Error('stampPreflight actor not provided');
});
const missingReupload = fromPromise<void, { nodeUrl: string; reference: string; batchId: string; timeoutMs: number }>(async () => {
  throw new Error('reupload actor not provided');
});
const missingRecreateReplicas = fromPromise<RecreatedReplica[], RecreateReplicasInput>(async () => {
  throw new Error('recreateReplicas actor not provided');
});
const missingVerifyReplicas = fromPromise<VerifiedReplica[], VerifyReplicasInput>(async () => {
  throw new Error('verifyReplicas actor not provided');
});

type RecreatePlan = Extract<ReplicaPlan, { kind: 'recreate' }>;
const recreatePlan = (context: ReseedContext): RecreatePlan | null => (context.replicaPlan?.kind === 'recreate' ? context.replicaPlan : null);
const unverified = (context: ReseedContext) => (context.verified ?? []).filter((r) => r.retrievableOn.length === 0);
const notUploaded = (context: ReseedContext) => (context.recreated ?? []).filter((r) => !r.uploaded);

const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export const reseedMachine = setup({
  types: {} as { context: ReseedContext; events: ReseedEvent; input: ReseedInput; output: ReseedOutput },
  actors: { stampPreflight: missingPreflight, reupload: missingReupload, recreateReplicas: missingRecreateReplicas, verifyReplicas: missingVerifyReplicas },
  delays: { replicaVerifyRetry: REPLICA_VERIFY_RETRY_MS },
  guards: {
    isBatchUsable: ({ context }) => context.preflight !== null && context.preflight.exists && context.preflight.usable,
    isAutoConfirmed: ({ context }) => context.autoConfirm,
    hasReplicasToRecreate: ({ context }) => recreatePlan(context) !== null,
    everyReplicaUploaded: ({ context }) => notUploaded(context).length === 0,
    everyReplicaVerified: ({ context }) => unverified(context).length === 0,
    canVerifyAgain: ({ context }) => context.verifyAttempts < MAX_REPLICA_VERIFY_ATTEMPTS,
  },
  actions: {
    setBatch: assign({
      batchId: ({ context, event }) => ('batchId' in event && event.batchId ? event.batchId : context.batchId),
      autoConfirm: ({ context, event }) => event.type === 'reseed.run' || context.autoConfirm,
      preflight: null,
      warnings: [],
      error: null,
    }),
    warnOnShortTtl: assign({
      warnings: ({ context }) => {
        const ttl = context.preflight?.ttlSeconds ?? -1;
        return ttl >= 0 && ttl < RESEED_TTL_WARNING_SECONDS
          ? [...context.warnings, `batch TTL is ${formatDuration(ttl)}, under 24 h: top it up soon or the re-seeded chunks expire with it`]
          : context.warnings;
      },
    }),
    noteReplicaSkip: assign({
      warnings: ({ context }) => (context.replicaPlan?.kind === 'skip' && context.replicaPlan.warn ? [...context.warnings, context.replicaPlan.why] : context.warnings),
    }),
    replicaFailure: assign({
      error: ({ context }) => {
        const failed = notUploaded(context);
        if (failed.length > 0) return `replicas: ${failed.length} of ${context.recreated!.length} not re-created (${failed.map((r) => `slot ${r.index}: ${r.error ?? 'failed'}`).join('; ')})`;
        const missing = unverified(context);
        return `replicas: ${missing.length} of ${context.verified!.length} re-created but retrieved by no vantage after ${context.verifyAttempts} checks (${missing.map((r) => r.address.slice(0, 8)).join(', ')})`;
      },
    }),
    refuseReason: assign({
      error: ({ context }) =>
        !context.preflight?.exists
          ? `batch ${context.batchId} does not exist on ${context.nodeUrl}`
          : `batch ${context.batchId} is not usable yet (a new batch needs about 10 blocks of confirmations)`,
    }),
  },
}).createMachine({
  id: 'reseed',
  description: 'Pre-flight the postage batch, then re-upload the content under it.',
  context: ({ input }) => ({
    ...input,
    batchId: input.batchId ?? '',
    autoConfirm: input.autoConfirm ?? false,
    preflight: null,
    warnings: [],
    error: null,
    outcome: null,
    replicaPlan: input.replicaPlan ?? null,
    recreated: null,
    verified: null,
    verifyAttempts: 0,
  }),
  initial: 'idle',
  states: {
    idle: {
      description: 'Waiting for a re-seed request.',
      on: {
        'reseed.run': { target: 'probing', actions: 'setBatch' },
        'reseed.preflight': { target: 'preflight', actions: 'setBatch' },
      },
    },
    probing: {
      description: 'The normal multi-vantage probe runs and its table is printed.',
      on: {
        'probe.finished': {
          target: 'preflight',
          actions: assign({ reference: ({ event }) => event.reference, replicaPlan: ({ context, event }) => event.replicaPlan ?? context.replicaPlan }),
        },
      },
    },
    preflight: {
      description: 'Batch query on the first node URL: exists, usable, TTL.',
      invoke: {
        id: 'stampPreflight',
        src: 'stampPreflight',
        input: ({ context }) => ({ nodeUrl: context.nodeUrl, batchId: context.batchId, timeoutMs: context.timeoutMs }),
        onDone: { target: 'checked', actions: assign({ preflight: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => `stamp pre-flight failed: ${errorMessage(event.error)}` }) },
      },
    },
    checked: {
      description: 'Routes the batch answer: refuse, continue at once (CLI) or wait for confirmation (web).',
      always: [
        { guard: not('isBatchUsable'), target: 'refused', actions: 'refuseReason' },
        { guard: 'isAutoConfirmed', target: 'reuploading', actions: 'warnOnShortTtl' },
        { target: 'confirming', actions: 'warnOnShortTtl' },
      ],
    },
    confirming: {
      description: "Healthy pre-flight shown; 'Re-seed now' is enabled.",
      on: {
        'reseed.confirm': 'reuploading',
        'reseed.preflight': { target: 'preflight', actions: 'setBatch' },
      },
    },
    refused: {
      description: 'Batch unknown or not usable: no re-upload is sent.',
      type: 'final',
      entry: assign({ outcome: 'refused' as const }),
    },
    reuploading: {
      description: 'PUT /stewardship/{ref} with swarm-postage-batch-id on the first node URL.',
      invoke: {
        id: 'reupload',
        src: 'reupload',
        input: ({ context }) => ({ nodeUrl: context.nodeUrl, reference: context.reference, batchId: context.batchId, timeoutMs: context.timeoutMs }),
        onDone: 'reuploaded',
        onError: { target: 'failed', actions: assign({ error: ({ event }) => `re-upload failed: ${errorMessage(event.error)}` }) },
      },
    },
    reuploaded: {
      description: 'Routes to re-creating the root replicas the check found missing, or to done.',
      always: [{ guard: 'hasReplicasToRecreate', target: 'recreatingReplicas' }, { target: 'done', actions: 'noteReplicaSkip' }],
    },
    recreatingReplicas: {
      description: 'POST /soc/{owner}/{id}?sig= under the batch for each missing replica of the root, on the first node URL.',
      invoke: {
        id: 'recreateReplicas',
        src: 'recreateReplicas',
        input: ({ context }) => {
          const plan = recreatePlan(context)!;
          return { nodeUrl: context.nodeUrl, reference: context.reference, vantages: plan.vantages, level: plan.level, slots: plan.slots, batchId: context.batchId, timeoutMs: context.timeoutMs };
        },
        onDone: { target: 'verifyingReplicas', actions: assign({ recreated: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => `replicas not re-created: ${errorMessage(event.error)}` }) },
      },
    },
    verifyingReplicas: {
      description: 'GET /stewardship/{replica} on every vantage for each re-created replica.',
      invoke: {
        id: 'verifyReplicas',
        src: 'verifyReplicas',
        input: ({ context }) => ({
          vantages: recreatePlan(context)!.vantages,
          replicas: (context.recreated ?? []).filter((r) => r.uploaded).map((r) => ({ index: r.index, address: r.address })),
          concurrency: REPLICA_VERIFY_CONCURRENCY,
          timeoutMs: context.timeoutMs,
        }),
        onDone: { target: 'replicasVerified', actions: assign({ verified: ({ event }) => event.output, verifyAttempts: ({ context }) => context.verifyAttempts + 1 }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => `replicas not verified: ${errorMessage(event.error)}` }) },
      },
    },
    replicasVerified: {
      description: 'Done when every replica was uploaded and is retrieved by some vantage; else ask again, or fail.',
      always: [
        { guard: and(['everyReplicaUploaded', 'everyReplicaVerified']), target: 'done' },
        { guard: and([not('everyReplicaVerified'), 'canVerifyAgain']), target: 'awaitingReplicaRetry' },
        { target: 'failed', actions: 'replicaFailure' },
      ],
    },
    awaitingReplicaRetry: {
      description: "A vantage may not ask its peers again for a chunk they just failed to deliver (Bee skips them for a minute): ask again after a pause.",
      after: { replicaVerifyRetry: 'verifyingReplicas' },
    },
    done: {
      description: 'The node accepted the re-upload.',
      type: 'final',
      entry: assign({ outcome: 'OK' as const }),
    },
    failed: {
      description: 'A node call failed; the error is kept for the report.',
      type: 'final',
      entry: assign({ outcome: 'failed' as const }),
    },
  },
  // The machine's output cannot see the final state's name, so each final state records its outcome on entry.
  output: ({ context }) => ({
    batch: context.batchId,
    status: context.outcome ?? 'failed',
    warnings: context.warnings,
    ...(context.error ? { error: context.error } : {}),
    ...(context.preflight ? { preflight: context.preflight } : {}),
    ...(context.replicaPlan ? { replicas: replicaOutcome(context) } : {}),
  }),
});

function replicaOutcome(context: ReseedContext): ReplicaReseedOutcome {
  const plan = context.replicaPlan!;
  if (plan.kind === 'skip') return { skipped: plan.why, vantages: 0, replicas: [] };
  // Refused, or failed before the replicas: say so rather than list them as not uploaded.
  if (context.recreated === null) {
    return { level: plan.level, skipped: `${plan.slots.length} missing replicas not re-created: the re-seed ended before them`, vantages: plan.vantages.length, replicas: [] };
  }
  const verified = new Map((context.verified ?? []).map((v) => [v.index, v]));
  const replicas = context.recreated.map((r) => {
    const v = verified.get(r.index);
    return v ? { ...r, retrievableOn: v.retrievableOn, noAnswer: v.noAnswer } : r;
  });
  return { level: plan.level, vantages: plan.vantages.length, replicas };
}

function formatDuration(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  return `${(seconds / 3600).toFixed(1)} h`;
}
