/**
 * Issue 23 item 7 on a devnet: `hash` predicts what an upload returns. For sizes from 1 byte to 10 MB, chunk and
 * branch boundaries included (4096, 4097, 128×4096 and +1, and each level's own branching: 119 data references an
 * intermediate chunk at level 1, 107 at 2, 97 at 3, 39 at 4, and 39×39 leaves), at every redundancy level:
 * - `hash --manifest --redundancy L` equals what `upload-file --redundancy L` returns (POST /bzz), and
 * - `hash --redundancy L` equals what POST /bytes at level L returns.
 * 10 MB at level 4 runs in the real-Bee tier only (see test/fixtures/upload-sizes.ts).
 * The verbs run in process here (the bins run them the same way; the bins' flags are tested in cockpit-bin.test.ts
 * and once-upload-verbs.test.ts). The real-Bee tier repeats the matrix (test/bee/hash-predicts-upload.test.ts).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeClient } from '../../actors/node-client/index.js';
import type { RedundancyLevel } from '../../core/swarm/redundancy.js';
import { startDevnet, type StartedDevnet } from '../../devnet/devnet.js';
import { hashVerb } from '../../actors/cockpit/verbs/hash.js';
import { composeVerbText } from '../../core/cockpit/verb-text/index.js';
import { run as uploadFile } from '../../actors/cockpit/verbs/upload-file.js';
import { run as uploadCollection } from '../../actors/cockpit/verbs/upload-collection.js';
import { hashUploadCases, xorshiftBytes } from '../fixtures/upload-sizes.js';
import { compileEntries } from '../compiled-entries.js';

let devnet: StartedDevnet;
let dir: string;
let workerUrl: URL;

beforeAll(async () => {
  // 8 MiB and up hash on worker threads, which need compiled JavaScript.
  workerUrl = pathToFileURL(compileEntries('hash-predicts-upload', ['actors/hash/hash-worker.ts'])('actors/hash/hash-worker.ts'));
  devnet = await startDevnet({ nodes: 2, mineBlocks: false, pushDelayMs: 600_000, seed: 'hash-predicts-upload' });
  dir = mkdtempSync(join(tmpdir(), 'hash-predicts-'));
});
afterAll(async () => {
  await devnet?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const context = () => ({ node: devnet.nodes[0]!.url, env: {}, timeoutMs: 120_000 });
const referenceOf = (result: { status: string; data: unknown }) => {
  expect(result.status, JSON.stringify(result.data)).toBe('ok');
  return (result.data as { reference: string }).reference;
};

describe('hash gives the reference the upload returns', () => {
  it.each(hashUploadCases({ heaviest: false }))('%s bytes at redundancy %s', async (size, level) => {
    const path = join(dir, `file-${size}-${level}.bin`);
    const bytes = xorshiftBytes(size, size * 5 + level);
    writeFileSync(path, bytes);
    const flag = ['--redundancy', String(level)];
    const uploaded = await uploadFile([...flag, path], context());
    expect(uploaded.data).toMatchObject({ redundancyLevel: level, manifest: true });
    const predicted = await hashVerb([...flag, '--manifest', path], { workerUrl });
    expect(referenceOf(predicted)).toBe(referenceOf(uploaded));

    const client = createNodeClient({ baseUrl: devnet.nodes[0]!.url });
    const raw = await client.uploadBytes(bytes, { batchId: devnet.nodes[0]!.batchId!, redundancyLevel: level as RedundancyLevel });
    const rawPredicted = await hashVerb([...flag, path], { workerUrl });
    expect(referenceOf(rawPredicted)).toBe(raw.reference);
    expect((predicted.data as { fileReference: string }).fileReference).toBe(raw.reference);
  }, 120_000);

  it('without flags: hash is raw bytes at level 0, upload-file a manifest at level 1, and each says so', async () => {
    const path = join(dir, 'notes.txt');
    writeFileSync(path, xorshiftBytes(5000, 7));
    const hashed = await hashVerb([path]);
    const uploaded = await uploadFile([path], context());
    expect(hashed.data).toMatchObject({ redundancyLevel: 0, manifest: false });
    expect((await composeVerbText(hashed)).message).toContain('raw bytes, no manifest (POST /bytes), redundancy 0 (NONE); upload-file wraps it in a manifest at redundancy 1: hash --manifest --redundancy 1 gives that reference');
    expect(uploaded.data).toMatchObject({ redundancyLevel: 1, manifest: true });
    expect(referenceOf(await hashVerb(['--manifest', '--redundancy', '1', path]))).toBe(referenceOf(uploaded));
    expect(referenceOf(hashed)).not.toBe(referenceOf(uploaded));
  });

  it('upload-collection sends and states its level', async () => {
    const site = mkdtempSync(join(dir, 'site-'));
    writeFileSync(join(site, 'index.html'), xorshiftBytes(9000, 3));
    const atTwo = await uploadCollection(['--redundancy', '2', site], context());
    const atOne = await uploadCollection([site], context());
    expect(atTwo.data).toMatchObject({ redundancyLevel: 2, manifest: true });
    expect((await composeVerbText(atTwo)).message).toContain('redundancy 2 (STRONG)');
    expect(atOne.data).toMatchObject({ redundancyLevel: 1, manifest: true });
    // The file's tree (3 leaves) is erasure-coded differently at each level, so the manifests differ.
    expect(referenceOf(atTwo)).not.toBe(referenceOf(atOne));
  });
});
