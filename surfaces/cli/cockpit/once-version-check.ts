/**
 * `cockpit --once version-check [URL]` (alias `check-version`): the node's `/health` apiVersion against the
 * API this toolkit targets (Bee 2.8.1, API 8.1.0; core/cockpit/api-version.ts). Same major: `ok`, exit 0
 * (an older or newer minor is said in the message). Another major: `sad`, exit 1. Node unreachable, /health
 * not answered, or an apiVersion that is not a version: `error`, exit 2.
 * `--json` data: `{ node, expected: {apiVersion, beeVersion}, live: {apiVersion, version}, verdict, compatible }`.
 */
import { endpointFailure } from '../../../actors/cockpit/health-snapshot.js';
import { createNodeClient } from '../../../actors/node-client/index.js';
import { compareApiVersion, describeVersionComparison, EXPECTED_API_VERSION, EXPECTED_BEE_VERSION } from '../../../core/cockpit/api-version.js';
import { InputError } from '../../../core/swarm/input-error.js';
import type { OnceResult, OnceVerb } from './once.js';
import { describeUnreadableHealth, resolveNodeTarget } from './node-target.js';

export interface VersionCheckVerbOptions {
  readonly timeoutMs?: number;
}

export function createVersionCheckVerb(options: VersionCheckVerbOptions = {}): OnceVerb {
  return {
    name: 'version-check',
    aliases: ['check-version'],
    usage: '[node-url]',
    summary: `node API version vs the expected ${EXPECTED_API_VERSION} (Bee ${EXPECTED_BEE_VERSION})`,
    async run(args, context): Promise<OnceResult> {
      const target = resolveNodeTarget('version-check', args, context);
      const client = createNodeClient({ baseUrl: target.url, timeoutMs: options.timeoutMs ?? 15_000, ...(target.token ? { token: target.token } : {}) });
      const expected = { apiVersion: EXPECTED_API_VERSION, beeVersion: EXPECTED_BEE_VERSION };
      let health;
      try {
        health = await client.health();
      } catch (error) {
        const failure = endpointFailure(error);
        return { verb: 'version-check', status: 'error', message: describeUnreadableHealth(target.url, failure), data: { node: target.url, expected, error: failure } };
      }
      const live = { apiVersion: health.apiVersion, version: health.version };
      let comparison;
      try {
        comparison = compareApiVersion(health.apiVersion);
      } catch (error) {
        if (!(error instanceof InputError)) throw error;
        return { verb: 'version-check', status: 'error', message: `${target.url}: ${error.message}`, data: { node: target.url, expected, live } };
      }
      const { verdict, compatible } = comparison;
      return {
        verb: 'version-check',
        status: compatible ? 'ok' : 'sad',
        message: `${target.url} (Bee ${health.version}): ${describeVersionComparison(comparison)}`,
        data: { node: target.url, expected, live, verdict, compatible },
      };
    },
  };
}
