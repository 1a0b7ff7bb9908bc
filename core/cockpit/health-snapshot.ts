/**
 * One poll of a node, as the health gates read it: the facts of nine endpoints, each either the answer
 * or why it is missing. A node that answers /health but refuses /redistributionstate (403, incentives off)
 * still yields a snapshot, and so still yields gates.
 *
 * These are plain, serialisable values (a machine keeps the latest one in context). Only the fields the
 * gates read are kept: the actor projects the node client's answers down to them, so a 150-peer topology
 * becomes 32 numbers. BigInt amounts stay decimal strings, as the node client gives them.
 */

/** Why an endpoint's facts are missing: the node client's error code, its HTTP status, one short line. */
export interface EndpointFailure {
  readonly code: 'http' | 'timeout' | 'network' | 'invalid-response' | 'aborted' | 'unknown';
  readonly status?: number;
  /** e.g. `403 Storage incentives are disabled…`, `network error: connect ECONNREFUSED …`. */
  readonly detail: string;
}

export type Fetched<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: EndpointFailure };

export interface HealthFacts {
  /** `ok`, `nok` or `unknown`. */
  readonly status: string;
  readonly version: string;
  readonly apiVersion: string;
}

export interface ReadinessFacts {
  readonly ready: boolean;
  /** 200 ready, 400 notReady. */
  readonly httpStatus: number;
}

export interface StatusFacts {
  readonly beeMode: string;
  readonly reserveSizeWithinRadius: number;
  readonly pullsyncRate: number;
  readonly storageRadius: number;
  readonly connectedPeers: number;
  readonly lastSyncedBlock: number;
  readonly committedDepth?: number;
  /** Absent before Bee v2.6. */
  readonly isWarmingUp?: boolean;
}

export interface TopologyFacts {
  /** Kademlia depth (not the storage radius). */
  readonly depth: number;
  readonly nnLowWatermark: number;
  readonly connected: number;
  /** Connected peers per proximity order 0..31 (`bins.bin_<po>.connected`; a missing bin counts 0). */
  readonly connectedPerBin: readonly number[];
}

export interface ChainFacts {
  /** Latest block the node's RPC endpoint reports. */
  readonly chainTip: number;
  /** Block the node's postage listener has processed. */
  readonly block: number;
}

export interface WalletFacts {
  /** PLUR, decimal string (null when Bee did not set it). */
  readonly bzzBalance: string | null;
  /** wei, decimal string. */
  readonly nativeTokenBalance: string | null;
}

export interface ReserveFacts {
  readonly radius: number;
  readonly storageRadius: number;
  readonly commitment: number;
  readonly reserveCapacityDoubling?: number;
}

export interface RedistributionFacts {
  readonly isFrozen: boolean;
  readonly isFullySynced: boolean;
  /** Absent on Bee releases before salud reported it. */
  readonly isHealthy?: boolean;
  readonly hasSufficientFunds: boolean;
  /** wei, decimal string. */
  readonly minimumGasFunds: string | null;
  readonly phase: string;
  readonly round: number;
  readonly lastPlayedRound: number;
  readonly lastWonRound: number;
  readonly lastFrozenRound: number;
  /** The node's own last round sample in seconds (0: none yet); absent in snapshots from before sample-forecast. */
  readonly lastSampleDurationSeconds?: number;
}

export interface StampFacts {
  readonly batchID: string;
  /** Seconds; -1 when Bee cannot estimate it. */
  readonly batchTTL: number;
  readonly usable: boolean;
  readonly depth: number;
  readonly label: string;
  /** Chunks in the batch's fullest bucket (Bee's `utilization`); absent in older fixtures. */
  readonly utilization?: number;
  readonly bucketDepth?: number;
  /** Bee's `immutableFlag`: a full immutable batch refuses stamps, a full mutable one overwrites its oldest chunks. */
  readonly immutable?: boolean;
}

export interface NodeHealthSnapshot {
  /** When the poll started (ms since the epoch), from the actor's clock. */
  readonly takenAtMs: number;
  /** Round trip of GET /health in milliseconds, answered or not (the S15 "ping"); absent in older fixtures. */
  readonly healthMs?: number;
  readonly health: Fetched<HealthFacts>;
  readonly readiness: Fetched<ReadinessFacts>;
  readonly status: Fetched<StatusFacts>;
  readonly topology: Fetched<TopologyFacts>;
  readonly chainstate: Fetched<ChainFacts>;
  readonly wallet: Fetched<WalletFacts>;
  readonly reservestate: Fetched<ReserveFacts>;
  /** 403 when storage incentives are off, 400 on a node that is not a full node: the gates show "not applicable". */
  readonly redistributionstate: Fetched<RedistributionFacts>;
  readonly stamps: Fetched<readonly StampFacts[]>;
}

/** The endpoint keys of a snapshot, in the order the actor asks for them. */
export const SNAPSHOT_ENDPOINTS = [
  'health',
  'readiness',
  'status',
  'topology',
  'chainstate',
  'wallet',
  'reservestate',
  'redistributionstate',
  'stamps',
] as const satisfies readonly (keyof NodeHealthSnapshot)[];

export type SnapshotEndpoint = (typeof SNAPSHOT_ENDPOINTS)[number];
