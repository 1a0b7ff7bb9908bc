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

export interface StewardshipAnswer {
  readonly retrievable: boolean;
  readonly elapsedMs: number;
  /** Whether the node pins it; absent when that could not be asked. */
  readonly pinned?: boolean;
}

type DurabilityClient = Pick<NodeClient, 'baseUrl' | 'stewardshipCheck' | 'getPin'>;

/**
 * The check itself, shared by `cockpit --once durability-check` and S12: stewardship and pin asked in
 * parallel. Throws the node client's error when the stewardship check cannot run (the verb words it).
 */
export async function askStewardship(client: DurabilityClient, reference: string, options: { signal?: AbortSignal; timeoutMs?: number } = {}): Promise<StewardshipAnswer> {
  const started = performance.now();
  const signal = options.signal;
  const call = { ...(signal ? { signal } : {}), timeoutMs: options.timeoutMs ?? DURABILITY_TIMEOUT_MS };
  const [check, pin] = await Promise.allSettled([client.stewardshipCheck(reference, call), client.getPin(reference, signal ? { signal } : {})]);
  signal?.throwIfAborted();
  if (check.status === 'rejected') throw check.reason;
  const elapsedMs = Math.round(performance.now() - started);
  return { retrievable: check.value.isRetrievable, elapsedMs, ...(pin.status === 'fulfilled' ? { pinned: pin.value !== null } : {}) };
}

/** One check as S12's history keeps it: a node failure is a result with the reason, never a rejection. */
export async function checkDurability(client: DurabilityClient, reference: string, options: { signal?: AbortSignal; now?: () => number; timeoutMs?: number } = {}): Promise<DurabilityResult> {
  const checkedAtMs = (options.now ?? Date.now)();
  const started = performance.now();
  try {
    const answer = await askStewardship(client, reference, options);
    return { reference, node: client.baseUrl, checkedAtMs, ...answer };
  } catch (error) {
    if (options.signal?.aborted) throw error;
    return { reference, node: client.baseUrl, checkedAtMs, elapsedMs: Math.round(performance.now() - started), retrievable: null, error: error instanceof Error ? error.message : String(error) };
  }
}

/** The `durabilityCheck` actor of the watch-ref and watchlist machines, on the active node's client. */
export function durabilityCheckLogic(client: () => Pick<NodeClient, 'baseUrl' | 'stewardshipCheck' | 'getPin'>, now?: () => number) {
  return fromPromise<DurabilityResult, { reference: string }>(({ input, signal }) => checkDurability(client(), input.reference, now ? { signal, now } : { signal }));
}
