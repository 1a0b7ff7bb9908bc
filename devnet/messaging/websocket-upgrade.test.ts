/**
 * The gates WebSocket upgrades pass (auth, CORS origin, faults, paths), socket life cycle on down/stop,
 * pings, and the plain-HTTP side: subscribe without upgrade, preflight, h2c upgrades served normally.
 */
import { createServer, request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startDevnet, type StartedDevnet } from '../devnet.js';
import { openSubscriber, UpgradeRefused, upgradeStatus, websocketUrl } from './subscriber-client.js';
import { websocketOriginAllowed, WebSocketEndpoints } from './websocket-upgrade.js';

const TOKEN = 's3cret';
const ALLOWED = 'http://allowed.example';
let devnet: StartedDevnet;

beforeAll(async () => {
  devnet = await startDevnet({ nodes: 2, mineBlocks: false, pushDelayMs: 60_000, seed: 'ws-gates', token: TOKEN, corsOrigins: [ALLOWED] });
});
afterAll(() => devnet.stop());
beforeEach(async () => {
  for (let i = 0; i < devnet.nodes.length; i++) await devnet.control.node(i).heal();
});

const auth = { authorization: `Bearer ${TOKEN}` };
const pssUrl = (path = '/pss/subscribe/topic'): string => websocketUrl(devnet.nodes[0]!.url, path);

describe('upgrade gates', () => {
  it('needs the bearer token on a token devnet', async () => {
    expect(await upgradeStatus(pssUrl())).toBe(401);
    expect(await upgradeStatus(pssUrl(), { authorization: 'Bearer wrong' })).toBe(401);
    expect(await upgradeStatus(pssUrl(), auth)).toBe(101);
    expect(await upgradeStatus(pssUrl('/v1/pss/subscribe/topic'), auth)).toBe(101);
  });

  it('rejects a disallowed Origin with 403 and a JSON body; allowed, own-host and absent origins pass', async () => {
    const refused = await openSubscriber(pssUrl(), { ...auth, origin: 'http://evil.example' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(UpgradeRefused);
    expect((refused as UpgradeRefused).status).toBe(403);
    expect(JSON.parse((refused as UpgradeRefused).body)).toEqual({ code: 403, message: 'websocket: request origin not allowed' });
    expect(await upgradeStatus(pssUrl(), { ...auth, origin: ALLOWED })).toBe(101);
    expect(await upgradeStatus(pssUrl(), { ...auth, origin: devnet.nodes[0]!.url })).toBe(101);
    expect(await upgradeStatus(pssUrl(), auth)).toBe(101);
  });

  it('answers faults and bad paths like ordinary requests', async () => {
    await devnet.control.node(0).setFault({ startingUp: true });
    expect(await upgradeStatus(pssUrl(), auth)).toBe(503);
    await devnet.control.node(0).setFault({ startingUp: false, error500: true });
    expect(await upgradeStatus(pssUrl(), auth)).toBe(500);
    await devnet.control.node(0).heal();
    expect(await upgradeStatus(pssUrl('/pss/nothing/here'), auth)).toBe(404);
    expect(await upgradeStatus(pssUrl('/gsoc/subscribe/not-an-address'), auth)).toBe(400);
    expect(await upgradeStatus(pssUrl(`/gsoc/subscribe/${'ab'.repeat(32)}`), auth)).toBe(101);
  });

  it('checks origins as Bee does', () => {
    expect(websocketOriginAllowed(undefined, [], 'h:1')).toBe(true);
    expect(websocketOriginAllowed('http://h:1', [], 'h:1')).toBe(true);
    expect(websocketOriginAllowed('HTTP://A.example', ['http://a.example'], 'h:1')).toBe(true);
    expect(websocketOriginAllowed('http://x', ['*'], 'h:1')).toBe(true);
    expect(websocketOriginAllowed('http://x', ['http://a.example'], 'h:1')).toBe(false);
    expect(websocketOriginAllowed('null', [], 'h:1')).toBe(false);
  });
});

describe('socket life cycle', () => {
  it('closes subscriptions when the node goes down, and accepts new ones after it comes back', async () => {
    const subscriber = await openSubscriber(pssUrl(), auth);
    await devnet.control.node(0).setFault({ down: true });
    expect(await subscriber.closed).toBe(1001);
    await expect(openSubscriber(pssUrl(), auth)).rejects.toThrow(/socket hang up|ECONNRESET/);
    await devnet.control.node(0).setFault({ down: false });
    expect(await upgradeStatus(pssUrl(), auth)).toBe(101);
  });

  it('closes every socket on stop()', async () => {
    const own = await startDevnet({ nodes: 2, mineBlocks: false, seed: 'ws-stop' });
    const subscribers = await Promise.all(
      own.nodes.map((n) => openSubscriber(websocketUrl(n.url, `/gsoc/subscribe/${'cd'.repeat(32)}`))),
    );
    await own.stop();
    expect(await Promise.all(subscribers.map((s) => s.closed))).toEqual([1001, 1001]);
  });

  it('pings open sockets every pingIntervalMs', async () => {
    const endpoints = new WebSocketEndpoints(devnet.control.nodes[1]!);
    endpoints.pingIntervalMs = 20;
    const server = createServer();
    server.on('upgrade', (req: IncomingMessage, socket, head) => void endpoints.handleUpgrade(req, socket, head));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const subscriber = await openSubscriber(`ws://127.0.0.1:${port}/pss/subscribe/pinged`, auth);
      await new Promise((resolve) => subscriber.socket.once('ping', resolve));
      expect(endpoints.openSockets).toBe(1);
      await subscriber.close();
    } finally {
      await endpoints.closeAll();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('plain HTTP on the messaging paths', () => {
  it('a GET without upgrade gets 400, a bad GSOC address the path error, and preflight lists GET', async () => {
    const plain = await fetch(`${devnet.nodes[0]!.url}/pss/subscribe/topic`, { headers: auth });
    expect(plain.status).toBe(400);
    expect(await plain.text()).toBe('Bad Request\n');
    const bad = await fetch(`${devnet.nodes[0]!.url}/gsoc/subscribe/xyz`, { headers: auth });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBe('invalid path params');
    const preflight = await fetch(`${devnet.nodes[0]!.url}/pss/subscribe/topic`, { method: 'OPTIONS', headers: { origin: ALLOWED } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('allow')).toBe('GET');
  });

  it('serves h2c upgrade requests as ordinary requests, bodies included', async () => {
    const body = Buffer.from('x'.repeat(200_000));
    const normal = await fetch(`${devnet.nodes[0]!.url}/bytes`, { method: 'POST', body, headers: { ...auth, 'swarm-postage-batch-id': devnet.nodes[0]!.batchId! } });
    const expected = ((await normal.json()) as { reference: string }).reference;
    const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(`${devnet.nodes[0]!.url}/bytes`, {
        method: 'POST',
        headers: { ...auth, connection: 'Upgrade, HTTP2-Settings', upgrade: 'h2c', 'http2-settings': 'AAMAAABkAAQAoAAAAAIAAAAA', 'content-length': body.length, 'swarm-postage-batch-id': devnet.nodes[0]!.batchId! },
      });
      req.on('response', (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (part: string) => (text += part));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
      req.on('error', reject);
      req.end(body);
    });
    expect(answer.status).toBe(201);
    expect((JSON.parse(answer.text) as { reference: string }).reference).toBe(expected);
  });
});
