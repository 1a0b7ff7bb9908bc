/**
 * Who may talk to `cockpit --serve`: the rules every request (page, asset, WebSocket upgrade) passes before
 * anything is served, in this order.
 *
 * 1. Host (403): a DNS-rebinding page is served from a name the attacker controls that resolves to our
 *    address, so its requests carry that name in Host. Accepted: IP literals (a page whose origin is an IP
 *    is only same-origin with us if we served it), `localhost`, and the host name the operator gave to
 *    `--serve`. The port is not compared: an SSH tunnel (`ssh -L 8080:127.0.0.1:<port>`) changes it.
 * 2. Origin (403): when a browser says where a request comes from, it must be this very server
 *    (`http://` + the Host header). A foreign page, `null` (file:, sandboxed frames) and https pages are
 *    refused. No Origin (curl, a plain navigation) is fine: the token still decides.
 * 3. Token (401): the path starts with `/<token>/` (random, 32 bytes). The page's relative assets and its
 *    WebSocket live under that prefix, so every request carries it without cookies. Nothing else is served
 *    without it: no page, no asset, no hint.
 * 4. Method (405): GET and HEAD only; the WebSocket is an upgraded GET.
 *
 * CORS is never enabled: no response carries an Access-Control-* header, so no other origin can read one.
 */

export type GuardVerdict =
  | { readonly ok: true; /** The path after the token prefix, without query: '' for `/<token>/`, 'assets/x.js', 'bridge'. */ readonly path: string; /** `/<token>` without the slash: redirect. */ readonly redirect: boolean }
  | { readonly ok: false; readonly status: 401 | 403 | 405; readonly reason: string };

export interface GuardRequest {
  readonly method: string;
  readonly url: string;
  readonly host: string | undefined;
  readonly origin: string | undefined;
}

export interface GuardOptions {
  readonly token: string;
  /** The host given to `--serve` (`127.0.0.1`, `0.0.0.0`, `myhost.lan`). */
  readonly listenHost: string;
}

const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

/** The host name of a Host header (`127.0.0.1:8080` -> `127.0.0.1`, `[::1]:80` -> `::1`), lower case; null if malformed. */
export function hostNameOf(host: string): string | null {
  const text = host.trim().toLowerCase();
  const bracketed = /^\[([0-9a-f:.]+)\](?::\d{1,5})?$/.exec(text);
  if (bracketed) return bracketed[1]!;
  const plain = /^([a-z0-9.-]+)(?::\d{1,5})?$/.exec(text);
  return plain ? plain[1]! : null;
}

function isIpLiteral(name: string): boolean {
  return IPV4.test(name) || (name.includes(':') && /^[0-9a-f:.]+$/.test(name));
}

export function isAllowedHost(host: string | undefined, listenHost: string): boolean {
  if (host === undefined) return false;
  const name = hostNameOf(host);
  if (name === null) return false;
  return isIpLiteral(name) || name === 'localhost' || name === listenHost.toLowerCase().replace(/^\[|\]$/g, '');
}

/** Constant time for equal lengths (the token's length is no secret). */
function sameSecret(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

export function guardRequest(request: GuardRequest, options: GuardOptions): GuardVerdict {
  if (!isAllowedHost(request.host, options.listenHost)) return { ok: false, status: 403, reason: 'foreign host' };
  if (request.origin !== undefined && request.origin.toLowerCase() !== `http://${(request.host ?? '').trim().toLowerCase()}`) {
    return { ok: false, status: 403, reason: 'foreign origin' };
  }
  const pathname = request.url.split(/[?#]/, 1)[0] ?? '';
  const match = /^\/([^/]*)(\/.*)?$/.exec(pathname);
  if (!match || !sameSecret(match[1] ?? '', options.token)) return { ok: false, status: 401, reason: 'no token' };
  if (request.method !== 'GET' && request.method !== 'HEAD') return { ok: false, status: 405, reason: 'method' };
  const rest = match[2];
  if (rest === undefined) return { ok: true, path: '', redirect: true };
  return { ok: true, path: rest.slice(1), redirect: false };
}
