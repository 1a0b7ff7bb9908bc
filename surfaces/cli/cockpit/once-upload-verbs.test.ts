/**
 * `--once upload-file` and `--once upload-collection` as the compiled bins against a devnet: content streamed
 * from disk comes back byte for byte through /bzz, progress goes to stderr, the batch is chosen by usable, TTL and
 * room (and the reason says so), and every refusal (missing path, file vs directory, empty directory, unknown,
 * unusable or too small batch) is one line with the documented exit code. JSON validated by its schema.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeClient, type NodeClient } from '../../../actors/node-client/index.js';
import { startDevnet, type StartedDevnet } from '../../../devnet/devnet.js';
import { compileEntries } from '../../../test/compiled-entries.js';
import { onceJson } from '../../../test/once-schema.js';
import { runBin, type BinRun } from '../../../test/run-bin.js';

let cockpitBin: string;
let tuiBin: string;
let devnet: StartedDevnet;
let url: string;
let client: NodeClient;
let dir: string;
let startBatch: string;

beforeAll(async () => {
  const compiled = compileEntries('once-upload-verbs', ['surfaces/cli/cockpit-bin.ts', 'surfaces/cli/cockpit-tui-bin.ts']);
  cockpitBin = compiled('surfaces/cli/cockpit-bin.ts');
  tuiBin = compiled('surfaces/cli/cockpit-tui-bin.ts');
  devnet = await startDevnet({ nodes: 2, port: 0, mineBlocks: false, pushDelayMs: 0 });
  url = devnet.nodes[0]!.url;
  startBatch = devnet.nodes[0]!.batchId!;
  client = createNodeClient({ baseUrl: url });
  dir = mkdtempSync(join(tmpdir(), 'once-upload-'));
});
afterAll(async () => {
  await devnet?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const cockpit = (args: string[]): Promise<BinRun> => runBin(cockpitBin, args);

async function bzz(reference: string, path = ''): Promise<{ status: number; body: Buffer }> {
  const res = await fetch(`${url}/bzz/${reference}/${path}`);
  return { status: res.status, body: Buffer.from(await res.arrayBuffer()) };
}

describe('--once upload-file', () => {
  it('streams a file; /bzz serves it back byte for byte; progress on stderr; the batch and why', async () => {
    const data = randomBytes(3 * 1024 * 1024 + 17);
    const path = join(dir, 'video.mp4');
    writeFileSync(path, data);
    const run = await cockpit(['--once', 'upload-file', path, url, '--json']);
    expect(run.code, run.stderr).toBe(0);
    const result = onceJson<{ reference: string; batchId: string; batchReason: string; bytes: number; name: string; contentType: string; tagUid: number; url: string }>(run.stdout);
    expect(result.data).toMatchObject({ batchId: startBatch, bytes: data.length, name: 'video.mp4', contentType: 'video/mp4', url: `${url}/bzz/${result.data.reference}/` });
    expect(result.data.batchReason).toMatch(new RegExp(`^batch ${startBatch.slice(0, 8)}…: usable, TTL \\d+ d( \\d+ h)?, about [0-9.]+ [kMG]B free of [0-9.]+ [kMG]B effective`));
    expect(typeof result.data.tagUid).toBe('number');
    const back = await bzz(result.data.reference);
    expect(back.status).toBe(200);
    expect(back.body.equals(data)).toBe(true);
    // Not a terminal: a line per 10 %, then the closing line.
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(3);
    for (const line of lines.slice(0, -1)) expect(line).toMatch(/^upload-file: +\d+ % {2}[0-9.]+ [kM]?B of 3\.15 MB {2}[0-9.]+ MB\/s$/);
    expect(lines.at(-1)).toMatch(/^upload-file: 100 % {2}3\.15 MB of 3\.15 MB {2}[0-9.]+ MB\/s, stored by the node$/);
    // The level sent and the manifest are stated (issue 23 item 7).
    expect(result.data).toMatchObject({ redundancyLevel: 1, manifest: true });
    expect(result.message).toContain('is a manifest wrapping video.mp4 (3,145,745 bytes, video/mp4), redundancy 1 (MEDIUM)');
    // Text: the reference, the path and what it is.
    const text = await cockpit(['--once', 'upload-file', path, url]);
    expect(text.stdout).toBe(`${result.data.reference}  ${path}  manifest, redundancy 1 (MEDIUM)\n`);
  });

  it('without a prefix the longest-lived usable batch with room is chosen; an unusable one never', async () => {
    // Small batches (depth 18): the devnet wallet holds about 64 BZZ.
    const longer = await client.buyStamp(10n ** 11n, 18);
    const longest = await client.buyStamp(2n * 10n ** 11n, 18);
    await devnet.control.advanceBlocks(10);
    // Bought after the blocks: not usable yet, however long it would last.
    const unusable = await client.buyStamp(3n * 10n ** 11n, 18);
    const path = join(dir, 'small.txt');
    writeFileSync(path, 'hello batches');
    const { data } = onceJson<{ batchId: string; batchReason: string }>((await cockpit(['--once', 'upload-file', path, url, '--json'])).stdout);
    expect(data.batchId).toBe(longest.batchID);
    expect(data.batchReason).toContain('(the longest of 3 batches with room)');
    expect(data.batchId).not.toBe(unusable.batchID);
    expect([longer.batchID, startBatch]).not.toContain(data.batchId);
    const refused = await cockpit(['--once', 'upload-file', path, unusable.batchID.slice(0, 10), url]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(`cockpit: ${url}: batch ${unusable.batchID.slice(0, 8)}… is not usable yet (a purchase needs about 10 blocks to confirm)\n`);
  });

  it('a batch too small for the file is refused before anything is sent; the prefix picks the batch', async () => {
    const tiny = await client.buyStamp(10n ** 11n, 17);
    await devnet.control.advanceBlocks(10);
    const path = join(dir, 'one-mb.bin');
    writeFileSync(path, randomBytes(1_000_000));
    const run = await cockpit(['--once', 'upload-file', path, tiny.batchID.slice(0, 12), url]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(new RegExp(`^cockpit: ${url}: batch ${tiny.batchID.slice(0, 8)}… is too small for this upload: about 0\\.04 MB free, the upload needs about 1\\.1\\d MB \\(dilute it, or pick another batch\\)\\n$`));
    const fits = await cockpit(['--once', 'upload-file', path, startBatch, url, '--json']);
    expect(fits.code).toBe(0);
    expect(onceJson<{ batchId: string; batchReason: string }>(fits.stdout).data).toMatchObject({ batchId: startBatch, batchReason: expect.stringContaining('as given') });
  });

  it('bad input: missing path and a directory (2), unknown prefix (2), malformed prefix and arity (64); cockpit-tui 1 and 2', async () => {
    const missing = await cockpit(['--once', 'upload-file', join(dir, 'absent.bin'), url]);
    expect(missing).toMatchObject({ code: 2, stderr: `cockpit: cannot upload ${join(dir, 'absent.bin')}: no such file or directory\n` });
    const directory = await cockpit(['--once', 'upload-file', dir, url]);
    expect(directory).toMatchObject({ code: 2, stderr: `cockpit: ${dir} is a directory: upload it with upload-collection\n` });
    writeFileSync(join(dir, 'small.txt'), 'hello batches');
    const unknown = await cockpit(['--once', 'upload-file', join(dir, 'small.txt'), 'abcdef0123', url]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('no batch of this node starts with abcdef0123');
    expect((await cockpit(['--once', 'upload-file', join(dir, 'small.txt'), 'not-hex', url])).code).toBe(64);
    expect((await cockpit(['--once', 'upload-file', url])).code).toBe(64);
    expect((await cockpit(['--once', 'upload-file', 'a', 'b', 'c', url])).code).toBe(64);
    expect((await runBin(tuiBin, ['--once', 'upload-file', dir, url])).code).toBe(1);
    expect((await runBin(tuiBin, ['--once', 'upload-file', url])).code).toBe(2);
  });
});

describe('--once upload-collection', () => {
  it('streams a directory as a tar collection: nested files, index.html as index, links followed or skipped', async () => {
    const site = join(dir, 'site');
    mkdirSync(join(site, 'assets', 'img'), { recursive: true });
    writeFileSync(join(site, 'index.html'), '<h1>home</h1>');
    writeFileSync(join(site, '.well-known'), 'hidden but included');
    writeFileSync(join(site, 'assets', 'app.js'), 'console.log(1)');
    const image = randomBytes(200_000);
    writeFileSync(join(site, 'assets', 'img', 'photo.png'), image);
    symlinkSync(join(site, 'assets', 'app.js'), join(site, 'alias.js'));
    symlinkSync(join(site, 'assets'), join(site, 'assets-link'));
    const run = await cockpit(['--once', 'upload-collection', site, url, '--json']);
    expect(run.code, run.stderr).toBe(0);
    const result = onceJson<{ reference: string; files: number; bytes: number; indexDocument: string; skipped: string[] }>(run.stdout);
    expect(result.data).toMatchObject({ files: 5, indexDocument: 'index.html', skipped: ['assets-link (link to a directory or special file)'] });
    expect((await bzz(result.data.reference)).body.toString()).toBe('<h1>home</h1>');
    expect((await bzz(result.data.reference, 'assets/img/photo.png')).body.equals(image)).toBe(true);
    expect((await bzz(result.data.reference, 'alias.js')).body.toString()).toBe('console.log(1)');
    expect((await bzz(result.data.reference, '.well-known')).body.toString()).toBe('hidden but included');
    expect(run.stderr).toMatch(/upload-collection: 100 % .*stored by the node\n$/);
    // inspect lists what was uploaded.
    const listed = await cockpit(['--once', 'inspect', result.data.reference, url]);
    expect(listed.stdout).toContain('/assets/img/photo.png');
  });

  it('bad input: an empty directory, a file, a missing path (2); arity (64)', async () => {
    const empty = join(dir, 'empty');
    mkdirSync(empty);
    const none = await cockpit(['--once', 'upload-collection', empty, url]);
    expect(none, none.stderr).toMatchObject({ code: 2, stderr: `cockpit: ${empty} has no files to upload (it is empty)\n` });
    writeFileSync(join(dir, 'small.txt'), 'hello batches');
    const file = await cockpit(['--once', 'upload-collection', join(dir, 'small.txt'), url]);
    expect(file).toMatchObject({ code: 2, stderr: `cockpit: ${join(dir, 'small.txt')} is not a directory: upload a single file with upload-file\n` });
    expect((await cockpit(['--once', 'upload-collection', join(dir, 'nowhere'), url])).code).toBe(2);
    expect((await cockpit(['--once', 'upload-collection'])).code).toBe(64);
    const json = await cockpit(['--once', 'upload-collection', empty, url, '--json']);
    expect(onceJson(json.stdout)).toMatchObject({ status: 'error', data: { path: empty } });
  });
});
