/**
 * Drops on `cockpit --serve` against hostile clients, over a real WebSocket into a real temp directory (issue 24
 * item 6): a client that ignores the 8-chunk window, drops past the size, file-count and total quotas, and the
 * drop directories crashed or killed cockpits left behind.
 */
import { mkdtempSync, readdirSync, rmSync, statSync, utimesSync, mkdirSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DROP_CHUNK_BYTES, encodeDropChunk, type BridgeServerMessage } from '../../../core/cockpit/bridge/protocol.js';
import { viewFor } from '../../../core/cockpit/interaction/view-fixtures.js';
import type { CockpitUiEvent } from '../../../core/cockpit/view/ui-events.js';
import type { RendererFiles } from './renderer-files.js';
import { startServeServer, type ServeServer } from './serve-server.js';

const TOKEN = 'cd'.repeat(32);
const files: RendererFiles = new Map([['index.html', { body: Buffer.from('<!doctype html>'), gzip: null, type: 'text/html; charset=utf-8' }]]);
const view = viewFor({ face: 'desktop' });
const MIB = 1024 * 1024;

let dir: string;
let server: ServeServer | undefined;
let sent: CockpitUiEvent[];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'serve-drops-'));
  sent = [];
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  rmSync(dir, { recursive: true, force: true });
});

async function serve(dropQuota?: Parameters<typeof startServeServer>[0]['dropQuota']): Promise<ServeServer> {
  const engine = { getView: () => view, subscribe: () => () => {}, send: (event: CockpitUiEvent) => void sent.push(event) };
  server = await startServeServer({ listen: { host: '127.0.0.1', port: 0 }, engine, files, token: TOKEN, dropRoot: dir, ...(dropQuota ? { dropQuota } : {}) });
  return server;
}

/** A window's bridge socket, collecting the cockpit's drop messages. */
async function window(port: number) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/${TOKEN}/bridge`, { headers: { origin: `http://127.0.0.1:${port}` } });
  const messages: BridgeServerMessage[] = [];
  ws.on('message', (data) => messages.push(JSON.parse(String(data)) as BridgeServerMessage));
  const closed = new Promise<void>((resolve) => ws.once('close', () => resolve()));
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const waitFor = async (predicate: (m: BridgeServerMessage) => boolean) => {
    for (let i = 0; i < 200; i++) {
      const found = messages.find(predicate);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`no such message; got ${JSON.stringify(messages.filter((m) => m.t !== 'view' && m.t !== 'patch'))}`);
  };
  return { ws, messages, closed, waitFor };
}

const dropDirs = () => readdirSync(dir).filter((name) => name.startsWith('cockpit-drop-'));

describe('drops on --serve are bounded (issue 24 item 6)', () => {
  it('a client ignoring the 8-in-flight window: the drop is refused, its files removed, the connection closed', async () => {
    const { port } = await serve();
    const { ws, closed } = await window(port);
    ws.send(JSON.stringify({ t: 'drop.begin', id: 'flood', entries: [{ path: 'big.bin', kind: 'file', size: 200 * DROP_CHUNK_BYTES }] }));
    const chunk = new Uint8Array(DROP_CHUNK_BYTES);
    // 200 chunks at once, never waiting for an acknowledgement (before: every one was held; 773 MB for 1 GB).
    for (let i = 0; i < 200 && ws.readyState === WebSocket.OPEN; i++) ws.send(encodeDropChunk({ id: 'flood', entry: 0, offset: i * DROP_CHUNK_BYTES }, chunk));
    await closed;
    expect(sent).toContainEqual({ type: 'ui.dropFailed', name: 'big.bin', reason: 'more than 8 chunks were sent before their acknowledgements; the drop is refused' });
    for (let i = 0; i < 40 && dropDirs().length > 0; i++) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(dropDirs()).toEqual([]);
  });

  it('a drop over drop_max_mb or drop_max_files is refused before a byte is written', async () => {
    const { port } = await serve({ maxBytes: 1 * MIB, maxFiles: 3, totalBytes: 2 * MIB });
    const { ws, waitFor } = await window(port);
    ws.send(JSON.stringify({ t: 'drop.begin', id: 'huge', entries: [{ path: 'huge.iso', kind: 'file', size: 1024 * MIB }] }));
    expect(await waitFor((m) => m.t === 'drop.failed' && m.id === 'huge')).toEqual({ t: 'drop.failed', id: 'huge', message: 'the drop holds 1 GiB; a drop may hold at most 1 MiB ([serve] drop_max_mb)' });
    const many = Array.from({ length: 4 }, (_, i) => ({ path: `site/f${i}.txt`, kind: 'file' as const, size: 1 }));
    ws.send(JSON.stringify({ t: 'drop.begin', id: 'many', entries: many }));
    expect(await waitFor((m) => m.t === 'drop.failed' && m.id === 'many')).toEqual({ t: 'drop.failed', id: 'many', message: 'the drop holds 4 files and folders; a drop may hold at most 3 ([serve] drop_max_files)' });
    expect(dropDirs()).toEqual([]);
    ws.close();
  });

  it('drops kept at once stay within drop_total_mb, across windows; a stop gives the room back', async () => {
    const { port } = await serve({ maxBytes: 1 * MIB, maxFiles: 10, totalBytes: 1.5 * MIB });
    const a = await window(port);
    const b = await window(port);
    const bytes = new Uint8Array(MIB);
    a.ws.send(JSON.stringify({ t: 'drop.begin', id: 'one', entries: [{ path: 'one.bin', kind: 'file', size: MIB }] }));
    for (let offset = 0; offset < MIB; offset += DROP_CHUNK_BYTES) a.ws.send(encodeDropChunk({ id: 'one', entry: 0, offset }, bytes.subarray(offset, offset + DROP_CHUNK_BYTES)));
    a.ws.send(JSON.stringify({ t: 'drop.end', id: 'one' }));
    await a.waitFor((m) => m.t === 'drop.done');
    b.ws.send(JSON.stringify({ t: 'drop.begin', id: 'two', entries: [{ path: 'two.bin', kind: 'file', size: MIB }] }));
    expect(await b.waitFor((m) => m.t === 'drop.failed')).toEqual({
      t: 'drop.failed',
      id: 'two',
      message: 'the drops kept now (1 MiB) and this one (1 MiB) would pass the 1.5 MiB all drops may hold ([serve] drop_total_mb); written drops are removed when the cockpit stops',
    });
    expect(dropDirs()).toHaveLength(1);
    a.ws.close();
    b.ws.close();
    await server!.close();
    server = undefined;
    expect(dropDirs()).toEqual([]);
  });

  it('stale drop directories (their cockpit gone, unchanged for a day) are removed at start; live and fresh ones stay', async () => {
    const deadPid = Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString());
    const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
    const make = (name: string, old: boolean) => {
      mkdirSync(join(dir, name, 'site'), { recursive: true });
      writeFileSync(join(dir, name, 'site', 'a.bin'), 'x');
      if (old) for (const path of [join(dir, name, 'site', 'a.bin'), join(dir, name, 'site'), join(dir, name)]) utimesSync(path, dayAgo, dayAgo);
    };
    make(`cockpit-drop-${deadPid}-stale1`, true);
    make('cockpit-drop-OldFormat', true);
    make(`cockpit-drop-${process.ppid}-live01`, true);
    make(`cockpit-drop-${deadPid}-fresh1`, false);
    await serve();
    expect(dropDirs().sort()).toEqual([`cockpit-drop-${deadPid}-fresh1`, `cockpit-drop-${process.ppid}-live01`].sort());
    expect(statSync(join(dir, `cockpit-drop-${deadPid}-fresh1`)).isDirectory()).toBe(true);
  });
});
