/**
 * `--inspect` with no address: the bridge of `@statelyai/inspect/server` (createInspectorServer), on loopback,
 * without opening a browser. It serves one page (the Stately inspector from stately.ai in a frame) and relays
 * what the cockpit sends over WebSocket to every page that connects.
 *
 * The package's server takes a port only: it listens on every interface, and with port 0 its page would name
 * port 0. So a free loopback port is found first, and while createInspectorServer runs (synchronously) the HTTP
 * server it creates is caught, to listen on 127.0.0.1 only and to be watched: a listen error is an error here
 * (not an unhandled event), each page that connects is reported (`onPage`: the bridge replays only its last 200
 * messages, so the caller announces the system again), and stop() ends the pages' sockets as well (the package's
 * stop leaves them open, and they would hold the process). One place to revisit if the package changes; the
 * bridge test (actors/inspection/live-inspection.test.ts) fails if it ever listens beyond loopback.
 */
import http from 'node:http';
import { createServer, type AddressInfo, type Socket } from 'node:net';

export const BRIDGE_HOST = '127.0.0.1';

export interface InspectorBridge {
  /** The page to open in a browser. */
  readonly page: string;
  /** Where the cockpit sends its events. */
  readonly url: string;
  /** Called for each WebSocket that connects after the first (the first is the cockpit's own). */
  onPage(listener: () => void): void;
  /** Settles when a page has connected (at once if one has). */
  pageOpen(): Promise<void>;
  stop(): Promise<void>;
}

async function freeLoopbackPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => probe.once('error', reject).listen(0, BRIDGE_HOST, resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export async function startInspectorBridge(): Promise<InspectorBridge> {
  const { createInspectorServer } = await import('@statelyai/inspect/server');
  const port = await freeLoopbackPort();
  const original = http.createServer;
  let server: http.Server | undefined;
  http.createServer = ((...args: Parameters<typeof http.createServer>) => {
    const created = original(...args);
    const listen = created.listen;
    const onLoopback = listen as (this: http.Server, port: number, host: string, listening: () => void) => http.Server;
    created.listen = ((...listenArgs: unknown[]) => onLoopback.call(created, listenArgs[0] as number, BRIDGE_HOST, listenArgs.at(-1) as () => void)) as typeof created.listen;
    server = created;
    return created;
  }) as typeof http.createServer;
  let bridge: { stop(): void };
  try {
    bridge = createInspectorServer({ port, autoOpen: false });
  } finally {
    http.createServer = original;
  }
  if (!server) {
    bridge.stop();
    throw new Error('the @statelyai/inspect bridge did not create its server through node:http (package changed?)');
  }
  const caught = server;
  const sockets = new Set<Socket>();
  caught.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    if (caught.listening) return resolve();
    caught.once('listening', resolve);
    caught.once('error', reject);
  });
  caught.on('error', () => {}); // after listening, errors belong to single sockets
  const pageListeners: (() => void)[] = [];
  let upgrades = 0;
  // After the package's own upgrade handler: the page's socket is open by the time the listeners run.
  caught.on('upgrade', () => {
    if (++upgrades > 1) setImmediate(() => pageListeners.forEach((listener) => listener()));
  });
  return {
    page: `http://${BRIDGE_HOST}:${port}/`,
    url: `ws://${BRIDGE_HOST}:${port}`,
    onPage: (listener) => void pageListeners.push(listener),
    pageOpen: () => (upgrades > 1 ? Promise.resolve() : new Promise<void>((resolve) => pageListeners.push(resolve))),
    async stop() {
      bridge.stop();
      // end, not destroy: what was relayed last still reaches the page; a page that does not close is cut after 1 s.
      for (const socket of sockets) socket.end();
      const cut = setTimeout(() => sockets.forEach((socket) => socket.destroy()), 1_000);
      await new Promise((resolve) => caught.close(resolve));
      clearTimeout(cut);
    },
  };
}
