/**
 * The WebSocket side of a devnet node: GET /pss/subscribe/{topic} and GET /gsoc/subscribe/{address}
 * arrive as HTTP upgrades (the node server's 'upgrade' event) and pass the same gates as ordinary requests,
 * in the same order: `down` (the socket is dropped, as a closed listener would), added latency, startup
 * gating (503), bearer auth (401), error500 (500), then the path (404, 405, 400 for a bad address) and,
 * as Bee's gorilla upgrader does, the Origin check (403 unless absent, on the CORS allow-list, `*`, or the
 * node's own http://host). A rejected upgrade gets its status with Bee's JSON body and the socket closes.
 *
 * An accepted socket is registered as a subscription, pinged every `pingIntervalMs` (Bee's WsPingPeriod is
 * 60 s) and closed (1001) when the node server closes: on `down` and on devnet stop().
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { bytesToHex } from '../../core/swarm/bytes.js';
import { topicFromString } from '../../core/swarm/feeds.js';
import { corsHeaders, isOriginAllowed } from '../http/cors.js';
import { beeError, statusText, type DevnetResponse } from '../http/router.js';
import type { DevnetNode } from '../node.js';
import { ParamError, referenceParam } from '../routes/params.js';
import type { UploadPlan } from '../content/upload.js';
import { CHUNK_STREAM_PATH, decideChunkStream, serveChunkStream, type ChunkStreamDecision } from './chunk-stream.js';
import { watchSocArrivals } from './gsoc.js';
import { subscriptionsOf, type SubscriptionKind } from './subscriptions.js';

export const DEFAULT_PING_INTERVAL_MS = 60_000;
/** How long a closing socket may take to answer the close frame before it is cut. */
const CLOSE_GRACE_MS = 250;

export function isWebSocketUpgrade(req: IncomingMessage): boolean {
  return (req.headers.upgrade ?? '').toLowerCase() === 'websocket';
}

type Decision =
  | { kind: 'drop' }
  | { kind: 'reject'; response: DevnetResponse; cors: Record<string, string> }
  | { kind: 'accept'; subscription: { kind: SubscriptionKind; key: string } }
  | { kind: 'stream'; plan: UploadPlan | undefined };

export class WebSocketEndpoints {
  /** Milliseconds between server pings on each open socket. */
  pingIntervalMs = DEFAULT_PING_INTERVAL_MS;
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  private readonly sockets = new Set<WebSocket>();
  private readonly pending = new Set<Duplex>();

  constructor(private readonly node: DevnetNode) {}

  get openSockets(): number {
    return this.sockets.size;
  }

  async handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const started = performance.now();
    this.pending.add(socket);
    socket.on('error', () => socket.destroy());
    let status = 500;
    let answered = true;
    try {
      const decision = await this.decide(req);
      if (decision.kind === 'drop' || socket.destroyed) {
        // A down node answers nothing at all, and logs nothing, like a refused connection.
        answered = false;
        socket.destroy();
        return;
      }
      if (decision.kind === 'reject') {
        status = decision.response.status;
        writeRejection(socket, decision.response, decision.cors);
        return;
      }
      status = 101;
      this.wss.handleUpgrade(req, socket, head, (ws) => (decision.kind === 'stream' ? this.acceptStream(ws, decision.plan) : this.accept(ws, decision.subscription)));
    } catch (error) {
      this.node.log.error('node/api', 'websocket upgrade failed', { uri: req.url ?? '', error: String(error) });
      writeRejection(socket, beeError(500, 'upgrade failed'), {});
    } finally {
      this.pending.delete(socket);
      if (answered) this.logAccess(req, status, started);
    }
  }

  private logAccess(req: IncomingMessage, status: number, started: number): void {
    this.node.log.access({
      ip: req.socket.remoteAddress ?? '',
      method: req.method ?? '',
      uri: req.url ?? '',
      status,
      size: 0,
      durationMs: performance.now() - started,
      ...(req.headers['user-agent'] !== undefined ? { userAgent: req.headers['user-agent'] } : {}),
    });
  }

  /** Closes every socket with 1001 (going away), cutting those that do not answer within a short grace. */
  async closeAll(): Promise<void> {
    for (const socket of this.pending) socket.destroy();
    this.pending.clear();
    await Promise.all([...this.sockets].map((ws) => closeSocket(ws)));
  }

  private async decide(req: IncomingMessage): Promise<Decision> {
    const faults = this.node.faults;
    if (faults.down) return { kind: 'drop' };
    if (faults.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, faults.latencyMs));
    if (faults.down) return { kind: 'drop' };
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const versioned = url.pathname === '/v1' || url.pathname.startsWith('/v1/');
    const path = versioned ? url.pathname.slice(3) || '/' : url.pathname;
    const origin = headerValue(req, 'origin');
    const cors = corsHeaders(origin, faults.corsOrigins);
    const reject = (response: DevnetResponse): Decision => ({ kind: 'reject', response, cors });

    if (faults.startingUp) return reject(beeError(503, 'Node is syncing. This endpoint is unavailable. Try again later.'));
    if (faults.authToken !== null && headerValue(req, 'authorization') !== `Bearer ${faults.authToken}`) {
      return reject(beeError(401, 'Unauthorized'));
    }
    if (faults.error500) return reject(beeError(500, 'Internal Server Error'));
    let subscription: { kind: SubscriptionKind; key: string } | undefined;
    let stream: Extract<ChunkStreamDecision, { kind: 'accept' }> | undefined;
    try {
      subscription = subscriptionFor(path);
    } catch (error) {
      if (error instanceof ParamError) return reject(error.response);
      throw error;
    }
    if (subscription === undefined && path !== CHUNK_STREAM_PATH) return reject(beeError(404));
    if (req.method !== 'GET') return reject(beeError(405));
    if (subscription === undefined) {
      // Bee checks the stream's tag and batch before it upgrades.
      const decided = decideChunkStream(this.node, { headers: flatHeaders(req), query: url.searchParams });
      if (decided.kind === 'reject') return reject(decided.response);
      stream = decided;
    }
    // What ws would refuse on its own; checked here so the access log shows the real answer.
    if (!/^[+/0-9A-Za-z]{22}==$/.test(headerValue(req, 'sec-websocket-key') ?? '') || headerValue(req, 'sec-websocket-version') !== '13') {
      return reject(beeError(400, 'websocket: not a websocket handshake'));
    }
    if (!websocketOriginAllowed(origin, faults.corsOrigins, headerValue(req, 'host'))) {
      return reject(beeError(403, 'websocket: request origin not allowed'));
    }
    if (stream !== undefined) return { kind: 'stream', plan: stream.plan };
    return { kind: 'accept', subscription: subscription! };
  }

  /** An upload stream (chunk-stream.ts): kept and pinged like a subscription, registered with none. */
  private acceptStream(ws: WebSocket, plan: UploadPlan | undefined): void {
    this.keep(ws, () => undefined);
    serveChunkStream(this.node, ws, plan);
  }

  private accept(ws: WebSocket, subscription: { kind: SubscriptionKind; key: string }): void {
    const node = this.node;
    if (subscription.kind === 'gsoc') watchSocArrivals(node);
    subscriptionsOf(node.network).add({ node, kind: subscription.kind, key: subscription.key, socket: ws });
    this.keep(ws, () => node.log.debug(`node/${subscription.kind}`, 'subscriber gone', { key: subscription.key }));
    node.log.debug(`node/${subscription.kind}`, 'subscriber connected', { key: subscription.key });
  }

  /** Tracks an open socket until it closes (closeAll reaches it), pinging it every pingIntervalMs. */
  private keep(ws: WebSocket, onClose: () => void): void {
    this.sockets.add(ws);
    const ping = setInterval(() => {
      if (ws.readyState === ws.OPEN) ws.ping();
    }, this.pingIntervalMs);
    ping.unref();
    ws.on('error', () => ws.terminate());
    ws.on('close', () => {
      clearInterval(ping);
      this.sockets.delete(ws);
      onClose();
    });
  }
}

/** Maps a subscribe path to what it listens on; undefined when the path is no subscription endpoint. */
export function subscriptionFor(path: string): { kind: SubscriptionKind; key: string } | undefined {
  const match = /^\/(pss|gsoc)\/subscribe\/([^/]+)$/.exec(path);
  if (match === null) return undefined;
  const value = safeDecode(match[2]!);
  if (match[1] === 'pss') return { kind: 'pss', key: bytesToHex(topicFromString(value)) };
  return { kind: 'gsoc', key: referenceParam(value) };
}

/**
 * Bee's checkOrigin: no Origin header passes (non-browser clients), as does an origin on the allow-list
 * (case-insensitively, `*` for any) or the node's own `http://host`.
 */
export function websocketOriginAllowed(origin: string | undefined, allowList: readonly string[], host: string | undefined): boolean {
  if (origin === undefined) return true;
  const lower = origin.toLowerCase();
  if (isOriginAllowed(origin, allowList) || allowList.some((allowed) => allowed.toLowerCase() === lower)) return true;
  return host !== undefined && lower === `http://${host.toLowerCase()}`;
}

/** Node's request headers with one value each (lower-case names), as the devnet's request parsers take them. */
function flatHeaders(req: IncomingMessage): Record<string, string | undefined> {
  const flat: Record<string, string | undefined> = {};
  for (const name of Object.keys(req.headers)) flat[name] = headerValue(req, name);
  return flat;
}

function writeRejection(socket: Duplex, response: DevnetResponse, cors: Record<string, string>): void {
  if (socket.destroyed) return;
  const body = response.json === undefined ? '' : `${JSON.stringify(response.json)}\n`;
  const headers: Record<string, string> = {
    ...cors,
    ...(response.headers ?? {}),
    connection: 'close',
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
  };
  const head = [`HTTP/1.1 ${response.status} ${statusText(response.status)}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
  socket.once('finish', () => socket.destroy());
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
}

function closeSocket(ws: WebSocket): Promise<void> {
  return new Promise((resolve) => {
    if (ws.readyState === ws.CLOSED) return resolve();
    const timer = setTimeout(() => ws.terminate(), CLOSE_GRACE_MS);
    ws.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
    ws.close(1001, 'node shutting down');
  });
}

function headerValue(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
