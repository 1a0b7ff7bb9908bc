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
 * - done: the node accepted the re-upload (status OK, warnings listed).
 * - failed: the pre-flight or the re-upload call failed; the error is kept (the spec leaves this outcome open:
 *   we report it as a failed re-seed with the node's error and a non-zero exit).
 *
 * done, refused and failed are final: a new pre-flight (another batch) starts a new actor.
 *
 * Who sends what: the CLI's parent machine sends `reseed.run` at start and `probe.finished` after probing;
 * the CLI has no confirmation step, so `reseed.run` confirms by itself. The web panel sends
 * `reseed.preflight` (button 'Pre-flight stamp') and `reseed.confirm` ('Re-seed now', enabled only in
 * `confirming`); input `autoConfirm` lets a pre-flight continue without that confirmation too.
 */
import { assign, fromPromise, not, setup } from 'xstate';

/** TTL below which a warning is added (spec §8: 24 h). */
export const RESEED_TTL_WARNING_SECONDS = 24 * 60 * 60;

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
}

export interface ReseedOutput {
  batch: string;
  status: 'OK' | 'refused' | 'failed';
  warnings: string[];
  error?: string;
  preflight?: BatchPreflight;
}

export type ReseedEvent =
  | { type: 'reseed.run'; batchId?: string }
  | { type: 'probe.finished'; reference: string }
  | { type: 'reseed.preflight'; batchId: string }
  | { type: 'reseed.confirm' };

interface ReseedContext extends ReseedInput {
  batchId: string;
  autoConfirm: boolean;
  preflight: BatchPreflight | null;
  warnings: string[];
  error: string | null;
  outcome: ReseedOutput['status'] | null;
}

const missingPreflight = fromPromise<BatchPreflight, { nodeUrl: string; batchId: string; timeoutMs: number }>(async () => {
  throw new Error('stampPreflight actor not provided');
});
const missingReupload = fromPromise<void, { nodeUrl: string; reference: string; batchId: string; timeoutMs: number }>(async () => {
  throw new Error('reupload actor not provided');
});

const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export const reseedMachine = setup({
  types: {} as { context: ReseedContext; events: ReseedEvent; input: ReseedInput; output: ReseedOutput },
  actors: { stampPreflight: missingPreflight, reupload: missingReupload },
  guards: {
    isBatchUsable: ({ context }) => context.preflight !== null && context.preflight.exists && context.preflight.usable,
    isAutoConfirmed: ({ context }) => context.autoConfirm,
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
  context: ({ input }) => ({ ...input, batchId: input.batchId ?? '', autoConfirm: input.autoConfirm ?? false, preflight: null, warnings: [], error: null, outcome: null }),
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
      on: { 'probe.finished': { target: 'preflight', actions: assign({ reference: ({ event }) => event.reference }) } },
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
        onDone: 'done',
        onError: { target: 'failed', actions: assign({ error: ({ event }) => `re-upload failed: ${errorMessage(event.error)}` }) },
      },
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
  }),
});

function formatDuration(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  return `${(seconds / 3600).toFixed(1)} h`;
}
