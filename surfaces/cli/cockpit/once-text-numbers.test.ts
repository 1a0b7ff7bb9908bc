/**
 * Issue 23 item 8 over every `--once` verb: the text each writes for people names every amount's unit, groups
 * big integers by thousands (`37,324,800,000 PLUR/chunk`, not `37324800000`), writes xBZZ (never a bare BZZ),
 * never reads a part as more than its whole nor a positive figure as nothing (test/number-text.ts); JSON keeps
 * raw numbers and decimal strings as the schemas say. The compiled `cockpit` bin against a devnet whose wallet
 * is short for a large plan, so the `insufficientFunds` lines are walked too.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeClient } from '../../../actors/node-client/index.js';
import { bytesToHex, hexToBytes } from '../../../core/swarm/bytes.js';
import { makeContentChunk } from '../../../core/swarm/chunk.js';
import { feedIdentifier, makeFeedUpdateChunk, topicFromString } from '../../../core/swarm/feeds.js';
import { SOC_IDENTIFIER_SIZE } from '../../../core/swarm/soc.js';
import { startDevnet, type StartedDevnet } from '../../../devnet/devnet.js';
import { compileEntries } from '../../../test/compiled-entries.js';
import { numberProblems } from '../../../test/number-text.js';
import { onceJson } from '../../../test/once-schema.js';
import { runBin } from '../../../test/run-bin.js';

let bin: string;
let devnet: StartedDevnet;
let url: string;
let dir: string;
const verbs: string[][] = [];

beforeAll(async () => {
  bin = compileEntries('once-text-numbers', ['surfaces/cli/cockpit-bin.ts'])('surfaces/cli/cockpit-bin.ts');
  devnet = await startDevnet({ nodes: 2, port: 0, mineBlocks: false, pushDelayMs: 0 });
  url = devnet.nodes[0]!.url;
  const batch = devnet.nodes[0]!.batchId!;
  const client = createNodeClient({ baseUrl: url });
  dir = mkdtempSync(join(tmpdir(), 'once-text-numbers-'));
  const file = join(dir, 'big.bin');
  writeFileSync(file, new Uint8Array(300_000).map((_, i) => (i * 31) & 0xff));
  mkdirSync(join(dir, 'site'));
  writeFileSync(join(dir, 'site', 'index.html'), '<h1>hello</h1>'.repeat(2000));
  const collection = onceJson<{ reference: string }>((await runBin(bin, ['--once', 'upload-collection', join(dir, 'site'), url, '--json'])).stdout).data.reference;
  const key = hexToBytes('22'.repeat(32));
  const topic = topicFromString('numbers');
  const content = (await client.uploadChunk(makeContentChunk(new Uint8Array(3000).fill(5)).data, { batchId: batch, deferred: false })).reference;
  const soc = makeFeedUpdateChunk(key, topic, 0n, hexToBytes(content), 1_700_000_000n);
  const owner = bytesToHex(soc.owner);
  await client.uploadSoc(owner, bytesToHex(feedIdentifier(topic, 0n)), bytesToHex(soc.signature), soc.data.subarray(SOC_IDENTIFIER_SIZE + 65), { batchId: batch, deferred: false });
  const grantees = await client.createGrantees(['02ceff1422a7026ba54ad89967d81f2805a55eb3d05f64eb5c49ea6024212b12e8', '0379be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798'], { batchId: batch });
  const prefix = batch.slice(0, 8);
  verbs.push(
    ['readiness'],
    ['version-check'],
    ['config-doctor'],
    ['hash', file],
    ['cid', collection],
    ['depth-table'],
    ['pss-target'],
    ['gsoc-mine', '1'],
    ['price'],
    ['basefee'],
    ['inspect', collection],
    ['durability-check', collection],
    ['feed-probe', owner, 'numbers'],
    ['feed-timeline', owner, 'numbers'],
    ['grantees-list', grantees.ref],
    ['buy-preview', '22'],
    ['buy-preview', '17', '1000'],
    ['buy-preview', '40'],
    ['buy-suggest'],
    ['buy-suggest', '5TB', '10y'],
    ['topup-preview', prefix, '1000000'],
    ['topup-preview', prefix, '100000000000000000'],
    ['dilute-preview', prefix, '23'],
    ['dilute-preview', prefix, '34'],
    ['extend-preview', prefix, '86400'],
    ['plan-batch'],
    ['plan-batch', '100y'],
    ['upload-file', file],
    ['upload-collection', join(dir, 'site')],
  );
}, 120_000);
afterAll(async () => {
  await devnet?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('every --once verb writes numbers people can read', { timeout: 180_000 }, () => {
  it('text: units named, thousands grouped, xBZZ, no part above its whole, nothing rounded away', async () => {
    const problems: string[] = [];
    for (const args of verbs) {
      // Local verbs take no node; the others are told which.
      const local = ['hash', 'cid', 'depth-table'].includes(args[0]!);
      const run = await runBin(bin, ['--once', ...args, ...(local ? [] : [url])]);
      if (run.code === null || run.code > 2) problems.push(`${args.join(' ')}: exit ${run.code}: ${run.stderr || run.stdout}`);
      for (const line of run.stdout.split('\n').filter(Boolean)) problems.push(...numberProblems(line).map((p) => `${args[0]}: ${p}`));
    }
    expect(problems).toEqual([]);
  });

  it('JSON keeps raw numbers and decimal strings', async () => {
    const run = await runBin(bin, ['--once', 'buy-suggest', '5TB', '10y', url, '--json']);
    const { data } = onceJson<{ amount: string; costPlur: string; costBzz: string; sizeBytes: number }>(run.stdout);
    expect(data.amount).toMatch(/^\d+$/);
    expect(data.costPlur).toMatch(/^\d+$/);
    expect(data.costBzz).toMatch(/^\d+(\.\d+)?$/);
    expect(data.sizeBytes).toBe(5e12);
  });
});
