/**
 * The chunk prober's request queue (see chunk-walk.machine.ts, "request window"): the machine hands over
 * requests ahead of time, this queue starts them in order with at most `concurrency` fetches running, and
 * hands the answers back in batches, so the machine handles a few events per slot-count of fetches rather
 * than two per fetch.
 */
import type { ChunkAnswer, ChunkRequest } from '../../machines/retcheck/chunk-walk.machine.js';

/**
 * Runs `task` after the I/O callbacks of this turn of the event loop: Node's setImmediate; browsers have no
 * such hook, so a zero timeout there.
 */
const afterThisTurn: (task: () => void) => void =
  typeof globalThis.setImmediate === 'function' ? (task) => void globalThis.setImmediate(task) : (task) => void setTimeout(task, 0);

/**
 * How many slot-counts of answers the queue holds before it hands them over while work is still queued. Every
 * batch is a machine event (several tens of microseconds of interpreter work with the requests it starts);
 * two slot-counts a batch instead of one took about 5 µs of client CPU off each probe of
 * bench:retcheck-walk (docs/retcheck.md); four (with a wider window) was slower in a paired run. The machine's request window
 * (REQUEST_WINDOW_PER_SLOT) must cover these answers, the fetches in flight and a slot-count still queued.
 */
export const HELD_SLOT_COUNTS = 2;

/**
 * The prober's side of the walk's request window: requests wait in order, at most `concurrency` fetches run,
 * and answers are handed over in batches. A batch goes out (after the I/O callbacks of this turn) once
 * HELD_SLOT_COUNTS slot-counts of answers are held, or the queue has fallen under a slot-count so the machine
 * should top it up, or nothing is fetching any more. Holding answers never idles a slot: a finished fetch
 * starts the next queued request at once.
 */
export function fetchQueue(concurrency: number, start: (request: ChunkRequest) => void, deliver: (answers: ChunkAnswer[]) => void) {
  const slots = Math.max(1, concurrency);
  let waiting: ChunkRequest[] = [];
  let next = 0; // index of the first waiting request: shifting a long array per start would be quadratic
  let fetching = 0;
  let held: ChunkAnswer[] = [];
  let scheduled = false;
  let cancelled = false;
  const queued = () => waiting.length - next;
  const fill = () => {
    while (fetching < slots && next < waiting.length) {
      fetching++;
      start(waiting[next++]!);
    }
    if (next === waiting.length) {
      waiting = [];
      next = 0;
    }
  };
  const flush = () => {
    scheduled = false;
    const batch = held;
    held = [];
    if (!cancelled && batch.length > 0) deliver(batch);
  };
  return {
    enqueue(requests: ChunkRequest[]) {
      if (cancelled) return;
      waiting = next === 0 ? waiting.concat(requests) : waiting.slice(next).concat(requests);
      next = 0;
      fill();
    },
    answer(answer: ChunkAnswer) {
      if (cancelled) return;
      fetching--;
      held.push(answer);
      fill();
      if (!scheduled && (held.length >= HELD_SLOT_COUNTS * slots || queued() < slots || fetching === 0)) {
        scheduled = true;
        afterThisTurn(flush);
      }
    },
    cancel() {
      cancelled = true;
      waiting = [];
      held = [];
    },
  };
}
