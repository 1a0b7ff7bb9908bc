/**
 * The chunk walk with the real prober over real HTTP: two loopback "nodes" serve a 41-chunk file tree slowly,
 * and count the GET /chunks requests they are answering at once. The machine hands the prober a window of
 * requests several times the concurrency; the prober must still never have more than `concurrency` fetches
 * open, across both nodes together.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { bytesToHex } from '../../core/swarm/bytes.js';
import { CHUNK_SIZE } from '../../core/swarm/chunk.js';
import { splitIntoChunks } from '../../core/swarm/chunk-tree.js';
import { chunkWalkMachine } from '../../machines/retcheck/chunk-walk.machine.js';
import { startLoopbackServer, type LoopbackServer } from '../node-client/loopback-server.js';
import { createNodeRetcheckApi } from './node-retcheck-api.js';
import { createRetcheckActors } from './retcheck-actors.js';

const tree = splitIntoChunks(new Uint8Array(randomBytes(40 * CHUNK_SIZE)));
const root = bytesToHex(tree.reference);
const stored = new Map(tree.chunks.map((c) => [bytesToHex(c.address), c.data]));

let open = 0;
let mostOpen = 0;
const servers: LoopbackServer[] = [];
const api = createNodeRetcheckApi();

beforeAll(async () => {
  for (let i = 0; i < 2; i++) {
    servers.push(
      await startLoopbackServer((request, response) => {
        open++;
        mostOpen = Math.max(mostOpen, open);
        const data = stored.get(request.url.slice('/chunks/'.length));
        setTimeout(() => {
          open--;
          if (data) response.writeHead(200, { 'content-type': 'binary/octet-stream' }).end(data);
          else response.writeHead(404, { 'content-type': 'application/json' }).end('{"code":404,"message":"Not Found"}');
        }, 3);
      }),
    );
  }
});
afterAll(async () => {
  await api.close();
  await Promise.all(servers.map((s) => s.close()));
});

describe('the chunk prober over HTTP', () => {
  it('walks every chunk on every vantage with at most `concurrency` requests open, though the window is wider', async () => {
    const concurrency = 3;
    const machine = chunkWalkMachine.provide({ actors: { chunkProber: createRetcheckActors(api).chunkProber } });
    const vantages = servers.map((s) => ({ url: s.url }));
    const { chunks: output } = await toPromise(createActor(machine, { input: { root, vantages, concurrency, cap: 1000, timeoutMs: 10_000 } }).start());

    expect(output.map((c) => c.address)).toEqual([root, ...tree.chunks.slice(0, -1).map((c) => bytesToHex(c.address))]);
    expect(output.every((c) => c.perVantage.every((p) => p?.found === true))).toBe(true);
    expect(servers.flatMap((s) => s.received)).toHaveLength(2 * stored.size);
    expect(mostOpen).toBe(concurrency);
  });
});
