/**
 * A failed node call as the gates and verbs state it: one short line without the method and URL (the caller
 * names the endpoint itself). Its own module so a one-shot verb loads no more than the node client to use it.
 */
import type { EndpointFailure } from '../../core/cockpit/health-snapshot.js';
import { isNodeApiError } from '../node-client/index.js';

export function endpointFailure(error: unknown): EndpointFailure {
  if (isNodeApiError(error)) {
    const arrow = error.message.indexOf(' -> ');
    const detail = arrow >= 0 ? error.message.slice(arrow + 4) : error.message;
    return error.status === undefined ? { code: error.code, detail } : { code: error.code, status: error.status, detail };
  }
  return { code: 'unknown', detail: error instanceof Error ? error.message : String(error) };
}
