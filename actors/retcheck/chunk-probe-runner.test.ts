/**
 * The walk judges every body it gets, even when the same chunk already verified on another vantage: the
 * prober compares a body with the one verified for its address and accepts it by equality, so a body that
 * differs must still be hashed, and refused when it does not hash to the address. Three loopback "nodes" serve
 * a 41-chunk file tree; the middle one flips one byte of every chunk (same length). Concurrency 1 makes the
 * honest first vantage answer each chunk before the middle one is asked.
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

function tampered(data: Uint8Array): Uint8Array {
  const copy = data.slice();
  copy[copy.length - 1]! ^= 1;
  return copy;
}

const servers: LoopbackServer[] = [];
const api = createNodeRetcheckApi();

beforeAll(async () => {
  for (const flip of [false, true, false]) {
    servers.push(
      await startLoopbackServer((request, response) => {
        const data = stored.get(request.url.slice('/chunks/'.length));
        if (!data) return void response.writeHead(404, { 'content-type': 'application/json' }).end('{"code":404,"message":"Not Found"}');
        response.writeHead(200, { 'content-type': 'binary/octet-stream' }).end(flip ? tampered(data) : data);
      }),
    );
  }
});
afterAll(async () => {
  await api.close();
  await Promise.all(servers.map((s) => s.close()));
});

describe('judging bodies of a chunk already verified on another vantage', () => {
  it('hashes a body that differs from the verified one and refuses it; an identical body counts', async () => {
    const machine = chunkWalkMachine.provide({ actors: { chunkProber: createRetcheckActors(api).chunkProber } });
    const vantages = servers.map((s) => ({ url: s.url }));
    const { chunks } = await toPromise(createActor(machine, { input: { root, vantages, concurrency: 1, cap: 1000, timeoutMs: 10_000 } }).start());

    // The whole tree was walked (children come from the honest bodies), every chunk asked of every vantage in turn.
    expect(chunks.map((c) => c.address)).toEqual([root, ...tree.chunks.slice(0, -1).map((c) => bytesToHex(c.address))]);
    expect(servers[1]!.received.map((r) => r.url)).toEqual(chunks.map((c) => `/chunks/${c.address}`));
    for (const chunk of chunks) {
      const [first, flipped, third] = chunk.perVantage;
      expect(first).toMatchObject({ found: true });
      expect(first?.error).toBeUndefined();
      expect(flipped).toMatchObject({ found: false, error: 'invalid chunk: the body does not hash to the chunk address' });
      expect(third).toMatchObject({ found: true });
      expect(third?.error).toBeUndefined();
    }
  });
});
