#!/usr/bin/env node
/**
 * Benchmark: what hostile clients can make `cockpit --serve` hold (issue 24 items 5 and 6). The cockpit runs as a
 * child process (`--serve 127.0.0.1:0`, its own COCKPIT_DATA and TMPDIR); this process is the hostile client:
 *   A. 300 TCP connections that never send a byte: how many the cockpit keeps after 1 s and after 12 s, and
 *      whether the operator's page still loads meanwhile;
 *   B. a POST whose body trickles a byte every 200 ms: how long the cockpit holds it (capped at 20 s);
 *   C. a drop of a 1 GiB file whose chunks are sent without waiting for acknowledgements: the cockpit's peak RSS
 *      (VmHWM), how many bytes were sent before it closed the connection, and what is left in its temp directory.
 *
 * Usage: node dist/bench/hostile-serve.js [--bins <dist dir>] [--json]
 * (--bins runs the cockpit of another build, e.g. an older checkout's dist, for a before/after comparison).
 * Needs the renderer built (`npm run build:desktop`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { encodeDropChunk } from '../core/cockpit/bridge/protocol.js';
import { parseBinsOptions } from './lib/bins-options.js';
import { answerHelp } from './lib/usage.js';

const USAGE = `Usage: npm run bench:hostile-serve -- [--bins DIST_DIR] [--json]

What hostile clients can make \`cockpit --serve\` hold, the cockpit in a child process: 300 silent TCP connections
(how many it keeps after 1 s and 12 s, and whether the page still loads), a POST trickling a byte every 200 ms
(how long it is held), and a 1 GiB drop sent without waiting for acknowledgements (peak RSS, bytes sent before
the connection closed, what is left in the temp directory). Needs the desktop renderer (npm run builds it).

  --bins DIR   run the cockpit of another build (an older checkout's dist/) for a before/after comparison
  --json       one JSON line instead of the text
`;

const CHUNK = 256 * 1024;
const GIB = 1024 * 1024 * 1024;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function startCockpit(bin: string, scratch: string): Promise<{ child: ChildProcess; url: string; port: number }> {
  const child = spawn(process.execPath, [bin, '--serve', '127.0.0.1:0', 'http://127.0.0.1:9'], {
    env: { ...process.env, NO_COLOR: '1', COCKPIT_DATA: join(scratch, 'data'), XDG_CONFIG_HOME: join(scratch, 'config'), TMPDIR: join(scratch, 'tmp'), NODE_URL: '', NODE_TOKEN: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  for (let waited = 0; !stdout.includes('\n'); waited += 50) {
    if (child.exitCode !== null || waited > 30_000) throw new Error(`the cockpit did not start: ${stderr}`);
    await sleep(50);
  }
  const url = stdout.split('\n')[0]!;
  return { child, url, port: Number(new URL(url).port) };
}

function openSilent(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.on('data', () => {});
    socket.once('connect', () => resolve(socket));
    socket.once('error', reject);
  });
}

const stillOpen = (sockets: Socket[]) => sockets.filter((socket) => !socket.destroyed && socket.readyState === 'open').length;

async function silentConnections(port: number, url: string) {
  const sockets: Socket[] = [];
  for (let i = 0; i < 300; i++) sockets.push(await openSilent(port).catch(() => connect({ port: 1 })));
  for (const socket of sockets) socket.on('close', () => socket.destroy());
  await sleep(1_000);
  const after1s = stillOpen(sockets);
  const page = await fetch(url, { signal: AbortSignal.timeout(5_000) }).then(
    (response) => response.status,
    (error: Error) => `failed (${error.message})`,
  );
  await sleep(11_000);
  const after12s = stillOpen(sockets);
  for (const socket of sockets) socket.destroy();
  return { after1s, after12s, page };
}

async function slowPost(port: number, token: string): Promise<number> {
  const socket = await openSilent(port);
  const started = Date.now();
  socket.write(`POST /${token}/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000000\r\n\r\n`);
  const drip = setInterval(() => socket.writable && socket.write('x'), 200);
  await Promise.race([new Promise((resolve) => socket.once('close', resolve)), sleep(20_000)]);
  clearInterval(drip);
  socket.destroy();
  return (Date.now() - started) / 1000;
}

function peakRssMb(pid: number): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
}

function bytesUnder(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += statSync(join(entry.parentPath, entry.name)).size;
  }
  return total;
}

async function dropFlood(port: number, url: string, pid: number, tmp: string) {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}bridge`, { headers: { origin: `http://127.0.0.1:${port}` } });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  let closed = false;
  ws.once('close', () => (closed = true));
  ws.send(JSON.stringify({ t: 'drop.begin', id: 'flood', entries: [{ path: 'big.bin', kind: 'file', size: GIB }] }));
  const bytes = new Uint8Array(CHUNK);
  let sent = 0;
  // As fast as the socket takes them, never waiting for an acknowledgement.
  while (sent < GIB && !closed) {
    ws.send(encodeDropChunk({ id: 'flood', entry: 0, offset: sent }, bytes));
    sent += CHUNK;
    if (ws.bufferedAmount > 8 * 1024 * 1024) await sleep(5);
  }
  for (let waited = 0; waited < 60_000 && !closed && ws.bufferedAmount > 0; waited += 100) await sleep(100);
  await sleep(2_000);
  const rss = peakRssMb(pid);
  const closedByCockpit = closed;
  ws.terminate();
  await sleep(500);
  return { sentMiB: Math.round(sent / 1024 / 1024), closedByCockpit, peakRssMb: Math.round(rss), leftInTmpMiB: Math.round(bytesUnder(tmp) / 1024 / 1024) };
}

async function main(): Promise<void> {
  answerHelp(USAGE);
  const { bins, json } = parseBinsOptions(process.argv.slice(2));
  const bin = join(bins, 'surfaces/cli/cockpit-bin.js');
  const scratch = mkdtempSync(join(tmpdir(), 'bench-hostile-serve-'));
  const tmp = join(scratch, 'tmp');
  mkdirSync(tmp, { recursive: true });
  const { child, url, port } = await startCockpit(bin, scratch);
  try {
    const token = new URL(url).pathname.split('/')[1]!;
    const results = {
      silentConnections: await silentConnections(port, url),
      slowPostHeldSeconds: await slowPost(port, token),
      dropFlood: await dropFlood(port, url, child.pid!, tmp),
    };
    if (json) {
      process.stdout.write(`${JSON.stringify(results)}\n`);
      return;
    }
    const s = results.silentConnections;
    process.stdout.write(
      [
        `A. 300 silent connections: ${s.after1s} kept after 1 s, ${s.after12s} after 12 s; the operator's page meanwhile: ${s.page}`,
        `B. slow POST held ${results.slowPostHeldSeconds.toFixed(1)} s (cap 20 s)`,
        `C. 1 GiB drop ignoring the window: ${results.dropFlood.sentMiB} MiB sent, closed by the cockpit: ${results.dropFlood.closedByCockpit}, cockpit peak RSS ${results.dropFlood.peakRssMb} MB, left in its temp dir ${results.dropFlood.leftInTmpMiB} MiB`,
      ].join('\n') + '\n',
    );
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('close', resolve));
    rmSync(scratch, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:hostile-serve: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
