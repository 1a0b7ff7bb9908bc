/**
 * S10 Pins fetches: the pinned references (`GET /pins`) and the integrity check (`GET /pins/check`, NDJSON read
 * line by line), as a callback actor that sends each line to the screen machine as it arrives, so a check of
 * thousands of pins fills the table progressively. Stopping the actor (leaving the state, a new check) aborts
 * the request.
 */
import { fromCallback, fromPromise } from 'xstate';
import { pollingScreenWith } from '../../../machines/cockpit/screens/polling-screen.machine.js';
import type { Fetched } from '../../../core/cockpit/health-snapshot.js';
import type { PinCheckEvent, PinsPoll } from '../../../core/cockpit/screens/pins.js';
import { errorLine } from '../../../core/cockpit/text.js';
import { isNodeApiError, type NodeEndpoints } from '../../node-client/index.js';
import { endpointFailure } from '../endpoint-failure.js';
import { settled, withSignal } from './settle.js';

export type PinsClient = Pick<NodeEndpoints, 'pins' | 'pinsCheck'>;


export interface PinCheckInput {
  /** One reference, or every pin when absent. */
  readonly reference?: string;
}

export async function fetchPins(client: Pick<PinsClient, 'pins'>, signal?: AbortSignal): Promise<Fetched<string[]>> {
  return settled(client.pins(withSignal(signal)), (refs) => refs.map((r) => r.toLowerCase()), signal);
}

/** Why a check stopped, one line naming the endpoint. */
export function pinCheckFailure(error: unknown): string {
  if (isNodeApiError(error)) return `/pins/check: ${endpointFailure(error).detail}`;
  return `/pins/check: ${errorLine(error)}`;
}

export function pinsScreenActors(client: PinsClient, now: () => number = Date.now) {
  return {
    poller: pollingScreenWith(fromPromise<PinsPoll>(async ({ signal }) => {
      const takenAtMs = now();
      return { takenAtMs, pins: await fetchPins(client, signal) };
    })),
    checkPins: fromCallback<{ type: 'noop' }, PinCheckInput, PinCheckEvent>(({ input, sendBack }) => {
      const controller = new AbortController();
      void (async () => {
        try {
          const options = { signal: controller.signal, ...(input.reference ? { reference: input.reference } : {}), timeoutMs: 0 };
          for await (const line of client.pinsCheck(options)) sendBack({ type: 'check.line', line: { ...line, reference: line.reference.toLowerCase() } });
          sendBack({ type: 'check.done', atMs: now() });
        } catch (error) {
          if (!controller.signal.aborted) sendBack({ type: 'check.failed', error: pinCheckFailure(error), atMs: now() });
        }
      })();
      return () => controller.abort();
    }),
  };
}
