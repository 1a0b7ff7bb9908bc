/**
 * What a Bee node writes to its log when the trouble a fault simulates starts, at Bee's levels: `warning` for
 * degraded service (a starving bin, a lagging chain listener, a frozen stake), `error` for failures (no funds,
 * a damaged reserve), `info` for expected phases (warm-up, start-up). The loggers and messages follow Bee's
 * (pkg/topology/kademlia, pkg/postage/listener, pkg/storageincentives, pkg/p2p/libp2p, ...), so an operator's
 * log pane shows in its Errors, Warning and Info tabs what a real node would say. The `faults changed` line of
 * the control API stays an info line of its own.
 */
import { starvingBins } from '../../core/cockpit/rules/bin-saturation.js';
import { hexToBytes } from '../../core/swarm/bytes.js';
import { beeProximity } from '../../core/swarm/proximity.js';
import type { DevnetNode } from '../node.js';

type Patch = Readonly<Record<string, unknown>>;

const on = (patch: Patch, key: string): boolean => {
  const value = patch[key];
  return value === true || (typeof value === 'number' && value > 0);
};

/** Writes the lines the faults switched on by `patch` make a node log, right after the patch applied. */
export function logFaultEffects(node: DevnetNode, patch: Patch): void {
  const log = node.log;
  const chain = node.chain;
  if (on(patch, 'isolated')) log.warning('node/kademlia', 'network unavailable: no connected peers', { connected: 0 });
  if (on(patch, 'lowPeers') || 'peerCount' in patch || 'starvingBin' in patch || 'starvingBinPeers' in patch) {
    const view = chain.topologyView();
    const perBin = Array.from({ length: 32 }, () => 0);
    for (const peer of view.connected) perBin[beeProximity(chain.overlay, hexToBytes(peer.overlayHex))]! += 1;
    for (const bin of starvingBins(perBin, view.depth)) {
      log.warning('node/kademlia', 'bin is not saturated', { bin: bin.po, connected: bin.connected, saturation_peers: 8, depth: view.depth });
    }
  }
  if (on(patch, 'chainLagBlocks')) {
    log.warning('node/listener', 'postage event listener is behind the chain tip', { lag_blocks: Number(patch['chainLagBlocks']), block: chain.syncedBlock() });
  }
  if (on(patch, 'frozen')) log.warning('node/storageincentives', 'node is frozen: skipping redistribution rounds', { round: chain.lottery.lastFrozenRound });
  if (on(patch, 'emptyWallet')) {
    log.error('node/storageincentives', 'insufficient funds to play the round', { minimum_gas_funds: chain.minimumGasFunds().toString() });
    log.error('node/postage', 'wallet has no xBZZ: postage batches cannot be bought');
  }
  if (on(patch, 'lowGas')) log.warning('node/storageincentives', 'native balance below the gas a round needs', { minimum_gas_funds: chain.minimumGasFunds().toString() });
  if (on(patch, 'unstaked')) log.warning('node/storageincentives', 'node is not staked: not playing redistribution rounds');
  if (on(patch, 'unhealthy')) log.warning('node/salud', 'node is unhealthy: committed depth differs from the neighbourhood');
  if (on(patch, 'stuckTransactions')) log.warning('node/transaction', 'pending transactions are not being mined: check the wallet gas');
  if (on(patch, 'warmingUp')) log.info('node', 'warmup period: waiting for the reserve to sync before taking part', { pullsync_rate: chain.pullsyncRate() });
  if (on(patch, 'startingUp')) log.info('node', 'starting up: the API answers 503 until the node is ready');
  if (on(patch, 'postageSyncing')) log.info('node/postage', 'syncing postage batches from the chain');
  if (on(patch, 'expiringStamp')) {
    for (const batch of chain.postage.issued()) log.warning('node/postage', 'batch expires soon: top it up', { batch_id: batch.batchId });
  }
  if (on(patch, 'error500')) log.error('node/api', 'internal server error: every API call fails');
  if (on(patch, 'privateReachability')) log.warning('node/libp2p', 'node is not reachable from the public network', { reachability: 'Private' });
  if (on(patch, 'underfilledReserve')) log.info('node/storer', 'reserve under half full: radius will decrease once sync is idle', { reserve_size: chain.reserveSize(), capacity: chain.reserveCapacity() });
  if (on(patch, 'slowPullSync')) log.info('node/puller', 'historical syncing in progress', { rate: chain.pullsyncRate(), reserve_size: chain.reserveSize() });
  if (on(patch, 'lonelyNeighbourhood')) log.warning('node/salud', 'no neighborhood peers found for metrics');
  if (on(patch, 'outlierPeers')) log.debug('node/salud', 'peers report a batch commitment different from ours', { peers: Number(patch['outlierPeers']) });
}
