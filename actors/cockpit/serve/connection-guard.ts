/**
 * What `cockpit --serve` lets a connection hold, so that neither silence nor numbers can take it away from the
 * operator's window (most of all with `--serve 0.0.0.0:PORT`, where anyone on the network may connect):
 *
 * - a connection must finish a request head within `headerTimeoutMs` of connecting (a socket that never sends a
 *   byte, or trickles its head, is closed), and a whole request within `requestTimeoutMs` (a slow POST);
 * - an idle keep-alive connection is closed after `keepAliveMs`; a bridge WebSocket is pinged every
 *   `pingIntervalMs` and closed when the last ping got no pong (a sleeping laptop, a dropped tunnel);
 * - at most `maxConnections` sockets are open. A new one past the limit first evicts the oldest connection that
 *   has not finished a request head (a silent one): a real window always gets in while silent sockets are all
 *   that fill the slots. Only when every slot holds a real request or a window is the newcomer closed.
 * - at most `maxBridgeSessions` bridge WebSockets (windows, 8) at once; the next is refused with 503. With
 *   bridge-session.ts's drop window (4 drops of 8 chunks of 256 KiB a window), what windows can make the cockpit
 *   hold in memory is bounded (about 80 MiB at worst).
 *
 * The limits are sized for a window and its reconnects: a browser opens up to 6 connections per host for the
 * page and its assets, plus the bridge socket, and a reconnecting window may leave a half-open socket behind for
 * up to one ping interval: 64 sockets hold several windows reloading at once.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

export interface ServeLimits {
  readonly maxConnections: number;
  readonly maxBridgeSessions: number;
  readonly headerTimeoutMs: number;
  readonly requestTimeoutMs: number;
  readonly keepAliveMs: number;
  readonly pingIntervalMs: number;
}

export const SERVE_LIMITS: ServeLimits = {
  maxConnections: 64,
  maxBridgeSessions: 8,
  headerTimeoutMs: 10_000,
  requestTimeoutMs: 15_000,
  keepAliveMs: 5_000,
  pingIntervalMs: 30_000,
};

/** The options of node:http's createServer that enforce the head, request and keep-alive limits. */
export function httpServerTimeouts(limits: ServeLimits) {
  return {
    headersTimeout: limits.headerTimeoutMs,
    // node:http wants the whole request's limit at least the head's.
    requestTimeout: Math.max(limits.requestTimeoutMs, limits.headerTimeoutMs),
    keepAliveTimeout: limits.keepAliveMs,
    // node:http looks for overdue heads and requests this often (default 30 s, far longer than the limits).
    connectionsCheckingInterval: Math.max(100, Math.min(1_000, limits.headerTimeoutMs / 4)),
  };
}

export interface ConnectionGuard {
  /** A request head arrived on `socket`: it is no longer silent. */
  headed(socket: Socket): void;
  /** Sockets open now. */
  open(): number;
  /** Connections closed for silence or for the limit so far. */
  readonly evicted: number;
}

export function guardConnections(server: Server, limits: ServeLimits): ConnectionGuard {
  const open = new Set<Socket>();
  /** Connected, no request head yet: oldest first (a Set keeps insertion order). */
  const silent = new Set<Socket>();
  let evicted = 0;
  server.on('connection', (socket: Socket) => {
    if (open.size >= limits.maxConnections) {
      const oldest = silent.values().next().value;
      if (oldest === undefined) {
        evicted += 1;
        socket.destroy();
        return;
      }
      evicted += 1;
      oldest.destroy();
      silent.delete(oldest);
      open.delete(oldest);
    }
    open.add(socket);
    silent.add(socket);
    const connectedAt = Date.now();
    // Until its first request head: then node:http's own request and keep-alive timeouts take over.
    const onSilence = () => {
      if (!silent.has(socket)) return;
      silent.delete(socket);
      evicted += 1;
      socket.destroy();
    };
    socket.setTimeout(limits.headerTimeoutMs, onSilence);
    socket.once('close', () => {
      // node:http's own head timeout (checked every connectionsCheckingInterval) can close a silent socket a moment
      // before this guard's timer does: still an eviction for silence, counted once.
      if (silent.has(socket) && Date.now() - connectedAt >= limits.headerTimeoutMs) evicted += 1;
      open.delete(socket);
      silent.delete(socket);
    });
  });
  return {
    headed(socket) {
      if (!silent.delete(socket)) return;
      socket.setTimeout(0);
    },
    open: () => open.size,
    get evicted() {
      return evicted;
    },
  };
}
