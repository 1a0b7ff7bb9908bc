/**
 * Every JSON endpoint against a real loopback server answering Bee-shaped bodies: the right method and path go out,
 * the body is validated and typed on the way back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCH, BEE_GET_BODIES, OWNER, PEER, REF, TOPIC, TX, tag } from './bee-fixtures.js';
import { createNodeClient, type NodeClient } from './client.js';
import { sendBeeError, sendJson, startLoopbackServer, type LoopbackServer } from './loopback-server.js';

let server: LoopbackServer;
let client: NodeClient;
let notReady = false;

beforeAll(async () => {
  server = await startLoopbackServer((request, response) => {
    const path = request.url.split('?')[0]!;
    const key = `${request.method} ${path}`;
    if (key === 'GET /readiness') {
      return notReady ? sendJson(response, 400, { status: 'notReady', version: '2.8.1', apiVersion: '8.1.0' }) : sendJson(response, 200, { status: 'ready', version: '2.8.1', apiVersion: '8.1.0' });
    }
    if (key === `GET /stamps/${'0'.repeat(64)}`) return sendBeeError(response, 404, 'issuer does not exist');
    if (key === `GET /stamps/${'1'.repeat(64)}`) return sendBeeError(response, 400, 'batch not usable');
    if (key === `GET /pins/${'9'.repeat(64)}`) return sendBeeError(response, 404, 'Not Found');
    if (request.method === 'GET' && path in BEE_GET_BODIES) return sendJson(response, 200, BEE_GET_BODIES[path]);
    switch (key) {
      case `POST /pingpong/${PEER}`:
        return sendJson(response, 200, { rtt: '5.0018ms' });
      case `POST /transactions/${TX}`:
      case `DELETE /transactions/${TX}`:
      case `POST /chequebook/cashout/${PEER}`:
        return sendJson(response, 200, { transactionHash: TX });
      case `POST /stamps/100000000/20`:
        return sendJson(response, 201, { batchID: BATCH, txHash: TX });
      case `PATCH /stamps/topup/${BATCH}/5000`:
      case `PATCH /stamps/dilute/${BATCH}/21`:
        return sendJson(response, 202, { batchID: BATCH, txHash: TX });
      case 'POST /tags':
        return sendJson(response, 201, tag(42));
      case 'DELETE /tags/7':
        response.writeHead(204).end();
        return;
      case `POST /pins/${REF}`:
        return sendJson(response, request.headers['x-already'] ? 200 : 201, { code: 201, message: 'Created' });
      case `DELETE /pins/${REF}`:
      case `PUT /stewardship/${REF}`:
        return sendJson(response, 200, { code: 200, message: 'OK' });
      case 'PUT /loggers/bm9kZS9hcGk=/debug':
        return sendJson(response, 200, { code: 200, message: 'OK' });
      case `POST /feeds/${OWNER}/${TOPIC}`:
        return sendJson(response, 201, { reference: REF });
      default:
        return sendBeeError(response, 404, `no route ${key}`);
    }
  });
  client = createNodeClient({ baseUrl: server.url });
});

afterAll(() => server.close());

const lastRequest = () => server.received[server.received.length - 1]!;

describe('status, identity and connectivity', () => {
  it('parses health, node, addresses, status and peers', async () => {
    expect(await client.health()).toEqual({ status: 'ok', version: '2.8.1-7cf53193', apiVersion: '8.1.0' });
    expect((await client.node()).beeMode).toBe('full');
    expect((await client.addresses()).overlay).toBe('a1'.repeat(32));
    expect((await client.status()).committedDepth).toBe(10);
    const peers = await client.statusPeers();
    expect(peers.snapshots[1]).toEqual({ overlay: 'ff'.repeat(32), proximity: 1, requestFailed: true });
    expect((await client.statusNeighborhoods()).neighborhoods[0]?.neighborhood).toBe('0110');
    expect((await client.peers()).peers[0]?.fullNode).toBe(true);
  });

  it('turns Go null slices into empty arrays in the topology', async () => {
    const topology = await client.topology();
    expect(topology.bins.bin_1?.connectedPeers).toEqual([]);
    expect(topology.bins.bin_0?.connectedPeers[0]?.metrics?.latencyEWMA).toBe(12);
  });

  it('topologySummary: the same /topology with counts per bin and no peer lists', async () => {
    const summary = await client.topologySummary();
    expect(lastRequest().url).toBe('/topology');
    expect(summary).toEqual({
      population: 20,
      connected: 10,
      nnLowWatermark: 3,
      depth: 8,
      reachability: 'Public',
      networkAvailability: 'Available',
      bins: { bin_0: { population: 2, connected: 1 }, bin_1: { population: 0, connected: 0 } },
    });
  });

  it('readiness answers 400 notReady as a value', async () => {
    notReady = false;
    expect(await client.readiness()).toMatchObject({ ready: true, httpStatus: 200, status: 'ready' });
    notReady = true;
    expect(await client.readiness()).toMatchObject({ ready: false, httpStatus: 400, status: 'notReady' });
  });

  it('pingpong POSTs and parses the Go duration', async () => {
    expect(await client.pingpong(PEER)).toEqual({ rtt: '5.0018ms', rttMs: 5.0018 });
    expect(lastRequest().method).toBe('POST');
  });

  it('welcome message and loggers; setLogger sends the base64url expression', async () => {
    expect(await client.welcomeMessage()).toBe('hello from the operator');
    expect((await client.loggers()).loggers[0]?.logger).toBe('node/api');
    expect(await client.setLogger('node/api', 'debug')).toEqual({ status: 200 });
    expect(lastRequest()).toMatchObject({ method: 'PUT', url: '/loggers/bm9kZS9hcGk=/debug' });
  });
});

describe('chain, wallet and transactions', () => {
  it('keeps BigInt fields as decimal strings', async () => {
    const chain = await client.chainstate();
    expect(chain).toMatchObject({ totalAmount: '123456789', currentPrice: '24000', minimumValidityBlocks: 17280 });
    expect(BigInt(chain.totalAmount)).toBe(123456789n);
    expect((await client.wallet()).nativeTokenBalance).toBe('500000000000000000');
    expect((await client.stake()).stakedAmount).toBe('100000000000000000');
    expect((await client.stakeWithdrawable()).withdrawableAmount).toBe('0');
    expect((await client.redistributionstate()).fees).toBeNull();
    expect((await client.reservestate()).storageRadius).toBe(9);
  });

  it('rchash passes depth and anchors', async () => {
    const result = await client.rchash(10, 'aa'.repeat(32), 'bb'.repeat(32));
    expect(result.durationSeconds).toBe(7.25);
    expect(result.proofs?.proof1.proofSegments2).toEqual([]);
  });

  it('lists, gets, resends (POST) and cancels (DELETE with gas-price) transactions', async () => {
    expect((await client.transactions())[0]?.nonce).toBe(7);
    expect((await client.transaction(TX)).description).toBe('postage batch purchase');
    expect(await client.resendTransaction(TX)).toEqual({ transactionHash: TX });
    expect(lastRequest().method).toBe('POST');
    await client.cancelTransaction(TX, { gasPrice: 2_000_000_000n });
    expect(lastRequest()).toMatchObject({ method: 'DELETE', url: `/transactions/${TX}` });
    expect(lastRequest().headers['gas-price']).toBe('2000000000');
  });
});

describe('accounting and chequebook', () => {
  it('parses balances, settlements and cheques', async () => {
    expect((await client.balances())[0]?.balance).toBe('-42');
    expect((await client.balance(PEER)).peer).toBe(PEER);
    expect((await client.settlements()).totalReceived).toBe('10');
    expect((await client.settlement(PEER)).received).toBe('10');
    expect((await client.timesettlements()).settlements).toEqual([]);
    expect(await client.chequebookAddress()).toBe(`0x${'Cd'.repeat(20)}`);
    expect((await client.chequebookBalance()).availableBalance).toBe('900');
    expect((await client.cheques())[0]?.lastsent).toBeNull();
    expect((await client.cheque(PEER)).lastreceived?.payout).toBe('12345');
    expect((await client.cashoutStatus(PEER)).result?.bounced).toBe(false);
  });

  it('cashout POSTs with gas headers', async () => {
    expect(await client.cashout(PEER, { gasPrice: '7', gasLimit: 300000 })).toEqual({ transactionHash: TX });
    expect(lastRequest()).toMatchObject({ method: 'POST', url: `/chequebook/cashout/${PEER}` });
    expect(lastRequest().headers).toMatchObject({ 'gas-price': '7', 'gas-limit': '300000' });
  });
});

describe('stamps', () => {
  it('lists stamps, buckets and chain batches', async () => {
    expect((await client.stamps())[0]).toMatchObject({ batchID: BATCH, usable: true, amount: '100000000' });
    expect((await client.stampBuckets(BATCH)).buckets).toHaveLength(2);
    expect((await client.batches())[0]?.value).toBe('99999');
  });

  it('stamp(id) answers found, not-found (404) and not-usable (400) as values', async () => {
    expect(await client.stamp(BATCH)).toMatchObject({ found: true, batch: { batchTTL: 86_400 } });
    expect(await client.stamp('0'.repeat(64))).toEqual({ found: false, status: 404, reason: 'not-found', message: 'issuer does not exist' });
    expect(await client.stamp('1'.repeat(64))).toEqual({ found: false, status: 400, reason: 'not-usable', message: 'batch not usable' });
  });

  it('buys (label query, immutable header), tops up and dilutes', async () => {
    await client.buyStamp(100000000n, 20, { label: 'my ops', immutable: false });
    expect(lastRequest()).toMatchObject({ method: 'POST', url: '/stamps/100000000/20?label=my+ops' });
    expect(lastRequest().headers.immutable).toBe('false');
    expect(await client.topupStamp(BATCH, '5000')).toEqual({ batchID: BATCH, txHash: TX });
    expect(lastRequest().method).toBe('PATCH');
    await client.diluteStamp(BATCH, 21);
    expect(lastRequest().url).toBe(`/stamps/dilute/${BATCH}/21`);
  });

  it('refuses a depth below 17 before sending anything', () => {
    const before = server.received.length;
    expect(() => client.buyStamp('1', 16)).toThrow(/batch depth/);
    expect(server.received.length).toBe(before);
  });
});

describe('tags, pins, stewardship, feed manifests', () => {
  it('creates, lists, gets and deletes tags', async () => {
    expect((await client.createTag()).uid).toBe(42);
    expect(await client.tags({ offset: 0, limit: 10 })).toHaveLength(2);
    expect(lastRequest().url).toBe('/tags?offset=0&limit=10');
    expect((await client.tag(7)).synced).toBe(8);
    expect(await client.deleteTag(7)).toEqual({ status: 204 });
  });

  it('pins: created vs already pinned, list, get (null when absent), unpin', async () => {
    expect(await client.pin(REF)).toEqual({ created: true });
    expect(await client.pins()).toEqual([REF]);
    expect(await client.getPin(REF)).toEqual({ reference: REF });
    expect(await client.getPin('9'.repeat(64))).toBeNull();
    expect(await client.unpin(REF)).toEqual({ status: 200 });
    expect(lastRequest().method).toBe('DELETE');
  });

  it('stewardship check and re-upload with the batch header', async () => {
    expect(await client.stewardshipCheck(REF)).toEqual({ isRetrievable: true });
    await client.stewardshipReupload(REF, BATCH);
    expect(lastRequest()).toMatchObject({ method: 'PUT', url: `/stewardship/${REF}` });
    expect(lastRequest().headers['swarm-postage-batch-id']).toBe(BATCH);
  });

  it('creates a feed manifest', async () => {
    expect(await client.createFeedManifest(OWNER, TOPIC, BATCH, { pin: true })).toEqual({ reference: REF });
    expect(lastRequest().headers).toMatchObject({ 'swarm-postage-batch-id': BATCH, 'swarm-pin': 'true' });
  });
});
