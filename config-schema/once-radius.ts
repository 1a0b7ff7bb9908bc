/**
 * `data` of `--once radius-doctor` and `--once sample-forecast` (issue 29 items 3, 4), registered in
 * once-results.ts. Shapes: core/cockpit/radius-doctor.ts RadiusDiagnosis, core/cockpit/sample-forecast.ts
 * SampleForecast. A fact that could not be read is null (and named in `unread`), never zero.
 */
import { z } from 'zod';

const int = z.number().int();
const nonNeg = z.number().min(0);
const count = int.min(0).nullable();
const tone = z.enum(['ok', 'info', 'warn', 'fail', 'unknown']);

const change = z.union([
  z.looseObject({ kind: z.literal('unknown'), why: z.string() }),
  z.looseObject({ kind: z.literal('changed'), from: z.looseObject({ storageRadius: int, committedDepth: int.nullable() }), agoSeconds: nonNeg }),
  z.looseObject({ kind: z.literal('unchangedSince'), forSeconds: nonNeg }),
]);

export const radiusDoctorDataSchema = z.looseObject({
  node: z.string(),
  storageRadius: count,
  committedDepth: count,
  commitmentRadius: count.describe('/reservestate radius: what the network\'s total commitment implies for this capacity'),
  capacity: count.describe('chunks: 2^22 x 2^reserveCapacityDoubling'),
  reserveSize: count,
  reserveSizeWithinRadius: count,
  pullsyncRate: nonNeg.nullable().describe('chunks per second of historical pull sync (/status pullsyncRate)'),
  neighbours: count.describe('connected peers with proximity >= storage radius (/status/peers; else /status neighborhoodSize)'),
  neighbourhoods: z.array(z.looseObject({ neighborhood: z.string().regex(/^[01]*$/), reserveSizeWithinRadius: int.min(0), peers: count })).nullable(),
  networkDepth: count.describe('most common committed depth among peers that answered /status/peers (Bee salud\'s network radius)'),
  neighbourhoodDepth: count,
  nearDepthBins: z.array(z.looseObject({ po: int.min(0), connected: int.min(0) })).nullable(),
  lastChange: change,
  findings: z.array(z.looseObject({ id: z.string(), tone, finding: z.string(), advice: z.string().nullable() })),
  worst: tone,
  headline: z.string(),
  unread: z.array(z.string()),
});

const estimate = z.looseObject({ seconds: nonNeg, marginSeconds: z.number(), verdict: z.enum(['fits', 'thin', 'misses']) }).nullable();

export const sampleForecastDataSchema = z.looseObject({
  node: z.string(),
  depth: int.min(0).describe('the depth the rchash benchmark ran at (the storage radius)'),
  benchmarkSeconds: nonNeg.describe('GET /rchash durationSeconds'),
  reserveSizeWithinRadius: int.min(0),
  reserveCapacityDoubling: count,
  redistribution: z.looseObject({ phase: z.string(), round: int.min(0), block: int.min(0) }).nullable(),
  windowBlocks: int.min(1).describe('claim phase start to the next round\'s reveal phase: 114 blocks (Bee v2.8.1)'),
  budgetBlocks: int.min(1).describe('the window less the phase-check lag (5) and the commit transaction (1)'),
  blockTime: z.looseObject({ seconds: nonNeg, source: z.enum(['option', 'measured', 'assumed']) }),
  budgetSeconds: nonNeg,
  chunksPerSecond: nonNeg.nullable(),
  now: estimate,
  full: estimate.describe('the sample once the reserve reaches capacity'),
  lastSample: estimate.describe('the node\'s own last round sample (/redistributionstate lastSampleDurationSeconds)'),
  lastSampleRead: z.boolean().describe('lastSampleDurationSeconds was read: a null lastSample is "none yet" only when true, else unknown'),
  nextWindowInBlocks: count,
  selectedNext: z.boolean().nullable(),
  verdict: z.enum(['fits', 'thin', 'misses']).nullable(),
  headline: z.string(),
  warnings: z.array(z.string()),
});
