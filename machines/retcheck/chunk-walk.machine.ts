/**
 * Per-chunk walk (retcheck spec §4 "Per-chunk walk"): breadth-first from the root, every discovered chunk
 * is fetched with GET /chunks/{address} on every vantage, at most `concurrency` fetches in flight, at most
 * `cap` (1000) chunks. The machine only schedules; the `chunkProber` actor performs the fetches of each
 * `chunks.request` and answers with `chunks.answered`, including each chunk's children (manifest forks and
 * entry targets, intermediate file-tree references) when the body could be read.
 *
 * Requests and answers travel in batches: every event costs the interpreter tens of microseconds, as much as
 * a loopback chunk fetch, so one event per request and per answer made retcheck far slower than a bare HTTP
 * loop. The machine sends every request capacity allows in one event; the prober reports all answers that
 * arrived in one turn of the event loop in one event.
 *
 * Scheduling order: chunk-major, vantage-minor over the discovery queue, so the walk stays breadth-first.
 * A chunk's children are enqueued from the first body that arrives for it; a chunk no vantage could serve
 * has no known children (its subtree cannot be walked). Parity chunks of an erasure-coded tree are enqueued
 * after their data siblings and probed like them, but never descended into: their bytes are Reed-Solomon
 * parity, so whatever "children" a prober reads from them are ignored.
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
  address: string;
  /** Index into the walk's vantages. */
  vantage: number;
}

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
  /** Child chunk addresses (to probe and descend into), present when this answer carried a readable body. */
  children?: string[];
  /** Parity chunk addresses of an erasure-coded intermediate chunk: to probe, never to descend into. */
  parity?: string[];
}

export interface ChunkAnswerBatch {
  type: 'chunks.answered';
  answers: ChunkAnswer[];
}

export interface WalkedChunk {
  address: string;
  perVantage: (ChunkVantageProbe | null)[];
}

type ResultRow = (ChunkVantageProbe | null)[];

/**
 * Result rows (one per chunk, one slot per vantage) in discovery order, grouped in blocks of ROWS_PER_BLOCK.
 * Recording an answer copies the block list, one block and one row: a few dozen slots, where copying every
 * row (or a record keyed by address) on each of thousands of answers made the walk quadratic.
 */
type ResultBlocks = ResultRow[][];
const ROWS_PER_BLOCK = 64;

const rowAt = (blocks: ResultBlocks, index: number): ResultRow | undefined => blocks[Math.floor(index / ROWS_PER_BLOCK)]?.[index % ROWS_PER_BLOCK];

function withSlot(blocks: ResultBlocks, index: number, vantage: number, probe: ChunkVantageProbe): ResultBlocks {
  const b = Math.floor(index / ROWS_PER_BLOCK);
  const block = blocks[b]!.slice();
  const row = block[index % ROWS_PER_BLOCK]!.slice();
  row[vantage] = probe;
  block[index % ROWS_PER_BLOCK] = row;
  const next = blocks.slice();
  next[b] = block;
  return next;
}

/**
 * A copy of `position` with `addresses` numbered from `first`. A for-in copy: spreading a record of a thousand
 * addresses costs nearly twice as much, and the walk copies it once per chunk that has children.
 */
function withPositions(position: Record<string, number>, addresses: string[], first: number): Record<string, number> {
  const next: Record<string, number> = {};
  for (const address in position) next[address] = position[address]!;
  addresses.forEach((address, i) => (next[address] = first + i));
  return next;
}

function hasFoundProbe(row: ResultRow): boolean {
  for (const probe of row) if (probe?.found === true) return true;
  return false;
}

function withEmptyRows(blocks: ResultBlocks, count: number, width: number): ResultBlocks {
  const next = blocks.slice();
  for (let i = 0; i < count; i++) {
    const last = next.length - 1;
    const row: ResultRow = new Array<null>(width).fill(null);
    if (last >= 0 && next[last]!.length < ROWS_PER_BLOCK) next[last] = [...next[last]!, row];
    else next.push([row]);
  }
  return next;
}

interface ChunkWalkContext extends ChunkWalkInput {
  /** Chunk addresses in discovery (breadth-first) order. */
  queue: string[];
  /** Index of each discovered address in `queue`: deduplicates shared subtrees. */
  position: Record<string, number>;
  /** Discovered parity chunks: probed, never descended into. */
  parityChunks: Record<string, true>;
  /** Answers per chunk and vantage; null until answered. */
  results: ResultBlocks;
  /** Pair number (chunk index × vantages + vantage) of the next request; every pair below it was requested. */
  nextPair: number;
  /** Requests sent and not yet answered (kept as a count: recounting the results per answer is quadratic). */
  inFlight: number;
}

const missingChunkProber = fromCallback<ChunkRequestBatch, { vantages: ChunkWalkVantage[]; timeoutMs: number }>(() => {
  throw new Error('chunkProber actor not provided');
});

/**
 * Chunk index of an answer the walk is waiting for, or -1 for one it is not: an unknown chunk or vantage, a
 * pair not requested yet, or a pair already answered (strays and repeats are ignored).
 */
function awaitedIndex(context: Pick<ChunkWalkContext, 'position' | 'vantages' | 'nextPair'>, results: ResultBlocks, answer: ChunkAnswer): number {
  const index = context.position[answer.address];
  const width = context.vantages.length;
  if (index === undefined || !Number.isInteger(answer.vantage) || answer.vantage < 0 || answer.vantage >= width) return -1;
  if (index * width + answer.vantage >= context.nextPair || rowAt(results, index)?.[answer.vantage] !== null) return -1;
  return index;
}

export const chunkWalkMachine = setup({
  types: {} as { context: ChunkWalkContext; events: ChunkAnswerBatch; input: ChunkWalkInput; output: WalkedChunk[] },
  actors: { chunkProber: missingChunkProber },
  guards: {
    isWalkComplete: ({ context }) => context.inFlight === 0 && context.nextPair >= context.queue.length * context.vantages.length,
    hasAwaitedAnswer: ({ context, event }) => event.answers.some((answer) => awaitedIndex(context, context.results, answer) >= 0),
  },
  actions: {
    recordAnswers: assign(({ context, event }) => {
      let { queue, position, parityChunks, results, inFlight } = context;
      for (const answer of event.answers) {
        const index = awaitedIndex({ position, vantages: context.vantages, nextPair: context.nextPair }, results, answer);
        if (index < 0) continue;
        // A chunk's children come from the first body that arrives for it (a found answer always carries one).
        const isFirstBody = !hasFoundProbe(rowAt(results, index)!);
        const elapsed_ms = Math.max(0, Math.round(answer.elapsedMs));
        results = withSlot(results, index, answer.vantage, answer.error ? { found: answer.found, elapsed_ms, error: answer.error } : { found: answer.found, elapsed_ms });
        inFlight--;
        if (!answer.found || !isFirstBody || parityChunks[answer.address]) continue;
        // Children once per chunk, then parity, skipping duplicates (shared subtrees) and respecting the cap.
        const fresh = (list: string[] | undefined) => [...new Set(list ?? [])].filter((c) => position[c] === undefined);
        const children = fresh(answer.children).slice(0, Math.max(0, context.cap - queue.length));
        const parity = fresh(answer.parity).filter((c) => !children.includes(c)).slice(0, Math.max(0, context.cap - queue.length - children.length));
        if (children.length + parity.length === 0) continue;
        position = withPositions(position, [...children, ...parity], queue.length);
        if (parity.length > 0) parityChunks = { ...parityChunks, ...Object.fromEntries(parity.map((address) => [address, true as const])) };
        queue = queue.concat(children, parity);
        results = withEmptyRows(results, children.length + parity.length, context.vantages.length);
      }
      return { queue, position, parityChunks, results, inFlight };
    }),
    dispatchRequests: enqueueActions(({ context, enqueue }) => {
      const width = context.vantages.length;
      const total = context.queue.length * width;
      const requests: ChunkRequest[] = [];
      let nextPair = context.nextPair;
      while (context.inFlight + requests.length < context.concurrency && nextPair < total) {
        requests.push({ address: context.queue[Math.floor(nextPair / width)]!, vantage: nextPair % width });
        nextPair++;
      }
      if (requests.length === 0) return;
      enqueue.sendTo('prober', { type: 'chunks.request', requests } satisfies ChunkRequestBatch);
      enqueue.assign({ nextPair, inFlight: context.inFlight + requests.length });
    }),
  },
}).createMachine({
  id: 'chunkWalk',
  description: 'Breadth-first walk probing every reachable chunk on every vantage, with bounded concurrency.',
  context: ({ input }) => ({
    ...input,
    concurrency: Math.max(1, input.concurrency),
    queue: [input.root],
    position: { [input.root]: 0 },
    parityChunks: {},
    results: [[input.vantages.map(() => null)]],
    nextPair: 0,
    inFlight: 0,
  }),
  initial: 'walking',
  states: {
    walking: {
      description: 'Chunk requests in flight; answers enqueue children and free capacity for the next requests.',
      invoke: { id: 'prober', src: 'chunkProber', input: ({ context }) => ({ vantages: context.vantages, timeoutMs: context.timeoutMs }) },
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
  output: ({ context }) => context.queue.map((address, i) => ({ address, perVantage: rowAt(context.results, i)! })),
});

/** `Probing chunks N/M...`: N chunks answered by every vantage, M chunks discovered so far. */
export function selectWalkProgress(snapshot: SnapshotFrom<typeof chunkWalkMachine>): { done: number; discovered: number } {
  const { queue, results } = snapshot.context;
  const done = results.flat().filter((row) => row.every((p) => p !== null)).length;
  return { done, discovered: queue.length };
}
