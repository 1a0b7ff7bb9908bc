/**
 * Fault flags the chain and node-operations models read on every request and every block.
 * They are plain mutable fields so the devnet control API can flip them at run time; the models
 * never cache a flag's value, so a change shows on the next poll.
 *
 * Each flag exists to make one of the cockpit's health gates fail on purpose:
 *   warmingUp      -> "warmup complete" (/status isWarmingUp, /readiness 400) and "reserve fill" (empty reserve)
 *   frozen         -> "not frozen" (/redistributionstate isFrozen) and the round is skipped
 *   lowPeers       -> "peer count" and "bin saturation" (/topology, /peers, /status connectedPeers): one peer left
 *   peerCount      -> the same with an exact number of connected peers (null: the real table)
 *   chainLagBlocks -> "chain RPC fresh" (/chainstate block trails chainTip)
 *   expiringStamp  -> "stamp TTL" (every batch of the node is cut to expiringStampSeconds of life)
 *   emptyWallet    -> "wallet funded" (/wallet zeros, buys fail with out of funds, hasSufficientFunds false)
 *   rchashSeconds  -> the rchash benchmark verdict (green < 95 s) and lastSampleDurationSeconds
 * and one of the cockpit's stake cards (S4) or screens each:
 *   unstaked          -> "Unstaked": /stake reads 0, the node plays no rounds
 *   skewedStake       -> "Skewed": /stake reads 15 xBZZ with 5 xBZZ withdrawable (a surplus over the height's need)
 *   lowGas            -> "Insufficient gas": the native balance reads just under minimumGasFunds (not zero)
 *   unhealthy         -> "Unhealthy": /redistributionstate isHealthy false (salud disagrees with the neighbourhood)
 *   stuckTransactions -> pending transactions never get mined (a wallet out of gas): /transactions keeps them,
 *                        and a batch bought meanwhile stays not usable ('Pending' on S2)
 *   starvingBin       -> "bin saturation" STARVING (S1, S6 strip): that bin keeps starvingBinPeers (3) connected
 *                        peers; pick a bin below /topology's depth (0 on a node whose depth is 0)
 *   privateReachability -> S7 reachability Private
 *   outlierPeers      -> S6: the first N simulated peers of the table report a batch commitment 20 % off
 * and each cause radius-doctor names (issue 29 item 3; S5, S7, --once radius-doctor):
 *   underfilledReserve  -> the reserve holds a quarter of the capacity, sync idle: not fully synced, Bee would lower the radius
 *   slowPullSync        -> the reserve holds a quarter of the capacity and the pull sync crawls at 1.5 chunks/s
 *   lonelyNeighbourhood -> no connected peer shares the neighbourhood (peers at or past the storage radius disconnected)
 *   storageRadius       -> the node's storage radius (and Kademlia depth) instead of the one the commitment implies
 * and rchashSeconds (above) is sample-forecast's slow rchash (issue 29 item 4).
 */
export interface ChainFaults {
  warmingUp: boolean;
  frozen: boolean;
  lowPeers: boolean;
  peerCount: number | null;
  chainLagBlocks: number;
  expiringStamp: boolean;
  /** TTL the expiringStamp fault leaves a batch with (seconds of chain time): just under a day by default. */
  expiringStampSeconds: number;
  emptyWallet: boolean;
  /** Simulated duration of a reserve sample (rchash and the lottery's sample phase). */
  rchashSeconds: number;
  /** Overrides the simulated reserve size (chunks); null means "derive it". */
  reserveChunks: number | null;
  /** /stamps* answer 503 "syncing in progress", as Bee does before the postage listener catches up. */
  postageSyncing: boolean;
  unstaked: boolean;
  skewedStake: boolean;
  lowGas: boolean;
  unhealthy: boolean;
  stuckTransactions: boolean;
  /** S6: this bin (proximity order) keeps only `starvingBinPeers` connected peers, the rest are known but disconnected. */
  starvingBin: number | null;
  starvingBinPeers: number;
  /** S7: AutoNAT says Private: `/topology` reachability Private, `/status` isReachable false. */
  privateReachability: boolean;
  /** S6: this many simulated peers (the first ones of the peer table) report a batch commitment 20 % too high. */
  outlierPeers: number;
  /** radius-doctor: the reserve holds UNDERFILLED_SHARE of the capacity, pull sync idle. */
  underfilledReserve: boolean;
  /** radius-doctor: the reserve holds UNDERFILLED_SHARE of the capacity and the pull sync runs at SLOW_PULLSYNC_RATE. */
  slowPullSync: boolean;
  /** radius-doctor: every connected peer at or past the storage radius is disconnected (stays known). */
  lonelyNeighbourhood: boolean;
  /** The node's storage radius instead of the commitment's (Bee lowers it while under-filled); null: derive it. */
  storageRadius: number | null;
}

export function defaultChainFaults(): ChainFaults {
  return {
    warmingUp: false,
    frozen: false,
    lowPeers: false,
    peerCount: null,
    chainLagBlocks: 0,
    expiringStamp: false,
    expiringStampSeconds: 23 * 3600,
    emptyWallet: false,
    rchashSeconds: 4.2,
    reserveChunks: null,
    postageSyncing: false,
    unstaked: false,
    skewedStake: false,
    lowGas: false,
    unhealthy: false,
    stuckTransactions: false,
    starvingBin: null,
    starvingBinPeers: 3,
    privateReachability: false,
    outlierPeers: 0,
    underfilledReserve: false,
    slowPullSync: false,
    lonelyNeighbourhood: false,
    storageRadius: null,
  };
}

/**
 * The flags in effect: the node's own ChainFaults overlaid with the fields the devnet's shared NodeFaults
 * object defines (D1's control API flips those). Read per request, never cached.
 */
export function effectiveFaults(own: ChainFaults, shared: Partial<ChainFaults> | undefined): ChainFaults {
  if (!shared) return own;
  const out: ChainFaults = { ...own };
  for (const key of Object.keys(own) as (keyof ChainFaults)[]) {
    const value = shared[key];
    if (value !== undefined) (out as unknown as Record<string, unknown>)[key] = value;
  }
  return out;
}

/** Validates a patch of chain-only fault fields from an untrusted source; returns the first error. */
export function parseChainFaultPatch(input: unknown): { patch: Partial<ChainFaults> } | { error: string } {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return { error: 'fault patch must be a JSON object' };
  const patch: Partial<ChainFaults> = {};
  const record = patch as Record<string, unknown>;
  const defaults = defaultChainFaults() as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(input)) {
    if (!(key in defaults)) return { error: `unknown fault ${key}` };
    const nullable = key === 'peerCount' || key === 'reserveChunks' || key === 'starvingBin' || key === 'storageRadius';
    if (nullable && value === null) record[key] = null;
    else if (typeof defaults[key] === 'boolean' && typeof value === 'boolean') record[key] = value;
    else if ((typeof defaults[key] === 'number' || nullable) && typeof value === 'number' && Number.isFinite(value) && value >= 0) record[key] = value;
    else return { error: `${key} must be ${nullable ? 'a non-negative number or null' : `a ${typeof defaults[key]}`}` };
  }
  return { patch };
}
