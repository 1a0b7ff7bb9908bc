/**
 * retcheck --reseed on a devnet: pre-flight refusals (unknown batch, batch not usable right after purchase)
 * send no re-upload and exit 3; a usable batch re-uploads (PUT /stewardship) and makes a deferred upload
 * retrievable, with a TTL warning when the batch expires within 24 h.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createNodeClient } from '../../actors/node-client/index.js';
import { startDevnet, type StartedDevnet } from '../../devnet/devnet.js';
import { runCli, runJson } from './cli-harness.js';
import { CHUNK, uploadRandom } from '../fixtures/devnet-content.js';

let devnet: StartedDevnet;
const url = (i: number) => devnet.nodes[i]!.url;

beforeAll(async () => {
  devnet = await startDevnet({ nodes: 3, mineBlocks: false, pushDelayMs: 600_000, seed: 'retcheck-reseed' });
});
afterAll(() => devnet.stop());
beforeEach(async () => {
  for (let i = 0; i < devnet.nodes.length; i++) await devnet.control.node(i).heal();
});

async function retrievableFrom(i: number, reference: string): Promise<boolean> {
  return (await createNodeClient({ baseUrl: url(i) }).stewardshipCheck(reference)).isRetrievable;
}

/** Content only the uploading node has: deferred, and its pushes stay queued for the whole test. */
const unpushed = () => uploadRandom(devnet.nodes[0]!, 3 * CHUNK, { deferred: true });

/** The text report's re-seed block, as lines without their indentation. */
function reseedBlock(stdout: string): string[] {
  const start = stdout.indexOf('\nre-seed\n');
  expect(start, stdout).toBeGreaterThanOrEqual(0);
  return stdout.slice(start + '\nre-seed\n'.length).trimEnd().split('\n').map((l) => l.trim());
}

describe('re-seed refused', () => {
  it('an unknown batch: status refused, exit 3, nothing re-uploaded', async () => {
    const reference = await unpushed();
    const unknown = '5e'.repeat(32);
    const run = await runCli([reference, '-b', url(0), '-b', url(1), '--no-gateway', '--reseed', '--stamp', unknown]);
    expect(run.code).toBe(3);
    expect(run.stdout).toMatch(/^status +unretrievable$/m); // the probe table is printed first
    expect(reseedBlock(run.stdout)).toEqual([
      `batch     ${unknown}`,
      'status    refused',
      `error     batch ${unknown} does not exist on ${url(0)}`,
      'replicas  2 missing replicas not re-created: the re-seed ended before them',
      'warnings  (none)',
    ]);
    expect(run.stderr).toContain('re-seed refused');
    expect(await retrievableFrom(1, reference)).toBe(false);
  });

  it('a batch bought a moment ago is not usable yet: refused (exit 3, JSON report still valid), usable after 10 blocks', async () => {
    const reference = await unpushed();
    const client = createNodeClient({ baseUrl: url(0) });
    const { batchID } = await client.buyStamp(500_000_000n, 17);
    const json = await runJson([reference, '-b', url(0), '--no-gateway', '--reseed', '--stamp', batchID]);
    expect(json.code).toBe(3);
    expect(json.report.status).toBe('unretrievable');
    expect(json.stderr).toMatch(/re-seed refused: batch .* is not usable yet/);
    expect(await retrievableFrom(1, reference)).toBe(false);

    devnet.control.advanceBlocks(10);
    const later = await runCli([reference, '-b', url(0), '--no-gateway', '--reseed', '--stamp', batchID]);
    expect(reseedBlock(later.stdout)).toContain('status    OK');
    expect(await retrievableFrom(1, reference)).toBe(true);
  });
});

describe('re-seed done', () => {
  it('a healthy batch: re-uploaded, no warnings; the exit code is the probe\'s (it ran before the re-seed)', async () => {
    const reference = await unpushed();
    expect(await retrievableFrom(1, reference)).toBe(false);
    const run = await runCli([reference, '-b', url(0), '-b', url(1), '--no-gateway', '--reseed', '--stamp', devnet.nodes[0]!.batchId!]);
    expect(run.code).toBe(2);
    // The deferred upload's root replicas were never pushed either: the re-seed re-creates them (issue 29 item 5).
    expect(reseedBlock(run.stdout)).toEqual([
      `batch     ${devnet.nodes[0]!.batchId}`,
      'status    OK',
      expect.stringMatching(/^replicas  re-created 2 of 2 missing \(level 1\), 2 verified: [0-9a-f]{8}… retrieved by [12] of 2 vantages, [0-9a-f]{8}… retrieved by [12] of 2 vantages$/),
      'warnings  (none)',
    ]);
    expect(await retrievableFrom(1, reference)).toBe(true);
    const again = await runCli([reference, '-b', url(1), '--no-gateway']);
    expect(again.code).toBe(0);
  });

  it('a batch expiring within 24 h: re-seeded with a TTL warning (stderr carries it in JSON mode)', async () => {
    await devnet.control.node(0).setFault({ expiringStamp: true });
    const reference = await unpushed();
    const run = await runCli([reference, '-b', url(0), '--no-gateway', '--reseed', '--stamp', devnet.nodes[0]!.batchId!]);
    const block = reseedBlock(run.stdout);
    expect(block).toContain('status    OK');
    expect(block.find((l) => l.startsWith('warnings'))).toMatch(/^warnings  batch TTL is (2[0-3](\.\d)? h|.* min), under 24 h/);
    expect(await retrievableFrom(2, reference)).toBe(true);

    const json = await runJson([reference, '-b', url(0), '--no-gateway', '--reseed', '--stamp', devnet.nodes[0]!.batchId!]);
    expect(json.code).toBe(0);
    expect(json.stderr).toMatch(/re-seed OK \(batch [0-9a-f]{64}\)\nretcheck: re-seed replicas: every replica of level 1 was retrieved by some vantage: none to re-create\n.*WARN .*under 24 h/);
  });
});
