import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Bee } from '@ethersphere/bee-js';
import type { NodeChain } from '../../chain/node-chain.js';
import type { SimChain } from '../../chain/sim-chain.js';
import { base64UrlPadded, checksumAddress } from '../../chain/formats.js';
import { testChain, testNode } from '../../chain/test-fixtures.js';
import { serveChainRoutes, type ServedNode } from './test-server.js';
import { backgroundPeers } from '../../chain/topology.js';

/** Connected peers of the test node: its one devnet peer and the background at depth 0 (no batches: radius 0). */
const peerTotal = (n: NodeChain) => 1 + backgroundPeers(n.overlay, 0).length;

const bigintString = z.string().regex(/^\d+$/);
const hex64 = z.string().regex(/^[0-9a-f]{64}$/);
const address0x = z.string().regex(/^0x[0-9a-f]{40}$/);
const status = z.strictObject({
  overlay: hex64,
  proximity: z.number().int(),
  beeMode: z.literal('full'),
  reserveSize: z.number().int(),
  reserveSizeWithinRadius: z.number().int(),
  pullsyncRate: z.number(),
  storageRadius: z.number().int(),
  connectedPeers: z.number().int(),
  neighborhoodSize: z.number().int(),
  batchCommitment: z.number().int(),
  isReachable: z.boolean(),
  lastSyncedBlock: z.number().int(),
  committedDepth: z.number().int(),
  isWarmingUp: z.boolean(),
});
const peerEntry = z.strictObject({ address: hex64, metrics: z.strictObject({
  lastSeenTimestamp: z.number(), sessionConnectionRetry: z.number(), connectionTotalDuration: z.number(), sessionConnectionDuration: z.number(),
  sessionConnectionDirection: z.enum(['inbound', 'outbound']), latencyEWMA: z.number(), reachability: z.string(), healthy: z.boolean(),
}) });
const bin = z.strictObject({ population: z.number(), connected: z.number(), disconnectedPeers: z.array(peerEntry).nullable(), connectedPeers: z.array(peerEntry).nullable() });
const topology = z.strictObject({
  baseAddr: hex64, population: z.number(), connected: z.number(), timestamp: z.iso.datetime(), nnLowWatermark: z.number(), depth: z.number(),
  reachability: z.string(), networkAvailability: z.string(), bins: z.record(z.string().regex(/^bin_([0-9]|[12][0-9]|3[01])$/), bin), lightNodes: bin,
});
const redistribution = z.strictObject({
  minimumGasFunds: bigintString, hasSufficientFunds: z.boolean(), isFrozen: z.boolean(), isFullySynced: z.boolean(), isHealthy: z.boolean(),
  phase: z.enum(['commit', 'reveal', 'claim', 'sample', 'unknown']), round: z.number().int(), lastWonRound: z.number().int(), lastPlayedRound: z.number().int(),
  lastFrozenRound: z.number().int(), lastSelectedRound: z.number().int(), lastSampleDurationSeconds: z.number(), block: z.number().int(), reward: bigintString, fees: bigintString,
});

let chain: SimChain;
let peer: NodeChain;
let node: NodeChain;
let served: ServedNode;

async function call(method: string, path: string, init: RequestInit = {}): Promise<{ status: number; json: unknown }> {
  const res = await fetch(`${served.url}${path}`, { method, ...init });
  expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  return { status: res.status, json: (await res.json()) as unknown };
}

beforeEach(async () => {
  chain = testChain({ startBlock: 0 });
  peer = testNode(chain, 1);
  node = testNode(chain, 0, { peers: () => [{ overlayHex: peer.overlayHex, chain: peer }] });
  served = await serveChainRoutes(node);
});
afterEach(() => served.close());

describe('health, identity and status', () => {
  it('answers /health always, /readiness 400 while warming up, and only at the root', async () => {
    expect(await call('GET', '/health')).toEqual({ status: 200, json: { status: 'ok', version: '2.8.1-devnet', apiVersion: '8.1.0' } });
    expect((await call('GET', '/v1/health')).status).toBe(404);
    expect((await call('GET', '/readiness')).json).toMatchObject({ status: 'ready' });
    node.setFaults({ warmingUp: true });
    expect(await call('GET', '/readiness')).toMatchObject({ status: 400, json: { status: 'notReady' } });
    expect(status.parse((await call('GET', '/status')).json)).toMatchObject({ isWarmingUp: true, reserveSize: 0, proximity: 256 });
    expect(await call('GET', '/node')).toEqual({ status: 200, json: { beeMode: 'full', chequebookEnabled: true, swapEnabled: true } });
  });

  it('reports addresses with a libp2p underlay and 0x chain addresses', async () => {
    const addresses = z
      .strictObject({ overlay: hex64, underlay: z.array(z.string().regex(/^\/ip4\/127\.0\.0\.1\/(tcp|udp)\/\d+\//)), ethereum: address0x, chain_address: address0x, publicKey: z.string().regex(/^0[23][0-9a-f]{64}$/), pssPublicKey: z.string() })
      .parse((await call('GET', '/addresses')).json);
    expect([addresses.overlay, addresses.ethereum]).toEqual([node.overlayHex, `0x${node.ethAddress}`]);
    expect(addresses.underlay[0]).toContain('/p2p/16Uiu2HA');
  });

  it('lists peers, status snapshots, neighbourhoods and a 32-bin topology; lowPeers starves the bins', async () => {
    const peers = z.strictObject({ peers: z.array(z.strictObject({ address: hex64, fullNode: z.boolean() })) }).parse((await call('GET', '/peers')).json);
    expect(peers.peers).toHaveLength(peerTotal(node));
    expect(peers.peers[0]!.address).toBe(peer.overlayHex);
    const snapshots = z.strictObject({ snapshots: z.array(status) }).parse((await call('GET', '/status/peers')).json).snapshots;
    expect(snapshots).toHaveLength(peerTotal(node));
    expect((await call('GET', '/status/neighborhoods')).json).toEqual({ neighborhoods: [{ neighborhood: '0'.repeat(256), reserveSizeWithinRadius: 2_500_000, proximity: 0 }] });
    const table = topology.parse((await call('GET', '/topology')).json);
    expect(Object.keys(table.bins)).toHaveLength(32);
    // Bee v2.8.1 reports the storage radius as the depth (0 without batches).
    expect([table.depth, table.connected, table.population]).toEqual([0, peerTotal(node), peerTotal(node)]);
    node.setFaults({ lowPeers: true });
    const starved = topology.parse((await call('GET', '/topology')).json);
    // The peers taken away stay known: population counts them, disconnectedPeers lists them.
    expect([starved.connected, starved.depth, starved.population]).toEqual([1, 0, peerTotal(node)]);
    expect(status.parse((await call('GET', '/status')).json).connectedPeers).toBe(1);
  });

  it('pings connected peers with a Go duration and 404s strangers', async () => {
    const pong = z.strictObject({ rtt: z.string().regex(/^\d+(\.\d+)?(ms|µs|s)$/) }).parse((await call('POST', `/pingpong/${peer.overlayHex}`)).json);
    expect(pong.rtt.endsWith('ms')).toBe(true);
    expect(await call('POST', `/pingpong/${'00'.repeat(32)}`)).toEqual({ status: 404, json: { code: 404, message: 'peer not found' } });
    expect((await call('POST', '/pingpong/xyz')).status).toBe(400);
  });

  it('stores a welcome message up to 140 characters', async () => {
    expect((await call('POST', '/welcome-message', { body: JSON.stringify({ welcomeMessage: 'hi swarm' }) })).status).toBe(200);
    expect((await call('GET', '/welcome-message')).json).toEqual({ welcomeMessage: 'hi swarm' });
    expect((await call('POST', '/welcome-message', { body: JSON.stringify({ welcomeMessage: 'x'.repeat(141) }) })).status).toBe(400);
  });
});

describe('chain state, wallet, stake and redistribution', () => {
  it('shows chainstate lag under the chainLagBlocks fault (root-only route)', async () => {
    chain.advance(20);
    expect((await call('GET', '/chainstate')).json).toEqual({ chainTip: 20, block: 20, totalAmount: '480000', currentPrice: '24000', minimumValidityBlocks: 17_280 });
    node.setFaults({ chainLagBlocks: 6 });
    expect((await call('GET', '/chainstate')).json).toMatchObject({ chainTip: 20, block: 14, totalAmount: '336000' });
    expect((await call('GET', '/v1/chainstate')).status).toBe(404);
  });

  it('shows the wallet, empties it on the fault, and reserve state from batch commitment', async () => {
    const wallet = z.strictObject({ bzzBalance: bigintString, nativeTokenBalance: bigintString, chainID: z.number(), chequebookContractAddress: address0x, walletAddress: address0x });
    expect(wallet.parse((await call('GET', '/wallet')).json)).toMatchObject({ bzzBalance: '1000000000000000000', nativeTokenBalance: '1000000000000000000', chainID: 1337 });
    node.setFaults({ emptyWallet: true });
    expect(wallet.parse((await call('GET', '/wallet')).json)).toMatchObject({ bzzBalance: '0', nativeTokenBalance: '0' });
    node.setFaults({ emptyWallet: false });
    // Capacity 2^22 chunks: a depth-22 batch just fits (radius 0); adding 2^23 makes 3 × 2^22, radius ceil(log2 3) = 2.
    node.postage.buy(17_280n * 24_000n, 22, true, '');
    expect((await call('GET', '/reservestate')).json).toEqual({ radius: 0, storageRadius: 0, commitment: 2 ** 22, reserveCapacityDoubling: 0 });
    node.postage.buy(17_280n * 24_000n, 23, true, '');
    expect((await call('GET', '/reservestate')).json).toMatchObject({ radius: 2, commitment: 2 ** 22 + 2 ** 23 });
  });

  it('stakes, reports the surplus as withdrawable and withdraws it', async () => {
    expect((await call('GET', '/stake')).json).toEqual({ stakedAmount: (10n ** 17n).toString() });
    expect((await call('POST', '/stake/5000')).status).toBe(200);
    expect((await call('GET', '/stake/withdrawable')).json).toEqual({ withdrawableAmount: '5000' });
    expect((await call('DELETE', '/stake/withdrawable')).json).toMatchObject({ txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    expect((await call('GET', '/stake/withdrawable')).json).toEqual({ withdrawableAmount: '0' });
  });

  it('moves the redistribution phase with blocks and reports frozen and rchash duration faults', async () => {
    const at = async () => redistribution.parse((await call('GET', '/redistributionstate')).json);
    expect(await at()).toMatchObject({ phase: 'commit', round: 0, block: 0, isFrozen: false, isFullySynced: true, hasSufficientFunds: true, minimumGasFunds: '3750000000000000' });
    chain.advance(40);
    expect((await at()).phase).toBe('reveal');
    chain.advance(36);
    expect((await at()).phase).toBe('claim'); // sampling for the next round, which Bee reports as claim
    chain.advance(10);
    expect((await at()).phase).toBe('claim');
    chain.advance(152);
    expect(await at()).toMatchObject({ round: 1, lastPlayedRound: 1, lastSampleDurationSeconds: 4.2 });
    node.setFaults({ frozen: true, rchashSeconds: 120 });
    chain.advance(1);
    expect(await at()).toMatchObject({ isFrozen: true, lastFrozenRound: 1 });
    const proof = (await call('GET', `/rchash/8/${'aa'.repeat(32)}/${'bb'.repeat(32)}`)).json as { hash: string; durationSeconds: number; proofs: Record<string, unknown> };
    expect(proof.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(proof.durationSeconds).toBe(120);
    expect(Object.keys(proof.proofs)).toEqual(['proof1', 'proof2', 'proofLast']);
    expect((await call('GET', '/rchash/8/zz/bb')).status).toBe(400);
  });
});

describe('staking calls one at a time, as Bee v2.8.1', () => {
  it('a /stake* call while another is in flight answers 429, reads included', async () => {
    const [stake, withdrawable] = await Promise.all([call('GET', '/stake'), call('GET', '/stake/withdrawable')]);
    expect([stake.status, withdrawable.status].sort()).toEqual([200, 429]);
    expect([stake, withdrawable].find((r) => r.status === 429)!.json).toEqual({ code: 429, message: 'simultaneous on-chain operations not supported' });
    expect((await call('GET', '/stake/withdrawable')).status).toBe(200);
  });
});

describe('transactions, swap and loggers', () => {
  it('lists the pending purchase transaction, resends it and cancels it', async () => {
    const bought = node.postage.buy(17_280n * 24_000n, 20, true, '');
    const hash = bought.ok ? bought.value.txHash : '';
    const list = (await call('GET', '/transactions')).json as { pendingTransactions: Record<string, unknown>[] };
    expect(list.pendingTransactions).toHaveLength(1);
    expect(Object.keys(list.pendingTransactions[0]!)).toEqual(['transactionHash', 'to', 'nonce', 'gasPrice', 'gasLimit', 'gasTipBoost', 'gasTipCap', 'gasFeeCap', 'data', 'created', 'description', 'value']);
    expect((await call('GET', `/transactions/${hash}`)).json).toMatchObject({ transactionHash: hash, gasPrice: '1000000000' });
    expect((await call('POST', `/transactions/${hash}`)).json).toEqual({ transactionHash: hash });
    const cancelled = (await call('DELETE', `/transactions/${hash}`)).json as { transactionHash: string };
    expect(cancelled.transactionHash).not.toBe(hash);
    expect((await call('GET', `/transactions/${hash}`)).status).toBe(404);
    chain.advance(40);
    expect((await call('GET', '/transactions')).json).toEqual({ pendingTransactions: [] });
  });

  it('answers swap routes with zero balances, no cheques and a working chequebook', async () => {
    const balances = (await call('GET', '/balances')).json as { balances: unknown[] };
    expect(balances.balances[0]).toEqual({ peer: peer.overlayHex, balance: '0', thresholdreceived: null, thresholdgiven: null });
    expect((await call('GET', `/balances/${'00'.repeat(32)}`)).status).toBe(404);
    expect((await call('GET', '/settlements')).json).toEqual({ totalReceived: '0', totalSent: '0', settlements: [] });
    expect((await call('GET', `/settlements/${peer.overlayHex}`)).status).toBe(404);
    expect((await call('GET', `/chequebook/cheque/${peer.overlayHex}`)).json).toEqual({ peer: peer.overlayHex, lastreceived: null, lastsent: null });
    expect((await call('GET', '/chequebook/address')).json).toEqual({ chequebookAddress: node.chequebookAddress });
    expect(node.chequebookAddress).toBe(checksumAddress(node.chequebookAddress));
    expect((await call('POST', '/chequebook/deposit?amount=1000')).status).toBe(200);
    expect((await call('GET', '/chequebook/balance')).json).toEqual({ totalBalance: '1000', availableBalance: '1000' });
    expect((await call('POST', '/chequebook/withdraw?amount=5000')).status).toBe(400);
  });

  it('lists loggers and changes verbosity through a base64url expression', async () => {
    const all = (await call('GET', '/loggers')).json as { tree: Record<string, unknown>; loggers: { logger: string; verbosity: string; id: string }[] };
    expect(all.loggers.find((l) => l.logger === 'node/api')).toMatchObject({ verbosity: 'info', id: base64UrlPadded('node/api[0][]>>824634474528') });
    const exp = base64UrlPadded('^node/api');
    expect((await call('PUT', `/loggers/${exp}/debug`)).json).toEqual({ message: 'OK', code: 200 });
    const filtered = (await call('GET', `/loggers/${exp}`)).json as { loggers: { verbosity: string }[] };
    expect(filtered.loggers.map((l) => l.verbosity)).toEqual(['debug']);
    expect((await call('PUT', `/loggers/${exp}/loud`)).json).toMatchObject({ code: 400, reasons: [{ field: 'verbosity' }] });
    expect((await call('GET', '/loggers/!!!')).status).toBe(400);
  });
});

describe('bee-js 12.1.0 reads the node routes', () => {
  it('parses health, status, topology, chain, reserve, redistribution, wallet, stake and transactions', async () => {
    const bee = new Bee(served.url);
    expect((await bee.getHealth()).status).toBe('ok');
    expect(await bee.getReadiness()).toMatchObject({ status: 'ready' });
    expect((await bee.getNodeInfo()).beeMode).toBe('full');
    expect((await bee.getNodeAddresses()).overlay.toHex()).toBe(node.overlayHex);
    expect((await bee.getStatus()).connectedPeers).toBe(peerTotal(node));
    expect((await bee.getTopology()).depth).toBe(0);
    expect((await bee.getPeers())).toHaveLength(peerTotal(node));
    expect((await bee.getChainState()).chainTip).toBe(0);
    expect((await bee.getReserveState()).storageRadius).toBe(0);
    expect((await bee.getRedistributionState()).phase).toBe('commit');
    expect((await bee.getWalletBalance()).chainID).toBe(1337);
    expect((await bee.getStake()).toPLURBigInt()).toBe(10n ** 17n);
    expect(await bee.getAllPendingTransactions()).toEqual([]);
    expect((await bee.pingPeer(peer.overlayHex)).rtt).toMatch(/ms$/);
    expect((await bee.getAllBalances()).balances).toHaveLength(peerTotal(node));
    expect((await bee.getChequebookBalance()).totalBalance.toPLURBigInt()).toBe(0n);
  });
});
