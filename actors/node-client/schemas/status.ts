/**
 * Schemas for the status, identity and connectivity endpoints (bee-api.md §2.1, §2.7 loggers).
 * Fields introduced after Bee v2.0 are optional so older nodes still validate.
 */
import * as z from 'zod/mini';
import { builtOnFirstUse, blockNumber, count, depth, hexString, list, nonNegative, proximity } from './common.js';

export const healthSchema = z.lazy(() => z.object({
  status: z.string(),
  version: z.string(),
  apiVersion: z.string(),
}));
export type Health = z.output<typeof healthSchema>;

/** Before Bee v2.3 the readiness body was empty, so every field is optional here. */
export const readinessBodySchema = z.lazy(() => z.object({
  status: z.optional(z.string()),
  version: z.optional(z.string()),
  apiVersion: z.optional(z.string()),
}));

export const nodeInfoSchema = z.lazy(() => z.object({
  beeMode: z.string(),
  chequebookEnabled: z.boolean(),
  swapEnabled: z.boolean(),
}));
export type NodeInfo = z.output<typeof nodeInfoSchema>;

export const addressesSchema = z.lazy(() => z.object({
  overlay: hexString(64),
  underlay: list(z.string()),
  ethereum: z.optional(z.string()),
  chain_address: z.optional(z.string()),
  publicKey: z.string(),
  pssPublicKey: z.string(),
}));
export type Addresses = z.output<typeof addressesSchema>;

/** One `/status` snapshot; `/status/peers` returns many with `requestFailed` set on failed peers. */
const statusSnapshotObject = () =>
  z.object({
    overlay: z.string(),
    proximity: proximity(),
    beeMode: z.string(),
    reserveSize: count(),
    reserveSizeWithinRadius: count(),
    pullsyncRate: nonNegative(),
    storageRadius: depth(),
    connectedPeers: count(),
    neighborhoodSize: count(),
    batchCommitment: count(),
    isReachable: z.boolean(),
    lastSyncedBlock: blockNumber(),
    committedDepth: z.optional(depth()),
    isWarmingUp: z.optional(z.boolean()),
    requestFailed: z.optional(z.boolean()),
  });
export const statusSnapshotSchema = z.lazy(statusSnapshotObject);
export type StatusSnapshot = z.output<typeof statusSnapshotSchema>;

/** A failed peer in `/status/peers` carries only overlay, proximity and `requestFailed`, so relax the rest. */
export const statusPeersSchema = z.lazy(() => z.object({
  snapshots: list(z.extend(z.partial(statusSnapshotObject()), { overlay: z.string() })),
}));
export type StatusPeers = z.output<typeof statusPeersSchema>;

export const neighborhoodsSchema = z.lazy(() => z.object({
  neighborhoods: list(
    z.object({
      neighborhood: z.string(),
      reserveSizeWithinRadius: count(),
      proximity: depth(),
    }),
  ),
}));
export type Neighborhoods = z.output<typeof neighborhoodsSchema>;

const peerMetricsSchema = builtOnFirstUse(() => z.object({
  lastSeenTimestamp: z.optional(count()),
  sessionConnectionRetry: z.optional(count()),
  connectionTotalDuration: z.optional(nonNegative()),
  sessionConnectionDuration: z.optional(nonNegative()),
  sessionConnectionDirection: z.optional(z.string()),
  latencyEWMA: z.optional(nonNegative()),
  reachability: z.optional(z.string()),
  healthy: z.optional(z.boolean()),
}));

const topologyPeerSchema = builtOnFirstUse(() => z.object({
  address: z.string(),
  metrics: z.nullish(peerMetricsSchema()),
}));

const binSchema = builtOnFirstUse(() => z.object({
  population: count(),
  connected: count(),
  disconnectedPeers: list(topologyPeerSchema()),
  connectedPeers: list(topologyPeerSchema()),
}));
export type TopologyBin = z.output<ReturnType<typeof binSchema>>;

const BIN_KEY = /^bin_\d+$/;

/** The `bin_<n>` keys of an object (a loop, not entries/filter/fromEntries: every fleet poll runs it). */
function onlyBinKeys(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const bins: Record<string, unknown> = {};
  for (const key of Object.keys(value)) if (BIN_KEY.test(key)) bins[key] = (value as Record<string, unknown>)[key];
  return bins;
}

export const topologySchema = z.lazy(() => z.object({
  baseAddr: z.string(),
  population: count(),
  connected: count(),
  timestamp: z.string(),
  nnLowWatermark: count(),
  depth: depth(),
  reachability: z.optional(z.string()),
  networkAvailability: z.optional(z.string()),
  /** Keys `bin_0` … `bin_31`; any other key is ignored like every unknown field. */
  bins: z.pipe(z.transform(onlyBinKeys), z.record(z.string(), binSchema())),
  lightNodes: z.optional(binSchema()),
}));
export type Topology = z.output<typeof topologySchema>;

/** A bin's counts without its peer lists. */
const binCountsSchema = builtOnFirstUse(() => z.object({ population: count(), connected: count() }));

/**
 * /topology without its peer lists: what health polls read (depth, counts, per-bin counts, reachability). A
 * node's topology lists every known peer with its metrics (96 KB from a devnet node of a 200-node fleet, more
 * on mainnet); validating and copying each peer on every fleet poll was most of the cockpit's allocation.
 * Unknown fields are skipped, so the peer lists are parsed as JSON but never walked.
 */
export const topologySummarySchema = z.lazy(() => z.object({
  population: count(),
  connected: count(),
  nnLowWatermark: count(),
  depth: depth(),
  reachability: z.optional(z.string()),
  networkAvailability: z.optional(z.string()),
  bins: z.pipe(z.transform(onlyBinKeys), z.record(z.string(), binCountsSchema())),
}));
export type TopologySummary = z.output<typeof topologySummarySchema>;

export const peersSchema = z.lazy(() => z.object({
  peers: list(z.object({ address: z.string(), fullNode: z.optional(z.boolean()) })),
}));
export type Peers = z.output<typeof peersSchema>;

export const pingpongSchema = z.lazy(() => z.object({ rtt: z.string() }));

export const welcomeMessageSchema = z.lazy(() => z.object({ welcomeMessage: z.string() }));

export const loggersSchema = z.lazy(() => z.object({
  tree: z.optional(z.unknown()),
  loggers: list(
    z.object({
      logger: z.string(),
      verbosity: z.string(),
      subsystem: z.string(),
      id: z.string(),
    }),
  ),
}));
export type Loggers = z.output<typeof loggersSchema>;
