/**
 * Per-chunk walk (retcheck spec §4 "Per-chunk walk"): breadth-first from the root, every discovered chunk
 * is fetched with GET /chunks/{address} on every vantage, at most `concurrency` fetches in flight, at most
 * `cap` (1000) chunks. The machine decides what is fetched and in which order; the `chunkProber` actor
 * performs the fetches of each `chunks.request`, in order and at most `concurrency` at a time, and answers
 * with `chunks.answered`, including each chunk's children (manifest forks and entry targets, intermediate
 * file-tree references) when the body could be read.
 *
 * Requests and answers travel in batches, and the machine keeps a window of requests ahead of the fetches
 * (REQUEST_WINDOW_PER_SLOT per concurrency slot): every event costs the interpreter several microseconds,
 * a sizeable share of a loopback chunk fetch, so one event per request and per answer made retcheck far
 * slower than a bare HTTP loop. With work queued at the prober, a finished fetch starts the next one at
 * once, and the prober can report answers a slot-count at a time without leaving a slot idle.
 *
 * Scheduling order: chunk-major, vantage-minor over the discovery queue, so the walk stays breadth-first.
 * A chunk's children are enqueued from the first verified body that arrives for it; a chunk no vantage could
 * serve has no known children (its subtree cannot be walked). References past the cap are counted, distinct,
 * in the output (`cap.foundNotProbed`), so the report can say the walk was truncated and by how much. Parity chunks of an erasure-coded tree are enqueued
 * after their data siblings and probed like them, but never descended into: their bytes are Reed-Solomon
 * parity, so whatever "children" a prober reads from them are ignored.
 *
 * States
 * - walking: requests are outstanding at the prober (fetching or queued there).
 * - done: every (chunk, vantage) pair is answered; output is one ChunkProbe per chunk in discovery order.
 */
import { assign, enqueueActions, fromCallback, setup, type SnapshotFrom } from 'xstate';
import type { ChunkVantageProbe } from '../../config-schema/retcheck-report.js';
import { appendToQueue, queuePosition } from '../../core/retcheck/queue-index.js';
import { allRows, editResults, rowAt, singleRow, type ResultBlocks, type ResultRow } from '../../core/retcheck/result-blocks.js';
import type { RedundancyLevel } from '../../core/swarm/redundancy.js';
import type { WalkedTree } from '../../core/retcheck/erasure-verdict.js';

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
  address: string;
  /** Index into the walk's vantages. */
  vantage: number;
}

/** Requests in walk order: the prober starts them in this order, at most `concurrency` fetches at a time. */
export interface ChunkRequestBatch {
  type: 'chunks.request';
  requests: ChunkRequest[];
}

export interface ChunkAnswer {
  address: string;
  vantage: number;
  found: boolean;
  elapsedMs: number;
  error?: string;
  /** The prober gave up on this vantage before fetching this chunk (see actors/retcheck/chunk-prober.ts). */
  notProbed?: true;
  /** Child chunk addresses (to probe and descend into), present when this answer carried a verified body. */
  children?: string[];
  /** Parity chunk addresses of an erasure-coded intermediate chunk: to probe, never to descend into. */
  parity?: string[];
  /** An intermediate chunk of a file tree: its subtree size and redundancy level (its children are `children` and `parity`). */
  tree?: { size: number; level: RedundancyLevel };
}

export type { WalkedTree } from '../../core/retcheck/erasure-verdict.js';

export interface ChunkAnswerBatch {
  type: 'chunks.answered';
  answers: ChunkAnswer[];
}

export interface WalkedChunk {
  address: string;
  perVantage: (ChunkVantageProbe | null)[];
}

export interface ChunkWalkOutput {
  /** One entry per probed chunk, in discovery (breadth-first) order; at most `cap`. */
  chunks: WalkedChunk[];
  /** Intermediate chunks of file trees, in the order their first body arrived. */
  trees: WalkedTree[];
  /** The chunk cap, and how many distinct references the walked chunks hold that were not probed because of it. */
  cap: { limit: number; foundNotProbed: number };
}

/**
 * Addresses of `list` not yet discovered and not in `taken`, without repeats, in list order: up to `room` of
 * them in `fresh`, the rest (which the cap keeps out) in `overflow`.
 */
function freshAddresses(list: string[] | undefined, isKnown: (address: string) => boolean, taken: string[], room: number): { fresh: string[]; overflow: string[] } {
  const fresh: string[] = [];
  const overflow: string[] = [];
  if (!list || list.length === 0) return { fresh, overflow };
  const seen = new Set(taken);
  for (const address of list) {
    if (!isKnown(address) && !seen.has(address)) {
      seen.add(address);
      (fresh.length < room ? fresh : overflow).push(address);
    }
  }
  return { fresh, overflow };
}

/** Distinct references beyond the cap that were never discovered under it. */
function countBeyondCap(beyondCap: readonly (readonly string[])[], queue: readonly string[]): number {
  const distinct = new Set<string>();
  for (const list of beyondCap) for (const address of list) if (queuePosition(queue, address) === undefined) distinct.add(address);
  return distinct.size;
}

/** The report's probe for one answer: `error` when there is one, `not_probed` when the prober gave up first. */
function probeOf(answer: ChunkAnswer, elapsed_ms: number): ChunkVantageProbe {
  if (answer.notProbed) return { found: false, elapsed_ms, error: answer.error ?? 'not probed', not_probed: true };
  return answer.error ? { found: answer.found, elapsed_ms, error: answer.error } : { found: answer.found, elapsed_ms };
}

function hasFoundProbe(row: ResultRow): boolean {
  for (const probe of row) if (probe?.found === true) return true;
  return false;
}

interface ChunkWalkContext extends ChunkWalkInput {
  /** Chunk addresses in discovery (breadth-first) order. */
  queue: string[];
  /** Discovered parity chunks: probed, never descended into. */
  parityChunks: Record<string, true>;
  /** Intermediate chunks read so far (append-only). */
  trees: readonly WalkedTree[];
  /**
   * References read from walked chunks that did not fit under the cap, one list per chunk (appended, never
   * copied whole); deduplicated once, in the output.
   */
  beyondCap: readonly (readonly string[])[];
  /** Answers per chunk and vantage; null until answered. */
  results: ResultBlocks;
  /** Pair number (chunk index × vantages + vantage) of the next request; every pair below it was requested. */
  nextPair: number;
  /**
   * Requests sent to the prober and not yet answered, fetching or queued there (kept as a count: recounting
   * the results per answer is quadratic). At most the request window.
   */
  outstanding: number;
}

/**
 * Requests the machine keeps outstanding per concurrency slot. The prober reports answers once two
 * slot-counts of them have arrived or its queue runs low (under one slot-count; actors/retcheck/fetch-queue.ts
 * HELD_SLOT_COUNTS), so the window must cover the fetches in flight, the answers it holds back and a
 * slot-count still queued: six times the concurrency does, with a slot-count to spare.
 */
export const REQUEST_WINDOW_PER_SLOT = 6;

/** What the prober is started with. */
export interface ChunkProberInput {
  vantages: ChunkWalkVantage[];
  timeoutMs: number;
  /** Fetches in flight at most (`--concurrency`); further requests wait in the prober's queue. */
  concurrency: number;
}

const missingChunkProber = fromCallback<ChunkRequestBatch, ChunkProberInput>(() => {
  throw new Error('chunkProber actor not provided');
});

/**
 * Chunk index of an answer the walk is waiting for, or -1 for one it is not: an unknown chunk or vantage, a
 * pair not requested yet, or a pair already answered (strays and repeats are ignored).
 */
function awaitedIndex(context: Pick<ChunkWalkContext, 'queue' | 'vantages' | 'nextPair'>, results: ResultBlocks, answer: ChunkAnswer): number {
  const index = queuePosition(context.queue, answer.address);
  const width = context.vantages.length;
  if (index === undefined || !Number.isInteger(answer.vantage) || answer.vantage < 0 || answer.vantage >= width) return -1;
  if (index * width + answer.vantage >= context.nextPair || rowAt(results, index)?.[answer.vantage] !== null) return -1;
  return index;
}

export const chunkWalkMachine = setup({
  types: {} as { context: ChunkWalkContext; events: ChunkAnswerBatch; input: ChunkWalkInput; output: ChunkWalkOutput },
  actors: { chunkProber: missingChunkProber },
  guards: {
    isWalkComplete: ({ context }) => context.outstanding === 0 && context.nextPair >= context.queue.length * context.vantages.length,
    hasAwaitedAnswer: ({ context, event }) => event.answers.some((answer) => awaitedIndex(context, context.results, answer) >= 0),
  },
  actions: {
    recordAnswers: assign(({ context, event }) => {
      const { queue } = context;
      let { outstanding } = context;
      const results = editResults(context.results);
      // New addresses of this batch, appended to the queue (and parity set, and overflow) once, at the end.
      const added: string[] = [];
      const addedSet = new Set<string>();
      const addedParity = new Set<string>();
      const overflow: string[][] = [];
      const trees: WalkedTree[] = [];
      const isKnown = (address: string) => addedSet.has(address) || queuePosition(queue, address) !== undefined;
      for (const answer of event.answers) {
        const index = awaitedIndex(context, results.current(), answer);
        if (index < 0) continue;
        // A chunk's children come from the first body that arrives for it (a found answer always carries one).
        const isFirstBody = !hasFoundProbe(rowAt(results.current(), index)!);
        const elapsed_ms = Math.max(0, Math.round(answer.elapsedMs));
        results.set(index, answer.vantage, probeOf(answer, elapsed_ms));
        outstanding--;
        if (!answer.found || !isFirstBody || context.parityChunks[answer.address]) continue;
        if (answer.tree) trees.push({ address: answer.address, ...answer.tree, data: answer.children ?? [], parity: answer.parity ?? [] });
        // Children once per chunk, then parity, skipping duplicates (shared subtrees) and respecting the cap.
        const discovered = queue.length + added.length;
        const room = context.cap - discovered;
        const { fresh: children, overflow: childOverflow } = freshAddresses(answer.children, isKnown, [], room);
        const { fresh: parity, overflow: parityOverflow } = freshAddresses(answer.parity, isKnown, children, room - children.length);
        if (childOverflow.length + parityOverflow.length > 0) overflow.push([...childOverflow, ...parityOverflow]);
        if (children.length + parity.length === 0) continue;
        for (const address of [...children, ...parity]) {
          added.push(address);
          addedSet.add(address);
        }
        for (const address of parity) addedParity.add(address);
        results.appendRows(children.length + parity.length, context.vantages.length);
      }
      const parityChunks = addedParity.size === 0 ? context.parityChunks : { ...context.parityChunks, ...Object.fromEntries([...addedParity].map((address) => [address, true as const])) };
      return {
        queue: added.length === 0 ? queue : appendToQueue(queue, added),
        parityChunks,
        trees: trees.length === 0 ? context.trees : [...context.trees, ...trees],
        results: results.current(),
        outstanding,
        beyondCap: overflow.length === 0 ? context.beyondCap : [...context.beyondCap, ...overflow],
      };
    }),
    dispatchRequests: enqueueActions(({ context, enqueue }) => {
      const width = context.vantages.length;
      const total = context.queue.length * width;
      const window = context.concurrency * REQUEST_WINDOW_PER_SLOT;
      const requests: ChunkRequest[] = [];
      let nextPair = context.nextPair;
      while (context.outstanding + requests.length < window && nextPair < total) {
        requests.push({ address: context.queue[Math.floor(nextPair / width)]!, vantage: nextPair % width });
        nextPair++;
      }
      if (requests.length === 0) return;
      enqueue.sendTo('prober', { type: 'chunks.request', requests } satisfies ChunkRequestBatch);
      enqueue.assign({ nextPair, outstanding: context.outstanding + requests.length });
    }),
  },
}).createMachine({
  id: 'chunkWalk',
  description: 'Breadth-first walk probing every reachable chunk on every vantage, with bounded concurrency.',
  context: ({ input }) => ({
    ...input,
    concurrency: Math.max(1, input.concurrency),
    queue: [input.root],
    parityChunks: {},
    trees: [],
    beyondCap: [],
    results: singleRow(input.vantages.length),
    nextPair: 0,
    outstanding: 0,
  }),
  initial: 'walking',
  states: {
    walking: {
      description: 'Requests outstanding at the prober; answers enqueue children and make room in the window for the next requests.',
      invoke: { id: 'prober', src: 'chunkProber', input: ({ context }): ChunkProberInput => ({ vantages: context.vantages, timeoutMs: context.timeoutMs, concurrency: context.concurrency }) },
      entry: 'dispatchRequests',
      always: { guard: 'isWalkComplete', target: 'done' },
      on: {
        'chunks.answered': { guard: 'hasAwaitedAnswer', actions: ['recordAnswers', 'dispatchRequests'] },
      },
    },
    done: {
      description: 'Every discovered chunk has an answer from every vantage.',
      type: 'final',
    },
  },
  output: ({ context }) => ({
    chunks: context.queue.map((address, i) => ({ address, perVantage: [...rowAt(context.results, i)!] })),
    trees: [...context.trees],
    cap: { limit: context.cap, foundNotProbed: countBeyondCap(context.beyondCap, context.queue) },
  }),
});

/** `Probing chunks N/M...`: N chunks answered by every vantage, M chunks discovered so far. */
export function selectWalkProgress(snapshot: SnapshotFrom<typeof chunkWalkMachine>): { done: number; discovered: number } {
  const { queue, results } = snapshot.context;
  const done = allRows(results).filter((row) => row.every((p) => p !== null)).length;
  return { done, discovered: queue.length };
}
