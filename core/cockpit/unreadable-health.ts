/** Why a node's /health could not be read, as one line (shared by the cockpit's status and the one-shot verbs). */
import type { EndpointFailure } from './health-snapshot.js';

/**
 * Whether a failed /health means the node cannot be judged at all (network, timeout, an answer that is not
 * Bee's, a 4xx such as a missing token) rather than a node that is there but sick (5xx).
 */
export function healthUnreadable(error: EndpointFailure): boolean {
  return !(error.code === 'http' && (error.status ?? 0) >= 500);
}

/** One line saying why /health could not be read, with the fix when there is an obvious one. */
export function describeUnreadableHealth(url: string, error: EndpointFailure): string {
  if (error.code === 'http' && error.status === 401) return `${url} asks for a bearer token (401): pass --token or set NODE_TOKEN`;
  if (error.code === 'http' && error.status === 404) return `${url}/health answered 404: is this a Bee node API (port 1633)?`;
  if (error.code === 'network' || error.code === 'timeout') return `cannot reach the node at ${url}: ${error.detail}`;
  return `cannot read /health of ${url}: ${error.detail}`;
}
