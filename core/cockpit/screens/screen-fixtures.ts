/**
 * Test support: polls of the screen models shaped like a settled devnet node's answers, and the failures
 * the node client reports. Screens' unit and model-based tests build on these.
 */
import type { BucketSummary } from '../rules/bucket-histogram.js';
import type { ApiHealthPoll } from './api-health.js';
import type { LotteryPoll, RedistributionFacts } from './lottery.js';
import type { StampFacts, StampsPoll } from './stamps.js';
import type { SwapPoll } from './swap.js';
import type { WarmupPoll } from './warmup.js';
import { ok, refused } from '../snapshot-fixtures.js';

export const BATCH_A = 'aa'.repeat(32);
export const BATCH_B = 'bb'.repeat(32);
export const BATCH_C = 'cc'.repeat(32);

export function stampFacts(batchID: string, patch: Partial<StampFacts> = {}): StampFacts {
  return {
    batchID,
    label: 'devnet',
    depth: 22,
    bucketDepth: 16,
    amount: '62208000000',
    batchTTL: 30 * 24 * 3600,
    usable: true,
    utilization: 3,
    utilizationRatio: 3 / 64,
    immutableFlag: true,
    blockNumber: 0,
    ...patch,
  };
}

export function stampsPoll(takenAtMs: number, stamps: readonly StampFacts[] = [stampFacts(BATCH_A), stampFacts(BATCH_B, { usable: false, utilization: 0, utilizationRatio: 0 })]): StampsPoll {
  return { takenAtMs, stamps: ok(stamps) };
}

export const stampsSyncing = (takenAtMs: number): StampsPoll => ({ takenAtMs, stamps: refused(503, '503 syncing in progress') });

export const bucketSummary: BucketSummary = {
  depth: 22,
  bucketDepth: 16,
  bucketUpperBound: 64,
  bucketCount: 65_536,
  stamped: 12,
  capacity: 65_536 * 64,
  averageFill: 12 / (65_536 * 64),
  peakFill: 3 / 64,
  bins: [65_530, 6, 0, 0, 0, 0],
  worst: [{ bucketID: 7, collisions: 3 }, { bucketID: 2, collisions: 2 }],
};

export const PEER_1 = '11'.repeat(32);
export const PEER_2 = '22'.repeat(32);
const BZZ = 10n ** 16n;

export function swapPoll(takenAtMs: number): SwapPoll {
  const cheque = (payout: bigint) => ({ beneficiary: '0x' + '33'.repeat(20), chequebook: '0x' + '44'.repeat(20), payout: payout.toString() });
  return {
    takenAtMs,
    node: ok({ beeMode: 'full', swapEnabled: true, chequebookEnabled: true }),
    chequebookAddress: ok('0x8D3766440f0d7b949a5E32995D09619A7F86E632'),
    chequebookBalance: ok({ totalBalance: (10n * BZZ).toString(), availableBalance: (9n * BZZ).toString() }),
    cheques: ok([
      { peer: PEER_1, lastreceived: cheque(BZZ / 4n), lastsent: null },
      { peer: PEER_2, lastreceived: null, lastsent: cheque(BZZ) },
    ]),
    settlements: ok({ totalReceived: (BZZ / 4n).toString(), totalSent: BZZ.toString(), settlements: [{ peer: PEER_1, received: (BZZ / 4n).toString(), sent: '0' }, { peer: PEER_2, received: '0', sent: BZZ.toString() }] }),
    timesettlements: ok({ totalReceived: '1350000000', totalSent: '900000000', settlements: [{ peer: PEER_1, received: '1350000000', sent: '900000000' }] }),
  };
}

/** A node started with --swap-enable=false, as Bee v2.8.1 answers (checked on the bee-cluster). */
export function swapOffPoll(takenAtMs: number): SwapPoll {
  const off = refused(403, '403 Swap is disabled. This endpoint is unavailable.');
  return {
    ...swapPoll(takenAtMs),
    node: ok({ beeMode: 'full', swapEnabled: false, chequebookEnabled: true }),
    chequebookAddress: ok('0x0000000000000000000000000000000000000000'),
    chequebookBalance: refused(405, '405 chain disabled'),
    cheques: off,
    settlements: off,
  };
}

export const OVERLAY = 'b6' + '5a'.repeat(31);

export function lotteryPoll(takenAtMs: number, patch: Partial<RedistributionFacts> = {}): LotteryPoll {
  return {
    takenAtMs,
    redistribution: ok({
      phase: 'reveal',
      round: 90,
      block: 90 * 152 + 41,
      isFrozen: false,
      isHealthy: true,
      isFullySynced: true,
      hasSufficientFunds: true,
      minimumGasFunds: '3750000000000000',
      lastWonRound: 82,
      lastPlayedRound: 89,
      lastFrozenRound: 0,
      lastSelectedRound: 89,
      lastSampleDurationSeconds: 4.2,
      reward: (3n * BZZ).toString(),
      fees: '1070000000000000',
      ...patch,
    }),
    stake: ok({ stakedAmount: (10n * BZZ).toString() }),
    withdrawable: ok({ withdrawableAmount: '0' }),
    status: ok({ overlay: OVERLAY, storageRadius: 5, beeMode: 'full' }),
    reserve: ok({ storageRadius: 5, reserveCapacityDoubling: 0 }),
  };
}

/** A full node with storage incentives off: /redistributionstate 403; the rest answers. */
export function lotteryIncentivesOff(takenAtMs: number): LotteryPoll {
  return { ...lotteryPoll(takenAtMs), redistribution: refused(403, '403 Storage incentives are disabled. This endpoint is unavailable.') };
}

export function warmupPoll(takenAtMs: number, warming = false): WarmupPoll {
  return {
    takenAtMs,
    readiness: ok({ ready: !warming, httpStatus: warming ? 400 : 200 }),
    status: ok({
      beeMode: 'full',
      reserveSizeWithinRadius: warming ? 12_000 : 2_500_000,
      pullsyncRate: warming ? 52.5 : 0,
      storageRadius: 2,
      connectedPeers: warming ? 9 : 69,
      lastSyncedBlock: 1000,
      committedDepth: 2,
      isWarmingUp: warming,
    }),
    topology: ok({ depth: 8, nnLowWatermark: 3, connected: warming ? 9 : 69, connectedPerBin: warming ? [5, 4, ...new Array<number>(30).fill(0)] : [10, 8, 8, 8, 8, 8, 8, 8, 1, 1, 1, ...new Array<number>(21).fill(0)] }),
    chainstate: ok({ chainTip: 1004, block: warming ? 400 : 1000 }),
    reservestate: ok({ radius: 2, storageRadius: 2, commitment: 12_582_912, reserveCapacityDoubling: 0 }),
  };
}

export function apiHealthPoll(takenAtMs: number, pending = 1): ApiHealthPoll {
  return {
    takenAtMs,
    chainstate: ok({ chainTip: 1004, block: 1000, totalAmount: '24000000', currentPrice: '24000', minimumValidityBlocks: 17_280 }),
    transactions: ok(
      Array.from({ length: pending }, (_, i) => ({
        transactionHash: `0x${String(i + 1).repeat(64).slice(0, 64)}`,
        to: '0x45a1502382541cd610cc9068e88727426b696293',
        nonce: i,
        gasPrice: '1000000000',
        created: new Date(takenAtMs - (i + 1) * 60_000).toISOString(),
        description: 'postage batch creation',
        value: '0',
      })),
    ),
    calls: [
      { template: 'GET /chainstate', count: 12, errors: 0, cancelled: 0, lastStatus: 200, p50: 1.2, p95: 3.4, p99: 8, max: 8 },
      { template: 'GET /transactions', count: 12, errors: 1, cancelled: 0, lastStatus: 500, p50: 1, p95: 2, p99: 2, max: 2 },
      { template: 'GET /pins', count: 2, errors: 0, cancelled: 1, lastErrorCode: 'aborted', p50: 3, p95: 3, p99: 3, max: 3 },
    ],
  };
}
