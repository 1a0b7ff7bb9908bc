/**
 * Per-chunk walk (retcheck spec §4 "Per-chunk walk"): breadth-first from the root, every discovered chunk
 * is fetched with GET /chunks/{address} on every vantage, at most `concurrency` fetches in flight, at most
 * `cap` (1000) chunks. The machine only schedules; the `chunkProber` actor performs one fetch per
 * `chunk.request` and answers with `chunk.answered`, including the chunk's children (manifest forks and
 * entry targets, intermediate file-tree references) when the body could be read.
 *
 * Scheduling order: chunk-major, vantage-minor over the discovery queue, so the walk stays breadth-first.
 * A chunk's children are enqueued from the first body that arrives for it; a chunk no vantage could serve
 * has no known children (its subtree cannot be walked).
 *
 * States
 * - walking: requests are in flight or waiting for capacity.
 * - done: every (chunk, vantage) pair is answered; output is one ChunkProbe per chunk in discovery order.
 */
import { assign, enqueueActions, fromCallback, setup, type SnapshotFrom } from 'xstate';
import type { ChunkVantageProbe } from '../../config-schema/retcheck-report.js';

export interface ChunkWalkVantage {
  url: string;
  /** Hex overlay, when the vantage answered the address query; used for per-chunk proximity. */
  overlay?: string;
}

export interface ChunkWalkInput {
  root: string;
  vantages: ChunkWalkVantage[];
  concurrency: number;
  cap: number;
  timeoutMs: number;
}

export interface ChunkRequest {
  type: 'chunk.request';
  address: string;
  vantage: number;
}

export interface ChunkAnswer {
  type: 'chunk.answered';
  address: string;
  vantage: number;
  found: boolean;
  elapsedMs: number;
  error?: string;
  /** Child chunk addresses, present when this answer carried a readable body. */
  children?: string[];
}

export interface WalkedChunk {
  address: string;
  perVantage: (ChunkVantageProbe | null)[];
}

interface ChunkWalkContext extends ChunkWalkInput {
  queue: string[];
  seen: Record<string, true>;
  expanded: Record<string, true>;
  /** Index into the (chunk × vantage) sequence of the next request to send. */
  nextPair: number;
  inFlight: number;
  answers: Record<string, (ChunkVantageProbe | null)[]>;
  answered: number;
}

const missingChunkProber = fromCallback<ChunkRequest, { vantages: ChunkWalkVantage[]; timeoutMs: number }>(() => {
  throw new Error('chunkProber actor not provided');
});

export const chunkWalkMachine = setup({
  types: {} as { context: ChunkWalkContext; events: ChunkAnswer; input: ChunkWalkInput; output: WalkedChunk[] },
  actors: { chunkProber: missingChunkProber },
  guards: {
    isWalkComplete: ({ context }) => context.inFlight === 0 && context.nextPair >= context.queue.length * context.vantages.length,
  },
  actions: {
    recordAnswer: assign(({ context, event }) => {
      const row = [...(context.answers[event.address] ?? context.vantages.map(() => null))];
      row[event.vantage] = {
        found: event.found,
        elapsed_ms: Math.max(0, Math.round(event.elapsedMs)),
        ...(event.error ? { error: event.error } : {}),
      };
      let { queue, seen, expanded } = context;
      if (event.children && !expanded[event.address]) {
        // Enqueue children once per chunk, skipping duplicates (shared subtrees) and respecting the cap.
        expanded = { ...expanded, [event.address]: true };
        const fresh = event.children.filter((c) => !seen[c]).slice(0, Math.max(0, context.cap - queue.length));
        if (fresh.length > 0) {
          queue = [...queue, ...fresh];
          seen = { ...seen, ...Object.fromEntries(fresh.map((c) => [c, true as const])) };
        }
      }
      return {
        answers: { ...context.answers, [event.address]: row },
        answered: context.answered + 1,
        inFlight: context.inFlight - 1,
        queue,
        seen,
        expanded,
      };
    }),
    dispatchRequests: enqueueActions(({ context, enqueue }) => {
      const total = context.queue.length * context.vantages.length;
      let { nextPair, inFlight } = context;
      while (inFlight < context.concurrency && nextPair < total) {
        const address = context.queue[Math.floor(nextPair / context.vantages.length)]!;
        enqueue.sendTo('prober', { type: 'chunk.request', address, vantage: nextPair % context.vantages.length });
        nextPair++;
        inFlight++;
      }
      enqueue.assign({ nextPair, inFlight });
    }),
  },
}).createMachine({
  id: 'chunkWalk',
  description: 'Breadth-first walk probing every reachable chunk on every vantage, with bounded concurrency.',
  context: ({ input }) => ({
    ...input,
    concurrency: Math.max(1, input.concurrency),
    queue: [input.root],
    seen: { [input.root]: true },
    expanded: {},
    nextPair: 0,
    inFlight: 0,
    answers: {},
    answered: 0,
  }),
  initial: 'walking',
  states: {
    walking: {
      description: 'Chunk requests in flight; answers enqueue children and free capacity for the next requests.',
      invoke: { id: 'prober', src: 'chunkProber', input: ({ context }) => ({ vantages: context.vantages, timeoutMs: context.timeoutMs }) },
      entry: 'dispatchRequests',
      always: { guard: 'isWalkComplete', target: 'done' },
      on: {
        'chunk.answered': { actions: ['recordAnswer', 'dispatchRequests'] },
      },
    },
    done: {
      description: 'Every discovered chunk has an answer from every vantage.',
      type: 'final',
    },
  },
  output: ({ context }) =>
    context.queue.map((address) => ({ address, perVantage: context.answers[address] ?? context.vantages.map(() => null) })),
});

/** `Probing chunks N/M...`: N chunks answered by every vantage, M chunks discovered so far. */
export function selectWalkProgress(snapshot: SnapshotFrom<typeof chunkWalkMachine>): { done: number; discovered: number } {
  const { queue, answers } = snapshot.context;
  const done = queue.filter((a) => answers[a]?.every((p) => p !== null)).length;
  return { done, discovered: queue.length };
}
