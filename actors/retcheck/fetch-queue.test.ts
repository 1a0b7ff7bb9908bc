import { describe, expect, it } from 'vitest';
import type { ChunkAnswer, ChunkRequest } from '../../machines/retcheck/chunk-walk.machine.js';
import { fetchQueue, HELD_SLOT_COUNTS } from './fetch-queue.js';

const request = (n: number): ChunkRequest => ({ address: n.toString(16).padStart(64, '0'), vantage: 0 });
const answerTo = (r: ChunkRequest): ChunkAnswer => ({ address: r.address, vantage: r.vantage, found: true, elapsedMs: 1, children: [] });
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A queue whose fetches are finished by hand, recording what started and what was delivered. */
function harness(concurrency: number) {
  const started: ChunkRequest[] = [];
  const batches: ChunkAnswer[][] = [];
  const queue = fetchQueue(concurrency, (r) => started.push(r), (answers) => batches.push(answers));
  let finished = 0;
  /** Finishes the oldest `n` fetches not finished yet. */
  const finish = (n: number) => {
    for (let i = 0; i < n; i++) queue.answer(answerTo(started[finished++]!));
  };
  return { queue, started, batches, finish, fetching: () => started.length - finished };
}

describe('fetch queue (the chunk prober side of the request window)', () => {
  it('starts requests in order, never more than `concurrency` at once, and refills a slot as soon as it frees', () => {
    const h = harness(3);
    h.queue.enqueue([1, 2, 3, 4, 5].map(request));
    expect(h.started.map((r) => r.address)).toEqual([1, 2, 3].map((n) => request(n).address));
    h.finish(1);
    expect(h.started).toHaveLength(4);
    expect(h.fetching()).toBe(3);
    h.queue.enqueue([6, 7].map(request));
    expect(h.started).toHaveLength(4);
    h.finish(4);
    expect(h.started.map((r) => r.address)).toEqual([1, 2, 3, 4, 5, 6, 7].map((n) => request(n).address));
    expect(h.fetching()).toBe(2); // five of seven finished, nothing left to start
  });

  it('holds answers while work is queued, and hands over HELD_SLOT_COUNTS slot-counts of them in one batch', async () => {
    const h = harness(2);
    h.queue.enqueue(Array.from({ length: 12 }, (_, i) => request(i)));
    for (let held = 1; held < HELD_SLOT_COUNTS * 2; held++) {
      h.finish(1);
      await nextTurn();
      expect(h.batches).toEqual([]); // answers held, at least a slot-count still queued
    }
    h.finish(1);
    await nextTurn();
    expect(h.batches.map((b) => b.length)).toEqual([HELD_SLOT_COUNTS * 2]);
  });

  it('hands answers over at once when its queue runs under a slot-count, so the machine can top it up', async () => {
    const h = harness(4);
    h.queue.enqueue(Array.from({ length: 7 }, (_, i) => request(i))); // 4 fetching, 3 queued
    h.finish(1);
    await nextTurn();
    expect(h.batches.map((b) => b.length)).toEqual([1]);
  });

  it('hands the last answers over when nothing is fetching any more', async () => {
    const h = harness(8);
    h.queue.enqueue([request(1)]);
    h.finish(1);
    await nextTurn();
    expect(h.batches.map((b) => b.map((a) => a.address))).toEqual([[request(1).address]]);
  });

  it('collects the answers of one turn into one batch', async () => {
    const h = harness(4);
    h.queue.enqueue([1, 2, 3].map(request));
    h.finish(3);
    await nextTurn();
    expect(h.batches.map((b) => b.length)).toEqual([3]);
  });

  it('after cancel, starts nothing and delivers nothing', async () => {
    const h = harness(1);
    h.queue.enqueue([1, 2].map(request));
    h.finish(1); // the batch is scheduled for the next turn
    h.queue.cancel();
    await nextTurn();
    h.queue.enqueue([request(3)]);
    expect(h.batches).toEqual([]);
    expect(h.started).toHaveLength(2);
  });

  it('treats a concurrency under one as one', () => {
    const h = harness(0);
    h.queue.enqueue([1, 2].map(request));
    expect(h.started).toHaveLength(1);
  });
});
