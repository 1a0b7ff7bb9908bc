/**
 * A devnet node's `GET /metrics`: the Bee v2.8.1 series that the cockpit's dashboards and the fleet read,
 * with Bee's names, types and label names (namespace `bee`, read from Bee's pkg/<subsystem>/metrics.go:
 * localstore (pkg/storer), batchstore, kademlia, salud, storageincentives, swap), valued from the node's
 * simulated state at each scrape. The real-Bee tier (test/bee/metrics-names.test.ts) holds this set against a
 * real node's `/metrics`.
 *
 * No `bee_api_*`: Bee v2.8.1 defines them (pkg/api/metrics.go) but registers only the upload and download
 * speed histograms, and those on its status registry (pkg/node/node.go), so a real node's `/metrics` has no
 * `bee_api_` series at all (seen on the real-Bee tier). Left out on purpose besides: Bee's Go runtime and process collectors (`go_*`, `bee_process_*`), which describe a Go
 * process the devnet is not, and series of subsystems the devnet does not simulate (pushsync, retrieval,
 * libp2p, shed, ...). Like Bee, the storage-incentives series exist only with storage incentives on and the
 * swap series only with swap on; Bee's `bee_info` gauge is never set by Bee, so it reads 0 there and here.
 */
import type { MetricFamily, Sample } from '../../core/prometheus/exposition.js';
import { renderExposition } from '../../core/prometheus/exposition.js';
import type { DevnetNode } from '../node.js';
import { nodeFeatures } from '../node.js';
import { ownStatus } from '../chain/status.js';
import { DEVNET_VERSION } from '../routes/chain/status-routes.js';

/** Bee's storageincentives PhaseType: commit 1, reveal 2, claim 3, sample 4 (pkg/storageincentives/events.go). */
const PHASE_VALUE = { commit: 1, reveal: 2, claim: 3, sample: 4, unknown: 0 } as const;

const gauge = (name: string, help: string, samples: readonly Sample[]): MetricFamily => ({ name, help, type: 'gauge', samples });
const counter = (name: string, help: string, samples: readonly Sample[]): MetricFamily => ({ name, help, type: 'counter', samples });
const one = (value: number): Sample[] => [{ value }];

function storeFamilies(node: DevnetNode): MetricFamily[] {
  const chain = node.chain;
  const reserve = chain.reserveState();
  const topology = chain.topologyView();
  const connected = topology.connected.length;
  // Salud's neighbour count is the peers within the storage radius, as /status reports them.
  const neighbours = ownStatus(chain).neighborhoodSize;
  return [
    gauge('bee_localstore_reserve_size', 'Number of chunks in reserve.', one(chain.reserveSize())),
    gauge('bee_localstore_reserve_size_within_radius', 'Number of chunks in reserve with proximity >= storage radius.', one(chain.reserveSize())),
    gauge('bee_localstore_storage_radius', 'Radius of responsibility reserve storage.', one(reserve.storageRadius)),
    gauge('bee_localstore_cache_size', 'Number of chunks in cache.', one(node.store.size)),
    gauge('bee_batchstore_commitment', 'Sum of all batches\' commitment.', one(reserve.commitment)),
    gauge('bee_batchstore_radius', 'Radius of responsibility observed by the batchstore.', one(reserve.radius)),
    gauge('bee_kademlia_current_depth', 'The current value of depth.', one(topology.depth)),
    gauge('bee_kademlia_currently_known_peers', 'Number of currently known peers.', one(connected + topology.known.length)),
    gauge('bee_kademlia_currently_connected_peers', 'Number of currently connected peers.', one(connected)),
    gauge('bee_kademlia_reachability_status', 'The reachability status of the node.', [{ labels: { reachability_status: topology.reachability }, value: 1 }]),
    gauge('bee_kademlia_peers_reachability_status', 'The reachability status of peers.', connected === 0 ? [] : [{ labels: { peers_reachability_status: 'Public' }, value: connected }]),
    gauge('bee_salud_network_radius', 'Most common radius across the connected peers.', one(reserve.storageRadius)),
    gauge('bee_salud_neighborhood_radius', 'Most common radius across the connected peers.', one(reserve.storageRadius)),
    gauge('bee_salud_batch_commitment', 'Most common batch commitment.', one(reserve.commitment)),
    gauge('bee_salud_neighbors', 'Number of neighborhood peers.', one(neighbours)),
  ];
}

function incentiveFamilies(node: DevnetNode): MetricFamily[] {
  const chain = node.chain;
  const lottery = chain.lottery;
  const block = chain.syncedBlock();
  return [
    gauge('bee_storageincentives_current_phase', 'Enum value of the current phase.', one(PHASE_VALUE[lottery.phaseAt(block)])),
    gauge('bee_storageincentives_round', 'Current round calculated from the block height.', one(Math.floor(block / 152))),
    gauge('bee_storageincentives_reserve_sample_duration', 'Time taken to produce a reserve sample.', one(lottery.lastSampleDurationSeconds)),
    counter('bee_storageincentives_winner', 'Count of won rounds.', one(lottery.wins)),
  ];
}

function swapFamilies(node: DevnetNode): MetricFamily[] {
  const swap = node.chain.swap;
  return [
    gauge('bee_swap_available_balance', 'Currently available chequebook balance.', one(Number(swap.availableBalance))),
    counter('bee_swap_total_received', 'Amount of tokens received from peers (income of the node)', one(Number(swap.cheques.receivedAmount))),
    counter('bee_swap_total_sent', 'Amount of tokens sent to peers (costs paid by the node)', one(Number(swap.cheques.sentAmount))),
    counter('bee_swap_cheques_received', 'Number of cheques received from peers', one(swap.cheques.received)),
    counter('bee_swap_cheques_sent', 'Number of cheques sent to peers', one(swap.cheques.sent)),
  ];
}

/** The node's families, sorted by name as Bee's registry gathers them. */
export function beeMetricFamilies(node: DevnetNode): MetricFamily[] {
  const features = nodeFeatures(node);
  const families = [
    gauge('bee_info', 'Bee information.', [{ labels: { version: DEVNET_VERSION }, value: 0 }]),
    ...storeFamilies(node),
    ...(features.storageIncentives ? incentiveFamilies(node) : []),
    ...(features.swap ? swapFamilies(node) : []),
  ];
  return families.filter((family) => family.samples.length > 0).sort((a, b) => (a.name < b.name ? -1 : 1));
}

export function renderBeeMetrics(node: DevnetNode): string {
  return renderExposition(beeMetricFamilies(node));
}
