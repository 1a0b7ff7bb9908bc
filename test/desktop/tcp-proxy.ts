/**
 * A TCP proxy in front of a server, to lose connections for real: `cut()` destroys every open connection, and
 * while `down` new connections are accepted and closed at once (the server seems gone), until `up()`. With
 * `latencyMs` every byte the server sends reaches the client that much later (a slow link, or a loaded
 * machine), in order.
 */
import { createConnection, createServer, type Socket } from 'node:net';

export interface TcpProxy {
  readonly port: number;
  cut(): void;
  down(): void;
  up(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(targetPort: number, options: { host?: string; latencyMs?: number } = {}): Promise<TcpProxy> {
  const { host: targetHost = '127.0.0.1', latencyMs = 0 } = options;
  const sockets = new Set<Socket>();
  let refusing = false;
  const server = createServer((client) => {
    if (refusing) {
      client.destroy();
      return;
    }
    const upstream = createConnection(targetPort, targetHost);
    sockets.add(client);
    sockets.add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream);
    if (latencyMs > 0) upstream.on('data', (chunk: Buffer) => setTimeout(() => client.writable && client.write(chunk), latencyMs));
    else upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  const cut = () => {
    for (const socket of sockets) socket.destroy();
    sockets.clear();
  };
  return {
    port,
    cut,
    down() {
      refusing = true;
      cut();
    },
    up() {
      refusing = false;
    },
    close: () =>
      new Promise((resolve) => {
        cut();
        server.close(() => resolve());
      }),
  };
}
