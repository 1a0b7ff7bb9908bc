/**
 * Whether a GET /chunks/{address} failure means "this node cannot get the chunk" (a clean not-found in the
 * per-chunk walk) rather than a failed call. Bee v2.8.1 answers a chunk that neither its store nor the
 * network can deliver with 500 "read chunk failed" (its retrieval error is not storage.ErrNotFound), older
 * versions and gateways with 404. Seen on real Bee by the conformance tier (test/bee).
 */
export function isChunkNotFound(status: number | undefined, beeMessage: string | undefined): boolean {
  if (status === 404) return true;
  return status === 500 && (beeMessage ?? '').trim().toLowerCase() === 'read chunk failed';
}
