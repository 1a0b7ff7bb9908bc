/**
 * What the verbs that talk to a node share: the node from flags, trailing URL, environment and config
 * (node-target.ts), a client with the verb's timeout, and one way to say why a call failed:
 * - 401: the node wants a token (`--token` / NODE_TOKEN);
 * - network or timeout: the node cannot be reached;
 * - an endpoint the node does not serve in its mode (403 feature off, 400 light node, 404/405/501 route absent):
 *   "<node> has no <what>" with Bee's reason, so scripts can tell "not here" from "broken";
 * - anything else: the status and Bee's message.
 * Every case is status `error` (exit 2 desktop, 1 terminal) with `{ node, error: { code, status?, detail } }`.
 */
import { createNodeClient, isNodeApiError, type NodeClient } from '../../node-client/index.js';
import { InputError } from '../../../core/swarm/input-error.js';
import { OnceError, OnceUsageError, timeoutOf, type OnceContext } from './verb.js';
import { resolveNodeTarget, takeTrailingUrl, type NodeTarget } from './node-target.js';

export interface OnceNode {
  readonly target: NodeTarget;
  readonly client: NodeClient;
}

/** Splits a trailing node URL off `args`, checks the verb's own arity, resolves the node and builds its client. */
export async function connectNode(verb: string, args: readonly string[], context: OnceContext, arity: { min: number; max: number; usage: string }): Promise<{ node: OnceNode; rest: string[] }> {
  const { rest, url } = takeTrailingUrl(args);
  checkArity(verb, rest, arity);
  const target = await resolveNodeTarget(verb, url === undefined ? [] : [url], context);
  const client = createNodeClient({ baseUrl: target.url, timeoutMs: timeoutOf(context), ...(target.token ? { token: target.token } : {}) });
  return { node: { target, client }, rest };
}

export function checkArity(verb: string, args: readonly string[], arity: { min: number; max: number; usage: string }): void {
  if (args.length < arity.min || args.length > arity.max) {
    const expected = arity.min === arity.max ? `exactly ${arity.min}` : arity.max === Infinity ? `at least ${arity.min}` : `${arity.min} to ${arity.max}`;
    throw new OnceUsageError(`${verb} takes ${expected} argument${arity.max === 1 ? '' : 's'} (${arity.usage}), got ${args.length}`);
  }
}

/** Runs a core parser on an argument: its InputError becomes a usage error. */
export function argument<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof InputError) throw new OnceUsageError(error.message);
    throw error;
  }
}

/** Statuses with which Bee says "this node does not serve that" rather than "that failed". */
const NOT_SERVED = new Set([400, 403, 404, 405, 501]);

/**
 * A failed call as the verb's error. `what` names the thing asked for ("the chain state"); `notServed` names
 * the endpoint when a 400/403/404/405/501 means the node lacks it (light node, feature off).
 */
export function nodeFailure(node: OnceNode, error: unknown, what: string, notServed?: string): OnceError {
  const url = node.target.url;
  if (!isNodeApiError(error)) {
    if (error instanceof InputError) return new OnceError({ code: 'node-input', url, detail: error.message }, { node: url, error: { code: 'invalid-input', detail: error.message } });
    throw error;
  }
  const detail = (() => {
    const arrow = error.message.indexOf(' -> ');
    return arrow >= 0 ? error.message.slice(arrow + 4) : error.message;
  })();
  const failure = { code: error.code, ...(error.status === undefined ? {} : { status: error.status }), detail };
  const data = { node: url, error: failure };
  if (error.code === 'http' && error.status === 401) return new OnceError({ code: 'node-token', url }, data);
  if (error.code === 'network' || error.code === 'timeout') return new OnceError({ code: 'node-unreachable', url, detail }, data);
  const beeMessage = error.beeMessage ? { beeMessage: error.beeMessage } : {};
  if (notServed && error.code === 'http' && error.status !== undefined && NOT_SERVED.has(error.status)) {
    return new OnceError({ code: 'node-not-served', url, endpoint: notServed, status: error.status, ...beeMessage }, data);
  }
  if (error.code === 'invalid-response') return new OnceError({ code: 'node-not-bee', url, what, detail }, data);
  return new OnceError({ code: 'node-failed', url, what, ...(error.status === undefined ? {} : { status: error.status }), ...beeMessage, detail }, data);
}

/** A NodeApiError's HTTP status, when the call got an answer. */
export function statusOf(error: unknown): number | undefined {
  return isNodeApiError(error) && error.code === 'http' ? error.status : undefined;
}

/**
 * The depth that defines the node's neighbourhood: a full node's storage radius (GET /status), else the
 * Kademlia depth of its connectivity table (GET /topology), which is all a light node has.
 */
export async function neighbourhoodDepth(node: OnceNode): Promise<{ depth: number; depthSource: 'storageRadius' | 'topology' }> {
  const status = await node.client.status().catch((error: unknown) => {
    throw nodeFailure(node, error, 'its status', '/status');
  });
  if (status.beeMode === 'full' && typeof status.storageRadius === 'number') return { depth: status.storageRadius, depthSource: 'storageRadius' };
  const topology = await node.client.topologySummary().catch((error: unknown) => {
    throw nodeFailure(node, error, 'its topology', '/topology');
  });
  return { depth: topology.depth, depthSource: 'topology' };
}
