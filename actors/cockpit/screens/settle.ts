/**
 * How a screen actor turns a node-client call into a screen fact: the answer, or why there is none
 * (`Fetched`), never a rejection, so one failing endpoint never hides what the others said. Aborts still
 * reject: an owner that cancelled a fetch has moved on and must not see partial facts.
 */
import type { Fetched } from '../../../core/cockpit/health-snapshot.js';
import { isNodeApiError, isNotFound } from '../../node-client/index.js';
import { endpointFailure } from '../endpoint-failure.js';

function rethrowAbort(error: unknown, signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw signal.reason ?? error;
  if (isNodeApiError(error) && error.code === 'aborted') throw error;
}

/** The projected answer, or the endpoint failure as a value. */
export async function settled<T, F>(call: Promise<T>, project: (value: T) => F, signal?: AbortSignal): Promise<Fetched<F>> {
  try {
    return { ok: true, value: project(await call) };
  } catch (error) {
    rethrowAbort(error, signal);
    return { ok: false, error: endpointFailure(error) };
  }
}

/** As `settled`, with Bee's 404 ("no balance with this peer", "no settlements") read as null. */
export async function settledOrNull<T, F>(call: Promise<T>, project: (value: T) => F, signal?: AbortSignal): Promise<Fetched<F | null>> {
  try {
    return { ok: true, value: project(await call) };
  } catch (error) {
    rethrowAbort(error, signal);
    if (isNotFound(error)) return { ok: true, value: null };
    return { ok: false, error: endpointFailure(error) };
  }
}

/** A call option bag with the signal when there is one. */
export const withSignal = (signal: AbortSignal | undefined) => (signal ? { signal } : {});
