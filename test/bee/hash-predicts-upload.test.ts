/**
 * Issue 23 item 7, real-Bee tier: `hash` predicts the reference Bee v2.8.1 itself returns. For every size and level
 * of test/fixtures/upload-sizes.ts (1 byte to 10 MB, each level's chunk and branch boundaries, 10 MB at every level):
 * `hash --manifest --redundancy L` equals what `upload-file --redundancy L` gets from Bee's POST /bzz, and
 * `hash --redundancy L` equals Bee's POST /bytes at level L. The verbs run in process against the cluster's node.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBeeCluster, type BeeCluster } from '../../bee-cluster/cluster.js';
import { createNodeClient } from '../../actors/node-client/index.js';
import type { RedundancyLevel } from '../../core/swarm/redundancy.js';
import { hashVerb } from '../../actors/cockpit/verbs/hash.js';
import { run as uploadFile } from '../../actors/cockpit/verbs/upload-file.js';
import { compileEntries } from '../compiled-entries.js';
import { hashUploadCases, xorshiftBytes } from '../fixtures/upload-sizes.js';

let cluster: BeeCluster;
let dir: string;
let workerUrl: URL;

beforeAll(async () => {
  workerUrl = pathToFileURL(compileEntries('bee-hash-predicts-upload', ['actors/hash/hash-worker.ts'])('actors/hash/hash-worker.ts'));
  cluster = await startBeeCluster({ nodes: 2, log: (line) => process.stderr.write(`bee-cluster: ${line}\n`) });
  dir = mkdtempSync(join(tmpdir(), 'bee-hash-predicts-'));
});
afterAll(async () => {
  await cluster?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const referenceOf = (result: { status: string; data: unknown }) => {
  expect(result.status, JSON.stringify(result.data)).toBe('ok');
  return (result.data as { reference: string }).reference;
};

describe('hash predicts what real Bee returns', () => {
  it.each(hashUploadCases())('%s bytes at redundancy %s', async (size, level) => {
    const url = cluster.nodes[0]!.url;
    const path = join(dir, `file-${size}-${level}.bin`);
    const bytes = xorshiftBytes(size, size * 3 + level);
    writeFileSync(path, bytes);
    const flag = ['--redundancy', String(level)];
    const uploaded = await uploadFile([...flag, path, cluster.batchId], { node: url, env: {}, timeoutMs: 300_000 });
    const predicted = await hashVerb([...flag, '--manifest', path], { workerUrl });
    expect(referenceOf(predicted)).toBe(referenceOf(uploaded));
    const raw = await createNodeClient({ baseUrl: url, timeoutMs: 300_000 }).uploadBytes(bytes, { batchId: cluster.batchId, redundancyLevel: level as RedundancyLevel });
    expect(referenceOf(await hashVerb([...flag, path], { workerUrl }))).toBe(raw.reference);
  }, 600_000);
});
