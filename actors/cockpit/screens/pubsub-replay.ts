/**
 * `pubsubReplay`, S14's replay source (issue 29.7): a saved pubsub history (JSONL, as `[pubsub].history_file`
 * writes it) played into S14 as if its messages arrived again, at the original pace or faster.
 *
 * Two passes over the file, line by line (never the whole file in memory): the first checks every line
 * (core/cockpit/pubsub-replay.ts) and reports `replay.checked` with the count and the span, or `replay.failed`
 * naming the file, the line and what is wrong, before anything is shown; the second plays each message
 * (`replay.message`, with its original time), waiting the gaps between them divided by the speed, then
 * `replay.finished`. The waits are this actor's own timers because they belong to the source, as a socket's
 * arrivals do; cleanup (Unsubscribe, a new subscription, leaving the screen) stops the reading and the timer.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { fromCallback } from 'xstate';
import { parseHistoryLine, replayDelayMs, ReplayLineError, type ReplayedMessage, type ReplaySpeed } from '../../../core/cockpit/pubsub-replay.js';
import type { ReplayEvent } from '../../../core/cockpit/screens/pubsub.js';
import { errorLine } from '../../../core/cockpit/text.js';

export interface ReplayInput {
  readonly file: string;
  readonly speed: ReplaySpeed;
}

/** Every message of the file in order; stops when `signal` aborts. Throws naming the line that is not a message. */
async function* messagesOf(file: string, signal: AbortSignal): AsyncGenerator<ReplayedMessage> {
  const stream = createReadStream(file, { encoding: 'utf8', signal });
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  let number = 0;
  try {
    for await (const line of lines) {
      number++;
      if (line.trim() === '') continue;
      try {
        yield parseHistoryLine(line);
      } catch (error) {
        if (error instanceof ReplayLineError) throw new ReplayLineError(`${file}:${number}: ${error.message}: not a pubsub history line`);
        throw error;
      }
    }
  } finally {
    lines.close();
    stream.destroy();
  }
}

async function checkFile(file: string, signal: AbortSignal): Promise<{ count: number; firstAtMs: number; lastAtMs: number }> {
  const info = await stat(file).catch((error: NodeJS.ErrnoException) => {
    throw new Error(error.code === 'ENOENT' ? `${file}: no such file` : `${file}: ${errorLine(error)}`);
  });
  if (!info.isFile()) throw new Error(`${file} is not a file (a pubsub history is a JSONL file, one message per line)`);
  let count = 0;
  let firstAtMs = 0;
  let lastAtMs = 0;
  for await (const message of messagesOf(file, signal)) {
    if (count === 0) firstAtMs = message.atMs;
    lastAtMs = message.atMs;
    count++;
  }
  if (count === 0) throw new Error(`${file}: no messages (an empty history)`);
  return { count, firstAtMs, lastAtMs };
}

export const pubsubReplayLogic = fromCallback<{ type: 'noop' }, ReplayInput, ReplayEvent>(({ input, sendBack }) => {
  const abort = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let waking: (() => void) | undefined;
  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      if (ms <= 0) return void setImmediate(resolve);
      waking = resolve;
      timer = setTimeout(resolve, ms);
    });
  void (async () => {
    try {
      const checked = await checkFile(input.file, abort.signal);
      if (abort.signal.aborted) return;
      sendBack({ type: 'replay.checked', ...checked });
      let previous: ReplayedMessage | null = null;
      for await (const message of messagesOf(input.file, abort.signal)) {
        await wait(replayDelayMs(previous, message, input.speed));
        if (abort.signal.aborted) return;
        sendBack({ type: 'replay.message', payload: message.payload, receivedAtMs: message.atMs });
        previous = message;
      }
      if (!abort.signal.aborted) sendBack({ type: 'replay.finished' });
    } catch (error) {
      if (!abort.signal.aborted) sendBack({ type: 'replay.failed', error: errorLine(error) });
    }
  })();
  return () => {
    abort.abort();
    if (timer) clearTimeout(timer);
    // A replay stopped mid-wait ends its loop (and closes the file) rather than waiting forever.
    waking?.();
  };
});
