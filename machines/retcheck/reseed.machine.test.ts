/**
 * Model-based test of the re-seed flow: the CLI path (reseed.run -> probe.finished -> pre-flight ->
 * re-upload without confirmation) and the web path (reseed.preflight -> confirming -> reseed.confirm),
 * every refusal and failure, and the TTL warning.
 */
import { expect } from 'vitest';
import { actorDone, actorFailed, describeMachineModel } from '../../test/model-based.js';
import { RESEED_TTL_WARNING_SECONDS, reseedMachine, type BatchPreflight, type ReseedInput } from './reseed.machine.js';

const BATCH = 'cd'.repeat(32);
const OTHER_BATCH = 'ef'.repeat(32);
const input: ReseedInput = { nodeUrl: 'http://a', reference: '', batchId: BATCH, timeoutMs: 1000 };
const batches: Record<string, BatchPreflight> = {
  healthy: { exists: true, usable: true, ttlSeconds: 2 * RESEED_TTL_WARNING_SECONDS },
  expiring: { exists: true, usable: true, ttlSeconds: 3600 },
  unknownTtl: { exists: true, usable: true, ttlSeconds: -1 },
  unknown: { exists: false, usable: false, ttlSeconds: -1 },
  unusable: { exists: true, usable: false, ttlSeconds: -1 },
};

describeMachineModel(reseedMachine, {
  input,
  events: {
    'reseed.run': { cli: { type: 'reseed.run', batchId: BATCH } },
    'probe.finished': { ref: { type: 'probe.finished', reference: 'ab'.repeat(32) } },
    'reseed.preflight': { web: { type: 'reseed.preflight', batchId: OTHER_BATCH } },
    'xstate.done.actor.stampPreflight': Object.fromEntries(Object.entries(batches).map(([k, v]) => [k, actorDone('stampPreflight', v)])),
    'xstate.error.actor.stampPreflight': { down: actorFailed('stampPreflight', new Error('GET /stamps -> timed out')) },
    'xstate.done.actor.reupload': { ok: actorDone('reupload', undefined) },
    'xstate.error.actor.reupload': { boom: actorFailed('reupload', new Error('PUT /stewardship -> 500 boom')) },
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
    refused: (s) => {
      expect(s.output).toMatchObject({ status: 'refused', batch: s.context.batchId });
      expect(s.output!.error).toMatch(s.context.preflight!.exists ? /is not usable yet/ : /does not exist on http:\/\/a/);
    },
    done: (s) => expect(s.output).toEqual({ batch: s.context.batchId, status: 'OK', warnings: s.context.warnings, preflight: s.context.preflight }),
    failed: (s) => {
      expect(s.output).toMatchObject({ status: 'failed' });
      expect(s.output!.error).toMatch(/^(stamp pre-flight failed: GET \/stamps -> timed out|re-upload failed: PUT \/stewardship -> 500 boom)$/);
    },
  },
});
