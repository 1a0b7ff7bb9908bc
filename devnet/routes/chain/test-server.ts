/**
 * Test harness: serves `chainRoutes` for a set of NodeChains on real loopback HTTP servers (port 0),
 * using D1's Router for matching, so route tests do not depend on the full devnet start-up.
 * Handlers only read `node.chain`; the other DevnetNode fields are never touched by these routes.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Router, beeError, type DevnetRequest } from '../../http/router.js';
import type { DevnetNode } from '../../node.js';
import type { NodeChain } from '../../chain/node-chain.js';
import { chainRoutes } from './index.js';

export interface ServedNode {
  url: string;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => resolve(new Uint8Array(Buffer.concat(parts))));
    req.on('error', reject);
  });
}

export async function serveChainRoutes(chain: NodeChain): Promise<ServedNode> {
  const router = new Router(chainRoutes);
  const node = { index: chain.index, overlayHex: chain.overlayHex, chain } as unknown as DevnetNode;
  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const versioned = url.pathname.startsWith('/v1/');
      const path = versioned ? url.pathname.slice(3) : url.pathname;
      const match = router.match(req.method ?? 'GET', path, versioned);
      const headers: Record<string, string | undefined> = {};
      for (const [name, value] of Object.entries(req.headers)) headers[name] = Array.isArray(value) ? value.join(',') : value;
      const body = readBody(req);
      const request: DevnetRequest = {
        method: req.method ?? 'GET',
        path,
        params: match.kind === 'found' ? match.params : {},
        query: url.searchParams,
        headers,
        body: () => body,
      };
      const response =
        match.kind === 'found' ? await match.route.handle(request, node) : beeError(match.kind === 'notFound' ? 404 : 405);
      res.writeHead(response.status, { 'content-type': 'application/json; charset=utf-8', ...response.headers });
      res.end(response.json === undefined ? undefined : JSON.stringify(response.json));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
