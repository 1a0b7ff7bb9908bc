import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { actorDone, actorFailed, describeMachineModel } from '../../test/model-based.js';
import { webSessionMachine } from './web-session.machine.js';
import { retcheckMachine, type RetcheckInput, type RetcheckOutput } from '../retcheck/retcheck.machine.js';
import type { Replicas, RetcheckReport } from '../../config-schema/retcheck-report.js';

const input: RetcheckInput = { target: { kind: 'reference', reference: 'ab'.repeat(32) }, nodes: ['http://127.0.0.1:1633'], gateways: [], timeoutMs: 1000, perChunk: false, cold: false, concurrency: 8 };
const report: RetcheckReport = { reference: 'ab'.repeat(32), status: 'retrievable', vantages: [{ node_url: 'http://127.0.0.1:1633', retrievable: true, elapsed_ms: 3 }], spec_version: 1 };

// The session's own chart: the check is an opaque actor here (the retcheck machine has its own model test),
// so the graph does not walk into the child's states.
// `provide` is typed to the machine it replaces; any logic producing RetcheckOutput fits the session.
const opaqueCheck = fromPromise<RetcheckOutput, RetcheckInput>(async () => ({ kind: 'failed', error: 'not run in the model test' }));
const sessionChart = webSessionMachine.provide({ actors: { retcheck: opaqueCheck as unknown as typeof retcheckMachine } });

describeMachineModel(sessionChart, {
  events: {
    'check.submitted': { form: { type: 'check.submitted', input, query: 'ref=abab' } },
    'report.dropped': { file: { type: 'report.dropped', file: new Blob(['{}']) } },
    'reseed.preflightRequested': { batch: { type: 'reseed.preflightRequested', nodeUrl: 'http://127.0.0.1:1633', reference: 'ab'.repeat(32), batchId: 'cd'.repeat(32), timeoutMs: 1000 } },
    'xstate.done.actor.check': { report: actorDone('check', { kind: 'report', report }), feedFailed: actorDone('check', { kind: 'failed', error: 'feed lookup failed: GET /feeds/… -> 404' }) },
    'xstate.error.actor.check': { crashed: actorFailed('check', new Error('boom')) },
    'xstate.done.actor.readReportFile': { valid: actorDone('readReportFile', report) },
    'xstate.error.actor.readReportFile': { invalid: actorFailed('readReportFile', new Error('report.json is not a retcheck report')) },
  },
  states: {
    idle: (s) => expect(s.context.report).toBeNull(),
    checking: (s) => expect(s.context.lastInput).toEqual(input),
    loadingDrop: (s) => expect(s.matches('loadingDrop')).toBe(true),
    showing: (s) => {
      expect(s.context.report?.spec_version).toBe(1);
      expect(['check', 'file']).toContain(s.context.source);
      expect(s.context.error).toBeNull();
    },
    failed: (s) => {
      expect(s.context.report).toBeNull();
      expect(s.context.error).toMatch(/feed lookup failed|boom|not a retcheck report/);
    },
  },
});

describe('a pre-flight for the reference on screen carries its replica plan to the re-seed', () => {
  const slot = (index: number, retrievable: boolean) => ({
    index,
    address: String(index).padStart(2, '0').repeat(32),
    identifier: '0' + String(index) + 'ab'.repeat(31),
    neighborhood: String(index).padStart(2, '0'),
    level: 1,
    expected: true,
    per_vantage: { 'http://127.0.0.1:1633': { retrievable, elapsed_ms: 2 } },
  });
  const replicas: Replicas = {
    root: 'ab'.repeat(32),
    owner: 'dc5b20847f43d67928f49cd4f85d696b5a7617b5',
    level: 1,
    level_source: 'span',
    checked: true,
    note: 'level 1 (MEDIUM), read from the root chunk\'s span',
    slots: [slot(0, true), slot(1, false)],
    per_vantage: { 'http://127.0.0.1:1633': { expected: 2, found: 1, missing: 1, no_answer: 0 } },
    missing_everywhere: 1,
  };

  async function planAfterPreflight(reference: string) {
    const check = fromPromise<RetcheckOutput, RetcheckInput>(async () => ({ kind: 'report', report: { ...report, replicas } }));
    const actor = createActor(webSessionMachine.provide({ actors: { retcheck: check as unknown as typeof retcheckMachine } })).start();
    actor.send({ type: 'check.submitted', input, query: 'ref=abab' });
    await waitFor(actor, (s) => s.matches('showing'));
    actor.send({ type: 'reseed.preflightRequested', nodeUrl: 'http://127.0.0.1:1633', reference, batchId: 'cd'.repeat(32), timeoutMs: 1000 });
    const plan = actor.getSnapshot().children.reseed!.getSnapshot().context.replicaPlan;
    actor.stop();
    return plan;
  }

  it('re-creates what the report found missing', async () => {
    expect(await planAfterPreflight('ab'.repeat(32))).toEqual({ kind: 'recreate', root: 'ab'.repeat(32), level: 1, slots: [1], vantages: ['http://127.0.0.1:1633'] });
  });

  it('another reference: no plan from a report about something else', async () => {
    expect(await planAfterPreflight('ef'.repeat(32))).toBeNull();
  });
});
