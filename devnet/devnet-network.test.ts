/** Network semantics and fault injection of a running devnet: what makes retrievability real. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startDevnet, type StartedDevnet } from './devnet.js';

let devnet: StartedDevnet;
let batch: string;

beforeAll(async () => {
  devnet = await startDevnet({ nodes: 4, mineBlocks: false, pushDelayMs: 60_000, gateways: 1, seed: 'network-test' });
  batch = devnet.nodes[0]!.batchId!;
});
afterAll(() => devnet.stop());
beforeEach(async () => {
  for (let i = 0; i < devnet.nodes.length; i++) await devnet.control.node(i).heal();
  await devnet.control.gateway(0).setFault({ down: false, error500: false, latencyMs: 0 });
});

const nodeUrl = (i: number): string => devnet.nodes[i]!.url;

async function uploadBytes(data: string, headers: Record<string, string> = {}): Promise<string> {
  const res = await fetch(`${nodeUrl(0)}/bytes`, { method: 'POST', body: data, headers: { 'swarm-postage-batch-id': batch, ...headers } });
  expect(res.status).toBe(201);
  return ((await res.json()) as { reference: string }).reference;
}

async function stewardship(i: number, reference: string): Promise<boolean> {
  const res = await fetch(`${nodeUrl(i)}/stewardship/${reference}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { isRetrievable: boolean }).isRetrievable;
}

/** Content larger than one chunk, so its chunks spread over several neighbourhoods. */
const bigText = (tag: string): string => `${tag} `.repeat(3000);

describe('deferred and direct uploads', () => {
  it('a deferred upload is not retrievable through the network until pushed, while a local download works', async () => {
    const reference = await uploadBytes(bigText('deferred'));
    expect(await stewardship(0, reference)).toBe(false);
    expect(await stewardship(1, reference)).toBe(false);
    const local = await fetch(`${nodeUrl(0)}/bytes/${reference}`);
    expect(local.status).toBe(200);
    expect(devnet.control.pendingPushes).toBeGreaterThan(0);
    devnet.control.flushPushes();
    for (let i = 0; i < 4; i++) expect(await stewardship(i, reference)).toBe(true);
  });

  it('pushes deferred chunks by itself after the push delay', async () => {
    const quick = await startDevnet({ nodes: 3, mineBlocks: false, pushDelayMs: 20, seed: 'quick' });
    try {
      const res = await fetch(`${quick.nodes[0]!.url}/bytes`, { method: 'POST', body: 'soon pushed', headers: { 'swarm-postage-batch-id': quick.nodes[0]!.batchId! } });
      const { reference } = (await res.json()) as { reference: string };
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(quick.control.pendingPushes).toBe(0);
      const check = await fetch(`${quick.nodes[1]!.url}/stewardship/${reference}`);
      expect(await check.json()).toEqual({ isRetrievable: true });
    } finally {
      await quick.stop();
    }
  });

  it('a direct upload (swarm-deferred-upload: false) is retrievable from every node at once', async () => {
    const reference = await uploadBytes(bigText('direct'), { 'swarm-deferred-upload': 'false' });
    for (let i = 0; i < 4; i++) expect(await stewardship(i, reference)).toBe(true);
    const download = await fetch(`${nodeUrl(3)}/bytes/${reference}`);
    expect(await download.text()).toBe(bigText('direct'));
  });

  it('PUT /stewardship re-pushes a deferred upload with the given batch', async () => {
    const reference = await uploadBytes(bigText('reseed'));
    expect(await stewardship(1, reference)).toBe(false);
    const put = await fetch(`${nodeUrl(0)}/stewardship/${reference}`, { method: 'PUT', headers: { 'swarm-postage-batch-id': batch } });
    expect(put.status).toBe(200);
    expect(await put.json()).toEqual({ message: 'OK', code: 200 });
    expect(await stewardship(1, reference)).toBe(true);
    const noBatch = await fetch(`${nodeUrl(0)}/stewardship/${reference}`, { method: 'PUT' });
    expect(noBatch.status).toBe(400);
  });
});

describe('faults that change retrievability', () => {
  it('a neighbourhood that loses its chunks makes the content unretrievable everywhere', async () => {
    const reference = await uploadBytes(bigText('lost'), { 'swarm-deferred-upload': 'false' });
    expect(await stewardship(2, reference)).toBe(true);
    const dropped = devnet.control.loseChunks({ neighborhood: reference.slice(0, 2) });
    expect(dropped).toBeGreaterThan(0);
    for (let i = 0; i < 4; i++) expect(await stewardship(i, reference)).toBe(false);
  });

  it('an isolated node answers false while the others answer true (a partial outcome)', async () => {
    const reference = await uploadBytes(bigText('isolated'), { 'swarm-deferred-upload': 'false' });
    await devnet.control.node(3).setFault({ isolated: true });
    expect(await stewardship(3, reference)).toBe(false);
    // With replication 2, a chunk whose other copy sat on the isolated node is missing for its co-holder,
    // so not every remaining node need say yes; at least one does.
    const others = await Promise.all([0, 1, 2].map((i) => stewardship(i, reference)));
    expect(others).toContain(true);
  });

  it('a down node answers no API request (a TCP reset: its port stays open for the control plane) and comes back', async () => {
    await devnet.control.node(1).setFault({ down: true });
    const error = await fetch(`${nodeUrl(1)}/health`).then(
      () => undefined,
      (e: unknown) => e as Error & { cause?: { code?: string } },
    );
    expect(error?.cause?.code).toBe('ECONNRESET');
    await devnet.control.node(1).setFault({ down: false });
    expect((await fetch(`${nodeUrl(1)}/health`)).status).toBe(200);
  });

  it('error500 makes every API route answer 500 with Bee\'s body, and latency slows answers', async () => {
    await devnet.control.node(2).setFault({ error500: true });
    const res = await fetch(`${nodeUrl(2)}/stewardship/${'00'.repeat(32)}`);
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ code: 500, message: 'Internal Server Error' });
    await devnet.control.node(2).setFault({ error500: false, latencyMs: 120 });
    const started = performance.now();
    await fetch(`${nodeUrl(2)}/health`);
    expect(performance.now() - started).toBeGreaterThanOrEqual(110);
  });

  it('startingUp gates data routes with 503 but leaves /health reachable', async () => {
    await devnet.control.node(0).setFault({ startingUp: true });
    expect((await fetch(`${nodeUrl(0)}/bytes/${'00'.repeat(32)}`)).status).toBe(503);
    expect((await fetch(`${nodeUrl(0)}/health`)).status).toBe(200);
  });

  it('chain faults reach the chain routes (warming up, empty wallet)', async () => {
    await devnet.control.node(0).setFault({ warmingUp: true, emptyWallet: true });
    const status = (await (await fetch(`${nodeUrl(0)}/status`)).json()) as { isWarmingUp: boolean };
    expect(status.isWarmingUp).toBe(true);
    const wallet = (await (await fetch(`${nodeUrl(0)}/wallet`)).json()) as { bzzBalance: string };
    expect(wallet.bzzBalance).toBe('0');
  });
});

describe('gateway', () => {
  it('answers HEAD /bzz/{ref}/ with 200 when retrievable and 404 when not, and honours its own faults', async () => {
    const gateway = devnet.gateways[0]!.url;
    const site = await fetch(`${nodeUrl(0)}/bzz?name=index.html`, {
      method: 'POST',
      body: '<p>gateway</p>',
      headers: { 'swarm-postage-batch-id': batch, 'content-type': 'text/html', 'swarm-deferred-upload': 'false' },
    });
    const { reference } = (await site.json()) as { reference: string };
    expect((await fetch(`${gateway}/bzz/${reference}/`, { method: 'HEAD' })).status).toBe(200);
    expect(await (await fetch(`${gateway}/bzz/${reference}/`)).text()).toBe('<p>gateway</p>');
    const unpushed = await uploadBytes('never pushed');
    expect((await fetch(`${gateway}/bzz/${unpushed}/`, { method: 'HEAD' })).status).toBe(404);
    await devnet.control.gateway(0).setFault({ error500: true });
    expect((await fetch(`${gateway}/bzz/${reference}/`, { method: 'HEAD' })).status).toBe(500);
  });
});
