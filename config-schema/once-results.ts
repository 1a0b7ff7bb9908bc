/**
 * The `--json` output of every `--once` verb: the common object `{verb, status, message, data}` (2-cockpit.md
 * §2 "Other records") and, per verb, the shape of `data`. One zod source for:
 * - the types the verb modules build their data with (type-only imports: no zod at a verb's start-up),
 * - config-schema/once-results.schema.json (draft 2020-12; `npm run schemas`, checked for staleness by a test),
 *   which the tests validate every verb's real output against.
 * Objects are loose: consumers ignore fields they do not know; new fields may appear in minor releases.
 * An `error` result's data is `{ node?, error?: {code, status?, detail}, ... }`, the same for every verb.
 *
 * Conventions: PLUR and wei amounts are decimal strings (they exceed 2^53), seconds and bytes are numbers,
 * hex is lowercase without 0x, `node` is the node URL the verb talked to.
 */
import { z } from 'zod';
import { replicasSchema } from './retcheck-replicas.js';
import { radiusDoctorDataSchema, sampleForecastDataSchema } from './once-radius.js';

const hex = (length?: number) => (length === undefined ? z.string().regex(/^[0-9a-f]*$/) : z.string().regex(new RegExp(`^[0-9a-f]{${length}}$`)));
const reference = z.string().regex(/^(?:[0-9a-f]{64}|[0-9a-f]{128})$/);
const decimal = z.string().regex(/^-?\d+$/);
const int = z.number().int();
const nonNeg = z.number().min(0);
const node = z.string();

export const failureSchema = z.looseObject({ code: z.string(), status: int.optional(), detail: z.string() });
export const errorDataSchema = z.looseObject({ node: node.optional(), error: failureSchema.optional() });
export const warningSchema = z.looseObject({ code: z.string(), message: z.string() });

// ---- existing verbs -------------------------------------------------------------------------------------

const redundancyLevel = int.min(0).max(4).describe('Bee\'s swarm-redundancy-level: 0 NONE, 1 MEDIUM, 2 STRONG, 3 INSANE, 4 PARANOID');

export const hashDataSchema = z.looseObject({
  reference: hex(64).describe('the reference the chosen upload returns: POST /bytes at redundancyLevel, or with manifest, POST /bzz (upload-file) at redundancyLevel'),
  path: z.string(),
  size: int.min(0),
  redundancyLevel: redundancyLevel.describe('the level hashed at (--redundancy; default 0)'),
  manifest: z.boolean().describe('true with --manifest: the file wrapped in a manifest as upload-file wraps it'),
  fileReference: hex(64).optional().describe('with manifest: the file\'s own chunk-tree root, the manifest\'s entry'),
  name: z.string().optional().describe('with manifest: the file name stored in it (the base name, as upload-file sends it)'),
  contentType: z.string().optional().describe('with manifest: the Content-Type stored in it (from the extension, as upload-file sends it)'),
  engine: z.string(),
  threads: int.min(1),
  seconds: nonNeg,
  megabytesPerSecond: nonNeg,
});

export const readinessDataSchema = z.looseObject({
  node,
  // Unknown: the gate could not be measured (its reason starts `not measured:`); not a Fail of what it measures.
  gates: z.array(z.looseObject({ id: z.string(), name: z.string(), state: z.enum(['Pass', 'Warn', 'Fail', 'Unknown']).describe('Unknown: not measured (the reason starts "not measured:" and says why); never a Fail of what the gate measures'), reason: z.string(), applicable: z.boolean() })),
  summary: z.looseObject({ pass: int, warn: int, fail: int, unknown: int, worst: z.enum(['Pass', 'Warn', 'Fail', 'Unknown']) }),
});

export const versionCheckDataSchema = z.looseObject({
  node,
  expected: z.looseObject({ apiVersion: z.string(), beeVersion: z.string() }),
  live: z.looseObject({ apiVersion: z.string(), version: z.string() }),
  verdict: z.string(),
  compatible: z.boolean(),
});

// ---- inspection ------------------------------------------------------------------------------------------

const problemSchema = z.looseObject({ file: z.string().optional(), line: int.optional(), column: int.optional(), key: z.string().optional(), message: z.string(), kind: z.enum(['config', 'usage']) });
const logSourceSchema = z.looseObject({
  tier: z.enum(['supervised', 'cli', 'config', 'discovery', 'none']),
  kind: z.enum(['file', 'command', 'discovery', 'none']),
  value: z.string().optional(),
  note: z.string(),
});
export const configDoctorDataSchema = z.looseObject({
  configFile: z.looseObject({ path: z.string(), origin: z.enum(['flag', 'env', 'default']), from: z.string(), loaded: z.boolean() }),
  dataDir: z.looseObject({ path: z.string(), origin: z.string(), from: z.string() }).optional(),
  nodes: z
    .array(z.looseObject({ name: z.string(), url: z.string(), origin: z.string(), active: z.boolean(), token: z.string(), logSource: logSourceSchema }))
    .optional(),
  activeNode: z.string().optional(),
  store: z.looseObject({ bin: z.string(), config: z.string(), origin: z.enum(['flag', 'config']), binStatus: z.string(), configStatus: z.string() }).nullable().optional(),
  supervisor: z.looseObject({ autoRestart: z.boolean(), maxRestartsPerHour: int }).optional(),
  alerts: z.looseObject({ webhook: z.string(), debounceSecs: int }).optional(),
  fleet: z.looseObject({ aggregateWebhook: z.string(), aggregateWindowSecs: int }).optional(),
  notifications: z.looseObject({ desktop: z.boolean(), toastEnabled: z.boolean(), toastSeconds: int, bell: z.string() }).optional(),
  pubsub: z.looseObject({ historyFile: z.string().nullable(), rotateSizeMb: int, keepFiles: int }).optional(),
  ui: z.looseObject({ theme: z.string(), asciiFallback: z.boolean(), noColor: z.boolean() }).optional(),
  problems: z.array(problemSchema),
  warnings: z.array(z.string()),
});

export const cidDataSchema = z.looseObject({
  reference: hex(64),
  type: z.enum(['manifest', 'feed']),
  cid: z.string().regex(/^b[a-z2-7]{60}$/),
  codec: z.enum(['swarm-manifest', 'swarm-feed']),
  direction: z.enum(['encode', 'decode']),
});

export const depthTableDataSchema = z.looseObject({
  bucketDepth: z.literal(16),
  chunkPayloadBytes: z.literal(4096),
  rows: z.array(z.looseObject({ depth: int, chunks: int, bucketSlots: int, theoreticalBytes: int, effectiveBytes: int, effectiveRatio: nonNeg })),
});

const depthFact = { depth: int.min(0), depthSource: z.enum(['storageRadius', 'topology']) };
export const pssTargetDataSchema = z.looseObject({
  node,
  overlay: hex(64),
  pssPublicKey: hex(66),
  ...depthFact,
  target: z.string().regex(/^(?:[0-9a-f]{2}){1,3}$/),
  targetBits: int,
  coversDepth: z.boolean(),
});

export const gsocMineDataSchema = z.looseObject({
  node,
  overlay: hex(64),
  ...depthFact,
  nonce: z.string(),
  identifier: hex(64),
  identifierFrom: z.enum(['hex', 'keccak256']),
  privateKey: hex(64),
  owner: hex(40),
  socAddress: hex(64),
  proximity: int.min(0),
  tries: int.min(1),
});

export const priceDataSchema = z.looseObject({
  node,
  pricePerChunkPerBlock: decimal,
  blockTimeSeconds: int.min(1),
  pricePerChunkPerDay: decimal,
  gibPerMonthPlur: decimal,
  gibPerMonthBzz: z.string(),
  minimumValidityBlocks: int,
  minimumAmount: decimal,
  chainTip: int,
  block: int,
});

export const basefeeDataSchema = z.looseObject({
  node,
  source: z.enum(['rpc', 'redistributionstate']),
  rpc: z.string().optional(),
  baseFeeWei: decimal.optional(),
  baseFeeGwei: z.string().optional(),
  gasPriceWei: decimal,
  gasPriceGwei: z.string(),
  minimumGasFundsWei: decimal.optional(),
  block: int.optional(),
});

export const inspectDataSchema = z.looseObject({
  node,
  reference,
  kind: z.enum(['manifest', 'feed', 'not-a-manifest']),
  indexDocument: z.string().optional(),
  errorDocument: z.string().optional(),
  feed: z.looseObject({ owner: hex(40), topic: hex(64), type: z.string() }).optional(),
  entries: z.array(z.looseObject({ path: z.string(), reference: z.union([reference, z.literal('')]), contentType: z.string().optional(), filename: z.string().optional(), metadata: z.record(z.string(), z.string()) })),
  nodeCount: int.min(0),
  rootBytes: int.min(0).optional().describe('not-a-manifest: the root holds this many bytes of content (more than a manifest node can be)'),
  notManifestBecause: z.string().optional().describe('not-a-manifest: what the root chunk lacks to be a mantaray manifest node'),
});

export const durabilityCheckDataSchema = z.looseObject({ node, reference, retrievable: z.boolean(), elapsedMs: nonNeg, pinned: z.boolean().optional() });
/** `replica-check`: the root's dispersed replicas through one node, in the retcheck report's `replicas` shape. */
export const replicaCheckDataSchema = z.looseObject({ node, reference, replicas: replicasSchema });

/** `probe-upload`: the round trip, a row per vantage (core/cockpit/probe-upload.ts `ProbeReport`). */
const probeRowBase = { node: z.string(), url: z.string(), checks: nonNeg };
export const probeUploadDataSchema = z.looseObject({
  node,
  reference,
  batchId: hex(64),
  size: nonNeg,
  uploadMs: nonNeg,
  deadlineMs: nonNeg,
  selfOnly: z.boolean(),
  vantages: z.array(
    z.union([
      z.looseObject({ ...probeRowBase, outcome: z.literal('retrievable'), afterMs: nonNeg }),
      z.looseObject({ ...probeRowBase, outcome: z.enum(['not-retrievable', 'unreachable', 'error']), why: z.string() }),
    ]),
  ),
  cleanup: z.looseObject({ pinned: z.boolean().nullable(), unpinned: z.boolean(), tagDeleted: z.boolean().nullable(), left: z.array(z.string()) }),
});

/** `drain-check`: whether stopping now is safe (core/cockpit/drain.ts `DrainVerdict`, with the state it was read from). */
const blockOrNull = nonNeg.nullable();
export const drainCheckDataSchema = z.looseObject({
  node,
  safe: z.boolean().nullable().meta({ description: 'true: safe to stop now; false: a commit or reveal is due; null: Bee does not know the phase yet' }),
  reason: z.enum(['committing', 'revealing', 'not-playing', 'claim', 'phase-unknown']),
  explanation: z.string(),
  phase: z.string().meta({ description: 'as /redistributionstate reports it: commit, reveal, claim (the devnet also: sample), unknown' }),
  round: nonNeg,
  block: nonNeg,
  blocksPerRound: z.literal(152),
  selected: z.boolean(),
  committed: z.boolean(),
  lastSelectedRound: nonNeg,
  lastPlayedRound: nonNeg,
  isFrozen: z.boolean(),
  safeAtBlock: blockOrNull.meta({ description: 'not safe now: the block the claim phase starts at, from which stopping is safe' }),
  blocksUntilSafe: blockOrNull,
  safeUntilBlock: blockOrNull.meta({ description: 'safe now, selected for the next round: the block its commit phase starts at' }),
});

const feedKey = { node, owner: hex(40), topic: hex(64), topicFrom: z.enum(['hex', 'keccak256']) };
export const feedProbeDataSchema = z.looseObject({
  ...feedKey,
  found: z.boolean(),
  index: int.min(0).optional(),
  indexHex: hex(16).optional(),
  nextIndex: int.min(0).optional(),
  payloadBytes: int.min(0).optional(),
  resolvedVersion: z.string().optional(),
  reference: reference.optional(),
  time: z.string().optional(),
});

export const feedTimelineDataSchema = z.looseObject({
  ...feedKey,
  latestIndex: int.min(0).nullable(),
  max: int.min(1),
  entries: z.array(
    z.looseObject({
      index: int.min(0),
      socAddress: hex(64),
      version: z.enum(['v1', 'v2']),
      timestamp: int.optional(),
      time: z.string().optional(),
      reference: reference.optional(),
      payloadBytes: int.min(0),
    }),
  ),
  missing: z.array(int.min(0)),
});

export const granteesListDataSchema = z.looseObject({ node, reference, grantees: z.array(hex(66)), count: int.min(0) });

// ---- stamp-math previews ----------------------------------------------------------------------------------

const priced = { node, pricePerChunkPerBlock: decimal, blockTimeSeconds: int, walletPlur: decimal.nullable(), warnings: z.array(warningSchema), transactionSent: z.literal(false) };

export const buyPreviewDataSchema = z.looseObject({
  ...priced,
  depth: int,
  amount: decimal,
  amountFrom: z.enum(['given', 'default']),
  costPlur: decimal,
  costBzz: z.string(),
  ttlSeconds: int,
  minimumAmount: decimal,
  chunks: int,
  theoreticalBytes: int,
  effectiveBytes: int,
});

export const buySuggestDataSchema = z.looseObject({
  ...priced,
  sizeBytes: int,
  durationSeconds: int,
  depth: int,
  amount: decimal,
  costPlur: decimal,
  costBzz: z.string(),
  ttlSeconds: int,
  effectiveBytes: int,
  theoreticalBytes: int,
  affordable: z.boolean().nullable(),
});

const batchKey = { batchId: hex(64), depth: int, immutable: z.boolean().optional() };
export const topupPreviewDataSchema = z.looseObject({
  ...priced,
  ...batchKey,
  topupAmount: decimal,
  costPlur: decimal,
  costBzz: z.string(),
  currentTtlSeconds: int,
  addedTtlSeconds: int,
  newTtlSeconds: int,
});

export const dilutePreviewDataSchema = z.looseObject({
  ...priced,
  ...batchKey,
  newDepth: int,
  costPlur: decimal,
  currentTtlSeconds: int,
  newTtlSeconds: int,
  theoreticalBytes: z.looseObject({ current: int, next: int }),
  effectiveBytes: z.looseObject({ current: int, next: int }),
});

export const extendPreviewDataSchema = z.looseObject({
  ...priced,
  ...batchKey,
  extraSeconds: int,
  topupAmount: decimal,
  costPlur: decimal,
  costBzz: z.string(),
  currentTtlSeconds: int,
  newTtlSeconds: int,
});

export const planBatchDataSchema = z.looseObject({
  ...priced,
  targetSeconds: int,
  batches: z.array(
    z.looseObject({
      batchId: hex(64),
      label: z.string().optional(),
      depth: int,
      usable: z.boolean(),
      ttlSeconds: int,
      utilizationRatio: nonNeg,
      action: z.enum(['none', 'topup', 'dilute', 'topup-and-dilute', 'wait', 'expired']),
      topupAmount: decimal.optional(),
      newDepth: int.optional(),
      costPlur: decimal,
      reason: z.string(),
    }),
  ),
  totalCostPlur: decimal,
  totalCostBzz: z.string(),
  affordable: z.boolean().nullable(),
});

// ---- writes ------------------------------------------------------------------------------------------------

const uploadCommon = {
  node,
  path: z.string(),
  bytes: int.min(0),
  reference: reference.optional(),
  batchId: hex(64).optional(),
  batchReason: z.string().optional(),
  tagUid: int.optional(),
  seconds: nonNeg.optional(),
  megabytesPerSecond: nonNeg.optional(),
  url: z.string().optional(),
  redundancyLevel: redundancyLevel.optional().describe('the level sent as swarm-redundancy-level (--redundancy; default 1, Bee\'s own default)'),
  manifest: z.boolean().optional().describe('always true: POST /bzz wraps the data in a manifest, and reference is the manifest\'s'),
};
export const uploadFileDataSchema = z.looseObject({ ...uploadCommon, name: z.string(), contentType: z.string() });
export const uploadCollectionDataSchema = z.looseObject({ ...uploadCommon, files: int.min(0), indexDocument: z.string().optional(), skipped: z.array(z.string()) });

/** Each verb's `data` schema, by verb name. */
export const ONCE_DATA_SCHEMAS = {
  hash: hashDataSchema,
  readiness: readinessDataSchema,
  'version-check': versionCheckDataSchema,
  'config-doctor': configDoctorDataSchema,
  cid: cidDataSchema,
  'depth-table': depthTableDataSchema,
  'pss-target': pssTargetDataSchema,
  'gsoc-mine': gsocMineDataSchema,
  price: priceDataSchema,
  basefee: basefeeDataSchema,
  inspect: inspectDataSchema,
  'durability-check': durabilityCheckDataSchema,
  'replica-check': replicaCheckDataSchema,
  'probe-upload': probeUploadDataSchema,
  'drain-check': drainCheckDataSchema,
  'radius-doctor': radiusDoctorDataSchema,
  'sample-forecast': sampleForecastDataSchema,
  'feed-probe': feedProbeDataSchema,
  'feed-timeline': feedTimelineDataSchema,
  'grantees-list': granteesListDataSchema,
  'buy-preview': buyPreviewDataSchema,
  'buy-suggest': buySuggestDataSchema,
  'topup-preview': topupPreviewDataSchema,
  'dilute-preview': dilutePreviewDataSchema,
  'extend-preview': extendPreviewDataSchema,
  'plan-batch': planBatchDataSchema,
  'upload-file': uploadFileDataSchema,
  'upload-collection': uploadCollectionDataSchema,
} as const;

export type OnceVerbName = keyof typeof ONCE_DATA_SCHEMAS;

/** Loose objects infer an index signature; the verbs build exact objects, so drop it (records keep theirs). */
type KnownKeys<T> = keyof { [K in keyof T as string extends K ? never : number extends K ? never : K]: 0 };
type Exact<T> = T extends readonly (infer U)[]
  ? Exact<U>[]
  : T extends object
    ? [KnownKeys<T>] extends [never]
      ? T
      : { [K in keyof T as string extends K ? never : number extends K ? never : K]: Exact<T[K]> }
    : T;

export type OnceData<V extends OnceVerbName> = Exact<z.infer<(typeof ONCE_DATA_SCHEMAS)[V]>>;

/** `{verb, status, message, data}` of one verb: its data shape for ok/unhealthy/sad, the common error shape for error. */
const errorData = errorDataSchema.meta({ id: 'error-data', description: 'data of a result with status error, for every verb' });

function resultSchema<V extends OnceVerbName>(verb: V) {
  // Each verb's data schema becomes $defs/<verb>-data in the JSON Schema file.
  const data = ONCE_DATA_SCHEMAS[verb].meta({ id: `${verb}-data`, description: `data of --once ${verb}` });
  return z.union([
    z.looseObject({ verb: z.literal(verb), status: z.enum(['ok', 'unhealthy', 'sad']), message: z.string(), data }),
    z.looseObject({ verb: z.literal(verb), status: z.literal('error'), message: z.string(), data: errorData }),
  ]);
}

export const onceResultSchema = z.union((Object.keys(ONCE_DATA_SCHEMAS) as OnceVerbName[]).map((verb) => resultSchema(verb)));

export function onceResultsJsonSchema(): Record<string, unknown> {
  return {
    $id: 'https://node-operator-toolkit.local/schemas/once-results.schema.json',
    title: 'cockpit --once --json results',
    ...z.toJSONSchema(onceResultSchema, { target: 'draft-2020-12', io: 'output' }),
  };
}
