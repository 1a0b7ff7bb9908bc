import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { actorDone, actorFailed, describeMachineModel } from '../../test/model-based.js';
import type { WebhookBody } from '../../core/cockpit/alerts.js';
import { retryDelayMs, selectSinkProblem, webhookSinkMachine } from './webhook-sink.machine.js';

const body = (text: string): WebhookBody => ({ text, content: text, cockpit: { kind: 'transition', transitions: [] } });

describeMachineModel(webhookSinkMachine, {
  input: { label: 'webhook', maxQueue: 2, maxAttempts: 2 },
  events: {
    'sink.post': { one: { type: 'sink.post', body: body('one') } },
    'xstate.done.actor.postWebhook': { delivered: actorDone('postWebhook', undefined) },
    'xstate.error.actor.postWebhook': { http500: actorFailed('postWebhook', new Error('HTTP 500')) },
  },
  stateKey: (s) => ({ queued: s.context.queue.length, attempt: s.context.attempt, dropped: Math.min(s.context.dropped, 2), delivered: Math.min(s.context.delivered, 1) }),
  states: {
    idle: (s) => {
      expect(s.context.queue).toHaveLength(0);
      expect(s.context.attempt).toBe(0);
    },
    posting: (s, probe) => {
      expect(probe.running()).toEqual(['postWebhook']);
      expect(probe.inputOf('postWebhook')).toEqual({ body: s.context.queue[0] });
    },
    retrying: (s) => {
      expect(s.context.attempt).toBeGreaterThan(0);
      expect(selectSinkProblem(s)).toMatch(/^webhook: .*retrying \(HTTP 500\)/);
    },
  },
});

describe('webhook sink', () => {
  it('backs off 1, 2, 4, 8 s between tries, drops after five and counts it, then delivers the next', async () => {
    const clock = new SimulatedClock();
    const tries: number[] = [];
    let failing = true;
    const actor = createActor(
      webhookSinkMachine.provide({
        actors: {
          postWebhook: fromPromise(async () => {
            tries.push(clock.now());
            if (failing) throw new Error('HTTP 500');
          }),
        },
      }),
      { input: { label: 'webhook' }, clock },
    ).start();
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    actor.send({ type: 'sink.post', body: body('lost') });
    await settle();
    for (const wait of [1000, 2000, 4000, 8000]) {
      clock.increment(wait);
      await settle();
    }
    expect(tries).toEqual([0, 1000, 3000, 7000, 15000]);
    expect(actor.getSnapshot().context).toMatchObject({ dropped: 1, delivered: 0, lastError: 'HTTP 500' });
    expect(selectSinkProblem(actor.getSnapshot())).toBe('webhook: 1 dropped (HTTP 500)');
    failing = false;
    actor.send({ type: 'sink.post', body: body('next') });
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ dropped: 1, delivered: 1, lastError: null });
    expect(selectSinkProblem(actor.getSnapshot())).toBe('webhook: 1 dropped');
  });

  it('drops the oldest body when the queue is full', () => {
    const actor = createActor(webhookSinkMachine.provide({ actors: { postWebhook: fromPromise(() => new Promise<void>(() => {})) } }), { input: { label: 'fleet webhook', maxQueue: 3 } }).start();
    for (let i = 0; i < 5; i++) actor.send({ type: 'sink.post', body: body(`b${i}`) });
    expect(actor.getSnapshot().context.queue.map((b) => b.text)).toEqual(['b2', 'b3', 'b4']);
    expect(actor.getSnapshot().context.dropped).toBe(2);
  });

  it('caps the back-off at 60 s', () => {
    expect([1, 2, 3, 7, 8, 20].map(retryDelayMs)).toEqual([1000, 2000, 4000, 60_000, 60_000, 60_000]);
  });
});
