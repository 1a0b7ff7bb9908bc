/**
 * The chunk walk's prober (machines/retcheck/chunk-walk.machine.ts): fetches GET /chunks/{address} for each
 * request of the walk through the RetcheckApi port, at most `concurrency` at a time (fetch-queue.ts), judges
 * each answer (chunk-probe-runner.ts) and answers in batches. The CLI and the browser run this same prober.
 */
import { fromCallback } from 'xstate';
import type { ChunkAnswerBatch, ChunkProberInput, ChunkRequestBatch } from '../../machines/retcheck/chunk-walk.machine.js';
import { ChunkProbeRunner } from './chunk-probe-runner.js';
import { fetchQueue } from './fetch-queue.js';
import type { RetcheckApi } from './retcheck-api.js';

export function createChunkProber(api: RetcheckApi) {
  return fromCallback<ChunkRequestBatch, ChunkProberInput>(({ input, receive, sendBack }) => {
    let stopped = false;
    const runner = new ChunkProbeRunner(api, input.vantages, input.timeoutMs);
    const queue = fetchQueue(
      input.concurrency,
      (request) => runner.probe(request, (answer) => queue.answer(answer)),
      (answers) => {
        if (!stopped) sendBack({ type: 'chunks.answered', answers } satisfies ChunkAnswerBatch);
      },
    );
    receive((batch) => queue.enqueue(batch.requests));
    return () => {
      stopped = true;
      runner.stop();
      queue.cancel();
    };
  });
}
