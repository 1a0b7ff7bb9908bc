/**
 * What a gateway's HEAD {gateway}/bzz/{ref}/ status means. The spec leaves this open ("not shown"); the
 * decision, as a careful user of real Bee gateways would read them:
 * - 2xx: the gateway resolved the manifest and can serve it -> retrievable.
 * - 3xx: Bee redirects a manifest path to its index (308); the gateway found the root -> retrievable.
 * - 404: Bee's "not found" for content it could not fetch from the network -> not retrievable.
 * - 500 and 504: Bee answers these when retrieval of a chunk fails or times out -> not retrievable.
 * - anything else (400, 401, 403, 429, 502, 503, ...): the gateway did not answer the question
 *   (refused us, rate-limited us, or is itself down) -> no answer (null), with the status in `error`.
 */
export function gatewayVerdict(statusCode: number): { retrievable: boolean | null; error: string | null } {
  if (statusCode >= 200 && statusCode < 400) return { retrievable: true, error: null };
  if (statusCode === 404 || statusCode === 500 || statusCode === 504) return { retrievable: false, error: null };
  return { retrievable: null, error: `HTTP ${statusCode}: the gateway gave no answer about the content` };
}
