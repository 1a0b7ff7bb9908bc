/**
 * One simulated Bee's HTTP server. The request pipeline, in order:
 *   `/_devnet/*` control routes (never faulted, never authenticated, never under /v1)
 *   → added latency (slow fault) → CORS headers → preflight → startup gating (503) → bearer auth (401)
 *   → injected 500s → route dispatch (`/x` and `/v1/x`, root-only exceptions) → access log line.
 * "Down" keeps the listener: the control plane answers on every node's own port whatever its faults (a down
 * node is healed through its own port too), so a down node's port stays open and every other request on it
 * gets a TCP reset and no answer (ECONNRESET: a client sees no node), in-flight ones included.
 * WebSocket upgrades (PSS/GSOC subscriptions) pass the same gates in devnet/messaging; closing the server
 * closes their sockets too. Other upgrades (h2c) are served as ordinary requests, as Bee does.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { serveIgnoringUpgrade } from '../messaging/plain-upgrade.js';
import { isWebSocketUpgrade, WebSocketEndpoints } from '../messaging/websocket-upgrade.js';
import type { DevnetNode } from '../node.js';
import { controlCorsHeaders, corsHeaders } from './cors.js';
import { closeServer, listenOnLoopback } from './loopback.js';
import { writeResponse } from './respond.js';
import { beeError, type DevnetRequest, type DevnetResponse, type Router } from './router.js';

/** Handles `/_devnet/*`; returns undefined for paths it does not know. */
export type ControlHandler = (req: DevnetRequest) => Promise<DevnetResponse | undefined>;

/** Root-only routes stay reachable during startup gating and without a token (Bee's technical group). */
const UNGATED_PATHS = new Set(['/health', '/readiness', '/node', '/addresses', '/chainstate', '/loggers', '/metrics', '/']);

export class NodeServer {
  private readonly server: Server;
  private port = 0;
  /** The node's PSS/GSOC WebSocket subscriptions. */
  readonly websockets: WebSocketEndpoints;

  constructor(
    private readonly node: DevnetNode,
    private readonly router: Router,
    private readonly control: ControlHandler,
  ) {
    this.server = createServer({ keepAlive: true }, (req, res) => {
      void this.handle(req, res);
    });
    // Bee v2.8.1's API server keeps idle connections 30 s (pkg/node/node.go: IdleTimeout 30 s), so a client
    // polling every 10 or 15 s reuses its sockets; the devnet does the same.
    this.server.keepAliveTimeout = 30_000;
    this.websockets = new WebSocketEndpoints(node);
    this.server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      if (isWebSocketUpgrade(req)) void this.websockets.handleUpgrade(req, socket, head);
      else void serveIgnoringUpgrade(this.server, req, socket, head);
    });
  }

  get listening(): boolean {
    return this.server.listening;
  }

  /** Listens on 127.0.0.1; port 0 picks a free port. Resolves to the bound port. */
  async listen(port: number): Promise<number> {
    this.port = await listenOnLoopback(this.server, port);
    return this.port;
  }

  /** Closes the listener and every open connection and WebSocket (the devnet stops). */
  async close(): Promise<void> {
    await Promise.all([this.websockets.closeAll(), closeServer(this.server)]);
  }

  /**
   * The `down` fault was just set: subscriptions close (1001) and idle keep-alive sockets go, so a client's
   * next request opens a connection that is reset. Requests still in flight are reset when their answer is
   * ready (handle). The listener stays for the control plane.
   */
  async goneDown(): Promise<void> {
    await this.websockets.closeAll();
    this.server.closeIdleConnections();
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    const rawUrl = req.url ?? '/';
    if (this.isDownFor(rawUrl)) return this.refuse(req);
    let status = 500;
    let size = 0;
    let refused = false;
    try {
      const response = await this.dispatch(req, rawUrl);
      // Down while this request was in flight: it dies with the node, unanswered and unlogged.
      if (this.isDownFor(rawUrl)) {
        refused = true;
        return this.refuse(req);
      }
      status = response.response.status;
      if (response.response.hangUp === true) {
        this.node.log.error('node/api', 'http: panic serving request: handler crashed', { uri: rawUrl });
        res.destroy();
        return;
      }
      size = await writeResponse(res, response.response, req.method === 'HEAD', response.extraHeaders);
    } catch (error) {
      this.node.log.error('node/api', 'request failed', { uri: rawUrl, error: String(error) });
      if (!res.headersSent) size = await writeResponse(res, beeError(500), false, {});
      else res.destroy();
    } finally {
      // Bee suppresses the access line of /metrics scrapes (httpaccess.NewHTTPAccessSuppressLogHandler).
      if (!refused && !isControlPath(rawUrl) && !isMetricsScrape(rawUrl)) {
        // Bee logs a failed handler at error level besides the (debug) access line.
        if (status >= 500 && status !== 503) this.node.log.error('node/api', 'api request failed', { method: req.method ?? '', uri: rawUrl, status });
        this.node.log.access({
          ip: req.socket.remoteAddress ?? '',
          method: req.method ?? '',
          uri: rawUrl,
          status,
          size,
          durationMs: performance.now() - started,
          ...(req.headers['user-agent'] !== undefined ? { userAgent: req.headers['user-agent'] } : {}),
        });
      }
    }
  }

  /** A request the down fault swallows: anything but the control plane, while the node is down. */
  private isDownFor(rawUrl: string): boolean {
    return this.node.faults.down && !isControlPath(rawUrl);
  }

  /** No answer and no log line: a TCP reset, as close to a refused connection as an open port allows. */
  private refuse(req: IncomingMessage): void {
    req.socket.resetAndDestroy();
  }

  private async dispatch(req: IncomingMessage, rawUrl: string): Promise<{ response: DevnetResponse; extraHeaders: Record<string, string> }> {
    const url = new URL(rawUrl, 'http://127.0.0.1');
    const method = req.method ?? 'GET';
    const origin = headerValue(req, 'origin');
    const faults = this.node.faults;

    if (isControlPath(url.pathname)) {
      const cors = controlCorsHeaders(origin);
      if (method === 'OPTIONS') return { response: { status: 204 }, extraHeaders: cors };
      const answer = await this.control(toDevnetRequest(req, url.pathname, url, {}));
      return { response: answer ?? beeError(404), extraHeaders: cors };
    }

    if (faults.latencyMs > 0) await sleep(faults.latencyMs);

    const versioned = url.pathname === '/v1' || url.pathname.startsWith('/v1/');
    const path = versioned ? url.pathname.slice(3) || '/' : url.pathname;
    const cors = corsHeaders(origin, faults.corsOrigins);

    if (method === 'OPTIONS') {
      const methods = this.router.methodsFor(path, versioned);
      if (methods.length === 0) return { response: beeError(404), extraHeaders: cors };
      return { response: { status: 204, headers: { allow: [...new Set(methods)].sort().join(', ') } }, extraHeaders: cors };
    }

    const ungated = !versioned && UNGATED_PATHS.has(path);
    if (faults.startingUp && !ungated) {
      return { response: beeError(503, 'Node is syncing. This endpoint is unavailable. Try again later.'), extraHeaders: cors };
    }
    if (faults.authToken !== null && !ungated && headerValue(req, 'authorization') !== `Bearer ${faults.authToken}`) {
      return { response: beeError(401, 'Unauthorized'), extraHeaders: cors };
    }
    if (faults.error500) return { response: beeError(500, 'Internal Server Error'), extraHeaders: cors };

    const match = this.router.match(method, path, versioned);
    if (match.kind === 'notFound') return { response: beeError(404), extraHeaders: cors };
    if (match.kind === 'methodNotAllowed') return { response: beeError(405), extraHeaders: cors };
    const response = await match.route.handle({ ...toDevnetRequest(req, path, url, match.params), versioned }, this.node);
    return { response, extraHeaders: cors };
  }
}

/** `/_devnet` and below (a query string or fragment after it included): the control plane. */
function isControlPath(path: string): boolean {
  return path === '/_devnet' || path.startsWith('/_devnet/') || path.startsWith('/_devnet?');
}

function toDevnetRequest(req: IncomingMessage, path: string, url: URL, params: Record<string, string>): DevnetRequest {
  const headers: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(req.headers)) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  let cached: Promise<Uint8Array> | undefined;
  return {
    method: req.method ?? 'GET',
    path,
    params,
    query: url.searchParams,
    headers,
    body: () => (cached ??= readBody(req)),
  };
}

async function readBody(req: IncomingMessage): Promise<Uint8Array> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  const joined = Buffer.concat(parts);
  return new Uint8Array(joined.buffer, joined.byteOffset, joined.length);
}

function isMetricsScrape(rawUrl: string): boolean {
  return rawUrl === '/metrics' || rawUrl.startsWith('/metrics?');
}

function headerValue(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
