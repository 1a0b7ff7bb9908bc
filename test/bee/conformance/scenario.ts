/**
 * The conformance scenario, written once and run against any Bee-compatible nodes (real Bee v2.8.1 in the
 * bee tier, the devnet in the normal suite). It returns a transcript (see transcript.ts) that is diffed
 * against another node's transcript or the recorded Bee one: same steps, same statuses, same shapes, same
 * content addresses.
 *
 * Node 0 does almost everything with `batchId` (a usable batch of node 0); node 1 retrieves through the
 * network. The scenario changes state (it buys a batch, tops up and dilutes `batchId` at the very end).
 */
import { ScenarioRecorder } from './recorder.js';
import { bytesSteps, bzzSteps, chunkAndSocSteps, feedSteps, granteeSteps, tagPinStewardshipSteps, UNKNOWN_REF } from './scenario-content.js';
import type { Transcript } from './transcript.js';

export interface ScenarioTarget {
  /** At least two API base URLs, e.g. `http://127.0.0.1:1633`. */
  urls: readonly string[];
  /** A usable postage batch owned by the node at urls[0]. */
  batchId: string;
}

/** Objects keyed by data (overlays, bin names, logger names) whose keys are not part of the shape. */
const TOPOLOGY_MAPS = { mapKeys: ['.bins'] };

async function statusSteps(run: ScenarioRecorder): Promise<void> {
  const get = (name: string, path: string, shape?: { mapKeys: string[] }) => run.step(name, { method: 'GET', path, ...(shape ? { shape } : {}) });
  await get('root greeting', '/');
  await get('health', '/health');
  await get('readiness', '/readiness');
  await get('node', '/node');
  await get('addresses', '/addresses');
  await get('status', '/status');
  await get('status of peers', '/status/peers');
  await get('status of neighborhoods', '/status/neighborhoods');
  await get('topology', '/topology', TOPOLOGY_MAPS);
  await get('peers', '/peers');
  await get('blocklist', '/blocklist');
  await get('chainstate', '/chainstate');
  await get('reservestate', '/reservestate');
  await get('redistribution state', '/redistributionstate');
  await get('wallet', '/wallet');
  await get('stake', '/stake');
  await get('withdrawable stake', '/stake/withdrawable');
  await get('pending transactions', '/transactions');
  await get('balances', '/balances');
  await get('accounting', '/accounting', { mapKeys: ['.peerData'] });
  await get('settlements', '/settlements');
  await get('time settlements', '/timesettlements');
  await get('chequebook address', '/chequebook/address');
  await get('chequebook balance', '/chequebook/balance');
  await get('chequebook cheques', '/chequebook/cheque');
}

/** Per-chunk amount above the contract's 24 h minimum at the cluster's and the devnet's price (24000). */
const NEW_BATCH_AMOUNT = '1000000000';

async function stampSteps(run: ScenarioRecorder, batchId: string): Promise<void> {
  const batch = { id: batchId };
  await run.step('stamps list', { method: 'GET', path: '/stamps' });
  await run.step('stamp get', { method: 'GET', path: '/stamps/{id}', params: batch });
  await run.step('stamp buckets', { method: 'GET', path: '/stamps/{id}/buckets', params: batch });
  await run.step('stamp get, unknown batch', { method: 'GET', path: '/stamps/{id}', params: { id: UNKNOWN_REF } });
  await run.step('batches list', { method: 'GET', path: '/batches' });
  await run.step('batch get', { method: 'GET', path: '/batches/{id}', params: batch });
  await run.step('batch get, unknown batch', { method: 'GET', path: '/batches/{id}', params: { id: UNKNOWN_REF } });
  await run.step('stamp buy', { method: 'POST', path: '/stamps/{amount}/{depth}', params: { amount: NEW_BATCH_AMOUNT, depth: '17' }, query: 'label=conformance', timeoutMs: 120_000 });
  await run.step('stamp buy, depth too small', { method: 'POST', path: '/stamps/{amount}/{depth}', params: { amount: NEW_BATCH_AMOUNT, depth: '16' } });
  await run.step('stamp buy, below 24 h minimum', { method: 'POST', path: '/stamps/{amount}/{depth}', params: { amount: '10', depth: '17' } });
}

/**
 * S6's ping of its peer fan-out (the peer's balance, settlement and cheques are in the operator scenario, with
 * swap on): a connected peer, and a stranger (404 "peer not found").
 */
async function peerSteps(run: ScenarioRecorder, peer: string): Promise<void> {
  await run.step('ping a connected peer', { method: 'POST', path: '/pingpong/{peer}', params: { peer } });
  await run.step('ping an unknown peer', { method: 'POST', path: '/pingpong/{peer}', params: { peer: UNKNOWN_REF } });
}

/** Last: these change `batchId` (more value, one more depth), which earlier steps must not see. */
async function batchChangeSteps(run: ScenarioRecorder, batchId: string): Promise<void> {
  const current = (await run.step('stamp get before changes', { method: 'GET', path: '/stamps/{id}', params: { id: batchId } })).json<{ depth?: number }>();
  await run.step('stamp top-up', { method: 'PATCH', path: '/stamps/topup/{id}/{amount}', params: { id: batchId, amount: '1000' }, timeoutMs: 120_000 });
  const depth = String((current?.depth ?? 20) + 1);
  await run.step('stamp dilute', { method: 'PATCH', path: '/stamps/dilute/{id}/{depth}', params: { id: batchId, depth }, timeoutMs: 120_000 });
  await run.step('stamp dilute, not deeper', { method: 'PATCH', path: '/stamps/dilute/{id}/{depth}', params: { id: batchId, depth: '17' } });
}

export async function runConformanceScenario(target: ScenarioTarget): Promise<Transcript> {
  if (target.urls.length < 2) throw new Error('the conformance scenario needs two nodes');
  const run = new ScenarioRecorder(target.urls);
  await statusSteps(run);
  await stampSteps(run, target.batchId);
  const bytes = await bytesSteps(run, target.batchId);
  const bzz = await bzzSteps(run, target.batchId);
  await chunkAndSocSteps(run, target.batchId);
  await feedSteps(run, target.batchId, bzz.file);
  await tagPinStewardshipSteps(run, target.batchId, { ...bytes, ...bzz });
  await granteeSteps(run, target.batchId);
  const second = (await (await fetch(`${target.urls[1]}/addresses`)).json()) as { overlay: string };
  await peerSteps(run, second.overlay);
  await batchChangeSteps(run, target.batchId);
  return run.transcript;
}
