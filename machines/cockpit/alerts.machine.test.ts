import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { describeMachineModel } from '../../test/model-based.js';
import type { WebhookBody } from '../../core/cockpit/alerts.js';
import type { AlertRecord } from '../../core/cockpit/interaction/compose-view.js';
import { alertsMachine, type AlertsInput } from './alerts.machine.js';
import { webhookSinkMachine } from './webhook-sink.machine.js';

let seq = 0;
const record = (node: string, from: AlertRecord['from'], to: AlertRecord['to'], gateId: AlertRecord['gateId'] = 'stampTtl', caused: AlertRecord['caused'] = []): AlertRecord => ({
  node,
  gateId,
  gateName: gateId === 'stampTtl' ? 'stamp TTL' : gateId,
  from,
  to,
  reason: 'why',
  atMs: 1000,
  recovery: to === 'Pass',
  causedBy: null,
  seq: ++seq,
  caused,
});
/** A transition recorded under `cause`. */
const under = (cause: AlertRecord['gateId'], gateId: AlertRecord['gateId'], from: AlertRecord['from'], to: AlertRecord['to']) => ({
  gateId,
  gateName: gateId,
  from,
  to,
  reason: 'not measured: /x: 500',
  atMs: 1000,
  recovery: to === 'Pass',
  causedBy: cause,
});
const TEN = ['chainRpcFresh', 'walletFunded', 'warmupComplete', 'peerCount', 'reserveFill', 'binSaturation', 'redistributionHealthy', 'notFrozen', 'stampTtl', 'apiVersion'] as const;

const terminal: AlertsInput = {
  face: 'terminal',
  webhook: true,
  fleetWebhook: true,
  debounceMs: 60_000,
  aggregateWindowMs: 60_000,
  toast: { enabled: true, ttlMs: 8_000 },
  bell: 'warn',
  osNotifications: false,
};

describeMachineModel(alertsMachine, {
  // The aggregate window is the only timer a model step moves the clock for; toast and debounce timers end by
  // the events the model sends itself, so they are set far beyond any path's clock.
  input: { ...terminal, aggregateWindowMs: 1000, debounceMs: 3_600_000, toast: { enabled: true, ttlMs: 3_600_000 } },
  events: {
    'alerts.record': { fail: { type: 'alerts.record', records: [record('n1', 'Pass', 'Fail')] }, firstPoll: { type: 'alerts.record', records: [record('n1', null, 'Warn')] } },
    'toast.expire': { first: { type: 'toast.expire', id: 1 } },
    'debounce.expire': { n1: { type: 'debounce.expire', keys: ['n1\u0000stampTtl'] } },
  },
  // Graph identity: the aggregate buffer (toast and sequence counters grow without bound).
  stateKey: (s) => ({ buffered: s.context.buffer.length > 0 }),
  states: {
    quiet: (s) => expect(s.context.buffer).toEqual([]),
    buffering: (s) => expect(s.context.buffer.length).toBeGreaterThan(0),
  },
});

/** An alerts actor whose two webhooks record what they are asked to post. */
function alertsWith(input: AlertsInput) {
  const clock = new SimulatedClock();
  const posts: { webhook: string[]; fleet: string[] } = { webhook: [], fleet: [] };
  const sink = (into: string[]) => webhookSinkMachine.provide({ actors: { postWebhook: fromPromise<void, { body: WebhookBody }>(async ({ input: post }) => void into.push(post.body.text)) } });
  const actor = createActor(alertsMachine.provide({ actors: { webhookSink: sink(posts.webhook), fleetWebhookSink: sink(posts.fleet) } }), { input, clock }).start();
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  const send = async (...records: AlertRecord[]) => {
    actor.send({ type: 'alerts.record', records });
    await settle();
  };
  const tick = async (ms: number) => {
    clock.increment(ms);
    await settle();
  };
  return { actor, posts, send, tick };
}

describe('alerts machine', () => {
  it('posts the first transition of a gate at once, holds the rest for debounce_secs, then posts where the gate ended if it changed', async () => {
    const { posts, send, tick } = alertsWith(terminal);
    await send(record('n1', 'Pass', 'Warn'));
    expect(posts.webhook).toEqual(['[cockpit] n1: stamp TTL Pass → Warn: why']);
    await send(record('n1', 'Warn', 'Fail'));
    await send(record('n2', 'Pass', 'Fail'));
    expect(posts.webhook).toHaveLength(2); // n2 is another gate: at once; n1's Fail is held
    await tick(60_000);
    expect(posts.webhook.at(-1)).toBe('[cockpit] n1: stamp TTL Warn → Fail: why');
    // A flap back to what was posted inside the window posts nothing when the window ends.
    await send(record('n1', 'Fail', 'Pass'));
    await send(record('n1', 'Pass', 'Fail'));
    await tick(60_000);
    expect(posts.webhook).toHaveLength(3);
  });

  it('one cause, one alert: a down node is one post, one toast and one bell naming what rode with it; its recovery the same', async () => {
    const { actor, posts, send, tick } = alertsWith(terminal);
    await send(record('n1', 'Pass', 'Fail', 'apiReachable', TEN.map((id) => under('apiReachable', id, 'Pass', 'Unknown'))));
    expect(posts.webhook).toEqual(['[cockpit] n1: apiReachable Pass → Fail: why (with it: 10 gates not measured)']);
    expect(actor.getSnapshot().context.toasts.map((t) => [t.text, t.tone])).toEqual([['n1: apiReachable Pass → Fail (+10 under it)', 'fail']]);
    expect(actor.getSnapshot().context.bellCount).toBe(1);
    await send(record('n1', 'Fail', 'Pass', 'apiReachable', TEN.map((id) => under('apiReachable', id, 'Unknown', 'Pass'))));
    expect(actor.getSnapshot().context.toasts.map((t) => [t.text, t.tone])).toEqual([
      ['n1: apiReachable Pass → Fail (+10 under it)', 'fail'],
      ['n1: apiReachable Fail → Pass (+10 under it)', 'ok'],
    ]);
    expect(actor.getSnapshot().context.bellCount).toBe(1);
    // The per-gate debounce still holds: the recovery inside the window goes out when it ends.
    expect(posts.webhook).toHaveLength(1);
    await tick(60_000);
    expect(posts.webhook).toHaveLength(2);
    expect(posts.webhook.at(-1)).toBe('[cockpit] n1: apiReachable Fail → Pass: why (with it: 10 gates recovered)');
  });

  it('two alerts of one poll on one node: one post and one toast naming both; held ones end their windows together', async () => {
    const { actor, posts, send, tick } = alertsWith(terminal);
    await send(record('n1', 'Pass', 'Fail', 'notFrozen'), record('n1', 'Pass', 'Warn'));
    expect(posts.webhook).toEqual(['[cockpit] n1: notFrozen Pass → Fail: why; stamp TTL Pass → Warn: why']);
    expect(actor.getSnapshot().context.toasts.map((t) => t.text)).toEqual(['n1: notFrozen Pass → Fail; stamp TTL Pass → Warn']);
    expect(actor.getSnapshot().context.bellCount).toBe(1);
    await send(record('n1', 'Fail', 'Pass', 'notFrozen'), record('n1', 'Warn', 'Fail'));
    expect(posts.webhook).toHaveLength(1);
    await tick(60_000);
    expect(posts.webhook).toEqual([posts.webhook[0], '[cockpit] n1: notFrozen Fail → Pass: why; stamp TTL Warn → Fail: why']);
  });

  it('a transition kept under a cause that did not change reaches no sink', async () => {
    const { actor, posts, send } = alertsWith(terminal);
    await send({ ...record('n1', 'Pass', 'Fail', 'walletFunded'), causedBy: 'chainRpcFresh' });
    expect(posts.webhook).toEqual([]);
    expect(actor.getSnapshot().context).toMatchObject({ toasts: [], bellCount: 0, buffer: [] });
  });

  it('buffers fleet alerts for aggregate_window_secs into one Fleet alert message', async () => {
    const { actor, posts, send, tick } = alertsWith(terminal);
    await send(record('n1', 'Pass', 'Fail'));
    expect(actor.getSnapshot().matches('buffering')).toBe(true);
    await send(record('n2', 'Pass', 'Warn', 'peerCount'));
    await send(record('n3', 'Fail', 'Pass'));
    await tick(59_999);
    expect(posts.fleet).toEqual([]);
    await tick(1);
    expect(posts.fleet).toEqual(['Fleet alert: 1 fail, 1 warn, 1 recovered (3 nodes): n1 stamp TTL → Fail; n2 peerCount → Warn; n3 stamp TTL → Pass']);
    expect(actor.getSnapshot().matches('quiet')).toBe(true);
  });

  it('first-poll states toast but post nothing and ring nothing; toasts expire and at most 3 show', async () => {
    const { actor, posts, send, tick } = alertsWith(terminal);
    await send(record('n1', null, 'Fail'));
    expect(posts.webhook).toEqual([]);
    expect(actor.getSnapshot().context).toMatchObject({ bellCount: 0, buffer: [] });
    expect(actor.getSnapshot().context.toasts.map((t) => t.text)).toEqual(['n1: stamp TTL — → Fail']);
    await send(record('a', 'Pass', 'Warn'));
    await send(record('b', 'Pass', 'Fail'));
    await send(record('c', 'Fail', 'Pass'));
    expect(actor.getSnapshot().context.toasts.map((t) => t.text)).toEqual(['a: stamp TTL Pass → Warn', 'b: stamp TTL Pass → Fail', 'c: stamp TTL Fail → Pass']);
    expect(actor.getSnapshot().context.bellCount).toBe(2);
    await tick(8_000);
    expect(actor.getSnapshot().context.toasts).toEqual([]);
  });

  it('raises desktop OS notifications only when configured, only on Warn and Fail, one per node and poll', async () => {
    const { actor, send } = alertsWith({ ...terminal, face: 'desktop', osNotifications: true });
    await send(record('n1', 'Pass', 'Fail'));
    await send(record('n1', 'Fail', 'Pass'));
    await send(record('n2', null, 'Warn'));
    await send(record('n3', 'Pass', 'Fail', 'notFrozen'), record('n3', 'Pass', 'Warn'));
    expect(actor.getSnapshot().context.notifications).toEqual([
      { seq: 1, title: 'n1: stamp TTL Fail', body: 'why', tone: 'fail' },
      { seq: 2, title: 'n3: notFrozen Fail (+1 more)', body: 'n3: notFrozen Pass → Fail: why; stamp TTL Pass → Warn: why', tone: 'fail' },
    ]);
    expect(actor.getSnapshot().context.toasts).toEqual([]);
  });
});
