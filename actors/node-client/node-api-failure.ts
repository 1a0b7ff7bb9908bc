/**
 * Test support: the NodeApiError a client call failed with. A call that succeeds, or fails with anything else,
 * throws (failing the test that awaited it).
 */
import { NodeApiError } from './errors.js';

export async function nodeApiFailure(promise: Promise<unknown>): Promise<NodeApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (error instanceof NodeApiError) return error;
  throw new Error(`expected the call to fail with a NodeApiError; it ${error === undefined ? 'succeeded' : `failed with ${String(error)}`}`);
}
