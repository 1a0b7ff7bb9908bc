/**
 * `--once grantees-list <ref> [node-url]`: the public keys an ACT grantee list grants access to
 * (GET /grantee/{ref}, bee-api.md §2.7). `<ref>` is the `ref` POST /grantee or PATCH /grantee answered: 128 hex,
 * the list's reference encrypted for its publisher, so only the node that published it can read it; any other
 * node, or an unknown reference, answers 404, which is `sad` (exit 1) with that explanation.
 */
import type { OnceData } from '../../../config-schema/once-results.js';
import { parseReference } from '../../../core/swarm/references.js';
import { argument, connectNode, nodeFailure, statusOf } from './node.js';
import type { OnceRun } from './verb.js';

export const run: OnceRun = async (args, context) => {
  const { node, rest } = await connectNode('grantees-list', args, context, { min: 1, max: 1, usage: '<ref>' });
  const reference = argument(() => parseReference(rest[0]!, 'grantee list reference')).hex;
  let grantees: string[];
  try {
    grantees = (await node.client.grantees(reference)).map((key) => key.toLowerCase());
  } catch (error) {
    if (statusOf(error) === 404) {
      const data: OnceData<'grantees-list'> = { node: node.target.url, reference, grantees: [], count: 0 };
      return { verb: 'grantees-list', status: 'sad', data };
    }
    throw nodeFailure(node, error, 'the grantee list', '/grantee');
  }
  const data: OnceData<'grantees-list'> = { node: node.target.url, reference, grantees, count: grantees.length };
  return { verb: 'grantees-list', status: 'ok', data };
};
