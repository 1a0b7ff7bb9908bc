/**
 * One health poll of a node: nine endpoints asked in parallel through the node client, each answer projected
 * down to the facts the gates read (core/cockpit/health-snapshot.ts). An endpoint that fails becomes part of
 * the snapshot (its `error`), never a rejection, so a node that 403s /redistributionstate still yields gates.
 * The abort signal reaches every request; an aborted poll rejects instead of returning half a picture.
 */
import { fromCallback } from 'xstate';
import type {
  EndpointFailure,
  Fetched,
  NodeHealthSnapshot,
  RedistributionFacts,
  StampFacts,
  StatusFacts,
  TopologyFacts,
} from '../../core/cockpit/health-snapshot.js';
import type { GatesNode, HealthPollerAnswer, HealthPollerEvent } from '../../machines/cockpit/gates.machine.js';
import { endpointFailure } from './endpoint-failure.js';
import { type NodeEndpoints, type RedistributionState, type StatusSnapshot, type TopologySummary } from '../node-client/index.js';

/** The part of the node client a health poll uses (a full NodeClient fits). */
export type HealthSnapshotClient = Pick<
  NodeEndpoints,
  'health' | 'readiness' | 'status' | 'topologySummary' | 'chainstate' | 'wallet' | 'reservestate' | 'redistributionstate' | 'stamps'
>;

export interface HealthSnapshotOptions {
  readonly signal?: AbortSignal;
  /** Clock for takenAtMs (default Date.now). */
  readonly now?: () => number;
}

/** Bee's 32 proximity orders (MaxPO 31). */
const BIN_COUNT = 32;

export async function fetchHealthSnapshot(client: HealthSnapshotClient, options: HealthSnapshotOptions = {}): Promise<NodeHealthSnapshot> {
  const takenAtMs = (options.now ?? Date.now)();
  const o = options.signal ? { signal: options.signal } : {};
  const healthStarted = performance.now();
  let healthMs = 0;
  const timedHealth = client.health(o).finally(() => {
    healthMs = Math.round(performance.now() - healthStarted);
  });
  const [health, readiness, status, topology, chainstate, wallet, reservestate, redistributionstate, stamps] = await Promise.all([
    settle(timedHealth, ({ status, version, apiVersion }) => ({ status, version, apiVersion })),
    settle(client.readiness(o), ({ ready, httpStatus }) => ({ ready, httpStatus })),
    settle(client.status(o), statusFacts),
    settle(client.topologySummary(o), topologyFacts),
    settle(client.chainstate(o), ({ chainTip, block }) => ({ chainTip, block })),
    settle(client.wallet(o), ({ bzzBalance, nativeTokenBalance }) => ({ bzzBalance, nativeTokenBalance })),
    settle(client.reservestate(o), ({ radius, storageRadius, commitment, reserveCapacityDoubling }) =>
      reserveCapacityDoubling === undefined ? { radius, storageRadius, commitment } : { radius, storageRadius, commitment, reserveCapacityDoubling },
    ),
    settle(client.redistributionstate(o), redistributionFacts),
    settle(client.stamps(o), (list) => list.map(({ batchID, batchTTL, usable, depth, label, utilization, bucketDepth, immutableFlag }): StampFacts => ({ batchID, batchTTL, usable, depth, label, utilization, bucketDepth, immutable: immutableFlag }))),
  ]);
  // A poll cut short by its owner is no snapshot: the owner has moved on and must not see partial facts.
  options.signal?.throwIfAborted();
  return { takenAtMs, healthMs, health, readiness, status, topology, chainstate, wallet, reservestate, redistributionstate, stamps };
}

/**
 * The gates machine's `healthPoller` (machines/cockpit/gates.machine.ts): one callback actor for a poller's whole
 * life rather than one promise actor per poll. `poll.start` runs one poll against the client of the machine's node
 * and answers `poll.done`, or `poll.failed` for the unexpected; `poll.cancel`, a newer `poll.start` and the actor's
 * stop abort the poll in flight, and an aborted poll never answers.
 */
export function healthPollerLogic(clientFor: (node: GatesNode) => HealthSnapshotClient, now?: () => number) {
  return fromCallback<HealthPollerEvent, GatesNode | null | undefined>(({ input, sendBack, receive }) => {
    const answer = (event: HealthPollerAnswer) => sendBack(event);
    let inFlight: AbortController | null = null;
    receive((event) => {
      inFlight?.abort();
      inFlight = null;
      if (event.type !== 'poll.start') return;
      if (!input) return answer({ type: 'poll.failed', message: 'a fleet poller needs its node' });
      const controller = (inFlight = new AbortController());
      const settled = (event: HealthPollerAnswer) => {
        if (inFlight !== controller) return;
        inFlight = null;
        answer(event);
      };
      fetchHealthSnapshot(clientFor(input), now ? { signal: controller.signal, now } : { signal: controller.signal }).then(
        (snapshot) => settled({ type: 'poll.done', snapshot }),
        (error: unknown) => settled({ type: 'poll.failed', message: error instanceof Error ? error.message : String(error) }),
      );
    });
    return () => inFlight?.abort();
  });
}

/** A call's answer projected to facts, or why it failed: never a rejection (see the module doc). */
export async function settle<T, F>(call: Promise<T>, project: (value: T) => F): Promise<Fetched<F>> {
  try {
    return { ok: true, value: project(await call) };
  } catch (error) {
    return { ok: false, error: endpointFailure(error) };
  }
}

export function statusFacts(s: StatusSnapshot): StatusFacts {
  const { beeMode, reserveSizeWithinRadius, pullsyncRate, storageRadius, connectedPeers, lastSyncedBlock, committedDepth, isWarmingUp } = s;
  return {
    beeMode,
    reserveSizeWithinRadius,
    pullsyncRate,
    storageRadius,
    connectedPeers,
    lastSyncedBlock,
    ...(committedDepth === undefined ? {} : { committedDepth }),
    ...(isWarmingUp === undefined ? {} : { isWarmingUp }),
  };
}

export function topologyFacts(t: TopologySummary): TopologyFacts {
  const connectedPerBin = Array.from({ length: BIN_COUNT }, (_, po) => t.bins[`bin_${po}`]?.connected ?? 0);
  return { depth: t.depth, nnLowWatermark: t.nnLowWatermark, connected: t.connected, connectedPerBin };
}

function redistributionFacts(r: RedistributionState): RedistributionFacts {
  const { isFrozen, isFullySynced, isHealthy, hasSufficientFunds, minimumGasFunds, phase, round, lastPlayedRound, lastWonRound, lastFrozenRound } = r;
  return {
    isFrozen,
    isFullySynced,
    ...(isHealthy === undefined ? {} : { isHealthy }),
    hasSufficientFunds,
    minimumGasFunds,
    phase,
    round,
    lastPlayedRound,
    lastWonRound,
    lastFrozenRound,
    ...(sampleSecondsOf(r) === undefined ? {} : { lastSampleDurationSeconds: sampleSecondsOf(r)! }),
  };
}

/** Bee v2.0 called it lastSampleDuration. */
const sampleSecondsOf = (r: RedistributionState): number | undefined => r.lastSampleDurationSeconds ?? r.lastSampleDuration;
