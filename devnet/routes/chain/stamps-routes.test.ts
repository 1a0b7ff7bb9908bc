import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Bee } from '@ethersphere/bee-js';
import type { NodeChain } from '../../chain/node-chain.js';
import type { SimChain } from '../../chain/sim-chain.js';
import { testChain, testNode } from '../../chain/test-fixtures.js';
import { serveChainRoutes, type ServedNode } from './test-server.js';

const bigintString = z.string().regex(/^-?\d+$/);
const hex64 = z.string().regex(/^[0-9a-f]{64}$/);
const postageBatch = z.strictObject({
  batchID: hex64,
  utilization: z.number().int(),
  usable: z.boolean(),
  label: z.string(),
  depth: z.number().int(),
  amount: bigintString,
  bucketDepth: z.literal(16),
  blockNumber: z.number().int(),
  immutableFlag: z.boolean(),
  exists: z.literal(true),
  batchTTL: z.number().int(),
  utilizationRatio: z.number(),
});
const batchTx = z.strictObject({ batchID: hex64, txHash: z.string().regex(/^0x[0-9a-f]{64}$/) });
const message = z.strictObject({ code: z.number(), message: z.string() });
const MIN_AMOUNT = (17_280n * 24_000n).toString();

let chain: SimChain;
let node: NodeChain;
let served: ServedNode;

async function call(method: string, path: string, init: RequestInit = {}): Promise<{ status: number; json: unknown }> {
  const res = await fetch(`${served.url}${path}`, { method, ...init });
  const text = await res.text();
  return { status: res.status, json: text === '' ? undefined : (JSON.parse(text) as unknown) };
}

async function buy(amount = MIN_AMOUNT, depth = 20, headers: Record<string, string> = {}): Promise<string> {
  const { status, json } = await call('POST', `/stamps/${amount}/${depth}?label=first`, { headers });
  expect(status).toBe(201);
  return batchTx.parse(json).batchID;
}

beforeEach(async () => {
  chain = testChain();
  node = testNode(chain, 0);
  served = await serveChainRoutes(node);
});
afterEach(() => served.close());

describe('stamp lifecycle over HTTP', () => {
  it('buy → not usable → 10 blocks → usable; topup raises TTL; dilute halves it', async () => {
    const id = await buy();
    const listed = z.strictObject({ stamps: z.array(postageBatch) }).parse((await call('GET', '/stamps')).json);
    expect(listed.stamps).toHaveLength(1);
    expect(listed.stamps[0]).toMatchObject({ batchID: id, usable: false, label: 'first', depth: 20, amount: MIN_AMOUNT, blockNumber: 1000, immutableFlag: true, batchTTL: 17_280, utilization: 0 });
    expect(await call('GET', `/stamps/${id}`)).toEqual({ status: 400, json: { code: 400, message: 'batch not usable' } });

    chain.advance(10);
    const usable = postageBatch.parse((await call('GET', `/v1/stamps/${id}`)).json);
    expect([usable.usable, usable.batchTTL]).toEqual([true, 17_270]);

    const topup = await call('PATCH', `/stamps/topup/${id}/${24_000 * 1000}`);
    expect(topup.status).toBe(202);
    expect(batchTx.parse(topup.json).batchID).toBe(id);
    expect(postageBatch.parse((await call('GET', `/stamps/${id}`)).json).batchTTL).toBe(18_270);

    const dilute = await call('PATCH', `/stamps/dilute/${id}/21`);
    expect(dilute.status).toBe(202);
    const diluted = postageBatch.parse((await call('GET', `/stamps/${id}`)).json);
    expect([diluted.depth, diluted.batchTTL]).toEqual([21, 9_135]);
  });

  it('answers Bee’s refusals with Bee’s codes and messages', async () => {
    expect(await call('POST', `/stamps/${MIN_AMOUNT}/16`)).toEqual({ status: 400, json: { code: 400, message: 'invalid path params', reasons: [{ field: 'depth', error: 'want min:17' }] } });
    expect(await call('POST', '/stamps/1000/20')).toEqual({ status: 400, json: { code: 400, message: 'insufficient amount for 24h minimum validity' } });
    expect((await call('POST', `/stamps/abc/20`)).json).toMatchObject({ code: 400, message: 'invalid path params', reasons: [{ field: 'amount' }] });
    expect((await call('POST', `/stamps/${MIN_AMOUNT}/20`, { headers: { immutable: 'maybe' } })).status).toBe(400);
    expect(await call('GET', `/stamps/${'ab'.repeat(32)}`)).toEqual({ status: 404, json: { code: 404, message: 'issuer does not exist' } });
    expect(await call('PATCH', `/stamps/topup/${'ab'.repeat(32)}/1`)).toEqual({ status: 404, json: { code: 404, message: 'batch not found' } });
    const id = await buy();
    expect((await call('PATCH', `/stamps/dilute/${id}/20`)).status).toBe(400);
    node.setFaults({ emptyWallet: true });
    expect(await call('POST', `/stamps/${MIN_AMOUNT}/20`)).toEqual({ status: 400, json: { code: 400, message: 'out of funds' } });
    expect((await call('PATCH', `/stamps/topup/${id}/1`)).status).toBe(402);
    node.setFaults({ postageSyncing: true });
    expect(await call('GET', '/stamps')).toEqual({ status: 503, json: { code: 503, message: 'syncing in progress' } });
  });

  it('answers 429 to a purchase arriving while another is confirming', async () => {
    await served.close();
    node = testNode(chain, 1, { postageOpLatencyMs: 50 });
    served = await serveChainRoutes(node);
    const [a, b] = await Promise.all([call('POST', `/stamps/${MIN_AMOUNT}/20`), call('POST', `/stamps/${MIN_AMOUNT}/20`)]);
    expect([a.status, b.status].sort()).toEqual([201, 429]);
    expect([a, b].find((r) => r.status === 429)!.json).toEqual({ code: 429, message: 'simultaneous on-chain operations not supported' });
  });

  it('serves the 65 536-bucket histogram, labels, /batches and expiry', async () => {
    const id = await buy(MIN_AMOUNT, 17, { immutable: 'false' });
    chain.advance(10);
    const address = new Uint8Array(32);
    address[0] = 0x01;
    address[1] = 0x02;
    expect(node.postage.stampChunk(id, address)).toMatchObject({ ok: true, bucket: 0x0102 });
    const buckets = z
      .strictObject({ depth: z.number(), bucketDepth: z.number(), bucketUpperBound: z.number(), buckets: z.array(z.strictObject({ bucketID: z.number(), collisions: z.number() })) })
      .parse((await call('GET', `/stamps/${id}/buckets`)).json);
    expect([buckets.depth, buckets.bucketDepth, buckets.bucketUpperBound, buckets.buckets.length]).toEqual([17, 16, 2, 65_536]);
    expect(buckets.buckets[0x0102]).toEqual({ bucketID: 0x0102, collisions: 1 });
    expect(postageBatch.parse((await call('GET', `/stamps/${id}`)).json)).toMatchObject({ utilization: 1, utilizationRatio: 0.5, immutableFlag: false });

    expect(message.parse((await call('PATCH', `/stamps/${id}`, { body: JSON.stringify({ label: 'renamed' }) })).json)).toEqual({ message: 'OK', code: 200 });
    expect(postageBatch.parse((await call('GET', `/stamps/${id}`)).json).label).toBe('renamed');

    const batchEntry = z.strictObject({ batchID: hex64, value: bigintString, start: z.number(), owner: z.string().regex(/^[0-9a-f]{40}$/), depth: z.number(), bucketDepth: z.number(), immutable: z.boolean(), batchTTL: z.number() });
    const all = z.strictObject({ batches: z.array(batchEntry) }).parse((await call('GET', '/batches')).json);
    expect(all.batches[0]).toMatchObject({ batchID: id, owner: node.ethAddress, start: 1000, value: (chain.totalAmount - 10n * 24_000n + BigInt(MIN_AMOUNT)).toString() });
    expect(batchEntry.parse((await call('GET', `/batches/${id}`)).json).batchID).toBe(id);
    expect((await call('GET', `/batches/${'00'.repeat(32)}`)).status).toBe(404);

    chain.advance(17_270);
    expect((await call('GET', '/stamps')).json).toEqual({ stamps: [] });
    expect((await call('GET', '/batches')).json).toEqual({ batches: [] });
  });

  it('is readable by bee-js 12.1.0 (createPostageBatch, getPostageBatch, topUp, dilute)', async () => {
    const bee = new Bee(served.url);
    // bee-js insists on one PLUR more than the 24 h minimum; one extra block of price keeps the TTL whole.
    const id = await bee.createPostageBatch((BigInt(MIN_AMOUNT) + 24_000n).toString(), 20, { waitForUsable: false, label: 'js' });
    expect(id.toHex()).toMatch(/^[0-9a-f]{64}$/);
    chain.advance(10);
    const batch = await bee.getPostageBatch(id);
    expect([batch.usable, batch.depth, batch.label, batch.duration.toSeconds()]).toEqual([true, 20, 'js', 17_271]);
    expect((await bee.getPostageBatches()).map((b) => b.batchID.toHex())).toEqual([id.toHex()]);
    expect((await bee.getPostageBatchBuckets(id)).buckets).toHaveLength(65_536);
    await bee.topUpBatch(id, '240000');
    await bee.diluteBatch(id, 22);
    expect((await bee.getPostageBatch(id)).depth).toBe(22);
    expect((await bee.getGlobalPostageBatches()).map((b) => b.batchID.toHex())).toEqual([id.toHex()]);
  });
});
