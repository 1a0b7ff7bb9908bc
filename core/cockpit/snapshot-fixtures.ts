/**
 * Test support: hand-built health snapshots. `healthySnapshot()` passes every gate (numbers like a settled
 * devnet node); tests change one fact at a time with `withSnapshot`, and `refused`/`unreachable` build the
 * failures the node client reports.
 */
import type { EndpointFailure, Fetched, NodeHealthSnapshot } from './health-snapshot.js';

export const ok = <T>(value: T): Fetched<T> => ({ ok: true, value });
export const refused = (status: number, detail = `${status} refused`): Fetched<never> => ({ ok: false, error: { code: 'http', status, detail } });
export const failed = (error: EndpointFailure): Fetched<never> => ({ ok: false, error });
export const unreachable: Fetched<never> = { ok: false, error: { code: 'network', detail: 'network error: connect ECONNREFUSED 127.0.0.1:1633' } };

/** 32 bins: 8+ connected below depth 8, a few neighbours past it. */
export const SATURATED_BINS: readonly number[] = [10, 8, 8, 8, 8, 8, 8, 8, 1, 1, 1, ...new Array<number>(21).fill(0)];

export function healthySnapshot(takenAtMs = 1_700_000_000_000): NodeHealthSnapshot {
  return {
    takenAtMs,
    health: ok({ status: 'ok', version: '2.8.1-7cf53193', apiVersion: '8.1.0' }),
    readiness: ok({ ready: true, httpStatus: 200 }),
    status: ok({
      beeMode: 'full',
      reserveSizeWithinRadius: 2_500_000,
      pullsyncRate: 0,
      storageRadius: 2,
      connectedPeers: 69,
      lastSyncedBlock: 1000,
      committedDepth: 2,
      isWarmingUp: false,
    }),
    topology: ok({ depth: 8, nnLowWatermark: 3, connected: 69, connectedPerBin: SATURATED_BINS }),
    chainstate: ok({ chainTip: 1004, block: 1000 }),
    wallet: ok({ bzzBalance: '1000000000000000000', nativeTokenBalance: '1000000000000000000' }),
    reservestate: ok({ radius: 2, storageRadius: 2, commitment: 12_582_912, reserveCapacityDoubling: 0 }),
    redistributionstate: ok({
      isFrozen: false,
      isFullySynced: true,
      isHealthy: true,
      hasSufficientFunds: true,
      minimumGasFunds: '3750000000000000',
      phase: 'commit',
      round: 6,
      lastPlayedRound: 5,
      lastWonRound: 2,
      lastFrozenRound: 0,
    }),
    stamps: ok([{ batchID: '84b9d6815e03fb4c2d2db7381bdd5c238604008ba4bb4ef00e9173c3746b13de', batchTTL: 172_787, usable: true, depth: 22, label: 'devnet' }]),
  };
}

type Facts<K extends keyof NodeHealthSnapshot> = NodeHealthSnapshot[K] extends Fetched<infer F> ? F : never;

/** The snapshot with some endpoints' facts merged (`{ status: { connectedPeers: 3 } }`) or replaced by a failure. */
export function withSnapshot(
  base: NodeHealthSnapshot,
  patch: { [K in Exclude<keyof NodeHealthSnapshot, 'takenAtMs' | 'stamps'>]?: Partial<Facts<K>> | Fetched<never> } & {
    stamps?: Facts<'stamps'> | Fetched<never>;
  },
): NodeHealthSnapshot {
  const out: Record<string, unknown> = { ...base };
  for (const [key, change] of Object.entries(patch)) {
    if (change && typeof change === 'object' && 'ok' in change && (change as { ok: unknown }).ok === false) out[key] = change;
    else if (Array.isArray(change)) out[key] = ok(change);
    else {
      const current = (base as unknown as Record<string, Fetched<object>>)[key]!;
      out[key] = ok({ ...(current.ok ? current.value : {}), ...(change as object) });
    }
  }
  return out as unknown as NodeHealthSnapshot;
}
