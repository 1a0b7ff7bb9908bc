/**
 * The `reseed` actor of the watch-ref machine (`[watchlist] auto_reseed_after` / `auto_reseed_batch`, issue 29
 * item 6): the same re-seed flow `retcheck --reseed` runs (pre-flight of the batch, then PUT /stewardship under
 * it), on the active node, confirmed by itself (`autoConfirm`: the operator asked for it in the config).
 */
import { createActor, fromPromise, toPromise } from 'xstate';
import type { ReseedOutput } from '../../machines/retcheck/reseed.machine.js';
import type { WatchReseedOutcome } from '../../machines/cockpit/watch-ref.machine.js';

/** One re-seed's budget per request (the pre-flight, the re-upload of every chunk). */
export const AUTO_RESEED_TIMEOUT_MS = 120_000;

/** What the flow's output says, in one line: the batch and its status, a refusal's or failure's reason, warnings. */
export function reseedOutcome(output: ReseedOutput): WatchReseedOutcome {
  const batch = `batch ${output.batch.slice(0, 8)}…`;
  const warnings = output.warnings.length ? `; ${output.warnings.join('; ')}` : '';
  if (output.status === 'OK') return { ok: true, detail: `re-uploaded under ${batch}${warnings}` };
  return { ok: false, detail: `${output.status === 'refused' ? 'refused' : 'failed'} (${batch}): ${output.error ?? 'no reason given'}${warnings}` };
}

export function autoReseedLogic(nodeUrl: () => string, batchId: string, timeoutMs = AUTO_RESEED_TIMEOUT_MS) {
  return fromPromise<WatchReseedOutcome, { reference: string }>(async ({ input, signal }) => {
    // The re-seed flow (retcheck's machines and actors) loads on a watch's first re-seed, not at every start.
    const [{ createNodeRetcheckApi }, { provideReseed }] = await Promise.all([import('../retcheck/node-retcheck-api.js'), import('../retcheck/retcheck-actors.js')]);
    const api = createNodeRetcheckApi();
    const flow = createActor(provideReseed(api), { input: { nodeUrl: nodeUrl(), reference: input.reference, batchId, autoConfirm: true, timeoutMs } });
    // A stopped watch-ref (`:watch-ref-stop`) aborts: the flow stops and the connections close.
    const aborted = new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(new Error('watch stopped')), { once: true }));
    try {
      flow.start();
      flow.send({ type: 'reseed.preflight', batchId });
      return reseedOutcome(await Promise.race([toPromise(flow), aborted]));
    } finally {
      flow.stop();
      await api.close();
    }
  });
}
