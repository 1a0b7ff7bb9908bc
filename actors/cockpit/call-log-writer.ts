/**
 * The cockpit's own outbound calls, written into the log pane's book (the node::http tab), as an actor. The
 * book is a store made for direct writes, and 200 nodes' polls must not become 200 machine events a second.
 * Calls are written in batches, one per fleet view window: each write dirties the book, and the pane then
 * publishes within 50 ms, so a fleet's 180 calls a second wrote a new view 10 times a second by themselves.
 * `calls.flush` writes what waits at once (`:diagnose`, the engine's stop); stopping drops the timer.
 */
import { fromCallback } from 'xstate';
import type { CallRecord } from '../node-client/index.js';
import { clockTime } from '../../core/cockpit/format.js';
import type { LogBook } from '../../core/log/log-book.js';

export interface CallLogInput {
  readonly book: Pick<LogBook, 'addHttpCall'>;
  readonly now: () => number;
  /** How long calls wait to be written together. */
  readonly batchMs: number;
  /** Subscribes to every call the cockpit makes; returns the unsubscribe. */
  readonly onCall: (listener: (record: CallRecord) => void) => () => void;
}

export type CallLogEvent = { readonly type: 'calls.flush' };

export const callLogWriterLogic = fromCallback<CallLogEvent, CallLogInput>(({ input, receive }) => {
  const { book, now, batchMs } = input;
  // One clock text per second, not one Date formatting per call.
  let stampSecond = -1;
  let stamp = '';
  const timeStamp = () => {
    const ms = now();
    if (Math.floor(ms / 1000) !== stampSecond) {
      stampSecond = Math.floor(ms / 1000);
      stamp = clockTime(ms);
    }
    return stamp;
  };
  let pending: { record: CallRecord; time: string }[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  const write = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const calls = pending;
    pending = [];
    for (const { record, time } of calls) book.addHttpCall(record, time);
  };
  const off = input.onCall((record) => {
    pending.push({ record, time: timeStamp() });
    timer ??= setTimeout(write, batchMs);
  });
  receive((event) => {
    if (event.type === 'calls.flush') write();
  });
  return () => {
    off();
    if (timer) clearTimeout(timer);
  };
});
