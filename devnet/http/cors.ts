/**
 * Bee's CORS behaviour: when the request's Origin is on the allow-list (`cors-allowed-origins`, where `*`
 * allows any), the answer carries Allow-Origin (echoing the origin), Allow-Credentials, Allow-Headers,
 * Allow-Methods and Max-Age. A disallowed origin gets no CORS headers at all, so a browser rejects the answer
 * while curl still sees it. Preflight OPTIONS answers 204 with an Allow header (Bee's method handler).
 */

/** Request headers Bee lists in Access-Control-Allow-Headers (bee-api.md §1). */
const ALLOWED_HEADERS = [
  'User-Agent', 'Accept', 'X-Requested-With', 'Access-Control-Request-Headers', 'Access-Control-Request-Method',
  'Accept-Ranges', 'Content-Encoding', 'Authorization', 'Accept-Encoding', 'Content-Type', 'Content-Disposition',
  'Range', 'Origin', 'Swarm-Tag', 'Swarm-Pin', 'Swarm-Encrypt', 'Swarm-Index-Document', 'Swarm-Error-Document',
  'Swarm-Collection', 'Swarm-Postage-Batch-Id', 'Swarm-Postage-Stamp', 'Swarm-Deferred-Upload',
  'Swarm-Redundancy-Level', 'Swarm-Redundancy-Strategy', 'Swarm-Redundancy-Fallback-Mode',
  'Swarm-Chunk-Retrieval-Timeout', 'Swarm-Lookahead-Buffer-Size', 'Swarm-Feed-Index', 'Swarm-Feed-Index-Next',
  'Swarm-Soc-Signature', 'Swarm-Only-Root-Chunk', 'Swarm-Cache', 'Swarm-Act', 'Swarm-Act-Timestamp',
  'Swarm-Act-Publisher', 'Swarm-Act-History-Address', 'Gas-Price', 'Gas-Limit', 'Immutable',
].join(', ');

/** PATCH is deliberately absent: Bee does not list it (bee-api.md §1). */
const ALLOWED_METHODS = 'GET, HEAD, OPTIONS, POST, PUT, DELETE';

/** Response headers browsers may read; Bee exposes the ones its clients depend on. */
const EXPOSED_HEADERS = [
  'Swarm-Tag', 'Swarm-Feed-Index', 'Swarm-Feed-Index-Next', 'Swarm-Soc-Signature', 'Swarm-Feed-Resolved-Version',
  'Swarm-Act-History-Address', 'Content-Disposition', 'Content-Length', 'Content-Range', 'ETag', 'Accept-Ranges',
].join(', ');

export function isOriginAllowed(origin: string, allowList: readonly string[]): boolean {
  return allowList.some((allowed) => allowed === '*' || allowed === origin);
}

/** CORS headers for a request, or an empty object when the request has no Origin or it is not allowed. */
export function corsHeaders(origin: string | undefined, allowList: readonly string[]): Record<string, string> {
  if (origin === undefined || origin === '' || !isOriginAllowed(origin, allowList)) return {};
  return {
    'access-control-allow-credentials': 'true',
    'access-control-allow-origin': origin,
    'access-control-allow-headers': ALLOWED_HEADERS,
    'access-control-allow-methods': ALLOWED_METHODS,
    'access-control-expose-headers': EXPOSED_HEADERS,
    'access-control-max-age': '3600',
  };
}

/** Permissive CORS for the devnet's own control API, so browser tests can flip faults from any page. */
export function controlCorsHeaders(origin: string | undefined): Record<string, string> {
  return {
    'access-control-allow-origin': origin !== undefined && origin !== '' ? origin : '*',
    'access-control-allow-headers': 'Content-Type, Authorization',
    'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
  };
}
