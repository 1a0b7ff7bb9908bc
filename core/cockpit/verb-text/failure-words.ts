/**
 * The words of every verb failure (failure.ts): the one line `cockpit --once` prints on stderr and as the JSON
 * `message`, and the palette shows in its banner. Pure: composed from the failure's code and facts alone.
 */
import { formatConfigProblem } from '../config/config-problem.js';
import type { VerbFailure } from './failure.js';

export function failureWords(failure: VerbFailure): string {
  switch (failure.code) {
    case 'node-input':
    case 'version-unparsable':
    case 'feed-walk-failed':
      return `${failure.url}: ${failure.detail}`;
    case 'node-token':
      return `${failure.url} asks for a bearer token (401): pass --token or set NODE_TOKEN`;
    case 'node-unreachable':
      return `cannot reach the node at ${failure.url}: ${failure.detail}`;
    case 'node-not-served':
      return `${failure.url} has no ${failure.endpoint} (HTTP ${failure.status}${bee(failure.beeMessage)}${notServedHint(failure.status)})`;
    case 'node-not-bee':
      return `${failure.url} answered ${failure.what} with something that is not Bee's: ${failure.detail}`;
    case 'node-failed':
      return `${failure.url} could not give ${failure.what}: HTTP ${failure.status ?? '?'}${bee(failure.beeMessage) || `: ${failure.detail}`}`;
    case 'config-invalid':
      return `invalid cockpit configuration: ${failure.problems.map(formatConfigProblem).join('; ')}`;
    case 'chain-rpc':
    case 'probe-refused':
    case 'upload-input':
      return failure.detail;
    case 'no-gas-funds':
      return `${failure.url}: /redistributionstate has no minimumGasFunds to derive a gas price from`;
    case 'no-price':
      return `${failure.url} does not know the storage price yet (currentPrice 0): wait for the postage sync`;
    case 'batch-refused':
      return `${failure.url}: ${failure.reason}`;
    case 'dilute-not-deeper':
      return `batch ${failure.batchId.slice(0, 8)}… is at depth ${failure.depth}: a dilute needs a deeper depth than that, not ${failure.newDepth}`;
    case 'feed-update-invalid':
      return `${failure.url}: update ${failure.index} of the feed is not a valid update by ${failure.owner}: ${failure.detail}`;
    case 'gsoc-budget-spent':
      return `no key within ${failure.tries} tries puts a SOC in the ${failure.depth}-bit neighbourhood of ${failure.overlay.slice(0, 8)}…`;
    case 'file-unreadable':
      return `cannot hash ${failure.path}: ${failure.detail}`;
    case 'reference-not-found':
      return `${failure.url} cannot find ${failure.reference}: its root chunk is not retrievable (404)`;
    case 'replica-unanswered':
      return `${failure.url} answered no replica check of ${failure.reference}: ${failure.first}`;
  }
}

const bee = (message: string | undefined): string => (message ? `: ${message}` : '');

function notServedHint(status: number): string {
  if (status === 403) return '; the feature is off on this node';
  if (status === 400) return '; a full node is needed';
  return '';
}
