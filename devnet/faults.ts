/**
 * Per-node fault switches. One mutable object per node, read by the HTTP middleware (down, slow, 500s,
 * starting up, auth, CORS), by the network (isolated), and, as NodeChain's `sharedFaults`, by the chain
 * model (warming up, frozen, low peers, chain lag, expiring stamp, empty wallet): a field set here wins over
 * the node's own ChainFaults. The control API (in-process and `/_devnet/nodes/{i}/faults`) flips them.
 */

export interface NodeFaults {
  /** Listener closed: connections to the API port are refused. The node also stops serving chunks to peers. */
  down: boolean;
  /** Milliseconds added before every API answer. */
  latencyMs: number;
  /** Every API route (not `/_devnet/*`) answers 500 `{code, message}`. */
  error500: boolean;
  /** Bee's startup gating: every route except the root-only group answers 503 "Node is syncing". */
  startingUp: boolean;
  /** `/status` reports `isWarmingUp: true` and `/readiness` answers 400 notReady; data routes still work. */
  warmingUp: boolean;
  /** Redistribution: the node is frozen (`/redistributionstate` isFrozen true, no rounds played). */
  frozen: boolean;
  /** The node reports few connected peers (`/status`, `/topology`, `/peers`), failing peer-count health gates. */
  lowPeers: boolean;
  /** The node's chain view lags the simulated chain tip by this many blocks (`/chainstate`, `/status`). */
  chainLagBlocks: number;
  /** The node's postage batches report a TTL just below retcheck's 24 h warning threshold. */
  expiringStamp: boolean;
  /** `/wallet` reports zero xBZZ and zero native token; buying stamps fails for lack of funds. */
  emptyWallet: boolean;
  /** The node has no working peer connections: it neither retrieves from nor serves chunks to the network. */
  isolated: boolean;
  /** When set, every API route requires `Authorization: Bearer <token>` (401 otherwise). */
  authToken: string | null;
  /** Origins allowed by CORS (Bee's `cors-allowed-origins`); `*` allows any. Others get no CORS headers. */
  corsOrigins: string[];
}

export type NodeFaultPatch = Partial<NodeFaults>;

export function healthyFaults(): NodeFaults {
  return {
    down: false,
    latencyMs: 0,
    error500: false,
    startingUp: false,
    warmingUp: false,
    frozen: false,
    lowPeers: false,
    chainLagBlocks: 0,
    expiringStamp: false,
    emptyWallet: false,
    isolated: false,
    authToken: null,
    corsOrigins: [],
  };
}

const BOOLEAN_KEYS = ['down', 'error500', 'startingUp', 'warmingUp', 'frozen', 'lowPeers', 'expiringStamp', 'emptyWallet', 'isolated'] as const;
const NUMBER_KEYS = ['latencyMs', 'chainLagBlocks'] as const;

/**
 * Validates an untrusted patch field by field. Keys that are not NodeFaults fields are returned in `rest`
 * (the control API hands them to the chain's own fault parser). Returns the error text for the first bad field.
 */
export function parseFaultPatch(input: unknown): { patch: NodeFaultPatch; rest: Record<string, unknown> } | { error: string } {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return { error: 'fault patch must be a JSON object' };
  const record = input as Record<string, unknown>;
  const patch: NodeFaultPatch = {};
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if ((BOOLEAN_KEYS as readonly string[]).includes(key)) {
      if (typeof value !== 'boolean') return { error: `${key} must be a boolean` };
      patch[key as (typeof BOOLEAN_KEYS)[number]] = value;
    } else if ((NUMBER_KEYS as readonly string[]).includes(key)) {
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) return { error: `${key} must be a non-negative integer` };
      patch[key as (typeof NUMBER_KEYS)[number]] = value;
    } else if (key === 'authToken') {
      if (value !== null && (typeof value !== 'string' || value === '')) return { error: 'authToken must be a non-empty string or null' };
      patch.authToken = value as string | null;
    } else if (key === 'corsOrigins') {
      if (!Array.isArray(value) || !value.every((o) => typeof o === 'string')) return { error: 'corsOrigins must be an array of strings' };
      patch.corsOrigins = value as string[];
    } else {
      rest[key] = value;
    }
  }
  return { patch, rest };
}
