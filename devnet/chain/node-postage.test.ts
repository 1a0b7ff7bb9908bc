import { describe, expect, it } from 'vitest';
import { batchTtlSeconds } from './batch-math.js';
import type { NodeChain } from './node-chain.js';
import { addressInBucket, testChain, testNode } from './test-fixtures.js';

const MIN_AMOUNT = 17_280n * 24_000n; // 24 h minimum at the default price: 414 720 000 PLUR

function ttlOf(node: NodeChain, batchId: string): bigint {
  const batch = node.postage.own(batchId)!;
  return batchTtlSeconds(batch.value, node.chain.totalAmount, node.chain.price, node.chain.blockTimeMs);
}

function buyOk(node: NodeChain, amount = MIN_AMOUNT, depth = 20, immutable = true): string {
  const result = node.postage.buy(amount, depth, immutable, 'test');
  if (!result.ok) throw new Error(result.message);
  return result.value.batchID;
}

describe('buying a batch', () => {
  it('charges amount × 2^depth, makes the batch usable after 10 blocks, and lasts amount / price blocks', () => {
    const chain = testChain();
    const node = testNode(chain, 0);
    const before = node.wallet.bzzBalance;
    const id = buyOk(node);
    expect(id).toMatch(/^[0-9a-f]{64}$/);
    expect(before - node.wallet.bzzBalance).toBe(MIN_AMOUNT * 1_048_576n);
    expect(ttlOf(node, id)).toBe(17_280n);
    expect(node.postage.stampChunk(id, addressInBucket(1, 1))).toMatchObject({ ok: false, status: 422 });
    chain.advance(9);
    expect(node.postage.stampChunk(id, addressInBucket(1, 1))).toMatchObject({ ok: false, status: 422 });
    chain.advance(1);
    expect(node.postage.stampChunk(id, addressInBucket(1, 1))).toMatchObject({ ok: true, bucket: 1 });
    expect(ttlOf(node, id)).toBe(17_270n);
  });

  it('refuses shallow depth, too little amount and an empty wallet with Bee messages', () => {
    const chain = testChain();
    const node = testNode(chain, 0);
    expect(node.postage.buy(MIN_AMOUNT, 16, true, '')).toEqual({ ok: false, status: 400, message: 'invalid depth' });
    expect(node.postage.buy(MIN_AMOUNT - 1n, 20, true, '')).toEqual({ ok: false, status: 400, message: 'insufficient amount for 24h minimum validity' });
    node.setFaults({ emptyWallet: true });
    expect(node.wallet.bzzBalance).toBe(0n);
    expect(node.postage.buy(MIN_AMOUNT, 20, true, '')).toEqual({ ok: false, status: 400, message: 'out of funds' });
    node.setFaults({ emptyWallet: false });
    expect(node.wallet.bzzBalance > 0n).toBe(true);
  });

  it('gives each purchase a distinct batch ID and a pending transaction that clears after 40 s of chain time', () => {
    const chain = testChain();
    const node = testNode(chain, 0);
    const a = node.postage.buy(MIN_AMOUNT, 20, true, '');
    const b = node.postage.buy(MIN_AMOUNT, 20, true, '');
    expect(a.ok && b.ok && a.value.batchID !== b.value.batchID).toBe(true);
    expect(node.txs.list().map((t) => t.transactionHash)).toEqual([a.ok && a.value.txHash, b.ok && b.value.txHash]);
    // 1 s blocks: a 30 s poll sees the transactions; 40 s after submission they are mined.
    chain.advance(39);
    expect(node.txs.list()).toHaveLength(2);
    chain.advance(1);
    expect(node.txs.list()).toHaveLength(0);
  });

  it('while transactions are stuck (out of gas) a new batch stays not usable; it becomes usable once mined', () => {
    const chain = testChain();
    const node = testNode(chain, 0, { faults: { stuckTransactions: true } });
    const bought = node.postage.buy(MIN_AMOUNT, 20, true, '');
    const batch = node.postage.own(bought.ok ? bought.value.batchID : '')!;
    chain.advance(600);
    const creation = () => node.txs.list().filter((tx) => tx.description === `postage batch creation ${batch.batchId}`);
    expect([node.postage.isUsable(batch), creation()]).toEqual([false, [expect.objectContaining({ to: expect.any(String) })]]);
    expect(node.postage.stampChunk(batch.batchId, new Uint8Array(32))).toMatchObject({ ok: false, status: 422 });
    node.setFaults({ stuckTransactions: false });
    chain.advance(1);
    expect([node.postage.isUsable(batch), creation()]).toEqual([true, []]);
  });

  it('refuses stamping with another node’s batch as not found (404)', () => {
    const chain = testChain();
    const owner = testNode(chain, 0);
    const other = testNode(chain, 1);
    const id = buyOk(owner);
    chain.advance(10);
    expect(other.postage.stampChunk(id, addressInBucket(1, 1))).toEqual({ ok: false, reason: 'notFound', status: 404, message: 'batch with id not found' });
    expect(other.postage.stampChunk('00'.repeat(32), addressInBucket(1, 1))).toMatchObject({ status: 404 });
  });
});

describe('top-up, dilute and expiry', () => {
  it('top-up adds amount / price blocks of life and costs amount × 2^depth', () => {
    const chain = testChain();
    const node = testNode(chain, 0);
    const id = buyOk(node);
    const before = node.wallet.bzzBalance;
    expect(node.postage.topUp(id, 24_000n * 100n)).toMatchObject({ ok: true });
    expect(ttlOf(node, id)).toBe(17_380n);
    expect(before - node.wallet.bzzBalance).toBe(2_400_000n * 1_048_576n);
    expect(node.postage.topUp('cd'.repeat(32), 1n)).toEqual({ ok: false, status: 404, message: 'batch not found' });
    node.setFaults({ emptyWallet: true });
    expect(node.postage.topUp(id, 1n)).toEqual({ ok: false, status: 402, message: 'out of funds' });
  });

  it('dilute by +1 halves the TTL and doubles the bucket bound; a shallower depth is refused', () => {
    const chain = testChain();
    const node = testNode(chain, 0);
    const id = buyOk(node);
    chain.advance(80);
    expect(ttlOf(node, id)).toBe(17_200n);
    expect(node.postage.dilute(id, 21)).toMatchObject({ ok: true });
    expect(ttlOf(node, id)).toBe(8_600n);
    expect(node.postage.own(id)!.upperBound).toBe(32);
    expect(node.postage.dilute(id, 21)).toEqual({ ok: false, status: 400, message: 'invalid depth' });
    expect(node.postage.dilute(id, 23)).toMatchObject({ ok: true });
    expect(ttlOf(node, id)).toBe(2_150n);
  });

  it('a batch disappears once its balance is paid out (TTL reaches 0)', () => {
    const chain = testChain({ minimumValidityBlocks: 20 });
    const node = testNode(chain, 0);
    const id = buyOk(node, 20n * 24_000n, 17);
    chain.advance(19);
    expect(ttlOf(node, id)).toBe(1n);
    expect(node.postage.issued().map((b) => b.batchId)).toEqual([id]);
    chain.advance(1);
    expect(node.postage.issued()).toEqual([]);
    expect(node.postage.stampChunk(id, addressInBucket(1, 1))).toMatchObject({ status: 404 });
  });

  it('the expiringStamp fault cuts every batch to the configured TTL, which then runs down', () => {
    const chain = testChain();
    const node = testNode(chain, 0, { faults: { expiringStampSeconds: 3600 } });
    const id = buyOk(node);
    node.setFaults({ expiringStamp: true });
    chain.advance(1);
    expect(ttlOf(node, id)).toBe(3600n);
    chain.advance(600);
    expect(ttlOf(node, id)).toBe(3000n);
    node.setFaults({ expiringStamp: false });
    chain.advance(1);
    expect(ttlOf(node, id)).toBe(2999n);
  });

  it('the chainLagBlocks fault delays usability and chainstate.block behind chainTip', () => {
    const chain = testChain();
    const node = testNode(chain, 0, { faults: { chainLagBlocks: 5 } });
    const id = buyOk(node);
    chain.advance(10);
    expect(node.chainState()).toMatchObject({ chainTip: 1010, block: 1005 });
    expect(node.chainState().totalAmount).toBe(chain.totalAmount - 5n * 24_000n);
    expect(node.postage.stampChunk(id, addressInBucket(1, 1))).toMatchObject({ status: 422 });
    chain.advance(5);
    expect(node.postage.stampChunk(id, addressInBucket(1, 1))).toMatchObject({ ok: true });
  });
});

describe('postage lock', () => {
  it('answers busy to an operation arriving while another holds the lock', async () => {
    const chain = testChain();
    const node = testNode(chain, 0, { postageOpLatencyMs: 30 });
    const first = node.serializedPostageOp(() => node.postage.buy(MIN_AMOUNT, 20, true, ''));
    const second = await node.serializedPostageOp(() => node.postage.buy(MIN_AMOUNT, 20, true, ''));
    expect(second).toEqual({ busy: true });
    expect(await first).toMatchObject({ busy: false, value: { ok: true } });
    expect(node.postage.issued()).toHaveLength(1);
  });
});
