/**
 * The devnet's tiny HTTP framework: route definitions, the request/response values handlers see,
 * and path matching. Handlers are plain functions from a parsed request to a response value, so route
 * files (content routes here, chain routes in devnet/routes/chain) never touch node:http.
 */
import type { DevnetNode } from '../node.js';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface DevnetRequest {
  method: string;
  /** Path without the `/v1` prefix and without the query string, e.g. `/bytes/ab…`. */
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  /** Lower-case header names. */
  headers: Record<string, string | undefined>;
  body(): Promise<Uint8Array>;
  /** True when the request came in under `/v1` (redirects keep the prefix). */
  versioned?: boolean;
}

export interface DevnetResponse {
  status: number;
  /** Serialised as `application/json; charset=utf-8` (Bee's jsonhttp content type). */
  json?: unknown;
  body?: Uint8Array | AsyncIterable<Uint8Array>;
  headers?: Record<string, string>;
  /** Close the connection without answering, as Go's net/http does when a handler panics. */
  hangUp?: boolean;
}

export interface RouteDef {
  method: HttpMethod;
  /** `:name` matches one segment; a final `*name` matches the rest of the path (possibly empty). */
  path: string;
  /** Bee mounts some routes only at the root (bee-api.md §1); all others also answer under `/v1`. */
  rootOnly?: boolean;
  handle(req: DevnetRequest, node: DevnetNode): Promise<DevnetResponse> | DevnetResponse;
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK', 201: 'Created', 202: 'Accepted', 204: 'No Content', 400: 'Bad Request', 401: 'Unauthorized',
  402: 'Payment Required', 403: 'Forbidden', 404: 'Not Found', 405: 'Method Not Allowed', 409: 'Conflict',
  413: 'Request Entity Too Large', 416: 'Requested Range Not Satisfiable', 422: 'Unprocessable Entity',
  429: 'Too Many Requests', 500: 'Internal Server Error', 502: 'Bad Gateway', 503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** Bee's standard text for a status code, used when a handler has no more specific message. */
export function statusText(status: number): string {
  return STATUS_TEXT[status] ?? 'Unknown';
}

/** Bee's error body: `{code, message}` (pkg/jsonhttp). */
export function beeError(status: number, message: string = statusText(status)): DevnetResponse {
  return { status, json: { code: status, message } };
}

export function beeJson(status: number, json: unknown, headers?: Record<string, string>): DevnetResponse {
  return headers === undefined ? { status, json } : { status, json, headers };
}

interface CompiledRoute {
  def: RouteDef;
  segments: string[];
  literalCount: number;
  rest: string | undefined;
}

export type RouteMatch =
  | { kind: 'found'; route: RouteDef; params: Record<string, string> }
  | { kind: 'methodNotAllowed' }
  | { kind: 'notFound' };

/**
 * Matches a path against the route table. When several patterns match (`/stamps/topup/:id/:amount` vs
 * `/stamps/:amount/:depth`), the one with more literal segments wins, which is how Bee's mux behaves for
 * the routes it registers.
 */
export class Router {
  private readonly routes: CompiledRoute[];

  constructor(defs: readonly RouteDef[]) {
    this.routes = defs.map(compile);
  }

  /** `versioned` is true when the request came in under `/v1`, where root-only routes do not exist. */
  match(method: string, path: string, versioned: boolean): RouteMatch {
    const parts = splitPath(path);
    let best: { route: CompiledRoute; params: Record<string, string> } | undefined;
    let pathMatched = false;
    for (const route of this.routes) {
      if (versioned && route.def.rootOnly === true) continue;
      const params = matchSegments(route, parts);
      if (params === undefined) continue;
      pathMatched = true;
      if (route.def.method !== method) continue;
      if (best === undefined || route.literalCount > best.route.literalCount) best = { route, params };
    }
    if (best !== undefined) return { kind: 'found', route: best.route.def, params: best.params };
    return pathMatched ? { kind: 'methodNotAllowed' } : { kind: 'notFound' };
  }

  /** Methods registered for a path, for CORS preflight answers. */
  methodsFor(path: string, versioned: boolean): HttpMethod[] {
    const parts = splitPath(path);
    return this.routes
      .filter((r) => !(versioned && r.def.rootOnly === true) && matchSegments(r, parts) !== undefined)
      .map((r) => r.def.method);
  }
}

function compile(def: RouteDef): CompiledRoute {
  const segments = splitPath(def.path);
  const last = segments[segments.length - 1];
  const rest = last?.startsWith('*') === true ? last.slice(1) : undefined;
  if (rest !== undefined) segments.pop();
  const literalCount = segments.filter((s) => !s.startsWith(':')).length;
  return { def, segments, literalCount, rest };
}

/** `/a/b/` splits to ['a', 'b', ''] so a trailing slash stays distinguishable (Bee's /bzz/{ref} vs /bzz/{ref}/). */
function splitPath(path: string): string[] {
  const trimmed = path.startsWith('/') ? path.slice(1) : path;
  return trimmed === '' ? [] : trimmed.split('/');
}

function matchSegments(route: CompiledRoute, parts: string[]): Record<string, string> | undefined {
  const { segments, rest } = route;
  if (rest === undefined ? parts.length !== segments.length : parts.length <= segments.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const pattern = segments[i]!;
    const part = parts[i]!;
    if (pattern.startsWith(':')) {
      if (part === '') return undefined;
      params[pattern.slice(1)] = safeDecode(part);
    } else if (pattern !== part) {
      return undefined;
    }
  }
  if (rest !== undefined) params[rest] = parts.slice(segments.length).map(safeDecode).join('/');
  return params;
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
