/**
 * `cockpit --once version-check [URL]` (alias `check-version`): the node's `/health` apiVersion against the
 * API this toolkit targets (Bee 2.8.1, API 8.1.0; core/cockpit/api-version.ts). Same major: `ok`, exit 0
 * (an older or newer minor is said in the message). Another major: `sad`, exit 1. Node unreachable, /health
 * not answered, or an apiVersion that is not a version: `error`, exit 2.
 * `--json` data: `{ node, expected: {apiVersion, beeVersion}, live: {apiVersion, version}, verdict, compatible }`.
 */
import { endpointFailure } from '../endpoint-failure.js';
import { createNodeClient } from '../../node-client/index.js';
import { compareApiVersion, EXPECTED_API_VERSION, EXPECTED_BEE_VERSION } from '../../../core/cockpit/api-version.js';
import { InputError } from '../../../core/swarm/input-error.js';
import { OnceError, timeoutOf, type OnceResult, type OnceRun } from './verb.js';
import { resolveNodeTarget } from './node-target.js';

export const details = `Reads /health and compares its apiVersion with ${EXPECTED_API_VERSION} (Bee ${EXPECTED_BEE_VERSION}). Exit 0 on the same major
(the message says when the minor differs), 1 on another major, 2 when /health cannot be read.`;

export const run: OnceRun = async (args, context): Promise<OnceResult> => {
  const target = await resolveNodeTarget('version-check', args, context);
  const client = createNodeClient({ baseUrl: target.url, timeoutMs: timeoutOf(context), ...(target.token ? { token: target.token } : {}) });
  const expected = { apiVersion: EXPECTED_API_VERSION, beeVersion: EXPECTED_BEE_VERSION };
  let health;
  try {
    health = await client.health();
  } catch (error) {
    const failure = endpointFailure(error);
    return { verb: 'version-check', status: 'error', data: { node: target.url, expected, error: failure } };
  }
  const live = { apiVersion: health.apiVersion, version: health.version };
  let comparison;
  try {
    comparison = compareApiVersion(health.apiVersion);
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    throw new OnceError({ code: 'version-unparsable', url: target.url, detail: error.message }, { node: target.url, expected, live });
  }
  const { verdict, compatible } = comparison;
  return { verb: 'version-check', status: compatible ? 'ok' : 'sad', data: { node: target.url, expected, live, verdict, compatible } };
};
