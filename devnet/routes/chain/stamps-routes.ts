/**
 * Postage routes: /stamps (this node's batches), /batches (every batch on chain), buy, top-up, dilute,
 * relabel and the bucket histogram, with Bee's shapes and status codes (bee-api.md §2.4, §6).
 */
import { beeError, beeJson, type DevnetRequest, type DevnetResponse, type RouteDef } from '../../http/router.js';
import type { DevnetNode } from '../../node.js';
import { batchTtlSeconds } from '../../chain/batch-math.js';
import { MIN_BATCH_DEPTH } from '../../chain/constants.js';
import type { NodeChain } from '../../chain/node-chain.js';
import type { OpResult, BatchTx } from '../../chain/node-postage.js';
import type { PostageBatch } from '../../chain/postage-batch.js';
import { beeOk, invalidParams, parseBigIntParam, parseHex32, parseUint8Param, readJson } from './common.js';

function ttl(chain: NodeChain, batch: PostageBatch): number {
  const state = chain.chainState();
  return Number(batchTtlSeconds(batch.value, state.totalAmount, state.currentPrice, chain.chain.blockTimeMs));
}

/** Bee's PostageBatch object of /stamps. */
export function stampJson(chain: NodeChain, batch: PostageBatch): Record<string, unknown> {
  return {
    batchID: batch.batchId,
    utilization: batch.utilization,
    usable: chain.postage.isUsable(batch),
    label: batch.label,
    depth: batch.depth,
    amount: batch.amount.toString(),
    bucketDepth: batch.bucketDepth,
    blockNumber: batch.startBlock,
    immutableFlag: batch.immutable,
    exists: true,
    batchTTL: ttl(chain, batch),
    utilizationRatio: batch.utilizationRatio,
  };
}

/** One entry of /batches: the chain's view of any batch. */
function batchJson(chain: NodeChain, batch: PostageBatch): Record<string, unknown> {
  return {
    batchID: batch.batchId,
    value: batch.value.toString(),
    start: batch.startBlock,
    owner: batch.ownerHex,
    depth: batch.depth,
    bucketDepth: batch.bucketDepth,
    immutable: batch.immutable,
    batchTTL: ttl(chain, batch),
  };
}

/** Bee gates every /stamps route behind the postage listener's sync. */
function syncing(node: DevnetNode): DevnetResponse | undefined {
  return node.chain.faults.postageSyncing ? beeError(503, 'syncing in progress') : undefined;
}

/** Looks up an issuer of this node: 404 unknown, 400 not usable yet (as GET /stamps/{id} does in Bee). */
function ownUsable(node: DevnetNode, raw: string | undefined): PostageBatch | DevnetResponse {
  const id = parseHex32(raw);
  if (id === undefined) return invalidParams('batch_id', 'want 64 hex characters');
  const batch = node.chain.postage.own(id);
  if (!batch) return beeError(404, 'issuer does not exist');
  if (!node.chain.postage.isUsable(batch)) return beeError(400, 'batch not usable');
  return batch;
}

const isResponse = (value: PostageBatch | DevnetResponse): value is DevnetResponse => 'status' in value;

async function onChain(node: DevnetNode, status: number, op: () => OpResult<BatchTx>): Promise<DevnetResponse> {
  const outcome = await node.chain.serializedPostageOp(op);
  if (outcome.busy) return beeError(429, 'simultaneous on-chain operations not supported');
  const result = outcome.value;
  return result.ok ? beeJson(status, { batchID: result.value.batchID, txHash: result.value.txHash }) : beeError(result.status, result.message);
}

/** Bee reads the `immutable` header with strconv.ParseBool; absent means true. */
function immutableHeader(req: DevnetRequest): boolean | 'invalid' {
  const raw = req.headers['immutable'];
  if (raw === undefined || raw === '') return true;
  if (['1', 't', 'T', 'true', 'TRUE', 'True'].includes(raw)) return true;
  if (['0', 'f', 'F', 'false', 'FALSE', 'False'].includes(raw)) return false;
  return 'invalid';
}

export const stampsRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: '/stamps',
    handle: (_req, node) =>
      syncing(node) ?? beeJson(200, { stamps: node.chain.postage.issued().map((b) => stampJson(node.chain, b)) }),
  },
  {
    method: 'GET',
    path: '/stamps/:batchId',
    handle: (req, node) => {
      const batch = syncing(node) ?? ownUsable(node, req.params['batchId']);
      return isResponse(batch) ? batch : beeJson(200, stampJson(node.chain, batch));
    },
  },
  {
    method: 'GET',
    path: '/stamps/:batchId/buckets',
    handle: (req, node) => {
      const batch = syncing(node) ?? ownUsable(node, req.params['batchId']);
      if (isResponse(batch)) return batch;
      return beeJson(200, {
        depth: batch.depth,
        bucketDepth: batch.bucketDepth,
        bucketUpperBound: batch.upperBound,
        buckets: Array.from(batch.buckets, (collisions, bucketID) => ({ bucketID, collisions })),
      });
    },
  },
  {
    method: 'PATCH',
    path: '/stamps/:batchId',
    handle: async (req, node) => {
      const batch = syncing(node) ?? ownUsable(node, req.params['batchId']);
      if (isResponse(batch)) return batch;
      const body = await readJson(() => req.body());
      const label = (body as { label?: unknown } | undefined)?.label;
      if (typeof label !== 'string') return invalidParams('label', 'want a string', 'invalid body params');
      batch.label = label;
      return beeOk();
    },
  },
  {
    method: 'POST',
    path: '/stamps/:amount/:depth',
    handle: async (req, node) => {
      const blocked = syncing(node);
      if (blocked) return blocked;
      const amount = parseBigIntParam(req.params['amount']);
      if (amount === undefined) return invalidParams('amount', 'want a decimal integer');
      const depth = parseUint8Param(req.params['depth']);
      if (depth === undefined) return invalidParams('depth', 'want an integer from 0 to 255');
      // Bee validates the path parameter itself (`validate:"min=17"`), before any chain call.
      if (depth < MIN_BATCH_DEPTH) return invalidParams('depth', `want min:${MIN_BATCH_DEPTH}`);
      const immutable = immutableHeader(req);
      if (immutable === 'invalid') return invalidParams('immutable', 'want a boolean', 'invalid header params');
      const label = req.query.get('label') ?? '';
      return onChain(node, 201, () => node.chain.postage.buy(amount, depth, immutable, label));
    },
  },
  {
    method: 'PATCH',
    path: '/stamps/topup/:batchId/:amount',
    handle: async (req, node) => {
      const blocked = syncing(node);
      if (blocked) return blocked;
      const id = parseHex32(req.params['batchId']);
      if (id === undefined) return invalidParams('batch_id', 'want 64 hex characters');
      const amount = parseBigIntParam(req.params['amount']);
      if (amount === undefined) return invalidParams('amount', 'want a decimal integer');
      return onChain(node, 202, () => node.chain.postage.topUp(id, amount));
    },
  },
  {
    method: 'PATCH',
    path: '/stamps/dilute/:batchId/:depth',
    handle: async (req, node) => {
      const blocked = syncing(node);
      if (blocked) return blocked;
      const id = parseHex32(req.params['batchId']);
      if (id === undefined) return invalidParams('batch_id', 'want 64 hex characters');
      const depth = parseUint8Param(req.params['depth']);
      if (depth === undefined) return invalidParams('depth', 'want an integer from 0 to 255');
      return onChain(node, 202, () => node.chain.postage.dilute(id, depth));
    },
  },
  {
    method: 'GET',
    path: '/batches',
    handle: (_req, node) => beeJson(200, { batches: node.chain.chain.allBatches().map((b) => batchJson(node.chain, b)) }),
  },
  {
    method: 'GET',
    path: '/batches/:batchId',
    handle: (req, node) => {
      const id = parseHex32(req.params['batchId']);
      if (id === undefined) return invalidParams('batch_id', 'want 64 hex characters');
      const batch = node.chain.chain.getBatch(id);
      return batch ? beeJson(200, batchJson(node.chain, batch)) : beeError(404, 'batch not found');
    },
  },
];
