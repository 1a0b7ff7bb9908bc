import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, toPromise } from 'xstate';
import { provideRetcheck } from '../../actors/retcheck/retcheck-actors.js';
import type { CallLimits, RetcheckApi } from '../../actors/retcheck/retcheck-api.js';
import type { RetcheckReport } from '../../config-schema/retcheck-report.js';
import { actorDone, actorFailed, describeMachineModel } from '../../test/model-based.js';
import type { RetcheckInput } from '../../core/retcheck/check-input.js';
import { probeRunMachine } from './probe-run.machine.js';
import type { RetcheckOutput } from './retcheck.machine.js';

const check: RetcheckInput = { target: { kind: 'reference', reference: 'ab'.repeat(32) }, nodes: ['http://a'], gateways: [], timeoutMs: 9_500, perChunk: false, cold: false, concurrency: 8 };
const report: RetcheckReport = { reference: 'ab'.repeat(32), status: 'retrievable', vantages: [{ node_url: 'http://a', retrievable: true, elapsed_ms: 4 }], spec_version: 1 };

describeMachineModel(probeRunMachine, {
  input: { check, deadlineMs: 9_500 },
  events: {
    'xstate.done.actor.retcheck': {
      report: actorDone<RetcheckOutput>('retcheck', { kind: 'report', report }),
      feedFailed: actorDone<RetcheckOutput>('retcheck', { kind: 'failed', error: 'feed lookup failed: 404' }),
    },
    'xstate.error.actor.retcheck': { crashed: actorFailed('retcheck', new Error('boom')) },
  },
  states: {
    checking: (s, probe) => {
      expect(probe.running()).toEqual(['retcheck']);
      expect(probe.inputOf('retcheck')).toEqual(check);
      expect(s.context.outcome).toBeNull();
    },
    done: (s) => expect(s.output).toEqual({ kind: 'report', report }),
    failed: (s) => expect(s.output).toMatchObject({ kind: 'failed', error: expect.stringMatching(/feed lookup failed|boom/) }),
    timedOut: (s) => expect(s.output).toEqual({ kind: 'timedOut' }),
  },
});

describe('probe run deadline', () => {
  it('stops the real retcheck machine at the deadline, aborting every call it has in flight', async () => {
    const clock = new SimulatedClock();
    const aborted: string[] = [];
    // A transport whose every call hangs until its signal aborts.
    const hang = (what: string) => (...args: unknown[]) =>
      new Promise<never>((_resolve, reject) => {
        const { signal } = args[args.length - 1] as CallLimits;
        signal?.addEventListener('abort', () => {
          aborted.push(what);
          reject(new Error('aborted'));
        });
      });
    const api = Object.fromEntries(['stewardship', 'overlay', 'version', 'headGateway', 'chunk', 'resolveFeed', 'streamDownload', 'batch', 'reupload'].map((m) => [m, hang(m)])) as unknown as RetcheckApi;
    const actor = createActor(probeRunMachine.provide({ actors: { retcheck: provideRetcheck(api) } }), { input: { check, deadlineMs: 2_000 }, clock }).start();
    await new Promise((resolve) => setImmediate(resolve));
    clock.increment(1_999);
    expect(actor.getSnapshot().value).toBe('checking');
    clock.increment(1);
    expect(await toPromise(actor)).toEqual({ kind: 'timedOut' });
    expect(aborted.sort()).toEqual(['overlay', 'stewardship', 'version']);
  });
});
