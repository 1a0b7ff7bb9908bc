/**
 * The root replica check (docs/retcheck.md "Root replicas"): read the root chunk for its level
 * (core/retcheck/replica-level.ts), then ask every vantage `GET /stewardship/{replica address}` for each replica
 * slot. Bee's steward treats a single-owner chunk as a tree of one chunk and fetches it from other nodes only
 * (v2.8.1 pkg/traversal, pkg/steward), so a yes proves the network serves that replica to this vantage, as the
 * reference's own stewardship answer does for its content; a replica only in the vantage's own store is a no.
 *
 * A vantage that gave no answer to the reference's stewardship check is not asked again (one call per slot
 * would only repeat its failure, each costing up to the timeout): its answers are `not_asked`.
 */
import type { ReplicaAnswer, Replicas } from '../../config-schema/retcheck-replicas.js';
import { replicaLevel, type RootRead } from '../../core/retcheck/replica-level.js';
import { replicaSection, replicaTargets } from '../../core/retcheck/replica-report.js';
import type { RetcheckApi } from './retcheck-api.js';
import { errorText } from '../../core/error-text.js';
import { readRootChunk } from './root-chunk.js';
import type { ReplicaCheckInput } from '../../machines/retcheck/replicas.contracts.js';

const now = () => performance.now();

/** Runs `tasks` with at most `limit` at once; stops starting new ones once `signal` aborts. */
export async function runLimited(tasks: readonly (() => Promise<void>)[], limit: number, signal: AbortSignal): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length && !signal.aborted) await tasks[next++]!();
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, tasks.length)) }, worker));
}

/** One stewardship answer about a replica: yes, no, or no answer (the error). */
export async function askReplica(api: Pick<RetcheckApi, 'stewardship'>, nodeUrl: string, address: string, signal: AbortSignal, timeoutMs: number): Promise<ReplicaAnswer> {
  const started = now();
  try {
    const { isRetrievable } = await api.stewardship(nodeUrl, address, { signal, timeoutMs });
    return { retrievable: isRetrievable, elapsed_ms: Math.round(now() - started) };
  } catch (error) {
    return { retrievable: null, elapsed_ms: Math.round(now() - started), error: errorText(error) };
  }
}

/** The calls the check makes: the root chunk, and stewardship per replica (the cockpit's verb brings its own). */
export type ReplicaCheckApi = Pick<RetcheckApi, 'chunk' | 'stewardship'>;

export async function checkReplicas(api: ReplicaCheckApi, input: ReplicaCheckInput, signal: AbortSignal): Promise<Replicas> {
  const root = await readRootChunk(api, input.reference, input.nodes, signal, input.timeoutMs);
  const read: RootRead = root.kind === 'content' ? { kind: 'content', plain: root.plain } : root.kind === 'soc' ? { kind: 'soc' } : root;
  const verdict = replicaLevel(read, input.declaredLevel);
  const targets = replicaTargets(input.reference, verdict);
  const answers: ReplicaAnswer[][] = targets.map(() => []);
  const tasks: (() => Promise<void>)[] = [];
  input.vantages.forEach((vantage, j) => {
    targets.forEach((target, i) => {
      if (vantage.retrievable === null) {
        answers[i]![j] = { retrievable: null, elapsed_ms: 0, not_asked: true, error: `not asked: the node did not answer the stewardship check (${vantage.error ?? 'no answer'})` };
        return;
      }
      tasks.push(async () => {
        answers[i]![j] = await askReplica(api, vantage.node_url, target.address, signal, input.timeoutMs);
      });
    });
  });
  await runLimited(tasks, input.concurrency, signal);
  if (signal.aborted) throw signal.reason ?? new Error('aborted');
  return replicaSection({ root: input.reference, verdict, targets, answers, vantages: input.vantages });
}
