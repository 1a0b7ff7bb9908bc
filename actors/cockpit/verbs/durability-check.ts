/**
 * `--once durability-check <ref> [node-url]`: can the network still serve this content? The node walks every
 * chunk of it (manifest-aware) and fetches each from the network, not from its own store (GET /stewardship/{ref},
 * bee-api.md §2.5): the same check S12's watchlist runs. Also says whether the node pins it (GET /pins/{ref}).
 * `ok` (exit 0) retrievable; `sad` (exit 1) not retrievable; an error when the node cannot run the check.
 */
import type { OnceData } from '../../../config-schema/once-results.js';
import { parseReference } from '../../../core/swarm/references.js';
import { askStewardship } from '../durability.js';
import { argument, connectNode, nodeFailure } from './node.js';
import type { OnceRun } from './verb.js';

export const run: OnceRun = async (args, context) => {
  const { node, rest } = await connectNode('durability-check', args, context, { min: 1, max: 1, usage: '<ref>' });
  const reference = argument(() => parseReference(rest[0]!)).hex;
  // The same check as S12's watchlist (actors/cockpit/durability.ts).
  const { retrievable, elapsedMs, pinned: pin } = await askStewardship(node.client, reference, { timeoutMs: context.timeoutMs }).catch((error: unknown) => {
    throw nodeFailure(node, error, `a stewardship check of ${reference}`, '/stewardship');
  });
  const data: OnceData<'durability-check'> = { node: node.target.url, reference, retrievable, elapsedMs, ...(pin === undefined ? {} : { pinned: pin }) };
  return { verb: 'durability-check', status: retrievable ? 'ok' : 'sad', data };
};
