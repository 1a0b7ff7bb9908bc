/**
 * One durability check of a reference through a node: GET /stewardship/{ref} (the node fetches every chunk
 * from the network, manifest-aware) and GET /pins/{ref}. A node failure is a result (`retrievable: null` with
 * the reason), not a rejection, so a watch goes on and the history shows it. Stewardship walks the whole
 * content, so the check has its own timeout (default 5 min), not the engine's per-request one.
 */
import { fromPromise } from 'xstate';
import type { DurabilityResult } from '../../core/cockpit/watchlist.js';
import type { NodeClient } from '../node-client/index.js';

export const DURABILITY_TIMEOUT_MS = 300_000;

export async function checkDurability(
  client: Pick<NodeClient, 'baseUrl' | 'stewardshipCheck' | 'getPin'>,
  reference: string,
  options: { signal?: AbortSignal; now?: () => number; timeoutMs?: number } = {},
): Promise<DurabilityResult> {
  const now = options.now ?? Date.now;
  const checkedAtMs = now();
  const started = performance.now();
  const signal = options.signal;
  const call = { ...(signal ? { signal } : {}), timeoutMs: options.timeoutMs ?? DURABILITY_TIMEOUT_MS };
  const [check, pin] = await Promise.allSettled([client.stewardshipCheck(reference, call), client.getPin(reference, signal ? { signal } : {})]);
  signal?.throwIfAborted();
  const elapsedMs = Math.round(performance.now() - started);
  const pinned = pin.status === 'fulfilled' ? { pinned: pin.value !== null } : {};
  if (check.status === 'rejected') {
    const error = check.reason instanceof Error ? check.reason.message : String(check.reason);
    return { reference, node: client.baseUrl, checkedAtMs, elapsedMs, retrievable: null, error, ...pinned };
  }
  return { reference, node: client.baseUrl, checkedAtMs, elapsedMs, retrievable: check.value.isRetrievable, ...pinned };
}

/** The `durabilityCheck` actor of the watch-ref and watchlist machines, on the active node's client. */
export function durabilityCheckLogic(client: () => Pick<NodeClient, 'baseUrl' | 'stewardshipCheck' | 'getPin'>, now?: () => number) {
  return fromPromise<DurabilityResult, { reference: string }>(({ input, signal }) => checkDurability(client(), input.reference, now ? { signal, now } : { signal }));
}
