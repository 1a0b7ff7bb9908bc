import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, SimulatedClock } from 'xstate';
import { describeMachineModel } from '../../../test/model-based.js';
import { utf8Encode } from '../../../core/swarm/bytes.js';
import type { HistoryEvent, HistoryRequest, SocketEvent } from '../../../core/cockpit/screens/pubsub.js';
import { pubsubScreenMachine, selectPubsubContent, type PubsubScreenSnapshot } from './pubsub.machine.js';

const OWNER = 'ab'.repeat(20);
const rows = (s: PubsubScreenSnapshot) => {
  const t = selectPubsubContent(s).sections.find((x) => x.id === 'messages');
  return t?.kind === 'table' ? t.rows.map((r) => r.cells[2]?.text) : [];
};

function expectView(s: PubsubScreenSnapshot): void {
  const content = selectPubsubContent(s);
  const form = content.sections[0];
  expect(form?.kind === 'form' && form.fields[0]?.value).toBe(s.context.form.mode);
  expect(s.context.messages.length).toBeLessThanOrEqual(s.context.ringSize);
  const needle = s.context.filter.toLowerCase();
  for (const text of rows(s)) expect(text?.toLowerCase()).toContain(needle);
}

describeMachineModel(pubsubScreenMachine, {
  input: { ringSize: 1, droppedCap: 1, maxBackoffStep: 1 },
  maxSnapshots: 60_000,
  // What tells snapshots apart for the walk: which facts are set, not their every combination with the banner id.
  stateKey: (s) => {
    const c = s.context;
    return { mode: c.form.mode, filter: c.filter, messages: c.messages.length, attempt: c.attempt, dropped: c.dropped.count, history: [c.historyFile !== null, c.historyError !== null], replay: c.replay && [c.replay.total, c.replay.played], banner: c.banner?.tone ?? null, failed: c.lastError !== null };
  },
  events: {
    'screen.input': { filter: { type: 'screen.input', section: 'filter', field: 'filter', value: 'HELLO' } },
    'screen.submit': {
      gsoc: { type: 'screen.submit', section: 'subscribe', values: { mode: 'GSOC', owner: OWNER, identifier: 'chat' } },
      bad: { type: 'screen.submit', section: 'subscribe', values: { mode: 'PSS', topic: '' } },
      filter: { type: 'screen.submit', section: 'filter', values: { filter: '' } },
    },
    'socket.open': { open: { type: 'socket.open' } },
    'socket.message': { hello: { type: 'socket.message', payload: utf8Encode('hello'), receivedAtMs: 5 } },
    'socket.dropped': { text: { type: 'socket.dropped', reason: 'a text frame' } },
    'socket.closed': { gone: { type: 'socket.closed', reason: 'socket closed 1001 (the node went away)' } },
    'history.failed': { full: { type: 'history.failed', error: 'ENOSPC: no space left on device' } },
    'history.opened': { file: { type: 'history.opened', file: '/tmp/never-written.jsonl' } },
    'screen.action': { unsubscribe: { type: 'screen.action', id: 'unsubscribe' } },
    'screen.command': { replay: { type: 'screen.command', verb: 'pubsub-replay', args: ['/tmp/saved.jsonl', '10'] } },
    'replay.checked': { one: { type: 'replay.checked', count: 1, firstAtMs: 5, lastAtMs: 5 } },
    'replay.message': { hello: { type: 'replay.message', payload: utf8Encode('hello again'), receivedAtMs: 5 } },
    'replay.finished': { done: { type: 'replay.finished' } },
    'replay.failed': { bad: { type: 'replay.failed', error: '/tmp/saved.jsonl:3: not JSON: not a pubsub history line' } },
  },
  states: {
    idle: (s, probe) => {
      expect(probe.running()).toEqual([]);
      expectView(s);
      expect(selectPubsubContent(s).subtitle ?? '').not.toMatch(/subscribed/);
      if (s.context.lastError?.startsWith('replay failed')) expect(selectPubsubContent(s).banner).toMatchObject({ tone: 'fail', text: ':pubsub-replay: /tmp/saved.jsonl:3: not JSON: not a pubsub history line' });
    },
    'replaying.checking': (s, probe) => {
      expect(probe.inputOf('pubsubReplay')).toEqual({ file: '/tmp/saved.jsonl', speed: 10 });
      expect(probe.running()).not.toContain('pubsubSocket');
      expect(s.context.messages).toEqual([]);
      expect(selectPubsubContent(s).subtitle).toBe('replay of /tmp/saved.jsonl (10× speed): checking the file…');
    },
    'replaying.playing': (s) => {
      expect(selectPubsubContent(s).subtitle).toMatch(/^replay of \/tmp\/saved\.jsonl \(10× speed\): playing [01] of 1/);
      expect(selectPubsubContent(s).banner).toMatchObject({ tone: 'ok', text: 'replaying 1 messages from /tmp/saved.jsonl (10× speed)' });
      expectView(s);
    },
    'replaying.finished': (s) => {
      expect(selectPubsubContent(s).subtitle).toMatch(/^replay of \/tmp\/saved\.jsonl \(10× speed\): replayed [01] of 1/);
      expect(selectPubsubContent(s).banner?.text).toMatch(/^replayed [01] messages from \/tmp\/saved\.jsonl$/);
      expectView(s);
    },
    'subscribed.connected.connecting': (s, probe) => {
      expect(probe.inputOf('pubsubSocket')).toEqual({ path: s.context.target!.path });
      expect(probe.running()).toContain('pubsubHistory');
      expectView(s);
    },
    'subscribed.connected.open': (s) => {
      expect(s.context.attempt).toBe(0);
      expect(selectPubsubContent(s).subtitle).toContain(': subscribed');
      expectView(s);
    },
    'subscribed.reconnecting': (s, probe) => {
      expect(probe.running()).not.toContain('pubsubSocket');
      expect(s.context.attempt).toBeGreaterThan(0);
      expect(selectPubsubContent(s).subtitle).toContain('reconnecting');
      expectView(s);
    },
  },
});

describe('pubsub subscription over time', () => {
  it('reconnects with back-off 1 s, 2 s, 4 s and resets it after a successful open; writes history lines', async () => {
    const opened: number[] = [];
    const lines: string[] = [];
    let socket: ((event: SocketEvent) => void) | undefined;
    const clock = new SimulatedClock();
    const machine = pubsubScreenMachine.provide({
      actors: {
        pubsubSocket: fromCallback<{ type: 'noop' }, { path: string }, SocketEvent>(({ sendBack }) => {
          opened.push(clock.now());
          socket = sendBack;
        }),
        pubsubHistory: fromCallback<HistoryRequest, Record<string, never>, HistoryEvent>(({ receive, sendBack }) => {
          sendBack({ type: 'history.opened', file: '/tmp/h.jsonl' });
          receive((r) => lines.push(r.line));
        }),
      },
    });
    const actor = createActor(machine, { input: {}, clock }).start();
    actor.send({ type: 'screen.submit', section: 'subscribe', values: { mode: 'PSS', topic: 'news' } });
    expect(opened).toEqual([0]);
    for (const wait of [1000, 2000, 4000]) {
      socket!({ type: 'socket.closed', reason: 'socket closed 1006 (connection lost)' });
      clock.increment(wait - 1);
      expect(opened.length).toBe(1 + [1000, 2000, 4000].indexOf(wait));
      clock.increment(1);
    }
    expect(opened).toEqual([0, 1000, 3000, 7000]);
    socket!({ type: 'socket.open' });
    socket!({ type: 'socket.message', payload: utf8Encode('Hello Swarm'), receivedAtMs: 42 });
    socket!({ type: 'socket.closed', reason: 'socket closed 1001 (the node went away)' });
    clock.increment(1000);
    expect(opened).toEqual([0, 1000, 3000, 7000, 8000]);
    expect(lines.map((l) => JSON.parse(l) as { text: string; mode: string })).toEqual([expect.objectContaining({ text: 'Hello Swarm', mode: 'pss' })]);
    expect(rows(actor.getSnapshot())).toEqual(['Hello Swarm']);
    actor.stop();
  });
});
