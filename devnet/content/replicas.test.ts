/**
 * Root replicas on a running devnet: stored on upload at redundancy level > 0 (as Bee v2.8.1 does; the
 * real-Bee conformance tier compares them with a live node's), and read in place of a root chunk that no
 * node can serve any more, for /bytes and /bzz downloads only.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from '../../core/swarm/bytes.js';
import { replicaSlots } from '../../core/swarm/replicas.js';
import { startDevnet, type StartedDevnet } from '../devnet.js';

let devnet: StartedDevnet;

beforeAll(async () => {
  devnet = await startDevnet({ nodes: 4, mineBlocks: false, seed: 'root-replicas' });
});
afterAll(() => devnet.stop());

async function upload(path: string, data: Uint8Array, headers: Record<string, string>): Promise<string> {
  const res = await fetch(`${devnet.nodes[0]!.url}${path}`, {
    method: 'POST',
    body: data as BodyInit,
    headers: { 'swarm-postage-batch-id': devnet.nodes[0]!.batchId!, 'swarm-deferred-upload': 'false', ...headers },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { reference: string }).reference;
}

/** Removes a chunk from every node, as if its neighbourhood had lost it. */
function loseEverywhere(addressHex: string): void {
  for (const node of devnet.control.nodes) node.store.delete(addressHex);
}

const storedCopies = (addressHex: string) => devnet.control.nodes.filter((n) => n.store.get(addressHex) !== undefined).length;
const get = (path: string, headers: Record<string, string> = {}) => fetch(`${devnet.nodes[3]!.url}${path}`, { headers });

describe('root replicas on the devnet', () => {
  it('stores 2/4/8/16 replicas of the root at levels 1–4 and none at level 0, pushed like the other chunks', async () => {
    for (const level of [0, 1, 2, 3, 4] as const) {
      const reference = await upload('/bytes', new Uint8Array(randomBytes(9000)), { 'swarm-redundancy-level': String(level) });
      const stored = replicaSlots(hexToBytes(reference), 4).filter((slot) => storedCopies(bytesToHex(slot.address)) > 0);
      expect(stored.length, `level ${level}`).toBe([0, 2, 4, 8, 16][level]);
    }
  });

  it('serves a /bytes download whose root chunk is lost from a replica: a multi-chunk and a single-chunk upload', async () => {
    for (const size of [20_000, 300]) {
      const data = new Uint8Array(randomBytes(size));
      const reference = await upload('/bytes', data, { 'swarm-redundancy-level': '2' });
      loseEverywhere(reference);
      expect((await get(`/chunks/${reference}`)).status).toBe(500); // GET /chunks never reads replicas
      const res = await get(`/bytes/${reference}`);
      expect(res.status).toBe(200);
      expect(bytesToHex(new Uint8Array(await res.arrayBuffer()))).toBe(bytesToHex(data));
      // HEAD reads the root through Bee's plain getter (pkg/api/bytes.go bytesHeadHandler), never a replica.
      const head = await fetch(`${devnet.nodes[3]!.url}/bytes/${reference}`, { method: 'HEAD' });
      expect(head.status).toBe(404);
      // Asked not to use replicas, the download fails like any lost root.
      expect((await get(`/bytes/${reference}`, { 'swarm-redundancy-level': '0' })).status).toBeGreaterThanOrEqual(400);
    }
  });

  it('serves an encrypted /bytes download (128-hex reference) whose root chunk is lost, decrypting the replica', async () => {
    for (const size of [20_000, 300]) {
      const data = new Uint8Array(randomBytes(size));
      const reference = await upload('/bytes', data, { 'swarm-redundancy-level': '1', 'swarm-encrypt': 'true' });
      expect(reference).toHaveLength(128);
      loseEverywhere(reference.slice(0, 64));
      const res = await get(`/bytes/${reference}`);
      expect(res.status).toBe(200);
      expect(bytesToHex(new Uint8Array(await res.arrayBuffer()))).toBe(bytesToHex(data));
    }
  });

  it('has nothing to fall back on at level 0', async () => {
    const reference = await upload('/bytes', new Uint8Array(randomBytes(5000)), { 'swarm-redundancy-level': '0' });
    loseEverywhere(reference);
    expect((await get(`/bytes/${reference}`)).status).toBeGreaterThanOrEqual(400);
  });

  it('serves a /bzz file whose manifest root and file root are both lost', async () => {
    const data = new TextEncoder().encode('served from replicas');
    const reference = await upload('/bzz?name=note.txt', data, { 'content-type': 'text/plain' });
    const fileRoot = await upload('/bytes', data, {}); // the same bytes at the same level: the file's root
    loseEverywhere(reference);
    loseEverywhere(fileRoot);
    const res = await get(`/bzz/${reference}/`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('served from replicas');
    expect(res.headers.get('content-type')).toBe('text/plain');
  });
});
