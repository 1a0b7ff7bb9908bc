/**
 * One renderer's session with the engine (a fixture engine: views in, events recorded) and the drop writer on a
 * real temporary directory: views as whole-then-slices with acknowledgements, a busy transport holding views
 * back, malformed and path-carrying messages refused, and drops written, refused, cut short and aborted.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeDropChunk, type BridgeServerMessage } from '../../../core/cockpit/bridge/protocol.js';
import { viewFor } from '../../../core/cockpit/interaction/view-fixtures.js';
import type { CockpitUiEvent } from '../../../core/cockpit/view/ui-events.js';
import type { CockpitView } from '../../../core/cockpit/view/view-model.js';
import { createBridgeSession } from './bridge-session.js';
import { createDropWriter } from './drop-writer.js';

function fixtureEngine(initial: CockpitView) {
  let view = initial;
  const listeners = new Set<(view: CockpitView) => void>();
  const sent: CockpitUiEvent[] = [];
  return {
    sent,
    getView: () => view,
    subscribe(listener: (view: CockpitView) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    send(event: CockpitUiEvent) {
      sent.push(event);
      // As the engine does for a key it knows: a new view at once.
      if (event.type === 'ui.key' && event.key === 'l' && event.ctrl) view = { ...view, logPane: { ...view.logPane, visible: !view.logPane.visible } };
    },
    setView(next: CockpitView) {
      view = next;
      for (const listener of listeners) listener(view);
    },
  };
}

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'bridge-session-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('a bridge session', () => {
  it('greets with the whole view, then sends changed slices, and acknowledges every numbered event', async () => {
    const engine = fixtureEngine(viewFor({ face: 'desktop' }));
    const out: BridgeServerMessage[] = [];
    const session = createBridgeSession({ engine, transport: { send: (m) => out.push(m) }, greet: true });
    expect(out).toEqual([{ t: 'view', view: engine.getView() }]);
    session.receive(JSON.stringify({ t: 'event', event: { type: 'ui.key', key: 'l', ctrl: true }, seq: 1 }));
    expect(out.at(-1)).toEqual({ t: 'patch', slices: { logPane: engine.getView().logPane }, ack: 1 });
    // A key that changes nothing is acknowledged on its own.
    session.receive({ t: 'event', event: { type: 'ui.key', key: 'x' }, seq: 2 });
    expect(out.at(-1)).toEqual({ t: 'ack', ack: 2 });
    expect(engine.sent).toEqual([{ type: 'ui.key', key: 'l', ctrl: true }, { type: 'ui.key', key: 'x' }]);
    // hello (a reloaded page) starts over: the whole view, numbering from 0.
    session.receive({ t: 'hello' });
    expect(out.at(-1)).toEqual({ t: 'view', view: engine.getView() });
    await session.close();
  });

  it('waits for hello when not greeting (Electron), holds views while the transport is busy, sends the newest', async () => {
    const engine = fixtureEngine(viewFor({ face: 'desktop' }));
    const out: BridgeServerMessage[] = [];
    let busy = false;
    const session = createBridgeSession({ engine, transport: { send: (m) => out.push(m), busy: () => busy }, retryMs: 10 });
    engine.setView({ ...engine.getView(), banner: { id: 1, text: 'one', tone: 'ok' } });
    expect(out).toEqual([]);
    session.receive({ t: 'hello' });
    expect(out).toHaveLength(1);
    busy = true;
    engine.setView({ ...engine.getView(), banner: { id: 2, text: 'two', tone: 'ok' } });
    engine.setView({ ...engine.getView(), banner: { id: 3, text: 'three', tone: 'ok' } });
    await settle();
    expect(out).toHaveLength(1);
    busy = false;
    await settle();
    expect(out).toHaveLength(2);
    expect(out[1]).toEqual({ t: 'patch', slices: { banner: { id: 3, text: 'three', tone: 'ok' } } });
    await session.close();
  });

  it('refuses malformed messages and, from a browser, events that name local paths', async () => {
    const engine = fixtureEngine(viewFor({ face: 'desktop' }));
    const session = createBridgeSession({ engine, transport: { send: () => {} }, greet: true });
    session.receive('{not json');
    session.receive({ t: 'event', event: { type: 'ui.click', target: { kind: 'tab', screen: 'nowhere' } } });
    session.receive({ t: 'event', event: { type: 'ui.drop', paths: ['/etc/passwd'] } });
    session.receiveBinary(new Uint8Array([1, 2, 3]));
    expect(session.refused).toBe(4);
    expect(engine.sent).toEqual([]);
    await session.close();
  });

  it('writes a dropped folder chunk by chunk and hands the engine its path', async () => {
    const engine = fixtureEngine(viewFor({ face: 'desktop' }));
    const out: BridgeServerMessage[] = [];
    const drops = createDropWriter({ root: dir });
    const session = createBridgeSession({ engine, transport: { send: (m) => out.push(m) }, greet: true, drops });
    const big = new Uint8Array(300_000).map((_, i) => i % 251);
    session.receive({
      t: 'drop.begin',
      id: 'd1',
      entries: [
        { path: 'site', kind: 'directory' },
        { path: 'site/empty', kind: 'directory' },
        { path: 'site/a.bin', kind: 'file', size: big.length },
        { path: 'site/zero.txt', kind: 'file', size: 0 },
      ],
    });
    session.receiveBinary(encodeDropChunk({ id: 'd1', entry: 2, offset: 0 }, big.subarray(0, 200_000)));
    session.receiveBinary(encodeDropChunk({ id: 'd1', entry: 2, offset: 200_000 }, big.subarray(200_000)));
    session.receive({ t: 'drop.end', id: 'd1' });
    for (let i = 0; i < 100 && !out.some((m) => m.t === 'drop.done'); i++) await settle();
    const done = out.find((m) => m.t === 'drop.done') as Extract<BridgeServerMessage, { t: 'drop.done' }>;
    expect(out.filter((m) => m.t === 'drop.ack').map((m) => (m as { bytes: number }).bytes)).toEqual([200_000, 100_000]);
    expect(done.paths).toHaveLength(1);
    expect(done.paths[0]!.startsWith(join(dir, 'cockpit-drop-'))).toBe(true);
    expect(readdirSync(done.paths[0]!).sort()).toEqual(['a.bin', 'empty', 'zero.txt']);
    expect(Buffer.from(readFileSync(join(done.paths[0]!, 'a.bin'))).equals(Buffer.from(big))).toBe(true);
    expect(engine.sent).toEqual([{ type: 'ui.drop', paths: done.paths }]);
    // The folder outlives the socket (the upload may come later); disposing everything removes it.
    await session.close();
    expect(readdirSync(dir)).toHaveLength(1);
    await drops.dispose(true);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a refused name, a chunk out of order, a short file and an unreadable file each end the drop with one red banner', async () => {
    const engine = fixtureEngine(viewFor({ face: 'desktop' }));
    const out: BridgeServerMessage[] = [];
    const session = createBridgeSession({ engine, transport: { send: (m) => out.push(m) }, greet: true, drops: createDropWriter({ root: dir }) });
    session.receive({ t: 'drop.begin', id: 'bad', entries: [{ path: '../escape.txt', kind: 'file', size: 1 }] });
    session.receive({ t: 'drop.begin', id: 'gap', entries: [{ path: 'gap.bin', kind: 'file', size: 10 }] });
    session.receiveBinary(encodeDropChunk({ id: 'gap', entry: 0, offset: 5 }, new Uint8Array(5)));
    session.receiveBinary(encodeDropChunk({ id: 'gap', entry: 0, offset: 0 }, new Uint8Array(5)));
    session.receive({ t: 'drop.begin', id: 'short', entries: [{ path: 'short.bin', kind: 'file', size: 10 }] });
    session.receiveBinary(encodeDropChunk({ id: 'short', entry: 0, offset: 0 }, new Uint8Array(4)));
    session.receive({ t: 'drop.end', id: 'short' });
    session.receive({ t: 'drop.begin', id: 'gone', entries: [{ path: 'gone.txt', kind: 'file', size: 3 }] });
    session.receive({ t: 'drop.abort', id: 'gone', path: 'gone.txt', reason: 'the browser could not read it (NotFoundError)' });
    for (let i = 0; i < 100 && engine.sent.length < 4; i++) await settle();
    await settle();
    const failures = engine.sent.map((e) => (e.type === 'ui.dropFailed' ? `${e.name}: ${e.reason}` : e.type));
    expect(failures).toHaveLength(4);
    expect(failures).toContainEqual(expect.stringMatching(/^\.\.: cannot take "\.\.\/escape\.txt"/));
    expect(failures).toContainEqual(expect.stringMatching(/^gap\.bin: chunk of gap\.bin at 5, expected 0/));
    expect(failures).toContainEqual(expect.stringMatching(/^short\.bin: short\.bin arrived with 4 of its 10 bytes/));
    expect(failures).toContainEqual('gone.txt: the browser could not read it (NotFoundError)');
    // Nothing is left behind.
    await session.close();
    expect(readdirSync(dir)).toEqual([]);
  });
});
