/**
 * The `reseed` actor of the watch-ref machine (`[watchlist] auto_reseed_after` / `auto_reseed_batch`, issue 29
 * item 6): the re-seed `retcheck --reseed` runs, on the active node, confirmed by itself (`autoConfirm`: the
 * operator asked for it in the config), with the same steps and code:
 * - the root's dispersed replicas are checked first (actors/retcheck/replica-check.ts) and the plan made from
 *   them (core/retcheck/replica-report.ts `replicaPlan`): the re-seed re-creates the missing ones with
 *   POST /soc after the re-upload and verifies them, as retcheck does (Bee's PUT /stewardship never does);
 * - the pre-flight of the batch, then PUT /stewardship under it (machines/retcheck/reseed.machine.ts).
 * Every call goes through the cockpit's own client of the active node (retcheck's calls over it:
 * `retcheckApiOver`), so a node configured with a token gets it as `Authorization: Bearer`, and the calls
 * count in S8's statistics like the cockpit's others.
 */
import { createActor, fromPromise, toPromise } from 'xstate';
import type { NodeClient } from '../node-client/index.js';
import type { ReseedOutput } from '../../machines/retcheck/reseed.machine.js';
import type { WatchReseedOutcome } from '../../machines/cockpit/watch-ref.machine.js';
import { replicaReseedLine } from '../../core/retcheck/replica-lines.js';

/** One re-seed's budget per request (the pre-flight, the re-upload of every chunk). */
export const AUTO_RESEED_TIMEOUT_MS = 120_000;
/** Replica stewardship checks in flight at once (retcheck's default --concurrency). */
const REPLICA_CHECK_CONCURRENCY = 8;

/** What the flow's output says, in one line: the batch and its status, the replicas, a refusal's or failure's reason, warnings. */
export function reseedOutcome(output: ReseedOutput): WatchReseedOutcome {
  const batch = `batch ${output.batch.slice(0, 8)}…`;
  const warnings = output.warnings.length ? `; ${output.warnings.join('; ')}` : '';
  const replicas = output.replicas && !output.replicas.skipped ? `; replicas: ${replicaReseedLine(output.replicas)}` : '';
  if (output.status === 'OK') return { ok: true, detail: `re-uploaded under ${batch}${replicas}${warnings}` };
  return { ok: false, detail: `${output.status === 'refused' ? 'refused' : 'failed'} (${batch}): ${output.error ?? 'no reason given'}${replicas}${warnings}` };
}

export function autoReseedLogic(activeClient: () => NodeClient, batchId: string, timeoutMs = AUTO_RESEED_TIMEOUT_MS) {
  return fromPromise<WatchReseedOutcome, { reference: string }>(async ({ input, signal }) => {
    // The re-seed flow (retcheck's machines and actors) loads on a watch's first re-seed, not at every start.
    const [{ retcheckApiOver }, { provideReseed }, { checkReplicas }, { replicaPlan }] = await Promise.all([
      import('../retcheck/node-retcheck-api.js'),
      import('../retcheck/retcheck-actors.js'),
      import('../retcheck/replica-check.js'),
      import('../../core/retcheck/replica-report.js'),
    ]);
    const client = activeClient();
    const nodeUrl = client.baseUrl;
    const api = retcheckApiOver((url) => {
      if (url !== nodeUrl) throw new Error(`the automatic re-seed talks to the active node ${nodeUrl} only, not ${url}`);
      return client;
    });
    // The watch found it not retrievable on this node: the one vantage, asked about each replica.
    const replicas = await checkReplicas(api, { reference: input.reference, vantages: [{ node_url: nodeUrl, retrievable: false }], nodes: [nodeUrl], concurrency: REPLICA_CHECK_CONCURRENCY, timeoutMs }, signal);
    const plan = replicaPlan(replicas);
    const flow = createActor(provideReseed(api), { input: { nodeUrl, reference: input.reference, batchId, autoConfirm: true, timeoutMs, ...(plan ? { replicaPlan: plan } : {}) } });
    // A stopped watch-ref (`:watch-ref-stop`) aborts: the flow stops, and stopping it aborts its calls.
    const aborted = new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(new Error('watch stopped')), { once: true }));
    try {
      flow.start();
      flow.send({ type: 'reseed.preflight', batchId });
      return reseedOutcome(await Promise.race([toPromise(flow), aborted]));
    } finally {
      flow.stop();
    }
  });
}
