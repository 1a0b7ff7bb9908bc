/**
 * Model-based test of the retcheck machine. It routes on its input (feed or reference, per-chunk, cold,
 * re-seed), so describeMachineModel() from test/model-based.ts, which takes one input, runs here through
 * describeMachineModelAcrossInputs: the same checks and replays over a plain and an everything-on input.
 * The re-seed child is spawned (not invoked), so a controllable double stands in for it and the test
 * settles it when the path says the child is done.
 */
import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import type { ColdDownloadResult, VantageResult } from '../../config-schema/retcheck-report.js';
import { actorDone, actorFailed } from '../../test/model-based.js';
import { describeMachineModelAcrossInputs } from '../../test/retcheck/model-across-inputs.js';
import { reportSchemaErrors } from '../../test/report-schema.js';
import { retcheckMachine, type RetcheckInput } from './retcheck.machine.js';
import { replicaSection, replicaTargets } from '../../core/retcheck/replica-report.js';
import type { ReseedOutput } from './reseed.machine.js';

const REF = 'ab'.repeat(32);
const FEED_REF = 'cd'.repeat(32);
const OWNER = '12'.repeat(20);
const TOPIC = '34'.repeat(32);
const plain: RetcheckInput = { target: { kind: 'reference', reference: REF }, nodes: ['http://a'], gateways: [], timeoutMs: 1000, perChunk: false, cold: false, concurrency: 8 };
const everything: RetcheckInput = {
  target: { kind: 'feed', owner: OWNER, topic: TOPIC },
  nodes: ['http://a', 'http://b'],
  gateways: ['http://g'],
  timeoutMs: 1000,
  perChunk: true,
  cold: true,
  concurrency: 3,
  targetOverlay: 'ff'.repeat(32),
  reseed: { batchId: 'ee'.repeat(32) },
  replicas: { declaredLevel: 2 },
};

const vantage = (url: string, retrievable: boolean | null): VantageResult =>
  retrievable === null ? { node_url: url, retrievable, elapsed_ms: 5, error: 'connection refused' } : { node_url: url, retrievable, elapsed_ms: 5, overlay: 'cd'.repeat(32), node_version: '2.8.1' };
const cold: ColdDownloadResult[] = [{ url: 'http://a', endpoint: `/bytes/${FEED_REF}`, success: true, bytes_downloaded: 10, elapsed_ms: 2, status_code: 200, error: null }];
const replicasFound = replicaSection({
  root: FEED_REF,
  verdict: { level: 1, source: 'span', check: 'level', note: 'level 1' },
  targets: replicaTargets(FEED_REF, { level: 1, source: 'span', check: 'level', note: 'level 1' }),
  answers: [[{ retrievable: true, elapsed_ms: 1 }], [{ retrievable: false, elapsed_ms: 1 }]],
  vantages: [{ node_url: 'http://a' }],
});
const reseedOk: ReseedOutput = { batch: 'ee'.repeat(32), status: 'OK', warnings: [] };

let settleReseed: ((output: ReseedOutput) => void) | undefined;
const reseedDouble = fromPromise<ReseedOutput>(() => new Promise((resolve) => (settleReseed = resolve)));

/** The reference the check is about once resolution (if any) is done. */
const referenceOf = (input: RetcheckInput) => (input.target.kind === 'feed' ? FEED_REF : input.target.reference);

describeMachineModelAcrossInputs(retcheckMachine, {
  inputs: { plain, everything },
  compareContext: true,
  actors: { reseedFlow: reseedDouble },
  drive: {
    'xstate.done.actor.reseed': ({ event }) => {
      if (!settleReseed) throw new Error('the re-seed double was never started');
      settleReseed((event as unknown as { output: ReseedOutput }).output);
    },
  },
  events: {
    'xstate.done.actor.resolveFeed': { resolved: actorDone('resolveFeed', { reference: FEED_REF, nodeUrl: 'http://b' }) },
    'xstate.error.actor.resolveFeed': { lookupFailed: actorFailed('resolveFeed', new Error(`feed lookup failed: GET http://a/feeds/${OWNER}/${TOPIC} -> 404`)) },
    'xstate.done.actor.probe': {
      partial: actorDone('probe', { vantages: [vantage('http://a', true), vantage('http://b', null)], gateways: [{ url: 'http://g', retrievable: false, elapsed_ms: 3, status_code: 404, error: null }] }),
      allNo: actorDone('probe', { vantages: [vantage('http://a', false)], gateways: [] }),
    },
    'xstate.done.actor.chunkWalk': {
      walked: actorDone('chunkWalk', { chunks: [{ address: FEED_REF, perVantage: [{ found: true, elapsed_ms: 1 }, { found: false, elapsed_ms: 2 }] }], cap: { limit: 1000, foundNotProbed: 0 } }),
      truncated: actorDone('chunkWalk', { chunks: [{ address: FEED_REF, perVantage: [{ found: true, elapsed_ms: 1 }, { found: false, elapsed_ms: 0, error: 'not probed: gone', not_probed: true }] }], cap: { limit: 1, foundNotProbed: 7 } }),
    },
    'xstate.done.actor.coldDownloads': { streamed: actorDone('coldDownloads', cold) },
    'xstate.error.actor.coldDownloads': { crashed: actorFailed('coldDownloads', new Error('socket hang up')) },
    'xstate.done.actor.checkReplicas': { checked: actorDone('checkReplicas', replicasFound) },
    'xstate.error.actor.checkReplicas': { crashed: actorFailed('checkReplicas', new Error('unexpected')) },
    'xstate.done.actor.reseed': { ok: { type: 'xstate.done.actor.reseed', output: reseedOk } },
  },
  states: {
    resolving: (s, probe) => expect(probe.inputOf('resolveFeed')).toEqual({ nodeUrls: s.context.nodes, owner: OWNER, topic: TOPIC, timeoutMs: 1000 }),
    probing: (s, probe) => expect(probe.inputOf('probe')).toEqual({ reference: referenceOf(s.context), nodes: s.context.nodes, gateways: s.context.gateways, timeoutMs: 1000 }),
    walking: (s, probe) =>
      expect(probe.inputOf('chunkWalk')).toMatchObject({ root: FEED_REF, vantages: s.context.vantages.map((v) => ({ url: v.node_url })), concurrency: 3, cap: 1000 }),
    downloading: (s, probe) => expect(probe.inputOf('coldDownloads')).toEqual({ reference: FEED_REF, nodes: s.context.nodes, gateways: ['http://g'], timeoutMs: 1000 }),
    checkingReplicas: (s, probe) =>
      expect(probe.inputOf('checkReplicas')).toEqual({ reference: FEED_REF, vantages: s.context.vantages, nodes: s.context.nodes, declaredLevel: 2, concurrency: 3, timeoutMs: 1000 }),
    reseeding: (s) => expect(s.context.reseedOutcome).toBeNull(),
    done: (s) => {
      const output = s.output!;
      if (output.kind !== 'report') throw new Error('done without a report');
      expect(reportSchemaErrors(output.report)).toEqual([]);
      expect(output.report.reference).toBe(referenceOf(s.context));
      expect(output.report.status).toBe(s.context.vantages.some((v) => v.retrievable) ? 'partial' : 'unretrievable');
      expect(output.report.chunks !== undefined).toBe(s.context.perChunk);
      expect(output.report.cold_downloads !== undefined).toBe(s.context.cold);
      if (s.context.cold) expect(output.report.cold_downloads![0]!.success).toBe(s.context.coldResults === cold);
      expect(output.report.resolution !== undefined).toBe(s.context.target.kind === 'feed');
      if (output.report.resolution) expect(output.report.resolution.node_url).toBe('http://b');
      expect(output.report.chunk_walk).toEqual(s.context.walkCap ?? undefined);
      if (s.context.walkCap) expect(s.context.walkCap.truncated).toBe(s.context.walkCap.found_not_probed > 0);
      expect(output.reseed).toEqual(s.context.reseed ? reseedOk : undefined);
      expect(output.report.replicas !== undefined).toBe(s.context.replicas !== undefined);
      if (output.report.replicas) expect(output.report.replicas.checked ? output.report.replicas : output.report.replicas.note).toEqual(output.report.replicas.checked ? replicasFound : 'the replica check failed: unexpected');
    },
    failed: (s) => expect(s.output).toEqual({ kind: 'failed', error: expect.stringContaining('/feeds/') }),
  },
});
