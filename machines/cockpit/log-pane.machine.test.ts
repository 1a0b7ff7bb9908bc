import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate';
import { LogBook } from '../../core/log/log-book.js';
import { actorDone, actorFailed, describeMachineModel } from '../../test/model-based.js';
import type { LogSource, LogSourceInput } from '../log-source.machine.js';
import { clampHeight, commandRestartDelayMs, logPaneMachine, PUBLISH_INTERVAL_MS } from './log-pane.machine.js';
import { selectLogPane, selectLogPaneHeader } from './log-pane.view.js';

const node: LogSourceInput = { nodeUrl: 'http://127.0.0.1:1633', platform: 'linux', cli: { logFile: '/var/log/bee.log' } };
const sources: Record<string, LogSource> = {
  file: { kind: 'file', path: '/var/log/bee.log', origin: 'cli', reason: 'from --node-log' },
  command: { kind: 'command', command: 'journalctl --follow --lines 0 --unit bee.service', origin: 'discovered', reason: 'discovered: process 7 (bee) runs in systemd unit bee.service' },
  none: { kind: 'none', origin: 'none', reason: 'no log source configured, and discovery found no process: nothing listens on port 1633 on this host' },
};

describeMachineModel(logPaneMachine, {
  input: { height: 8 },
  // The book is a mutable store shared by reference; its contents are checked in the assertions instead.
  compareContext: false,
  events: {
    'node.switched': { cliFile: { type: 'node.switched', input: node } },
    'xstate.done.actor.resolveLogSource': Object.fromEntries(Object.entries(sources).map(([k, v]) => [k, actorDone('resolveLogSource', v)])),
    'xstate.error.actor.resolveLogSource': { crashed: actorFailed('resolveLogSource', new Error('no /proc')) },
    'follower.status': { waiting: { type: 'follower.status', status: 'waiting', detail: 'waiting for /var/log/bee.log to be created' } },
    'command.exited': { quick: { type: 'command.exited', code: 255, signalName: null, ranMs: 120, lines: 0, lastStderr: 'ssh: connect to host n1 port 22: Connection refused' } },
    'log.httpCall': { ok: { type: 'log.httpCall', call: { method: 'GET', url: 'http://127.0.0.1:1633/health', status: 200, ms: 3 }, time: 't' } },
    'log.cockpit': { note: { type: 'log.cockpit', level: 'info', message: 'node started', time: 't' } },
    'pane.tab': { cockpit: { type: 'pane.tab', tab: 'cockpit' } },
    'filter.set': { api: { type: 'filter.set', text: 'API' } },
  },
  states: {
    'source.idle': (s) => expect(selectLogPaneHeader(s)).toMatchObject({ state: 'idle', origin: null }),
    'source.resolving': (s, probe) => {
      expect(probe.inputOf('resolveLogSource')).toEqual(node);
      expect(selectLogPane(s).header.state).toBe('resolving');
    },
    'source.tailingFile': (s, probe) => {
      expect(probe.inputOf('tailFile')).toMatchObject({ path: '/var/log/bee.log' });
      const header = selectLogPaneHeader(s);
      expect(header).toMatchObject({ source: '/var/log/bee.log', origin: 'CLI' });
      expect(header.state).toBe(s.context.follower?.status === 'waiting' ? 'waiting' : 'following');
    },
    'source.followingCommand': (s, probe) => {
      expect(probe.inputOf('followCommand')).toMatchObject({ command: sources.command!.kind === 'command' ? sources.command!.command : '' });
      expect(selectLogPaneHeader(s)).toMatchObject({ origin: 'discovered', state: s.context.follower?.status === 'waiting' ? 'waiting' : 'following' });
    },
    'source.commandPaused': (s) => {
      expect(selectLogPaneHeader(s).detail).toBe('log command exited with code 255 after 0.1 s without writing anything (stderr: ssh: connect to host n1 port 22: Connection refused); running it again in 1 s');
    },
    'source.unavailable': (s) => {
      const view = selectLogPane(s);
      expect(view.header.state).toBe('unavailable');
      expect(view.placeholder ?? '').toMatch(/nothing listens|no \/proc/);
    },
    'publishing.idle': (s) => expect(s.context.revision).toBe(s.context.book.revision === 0 ? 0 : s.context.revision),
    'publishing.waiting': (s) => expect(s.context.revision).toBeLessThanOrEqual(s.context.book.revision),
  },
});

describe('log pane', () => {
  it('publishes at most once per publishInterval (200 ms) however many lines arrive, and clears the node rings on a switch', () => {
    const clock = new SimulatedClock();
    const book = new LogBook(100);
    const machine = logPaneMachine.provide({
      actors: { resolveLogSource: fromPromise(async () => sources.file!), tailFile: fromCallback(() => {}), followCommand: fromCallback(() => {}) },
    });
    const actor = createActor(machine, { input: { book }, clock }).start();
    let published = 0;
    let lastRevision = 0;
    actor.subscribe((s) => {
      if (s.context.revision !== lastRevision) {
        published++;
        lastRevision = s.context.revision;
      }
    });
    for (let burst = 0; burst < 10; burst++) {
      for (let i = 0; i < 1_000; i++) book.ingestNodeLines([{ text: `"time"="t" "level"="info" "logger"="node" "msg"="line ${burst}-${i}"` }]);
      clock.increment(PUBLISH_INTERVAL_MS);
    }
    expect(published).toBe(10); // 10,000 lines in 10 intervals: 10 updates
    expect(selectLogPane(actor.getSnapshot()).tabs.find((t) => t.id === 'info')?.total).toBe(10_000);
    actor.send({ type: 'node.switched', input: node });
    clock.increment(PUBLISH_INTERVAL_MS);
    expect(book.totals().info).toBe(0);
    actor.stop();
  });

  it('a switch while a publish is pending still publishes, and later news too (the switch touches only the source)', () => {
    const clock = new SimulatedClock();
    const book = new LogBook(100);
    let resolutions = 0;
    const machine = logPaneMachine.provide({
      actors: {
        resolveLogSource: fromPromise(() => {
          resolutions++;
          return new Promise<LogSource>(() => {});
        }),
        tailFile: fromCallback(() => {}),
        followCommand: fromCallback(() => {}),
      },
    });
    const actor = createActor(machine, { input: { book }, clock }).start();
    actor.send({ type: 'node.switched', input: node });
    clock.increment(PUBLISH_INTERVAL_MS);
    book.addCockpitEvent('info', 'a call', 't');
    expect(actor.getSnapshot().value).toEqual({ source: 'resolving', publishing: 'waiting' });
    // A second switch (the operator goes on to the next node) while the publish is pending and the first
    // resolution has not answered: the resolution starts again, the pending publish stays.
    actor.send({ type: 'node.switched', input: node });
    expect(resolutions).toBe(2);
    expect(actor.getSnapshot().value).toEqual({ source: 'resolving', publishing: 'waiting' });
    clock.increment(PUBLISH_INTERVAL_MS);
    expect(actor.getSnapshot().context.revision).toBe(book.revision);
    book.addCockpitEvent('info', 'the next call', 't');
    clock.increment(PUBLISH_INTERVAL_MS);
    expect(actor.getSnapshot().context.revision).toBe(book.revision);
    actor.stop();
  });

  it('clamps the pane height to 4..24 and emits each change for the data-directory store', () => {
    const actor = createActor(logPaneMachine, { input: { height: 23 } }).start();
    const emitted: number[] = [];
    (actor.getSnapshot().children.display as unknown as { on: (t: string, f: (e: { height: number }) => void) => void }).on('pane.resized', (e) => emitted.push(e.height));
    for (let i = 0; i < 3; i++) actor.send({ type: 'pane.grow' });
    expect(selectLogPane(actor.getSnapshot()).height).toBe(24);
    for (let i = 0; i < 30; i++) actor.send({ type: 'pane.shrink' });
    expect(selectLogPane(actor.getSnapshot()).height).toBe(4);
    expect(emitted.slice(0, 3)).toEqual([24, 24, 24]);
    actor.send({ type: 'pane.fullscreen' });
    expect(selectLogPane(actor.getSnapshot())).toMatchObject({ fullscreen: true, visible: true });
    actor.send({ type: 'pane.toggle' });
    expect(selectLogPane(actor.getSnapshot())).toMatchObject({ fullscreen: false, visible: false });
    expect(clampHeight(Number.NaN)).toBe(8);
    actor.stop();
  });

  it('filters case-insensitively and shows the height worth of the newest lines', () => {
    const book = new LogBook();
    const actor = createActor(logPaneMachine, { input: { book, height: 4 } }).start();
    book.ingestNodeLines(Array.from({ length: 10 }, (_, i) => ({ text: `"time"="t" "level"="error" "logger"="node" "msg"="${i % 2 ? 'API down' : 'disk'} ${i}"` })));
    actor.send({ type: 'filter.set', text: 'api' });
    const view = selectLogPane(actor.getSnapshot());
    expect(view.lines.map((l) => l.msg)).toEqual(['API down 3', 'API down 5', 'API down 7', 'API down 9']);
    actor.send({ type: 'filter.set', text: 'nothing like this' });
    expect(selectLogPane(actor.getSnapshot()).placeholder).toBe('no line in Errors contains “nothing like this”');
    actor.stop();
  });

  it('backs a failing log command off 1, 2, 4 … 30 s', () => {
    expect([1, 2, 3, 4, 5, 6].map(commandRestartDelayMs)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000]);
  });
});

describe('the engine’s view contract', () => {
  it('gives LogFacts: header as source, counts, the newest matching lines as `logger msg key=value`', async () => {
    const { selectLogFacts, shortTime } = await import('./log-pane.view.js');
    const book = new LogBook();
    const machine = logPaneMachine.provide({ actors: { resolveLogSource: fromPromise(async () => sources.command!), tailFile: fromCallback(() => {}), followCommand: fromCallback(() => {}) } });
    const actor = createActor(machine, { input: { book } }).start();
    actor.send({ type: 'node.switched', input: node });
    await new Promise((resolve) => setTimeout(resolve, 0));
    book.ingestNodeLines([
      { text: '"time"="2026-11-24 14:03:12.345678" "level"="error" "logger"="node/pusher" "msg"="push failed" "error"="context deadline exceeded" "peer"="ab12"' },
      { text: 'Welcome to Swarm' },
      { text: '"time"="2026-11-24 14:03:13.000001" "level"="error" "logger"="node" "msg"="other"' },
    ]);
    const facts = selectLogFacts(actor.getSnapshot(), { tab: 'errors', filter: 'PUSH', limit: 10 });
    const command = sources.command!.kind === 'command' ? sources.command! : null;
    expect(facts.source).toEqual({ origin: 'discovered', label: `command ${command!.command} ${command!.reason}`, tone: 'info' });
    expect(facts.counts).toMatchObject({ errors: 2, info: 1 });
    expect(facts.matching).toBe(1);
    expect(facts.lines).toEqual([{ seq: 1, time: '14:03:12.345', level: 'error', text: 'node/pusher push failed error="context deadline exceeded" peer=ab12', tone: 'fail' }]);
    expect(selectLogFacts(actor.getSnapshot(), { tab: 'info', filter: '', limit: 10 }).lines).toEqual([{ seq: 1, time: '', level: null, text: 'Welcome to Swarm' }]);
    // The cockpit's own lines are shown as written; a quote in a value is quoted.
    book.addHttpCall({ method: 'GET', url: 'http://127.0.0.1:1633/health', status: 200, ms: 3 }, '14:03:14');
    expect(selectLogFacts(actor.getSnapshot(), { tab: 'cockpitHttp', filter: '', limit: 10 }).lines).toEqual([
      { seq: 1, time: '14:03:14', level: 'debug', text: 'GET http://127.0.0.1:1633/health -> 200 (3 ms)', tone: 'muted' },
    ]);
    book.ingestNodeLines([{ text: '"time"="2026-11-24 14:03:15.000001" "level"="error" "logger"="node" "msg"="said" "quote"="a\\"b"' }]);
    expect(selectLogFacts(actor.getSnapshot(), { tab: 'errors', filter: 'said', limit: 10 }).lines[0]!.text).toBe('node said quote="a\\"b"');
    expect(shortTime('2026-11-24T14:03:12.3Z')).toBe('14:03:12.3');
    actor.stop();
  });
});
