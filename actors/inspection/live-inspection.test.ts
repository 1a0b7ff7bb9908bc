/**
 * Live inspection against real sockets on loopback: a WebSocket server of ours receives what an actor system
 * sends (the root first, its children, snapshots), node text arrives as data, an address that does not answer
 * is refused, and the bridge serves its page on loopback only and shows a page that opens late the whole tree.
 */
import { createConnection } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { assign, createActor, createMachine, fromCallback, setup } from 'xstate';
import { startLiveInspection, type LiveInspection } from './live-inspection.js';

const HOSTILE = 'node text \u001b]0;owned\u0007 \u009b31m \u202e';

const machine = setup({
  types: { context: {} as { text: string }, events: {} as { type: 'go' } },
  actors: { ticker: fromCallback(() => () => {}) },
}).createMachine({
  id: 'probe',
  context: { text: HOSTILE },
  initial: 'idle',
  invoke: { id: 'ticker', src: 'ticker' },
  states: { idle: { on: { go: { target: 'busy', actions: assign({ text: HOSTILE + '!' }) } } }, busy: {} },
});

interface Received {
  readonly raw: string[];
  readonly events: Record<string, unknown>[];
}

async function wsServer(): Promise<{ server: WebSocketServer; url: string; received: Received }> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise((resolve) => server.once('listening', resolve));
  const received: Received = { raw: [], events: [] };
  server.on('connection', (socket) =>
    socket.on('message', (data) => {
      received.raw.push(data.toString());
      received.events.push(JSON.parse(data.toString()) as Record<string, unknown>);
    }),
  );
  return { server, url: `ws://127.0.0.1:${(server.address() as { port: number }).port}`, received };
}

async function until(what: string, check: () => boolean): Promise<void> {
  const end = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('startLiveInspection to a ws:// address', () => {
  it('sends the root first, its child, the events and a state change, node text as data', async () => {
    const { server, url, received } = await wsServer();
    cleanups.push(() => new Promise((resolve) => server.close(resolve)));
    const inspection = await startLiveInspection({ kind: 'url', url });
    const actor = createActor(machine, { inspect: inspection.inspect }).start();
    actor.send({ type: 'go' });
    actor.stop();
    await inspection.stop();
    await until('the busy snapshot', () => received.events.some((e) => e.type === '@xstate.snapshot' && (e.snapshot as { value?: unknown }).value === 'busy'));

    const actors = received.events.filter((e) => e.type === '@xstate.actor');
    expect(actors[0]!.name).toBe('probe');
    expect(actors[0]!.parentId).toBeUndefined();
    expect(actors[0]!.sessionId).toBe(actors[0]!.rootId);
    expect(actors.map((e) => e.name)).toContain('ticker');
    expect(actors.find((e) => e.name === 'ticker')!.parentId).toBe(actors[0]!.sessionId);
    expect(received.events.some((e) => e.type === '@xstate.event' && (e.event as { type: string }).type === 'go')).toBe(true);
    // The text reaches the receiver unchanged once parsed, and the wire carries no raw control character.
    const busy = received.events.find((e) => e.type === '@xstate.snapshot' && (e.snapshot as { value?: unknown }).value === 'busy')!;
    expect((busy.snapshot as { context: { text: string } }).context.text).toBe(HOSTILE + '!');
    for (const raw of received.raw) expect(raw).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202e]/);
  });

  it('refuses an address where nothing answers, saying so', async () => {
    const { server, url } = await wsServer();
    await new Promise((resolve) => server.close(resolve));
    await expect(startLiveInspection({ kind: 'url', url })).rejects.toThrow(`cannot reach the inspector at ${url}: connection refused (is the inspector running?)`);
  });

  it('says when the inspector goes away, and the actors go on', async () => {
    const { server, url } = await wsServer();
    const inspection = await startLiveInspection({ kind: 'url', url });
    cleanups.push(() => inspection.stop());
    const notes: string[] = [];
    inspection.notes((note) => notes.push(`${note.level}: ${note.message}`));
    for (const client of server.clients) client.terminate();
    await new Promise((resolve) => server.close(resolve));
    await until('the note', () => notes.length > 0);
    expect(notes[0]).toBe(`warning: inspector connection to ${url} lost; retrying every 5 s (the cockpit goes on)`);
    const actor = createActor(machine, { inspect: inspection.inspect }).start();
    actor.send({ type: 'go' });
    expect(actor.getSnapshot().value).toBe('busy');
    actor.stop();
  });
});

describe('startLiveInspection with no address (the @statelyai/inspect bridge)', () => {
  let inspection: LiveInspection;

  it('serves the page on loopback only and announces the live tree to a page that connects late', async () => {
    inspection = await startLiveInspection({ kind: 'bridge' });
    cleanups.push(() => inspection.stop());
    const port = Number(new URL(inspection.page!).port);
    expect(inspection.page).toBe(`http://127.0.0.1:${port}/`);
    const html = await (await fetch(inspection.page!)).text();
    expect(html).toContain(`ws://localhost:${port}`);
    for (const host of otherAddresses()) expect(await connects(host, port), host).toBe(false);

    const actor = createActor(machine, { inspect: inspection.inspect }).start();
    cleanups.push(() => void actor.stop());
    // Far more than the bridge's 200 buffered messages, so the page sees the root only if it is announced again.
    for (let i = 0; i < 150; i++) actor.send({ type: 'go' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    let watched = false;
    void inspection.watched().then(() => (watched = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(watched, 'no page yet').toBe(false);
    const page = new WebSocket(inspection.url);
    cleanups.push(() => page.terminate());
    const seen: Record<string, unknown>[] = [];
    page.on('message', (data) => seen.push(JSON.parse(data.toString()) as Record<string, unknown>));
    await until('the root announced to the page', () => seen.some((e) => e.type === '@xstate.actor' && e.name === 'probe' && (e.snapshot as { value?: unknown }).value === 'busy'));
    expect(seen.some((e) => e.type === '@xstate.actor' && e.name === 'ticker')).toBe(true);
    expect(watched, 'the page is open').toBe(true);
  });
});

/** This host's addresses other than 127.0.0.1 (IPv6 loopback included: the bridge is IPv4 loopback only). */
function otherAddresses(): string[] {
  const all = Object.values(networkInterfaces()).flatMap((list) => list ?? []);
  return ['::1', ...all.filter((a) => a.address !== '127.0.0.1' && !a.address.startsWith('fe80')).map((a) => a.address)].filter((v, i, list) => list.indexOf(v) === i);
}

function connects(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
