/**
 * Model-based test of the re-seed flow: the CLI path (reseed.run -> probe.finished -> pre-flight ->
 * re-upload without confirmation) and the web path (reseed.preflight -> confirming -> reseed.confirm),
 * every refusal and failure, the TTL warning, and the root replicas: re-created from the plan that comes with
 * probe.finished (CLI) or the input (web), verified, verified again after a pause, or failed.
 */
import { expect } from 'vitest';
import { actorDone, actorFailed } from '../../test/model-based.js';
import { describeMachineModelAcrossInputs } from '../../test/retcheck/model-across-inputs.js';
import type { ReplicaPlan } from '../../core/retcheck/replica-report.js';
import { MAX_REPLICA_VERIFY_ATTEMPTS, REPLICA_VERIFY_CONCURRENCY, RESEED_TTL_WARNING_SECONDS, reseedMachine, type BatchPreflight, type ReseedInput } from './reseed.machine.js';
import type { RecreatedReplica, VerifiedReplica } from './replicas.contracts.js';

const BATCH = 'cd'.repeat(32);
const OTHER_BATCH = 'ef'.repeat(32);
const REF = 'ab'.repeat(32);
const recreate: ReplicaPlan = { kind: 'recreate', root: REF, level: 1, slots: [1], vantages: ['http://a', 'http://b'] };
const skipWarn: ReplicaPlan = { kind: 'skip', why: 'replicas not re-created: the redundancy level is not known', warn: true };
const plain: ReseedInput = { nodeUrl: 'http://a', reference: '', batchId: BATCH, timeoutMs: 1000 };
const withPlan: ReseedInput = { ...plain, reference: REF, replicaPlan: recreate };
const batches: Record<string, BatchPreflight> = {
  healthy: { exists: true, usable: true, ttlSeconds: 2 * RESEED_TTL_WARNING_SECONDS },
  expiring: { exists: true, usable: true, ttlSeconds: 3600 },
  unknownTtl: { exists: true, usable: true, ttlSeconds: -1 },
  unknown: { exists: false, usable: false, ttlSeconds: -1 },
  unusable: { exists: true, usable: false, ttlSeconds: -1 },
};
const uploaded: RecreatedReplica[] = [{ index: 1, address: '11'.repeat(32), uploaded: true }];
const notUploaded: RecreatedReplica[] = [{ index: 1, address: '11'.repeat(32), uploaded: false, error: 'POST /soc -> 402 batch is overissued' }];
const verified: VerifiedReplica[] = [{ index: 1, address: '11'.repeat(32), retrievableOn: ['http://b'], noAnswer: 0 }];
const unverified: VerifiedReplica[] = [{ index: 1, address: '11'.repeat(32), retrievableOn: [], noAnswer: 1 }];

const FAILURES =
  /^(stamp pre-flight failed: GET \/stamps -> timed out|re-upload failed: PUT \/stewardship -> 500 boom|replicas not re-created: the root chunk could not be read|replicas not verified: socket hang up|replicas: 1 of 1 not re-created \(slot 1: POST \/soc -> 402 batch is overissued\)|replicas: 1 of 1 re-created but retrieved by no vantage after 5 checks \(11111111\))/;

describeMachineModelAcrossInputs(reseedMachine, {
  inputs: { cli: plain, web: withPlan },
  events: {
    'reseed.run': { cli: { type: 'reseed.run', batchId: BATCH } },
    'probe.finished': {
      ref: { type: 'probe.finished', reference: REF },
      missingReplicas: { type: 'probe.finished', reference: REF, replicaPlan: recreate },
      levelUnknown: { type: 'probe.finished', reference: REF, replicaPlan: skipWarn },
    },
    'reseed.preflight': { web: { type: 'reseed.preflight', batchId: OTHER_BATCH } },
    'xstate.done.actor.stampPreflight': Object.fromEntries(Object.entries(batches).map(([k, v]) => [k, actorDone('stampPreflight', v)])),
    'xstate.error.actor.stampPreflight': { down: actorFailed('stampPreflight', new Error('GET /stamps -> timed out')) },
    'xstate.done.actor.reupload': { ok: actorDone('reupload', undefined) },
    'xstate.error.actor.reupload': { boom: actorFailed('reupload', new Error('PUT /stewardship -> 500 boom')) },
    'xstate.done.actor.recreateReplicas': { uploaded: actorDone('recreateReplicas', uploaded), refused: actorDone('recreateReplicas', notUploaded) },
    'xstate.error.actor.recreateReplicas': { noRoot: actorFailed('recreateReplicas', new Error('the root chunk could not be read')) },
    'xstate.done.actor.verifyReplicas': { verified: actorDone('verifyReplicas', verified), notYet: actorDone('verifyReplicas', unverified) },
    'xstate.error.actor.verifyReplicas': { hangUp: actorFailed('verifyReplicas', new Error('socket hang up')) },
  },
  states: {
    idle: (s) => expect(s.context.autoConfirm).toBe(false),
    probing: (s) => {
      expect(s.context.batchId).toBe(BATCH);
      expect(s.context.autoConfirm).toBe(true); // the CLI's run confirms by itself
    },
    preflight: (s, probe) => expect(probe.inputOf('stampPreflight')).toEqual({ nodeUrl: 'http://a', batchId: s.context.batchId, timeoutMs: 1000 }),
    confirming: (s) => {
      expect(s.context.autoConfirm).toBe(false);
      expect(s.context.preflight?.usable).toBe(true);
    },
    reuploading: (s, probe) => {
      expect(probe.inputOf('reupload')).toEqual({ nodeUrl: 'http://a', reference: s.context.reference, batchId: s.context.batchId, timeoutMs: 1000 });
      const ttl = s.context.preflight!.ttlSeconds;
      expect(s.context.warnings).toHaveLength(ttl >= 0 && ttl < RESEED_TTL_WARNING_SECONDS ? 1 : 0);
      if (s.context.warnings.length) expect(s.context.warnings[0]).toMatch(/batch TTL is 1\.0 h, under 24 h/);
    },
    recreatingReplicas: (s, probe) =>
      expect(probe.inputOf('recreateReplicas')).toEqual({ nodeUrl: 'http://a', reference: REF, vantages: ['http://a', 'http://b'], level: 1, slots: [1], batchId: s.context.batchId, timeoutMs: 1000 }),
    verifyingReplicas: (s, probe) => {
      expect(probe.inputOf('verifyReplicas')).toEqual({
        vantages: ['http://a', 'http://b'],
        replicas: s.context.recreated!.filter((r) => r.uploaded).map((r) => ({ index: r.index, address: r.address })),
        concurrency: REPLICA_VERIFY_CONCURRENCY,
        timeoutMs: 1000,
      });
    },
    awaitingReplicaRetry: (s) => {
      expect(s.context.verifyAttempts).toBeLessThan(MAX_REPLICA_VERIFY_ATTEMPTS);
      expect(s.context.verified!.some((r) => r.retrievableOn.length === 0)).toBe(true);
    },
    refused: (s) => {
      expect(s.output).toMatchObject({ status: 'refused', batch: s.context.batchId });
      expect(s.output!.error).toMatch(s.context.preflight!.exists ? /is not usable yet/ : /does not exist on http:\/\/a/);
      if (s.context.replicaPlan?.kind === 'recreate') expect(s.output!.replicas).toMatchObject({ skipped: expect.stringMatching(/ended before them/), replicas: [] });
    },
    done: (s) => {
      const plan = s.context.replicaPlan;
      expect(s.output).toMatchObject({ batch: s.context.batchId, status: 'OK', preflight: s.context.preflight });
      if (plan?.kind === 'skip') {
        expect(s.output!.warnings).toContain(plan.why);
        expect(s.output!.replicas).toEqual({ skipped: plan.why, vantages: 0, replicas: [] });
      } else if (plan?.kind === 'recreate') {
        expect(s.output!.replicas).toEqual({ level: 1, vantages: 2, replicas: [{ ...uploaded[0], retrievableOn: ['http://b'], noAnswer: 0 }] });
      } else expect(s.output!.replicas).toBeUndefined();
    },
    failed: (s) => {
      expect(s.output).toMatchObject({ status: 'failed' });
      expect(s.output!.error).toMatch(FAILURES);
      if (s.context.replicaPlan?.kind === 'recreate') {
        if (s.context.recreated) expect(s.output!.replicas?.replicas.map((r) => r.index)).toEqual([1]);
        else expect(s.output!.replicas).toEqual({ level: 1, skipped: '1 missing replicas not re-created: the re-seed ended before them', vantages: 2, replicas: [] });
      }
    },
  },
});
