/**
 * The per-chunk walk on real uploads: the retcheck machine with the Node actors against a devnet must reach
 * every chunk the node stored for an upload, for a multi-level /bytes tree and a /bzz collection (manifest
 * forks -> entries -> file chunk trees), without redundancy and with the default level (parity chunks too).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { createNodeClient } from '../../actors/node-client/index.js';
import { createNodeRetcheckApi } from '../../actors/retcheck/node-retcheck-api.js';
import { provideRetcheck } from '../../actors/retcheck/retcheck-actors.js';
import { DEFAULT_UPLOAD_REDUNDANCY } from '../../devnet/content/upload.js';
import { startDevnet, type StartedDevnet } from '../../devnet/devnet.js';
import { makeTar } from '../../devnet/testing/make-tar.js';
import { bytesToHex } from '../../core/swarm/bytes.js';
import { REPLICAS_OWNER } from '../../core/swarm/replicas.js';
import { parseSingleOwnerChunk } from '../../core/swarm/soc.js';
import { reportSchemaErrors } from '../report-schema.js';
import { CHUNK, uploadBytes } from '../fixtures/devnet-content.js';

let devnet: StartedDevnet;
const api = createNodeRetcheckApi();

beforeAll(async () => {
  devnet = await startDevnet({ nodes: 4, mineBlocks: false, seed: 'retcheck-walk' });
});
afterAll(async () => {
  await api.close();
  await devnet.stop();
});

/**
 * Chunks the uploading node stored for one upload: its upload-store addresses before and after. Each case
 * uploads from its own node, so chunks equal across cases (a collection's "/" metadata node) still count.
 * Root replicas (Bee's dispersed SOC copies of each root at redundancy > 0) are counted apart: they belong
 * to no tree, so the walk does not reach them.
 */
async function storedBy(uploader: number, upload: () => Promise<string>): Promise<{ reference: string; stored: Set<string>; replicas: number }> {
  const store = devnet.control.nodes[uploader]!.store;
  const before = new Set(store.addresses('upload'));
  const reference = await upload();
  const added = store.addresses('upload').filter((a) => !before.has(a));
  const isReplica = (address: string) => {
    try {
      return bytesToHex(parseSingleOwnerChunk(store.get(address)!).owner) === bytesToHex(REPLICAS_OWNER);
    } catch {
      return false;
    }
  };
  return { reference, stored: new Set(added.filter((a) => !isReplica(a))), replicas: added.filter(isReplica).length };
}

async function walk(reference: string) {
  const vantages = [devnet.nodes[2]!.url, devnet.nodes[3]!.url];
  const actor = createActor(provideRetcheck(api), {
    input: { target: { kind: 'reference', reference }, nodes: vantages, gateways: [], timeoutMs: 10_000, perChunk: true, cold: false, concurrency: 8 },
  }).start();
  const output = await toPromise(actor);
  if (output.kind !== 'report') throw new Error(output.error);
  expect(reportSchemaErrors(output.report)).toEqual([]);
  const chunks = output.report.chunks!;
  // Each probe that did not find its chunk, with what it got (missing, or the error), so a failure says why.
  const notFound = chunks.flatMap((c) => vantages.filter((v) => c.per_vantage[v]?.found !== true).map((v) => `${c.address} on ${v}: ${JSON.stringify(c.per_vantage[v] ?? null)}`));
  expect(notFound).toEqual([]);
  return chunks.map((c) => c.address);
}

const levels = [
  ['no redundancy', 0, 0],
  ['the default redundancy level', undefined, 1],
] as const;

describe.each(levels)('walking every chunk of an upload with %s', (_, level, uploader) => {
  it('a /bytes upload with two levels of intermediate chunks', async () => {
    const data = new Uint8Array(randomBytes(131 * CHUNK + 77));
    const { reference, stored, replicas } = await storedBy(uploader, () => uploadBytes(devnet.nodes[uploader]!, data, level === undefined ? {} : { redundancyLevel: level }));
    expect(replicas).toBe(level === 0 ? 0 : 2); // level 1 (the default): two replicas of the one root
    const walked = await walk(reference);
    expect(walked[0]).toBe(reference);
    expect(new Set(walked).size).toBe(walked.length);
    expect(new Set(walked)).toEqual(stored);
    // 132 data chunks, 2 intermediates, the root; parity chunks on top with redundancy.
    if (level === 0) expect(walked).toHaveLength(131 + 1 + 2 + 1);
    else expect(walked.length).toBeGreaterThan(135);
  });

  it('a /bzz collection: manifest nodes, their entries and each file\'s chunk tree', async () => {
    // Every file unique, so no chunk of this upload was already in the store (the diff below sees them all).
    const unique = randomBytes(8).toString('hex');
    const tar = makeTar([
      { path: 'index.html', data: `<h1>retcheck ${unique}</h1>` },
      { path: 'big.bin', data: new Uint8Array(randomBytes(3 * CHUNK + 5)) },
      { path: 'docs/a.txt', data: `a ${unique}` },
      { path: 'docs/deeper/b.txt', data: new Uint8Array(randomBytes(CHUNK + 1)) },
    ]);
    const node = devnet.nodes[uploader]!;
    const client = createNodeClient({ baseUrl: node.url });
    const { reference, stored } = await storedBy(uploader, async () =>
      (await client.uploadCollection(tar, { batchId: node.batchId!, deferred: false, indexDocument: 'index.html', ...(level === undefined ? {} : { redundancyLevel: level }) })).reference,
    );
    const walked = await walk(reference);
    expect(new Set(walked)).toEqual(stored);
    expect(walked.length).toBeGreaterThanOrEqual(4 + 5 + 3); // manifest nodes, the files' chunks, big.bin's tree
  });
});

it('the devnet default redundancy level is the one Bee uses (MEDIUM), so the second block above really walks parity', () => {
  expect(DEFAULT_UPLOAD_REDUNDANCY).toBe(1);
});

describe.each(levels)('walking every chunk of an ENCRYPTED upload with %s', (_, level, uploader) => {
  const redundancy = level === undefined ? {} : { redundancyLevel: level };

  it('a /bytes upload: each chunk decrypted with the key from its 128-hex reference', async () => {
    const node = devnet.nodes[uploader]!;
    const client = createNodeClient({ baseUrl: node.url });
    const data = new Uint8Array(randomBytes(70 * CHUNK + 9)); // two levels: 64 encrypted refs per intermediate
    const { reference, stored } = await storedBy(uploader, async () => (await client.uploadBytes(data, { batchId: node.batchId!, deferred: false, encrypt: true, ...redundancy })).reference);
    expect(reference).toHaveLength(128);
    const walked = await walk(reference);
    expect(walked[0]).toBe(reference.slice(0, 64));
    expect(new Set(walked)).toEqual(stored);
    if (level === 0) expect(walked).toHaveLength(71 + 2 + 1);
  });

  it('a /bzz collection: encrypted manifest nodes (64-byte refs) down to each file', async () => {
    const node = devnet.nodes[uploader]!;
    const client = createNodeClient({ baseUrl: node.url });
    const tar = makeTar([
      { path: 'index.html', data: `<h1>sealed ${randomBytes(8).toString('hex')}</h1>` },
      { path: 'docs/big.bin', data: new Uint8Array(randomBytes(2 * CHUNK + 1)) },
    ]);
    const { reference, stored } = await storedBy(uploader, async () =>
      (await client.uploadCollection(tar, { batchId: node.batchId!, deferred: false, encrypt: true, indexDocument: 'index.html', ...redundancy })).reference,
    );
    expect(reference).toHaveLength(128);
    expect(new Set(await walk(reference))).toEqual(stored);
  });
});
