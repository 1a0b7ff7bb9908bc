/**
 * The `GET /metrics` endpoint of `cockpit --serve-metrics`: a plain node:http server that renders the
 * exposition text at each scrape (core/cockpit/metrics.ts). `/` answers a one-line pointer; anything else 404.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { METRICS_CONTENT_TYPE } from '../../core/cockpit/metrics.js';
import { listenUrl, type ListenAddress } from '../../core/cockpit/listen-address.js';

export interface MetricsServer {
  /** `http://127.0.0.1:9464` with the port actually bound. */
  readonly url: string;
  close(): Promise<void>;
}

export async function startMetricsServer(address: ListenAddress, render: () => string): Promise<MetricsServer> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain' }).end('method not allowed\n');
      return;
    }
    if (path === '/metrics') {
      const body = render();
      response.writeHead(200, { 'content-type': METRICS_CONTENT_TYPE, 'content-length': Buffer.byteLength(body) });
      response.end(request.method === 'HEAD' ? undefined : body);
      return;
    }
    if (path === '/') {
      response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end('cockpit: metrics at /metrics\n');
      return;
    }
    response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(address.port, address.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const bound = server.address() as AddressInfo;
  return {
    url: listenUrl({ host: address.host, port: bound.port }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
