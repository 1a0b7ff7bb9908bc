/**
 * A loopback stand-in for a public Swarm gateway, for retcheck's gateway probes. It stores nothing: it
 * answers HEAD/GET /bzz/{ref}/{path} from the simulated network (every reachable node's reserve).
 * 200 when every chunk of the reference is retrievable and the path resolves; 404 otherwise. A reference
 * that is not a manifest is served as raw bytes (a real gateway would 404; the devnet is lenient so plain
 * /bytes uploads can be probed too). Faults: down (connection refused), latency, 500s.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { resolveBzzPath } from '../content/manifest-serve.js';
import { readAll } from '../content/joiner.js';
import { traverseReference } from '../content/traversal.js';
import type { SimNetwork } from '../network/sim-network.js';
import { closeServer, listenOnLoopback } from '../http/loopback.js';
import { sleep } from '../http/node-server.js';
import { JSON_CONTENT_TYPE } from '../http/respond.js';

export interface GatewayFaults {
  down: boolean;
  latencyMs: number;
  error500: boolean;
}

export class GatewayServer {
  readonly faults: GatewayFaults = { down: false, latencyMs: 0, error500: false };
  private readonly server: Server;
  private port = 0;

  constructor(
    readonly index: number,
    private readonly network: SimNetwork,
  ) {
    this.server = createServer({ keepAlive: true }, (req, res) => {
      void this.handle(req, res).catch(() => res.destroy());
    });
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async listen(port: number): Promise<number> {
    this.port = await listenOnLoopback(this.server, port);
    return this.port;
  }

  close(): Promise<void> {
    return closeServer(this.server);
  }

  async setFault(patch: Partial<GatewayFaults>): Promise<void> {
    Object.assign(this.faults, patch);
    if (patch.down === true) await this.close();
    if (patch.down === false && !this.server.listening) await this.listen(this.port);
  }

  /** Every fault off, the gateway listening on its port again, as a node's heal does. */
  heal(): Promise<void> {
    return this.setFault({ down: false, latencyMs: 0, error500: false });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (this.faults.latencyMs > 0) await sleep(this.faults.latencyMs);
    const cors = { 'access-control-allow-origin': '*' };
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const match = /^\/bzz\/([0-9a-fA-F]{64})\/(.*)$/.exec(url.pathname);
    const isHead = req.method === 'HEAD';
    const send = (status: number, headers: Record<string, string>, body: Uint8Array): void => {
      res.writeHead(status, { ...cors, ...headers, 'content-length': String(body.length) });
      res.end(isHead ? undefined : body);
    };
    const json = (status: number, message: string): void =>
      send(status, { 'content-type': JSON_CONTENT_TYPE }, new TextEncoder().encode(`${JSON.stringify({ code: status, message })}\n`));

    if (this.faults.error500) return json(500, 'Internal Server Error');
    if (req.method !== 'GET' && !isHead) return json(405, 'Method Not Allowed');
    if (match === null) return json(404, 'Not Found');
    const reference = match[1]!.toLowerCase();
    const path = decodeURIComponent(match[2]!);
    const source = (address: string): Uint8Array | undefined => this.network.retrieveFromNetwork(address);
    const walk = traverseReference(source, reference);
    if (walk.missing.length > 0 || walk.invalid.length > 0) return json(404, 'Not Found');
    const decision = await resolveBzzPath(source, reference, path);
    // Not a manifest: serve the raw content (devnet leniency, see the file comment).
    if (decision.kind === 'notManifest') return send(200, { 'content-type': 'application/octet-stream' }, readAll(source, reference));
    if (decision.kind === 'notFound') return json(404, decision.message);
    if (decision.kind === 'redirect') {
      res.writeHead(308, { ...cors, location: `/bzz/${reference}/${decision.path}` });
      res.end();
      return;
    }
    const contentType = decision.metadata['Content-Type'] ?? 'application/octet-stream';
    send(200, { 'content-type': contentType }, readAll(decision.source, decision.referenceHex));
  }
}
