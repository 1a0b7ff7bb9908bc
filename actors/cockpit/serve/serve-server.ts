/**
 * The HTTP and WebSocket server of `cockpit --serve`: the built renderer and its bridge, for one operator's
 * browser (or an SSH tunnel to it).
 *
 * Every request passes core/cockpit/bridge/request-guard.ts first (Host and Origin 403, token 401, method
 * 405); a refusal answers the status and a one-line text, nothing else, and never an Access-Control-* header.
 * Behind the token: `/<token>/` is the renderer's index.html, `/<token>/assets/...` its files (from memory,
 * gzipped when the browser takes it), `/<token>/bridge` the WebSocket (bridge-session.ts): one session per
 * socket, each with its own drop writer; several windows may be open at once.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { randomBytes } from 'node:crypto';
import { WebSocketServer, type WebSocket } from 'ws';
import { guardRequest } from '../../../core/cockpit/bridge/request-guard.js';
import { RENDERER_HEADERS } from '../../../core/cockpit/bridge/csp.js';
import { BRIDGE_SOCKET_PATH, DROP_CHUNK_BYTES } from '../../../core/cockpit/bridge/protocol.js';
import { listenUrl, type ListenAddress } from '../../../core/cockpit/listen-address.js';
import type { CockpitEngineHandle } from '../../../core/cockpit/view/engine.js';
import { createBridgeSession, type BridgeSession } from './bridge-session.js';
import { createDropLedger, createDropWriter, DEFAULT_DROP_QUOTA, DROP_DIR_PREFIX, type DropQuota, type DropWriter } from './drop-writer.js';
import { removeStaleTempDirs } from '../temp-dirs.js';
import { guardConnections, httpServerTimeouts, SERVE_LIMITS, type ServeLimits } from './connection-guard.js';
import type { RendererFiles } from './renderer-files.js';

export interface ServeServerOptions {
  readonly listen: ListenAddress;
  readonly engine: Pick<CockpitEngineHandle, 'getView' | 'subscribe' | 'send'>;
  readonly files: RendererFiles;
  /** Default: 32 random bytes as hex. */
  readonly token?: string;
  /** Where dropped files are written (default the OS temp directory). */
  readonly dropRoot?: string;
  /** Connection limits and timeouts (connection-guard.ts); tests shorten them. */
  readonly limits?: Partial<ServeLimits>;
  /** Drop quotas (`[serve]` in config.toml); default 1 GiB a drop, 10,000 files, 4 GiB kept at once. */
  readonly dropQuota?: DropQuota;
}

export interface ServeServer {
  /** `http://127.0.0.1:41234/<token>/`: the one URL to open. */
  readonly url: string;
  readonly port: number;
  /** Open bridge connections. */
  connections(): number;
  /** Open sockets (HTTP and bridge), and those closed for silence or past the limit so far. */
  sockets(): { open: number; evicted: number };
  /** Closes every socket and the listener, and removes every drop's files. */
  close(): Promise<void>;
}

/** A socket whose queue is over this many bytes is busy: views wait until it drains. */
const BUSY_BYTES = 1024 * 1024;

const STATUS_TEXT: Record<number, string> = {
  401: 'Unauthorized: open the URL cockpit --serve printed (it carries the token)\n',
  403: 'Forbidden\n',
  404: 'Not Found\n',
  405: 'Method Not Allowed\n',
  426: 'Upgrade Required: this is the cockpit bridge WebSocket\n',
  503: 'Service Unavailable: too many cockpit windows are open; close one\n',
};

function refuse(response: ServerResponse, status: number): void {
  const body = STATUS_TEXT[status] ?? '\n';
  // A refused client has no business keeping the connection (or sending the rest of a body): close it.
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'content-length': Buffer.byteLength(body), 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', connection: 'close' });
  response.end(body);
}

function refuseUpgrade(socket: Socket, status: number): void {
  const body = STATUS_TEXT[status] ?? '\n';
  socket.end(`HTTP/1.1 ${status} ${body.split(':')[0]!.trim()}\r\ncontent-type: text/plain; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
}

export async function startServeServer(options: ServeServerOptions): Promise<ServeServer> {
  const token = options.token ?? randomBytes(32).toString('hex');
  const guardOptions = { token, listenHost: options.listen.host };
  const sessions = new Map<WebSocket, { session: BridgeSession; drops: DropWriter }>();
  // Drops every window keeps share one quota; what crashed or killed cockpits left behind goes first.
  const dropLedger = createDropLedger(options.dropQuota ?? DEFAULT_DROP_QUOTA);
  await removeStaleTempDirs(DROP_DIR_PREFIX, options.dropRoot ? { parent: options.dropRoot } : {}).catch(() => undefined);
  const finishedDrops: DropWriter[] = [];

  const serveFile = (request: IncomingMessage, response: ServerResponse, path: string): void => {
    const file = options.files.get(path === '' ? 'index.html' : path);
    if (!file || path === BRIDGE_SOCKET_PATH) {
      refuse(response, path === BRIDGE_SOCKET_PATH ? 426 : 404);
      return;
    }
    const gzip = file.gzip !== null && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
    const body = gzip ? file.gzip! : file.body;
    response.writeHead(200, {
      ...RENDERER_HEADERS,
      'content-type': file.type,
      'content-length': body.length,
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
      vary: 'accept-encoding',
    });
    response.end(request.method === 'HEAD' ? undefined : body);
  };

  const limits: ServeLimits = { ...SERVE_LIMITS, ...options.limits };
  const server = createServer(httpServerTimeouts(limits), (request, response) => {
    guard.headed(request.socket);
    const verdict = guardRequest({ method: request.method ?? 'GET', url: request.url ?? '/', host: request.headers.host, origin: request.headers.origin }, guardOptions);
    if (!verdict.ok) {
      refuse(response, verdict.status);
      return;
    }
    if (verdict.redirect) {
      response.writeHead(308, { location: `/${token}/`, 'cache-control': 'no-store' }).end();
      return;
    }
    serveFile(request, response, verdict.path);
  });
  const guard = guardConnections(server, limits);

  const wss = new WebSocketServer({ noServer: true, maxPayload: DROP_CHUNK_BYTES + 64 * 1024, perMessageDeflate: false });
  server.on('upgrade', (request: IncomingMessage, socket: Socket, head: Buffer) => {
    guard.headed(socket);
    const verdict = guardRequest({ method: request.method ?? 'GET', url: request.url ?? '/', host: request.headers.host, origin: request.headers.origin }, guardOptions);
    if (!verdict.ok) {
      refuseUpgrade(socket, verdict.status);
      return;
    }
    if (verdict.path !== BRIDGE_SOCKET_PATH) {
      refuseUpgrade(socket, 404);
      return;
    }
    if (sessions.size >= limits.maxBridgeSessions) {
      refuseUpgrade(socket, 503);
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      const drops = createDropWriter({ ledger: dropLedger, ...(options.dropRoot ? { root: options.dropRoot } : {}) });
      const session = createBridgeSession({
        engine: options.engine,
        drops,
        greet: true,
        transport: {
          send: (message) => {
            if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
          },
          busy: () => ws.bufferedAmount > BUSY_BYTES,
          close: () => ws.terminate(),
        },
      });
      sessions.set(ws, { session, drops });
      // A window that stopped answering (a sleeping laptop, a dropped tunnel) is closed after one silent ping.
      let answered = true;
      ws.on('pong', () => (answered = true));
      const heartbeat = setInterval(() => {
        if (!answered) return void ws.terminate();
        answered = false;
        ws.ping();
      }, limits.pingIntervalMs);
      heartbeat.unref();
      ws.once('close', () => clearInterval(heartbeat));
      ws.on('message', (data, isBinary) => {
        const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
        if (isBinary) session.receiveBinary(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
        else session.receive(bytes.toString('utf8'));
      });
      ws.on('close', () => {
        sessions.delete(ws);
        // Finished drops outlive the socket (the palette may upload them later); unfinished ones go now.
        finishedDrops.push(drops);
        void session.close();
      });
      ws.on('error', () => ws.terminate());
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.listen.port, options.listen.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const shownHost = options.listen.host === '0.0.0.0' ? '127.0.0.1' : options.listen.host === '::' ? '::1' : options.listen.host;
  return {
    url: `${listenUrl({ host: shownHost, port })}/${token}/`,
    port,
    connections: () => sessions.size,
    sockets: () => ({ open: guard.open(), evicted: guard.evicted }),
    async close() {
      for (const [ws, { session, drops }] of sessions) {
        ws.terminate();
        await session.close();
        finishedDrops.push(drops);
      }
      sessions.clear();
      await new Promise<void>((resolve) => {
        wss.close(() => resolve());
      });
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await Promise.all(finishedDrops.map((drops) => drops.dispose(true)));
    },
  };
}
