/**
 * `--once replica-check <ref> [level] [node-url]`: the dispersed replicas Bee keeps of a reference's root chunk at
 * redundancy level > 0 (issue 29 item 5), asked of one node: the check retcheck's `replicas` section makes
 * (docs/retcheck.md "Root replicas"), with the level read from the root's span, else from `level`, else a search
 * of all 16 addresses. Each replica is asked with GET /stewardship, so a yes means the network serves it.
 * `ok` (exit 0): every expected replica retrieved, or none to expect; `sad` (exit 1): an expected replica is not
 * retrievable (`retcheck --reseed` re-creates it); `error`: the node answered none of the questions.
 */
import type { OnceData } from '../../../config-schema/once-results.js';
import { replicaApiFromClient } from '../../retcheck/client-replica-api.js';
import { checkReplicas } from '../../retcheck/replica-check.js';
import { parseReference } from '../../../core/swarm/references.js';
import type { RedundancyLevel } from '../../../core/swarm/redundancy.js';
import { argument, connectNode } from './node.js';
import { OnceError, OnceUsageError, timeoutOf, type OnceRun } from './verb.js';

/** Stewardship checks in flight at once (16 at most at the highest level). */
const CONCURRENCY = 4;

export const run: OnceRun = async (args, context) => {
  const { node, rest } = await connectNode('replica-check', args, context, { min: 1, max: 2, usage: '<ref> [level]' });
  const reference = argument(() => parseReference(rest[0]!)).hex;
  const level = rest[1] === undefined ? undefined : parseLevel(rest[1]);
  const url = node.target.url;
  const replicas = await checkReplicas(
    replicaApiFromClient(node.client),
    { reference, vantages: [{ node_url: url, retrievable: true }], nodes: [url], ...(level !== undefined ? { declaredLevel: level } : {}), concurrency: CONCURRENCY, timeoutMs: timeoutOf(context) },
    AbortSignal.timeout(timeoutOf(context) * 20),
  );
  const data: OnceData<'replica-check'> = { node: url, reference, replicas };
  const counts = replicas.per_vantage[url];
  if (replicas.checked && counts && counts.no_answer === replicas.slots.length) {
    const first = replicas.slots[0]?.per_vantage[url]?.error ?? 'no answer';
    throw new OnceError({ code: 'replica-unanswered', url, reference, first }, { node: url, error: { code: 'network', detail: first } });
  }
  return { verb: 'replica-check', status: replicas.missing_everywhere > 0 ? 'sad' : 'ok', data };
};

function parseLevel(raw: string): RedundancyLevel {
  if (!/^[0-4]$/.test(raw)) throw new OnceUsageError(`replica-check: level must be 0 (NONE) to 4 (PARANOID), got ${JSON.stringify(raw)}`);
  return Number(raw) as RedundancyLevel;
}
