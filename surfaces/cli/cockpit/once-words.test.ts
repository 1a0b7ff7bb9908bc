/**
 * The `--once` verbs answer data only, and their words come from that data (issue 25 item 4): for every verb
 * against a 3-node devnet (ok, sad and error outcomes), the verb actor run in-process answers exactly
 * `{verb, status, data}`; the compiled `cockpit` bin's `--json` message is what core/cockpit/verb-text composes
 * from the same run's status and data; and, where the output does not hold a timing, the text output is those
 * words too. The words themselves (what each line says) are asserted by the once-*.test.ts files beside this.
 * A verb that cannot answer with data (unreachable, refusing or non-Bee node, bad batch, missing reference,
 * unreadable input) throws a typed failure, a code and its facts; the bin's message, on stderr and in the
 * JSON, is what core/cockpit/verb-text/failure-words.ts composes from that failure.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeClient } from '../../../actors/node-client/index.js';
import { onceVerbs } from '../../../actors/cockpit/verbs/index.js';
import { findVerb, OnceError } from '../../../actors/cockpit/verbs/verb.js';
import { composeVerbText, VERBS_WITH_TEXT } from '../../../core/cockpit/verb-text/index.js';
import { failureWords } from '../../../core/cockpit/verb-text/failure-words.js';
import type { VerbFailure } from '../../../core/cockpit/verb-text/failure.js';
import { bytesToHex, hexToBytes, utf8Encode } from '../../../core/swarm/bytes.js';
import { makeContentChunk } from '../../../core/swarm/chunk.js';
import { feedIdentifier, makeFeedUpdateChunk, topicFromString } from '../../../core/swarm/feeds.js';
import { SOC_IDENTIFIER_SIZE } from '../../../core/swarm/soc.js';
import { showControlCharacters, terminalSafeOutput } from '../../../core/terminal/visible-text.js';
import { startDevnet, type StartedDevnet } from '../../../devnet/devnet.js';
import { compileEntries } from '../../../test/compiled-entries.js';
import { onceJson } from '../../../test/once-schema.js';
import { runBin } from '../../../test/run-bin.js';

let bin: string;
let devnet: StartedDevnet;
let dir: string;
const cases: { args: string[]; timed?: boolean }[] = [];
/** Verb runs that cannot answer with data: each must throw a typed failure. */
const failing: { args: string[]; config?: string }[] = [];
/** Loopback nodes that answer every request with one HTTP status and a Bee-style JSON message. */
const refusing: Server[] = [];

async function refusingNode(status: number, message: string): Promise<string> {
  const server = createServer((_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ code: status, message }));
  });
  refusing.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  bin = compileEntries('once-words', ['surfaces/cli/cockpit-bin.ts'])('surfaces/cli/cockpit-bin.ts');
  devnet = await startDevnet({ nodes: 3, port: 0, mineBlocks: false, pushDelayMs: 0 });
  const [url, url2] = [devnet.nodes[0]!.url, devnet.nodes[1]!.url];
  const batchId = devnet.nodes[0]!.batchId!;
  const client = createNodeClient({ baseUrl: url });
  dir = mkdtempSync(join(tmpdir(), 'once-words-'));
  writeFileSync(join(dir, 'a.txt'), 'words\n'.repeat(1000));
  mkdirSync(join(dir, 'site'));
  writeFileSync(join(dir, 'site', 'index.html'), '<h1>words</h1>');
  mkdirSync(join(dir, 'empty'));
  writeFileSync(join(dir, 'bad.toml'), '[ui]\nlog_pane = "sideways"\n');
  // A feed of two v1 updates.
  const key = hexToBytes('22'.repeat(32));
  const topic = topicFromString('words');
  let owner = '';
  for (let index = 0; index < 2; index++) {
    const ref = (await client.uploadChunk(makeContentChunk(utf8Encode(`update ${index}`)).data, { batchId, deferred: false })).reference;
    const soc = makeFeedUpdateChunk(key, topic, BigInt(index), hexToBytes(ref), 1_700_000_000n + BigInt(index));
    owner = bytesToHex(soc.owner);
    await client.uploadSoc(owner, bytesToHex(feedIdentifier(topic, BigInt(index))), bytesToHex(soc.signature), soc.data.subarray(SOC_IDENTIFIER_SIZE + 65), { batchId, deferred: false });
  }
  const small = (await client.uploadChunk(makeContentChunk(utf8Encode('small')).data, { batchId, deferred: false })).reference;
  const site = onceJson((await runBin(bin, ['--once', 'upload-collection', join(dir, 'site'), url, '--json'])).stdout).data.reference as string;
  const batch = batchId.slice(0, 8);
  cases.push(
    { args: ['readiness', url] },
    { args: ['readiness', 'http://127.0.0.1:1'] },
    { args: ['version-check', url] },
    { args: ['config-doctor', url, url2] },
    { args: ['hash', join(dir, 'a.txt')], timed: true },
    { args: ['hash', '--manifest', '--redundancy', '2', join(dir, 'a.txt')], timed: true },
    { args: ['hash', join(dir, 'missing')] },
    { args: ['cid', site] },
    { args: ['depth-table', '17', '19'] },
    { args: ['pss-target', url] },
    { args: ['gsoc-mine', 'words', url] },
    { args: ['price', url] },
    { args: ['basefee', url] },
    { args: ['inspect', site, url] },
    { args: ['inspect', small, url] },
    { args: ['durability-check', site, url], timed: true },
    { args: ['durability-check', 'cd'.repeat(32), url] },
    { args: ['replica-check', site, '1', url] },
    { args: ['probe-upload', '--deadline', '5', url, url2], timed: true },
    { args: ['feed-probe', owner, 'words', url] },
    { args: ['feed-probe', owner, 'nothing', url] },
    { args: ['feed-timeline', owner, 'words', url] },
    { args: ['grantees-list', site, url] },
    { args: ['buy-preview', '20', url] },
    { args: ['buy-suggest', '2GB', '60d', url] },
    { args: ['topup-preview', batch, '1000000', url] },
    { args: ['dilute-preview', batch, '24', url] },
    { args: ['extend-preview', batch, '86400', url] },
    { args: ['plan-batch', '90d', url] },
    { args: ['upload-file', join(dir, 'a.txt'), url], timed: true },
    { args: ['upload-collection', join(dir, 'site'), batch, url], timed: true },
    { args: ['upload-collection', join(dir, 'empty'), url] },
  );
  const [broken, absent, forbidden, locked] = await Promise.all([refusingNode(500, 'boom'), refusingNode(404, 'Not Found'), refusingNode(403, 'Forbidden'), refusingNode(401, 'Unauthorized')]);
  failing.push(
    { args: ['price', 'http://127.0.0.1:1'] },
    { args: ['price', broken] },
    { args: ['price', absent] },
    { args: ['grantees-list', site, forbidden] },
    { args: ['pss-target', locked] },
    { args: ['inspect', 'cd'.repeat(32), url] },
    { args: ['dilute-preview', batch, '17', url] },
    { args: ['upload-file', join(dir, 'a.txt'), 'ffffffff', url] },
    { args: ['upload-collection', join(dir, 'empty'), url] },
    { args: ['readiness', url], config: join(dir, 'bad.toml') },
  );
}, 120_000);
afterAll(async () => {
  await devnet?.stop();
  await Promise.all(refusing.map((server) => new Promise((done) => server.close(done))));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('--once words come from data', () => {
  it('every verb has words', () => {
    expect(onceVerbs().map((verb) => verb.name).filter((name) => !VERBS_WITH_TEXT.includes(name))).toEqual([]);
  });

  it('each verb actor answers {verb, status, data} only', async () => {
    for (const { args } of cases) {
      const [name, ...rest] = args;
      try {
        const result = await findVerb(onceVerbs(), name!)!.run(rest, { env: {} });
        expect(Object.keys(result), args.join(' ')).toEqual(['verb', 'status', 'data']);
      } catch (error) {
        // A verb that cannot answer with data throws a typed failure (checked in the last test here).
        expect(error, args.join(' ')).toBeInstanceOf(OnceError);
      }
    }
  }, 120_000);

  it('the JSON message and the text output are the words of the JSON status and data', async () => {
    const checked: string[] = [];
    for (const { args, timed } of cases) {
      const json = onceJson((await runBin(bin, ['--once', ...args, '--json'])).stdout);
      const words = await composeVerbText(json).catch(() => undefined);
      if (words === undefined) {
        // Only a thrown OnceError has no result words: its failure's words are checked in the last test here.
        expect(json.status, args.join(' ')).toBe('error');
        continue;
      }
      expect(json.message, args.join(' ')).toBe(words.message);
      if (timed) continue;
      const text = await runBin(bin, ['--once', ...args]);
      if (json.status === 'error') {
        expect(text.stdout, args.join(' ')).toBe(words.text === undefined ? '' : `${terminalSafeOutput(words.text)}\n`);
        expect(text.stderr, args.join(' ')).toContain(showControlCharacters(words.message));
      } else {
        expect(text.stdout, args.join(' ')).toBe(`${words.text === undefined ? showControlCharacters(words.message) : terminalSafeOutput(words.text)}\n`);
      }
      checked.push(json.status);
    }
    // The run saw every kind of outcome with words: ok, sad and error.
    expect(new Set(checked)).toEqual(new Set(['ok', 'sad', 'error']));
  }, 300_000);

  it('a verb that cannot answer throws a failure as data, and the bin prints its words', async () => {
    const codes: string[] = [];
    for (const { args, config } of failing) {
      const [name, ...rest] = args;
      const flags = config === undefined ? [] : ['--config', config];
      const error = await findVerb(onceVerbs(), name!)!.run(rest, { env: {}, ...(config === undefined ? {} : { config }) }).then(() => undefined, (thrown: unknown) => thrown);
      expect(error, args.join(' ')).toBeInstanceOf(OnceError);
      const { failure, data } = error as OnceError;
      // The error carries no words: its message is its code.
      expect((error as OnceError).message, args.join(' ')).toBe(failure.code);
      codes.push(failure.code);
      const words = failureWords(failure);
      const json = await runBin(bin, ['--once', ...args, ...flags, '--json']);
      expect(json.code, args.join(' ')).toBe(2);
      expect(onceJson(json.stdout), args.join(' ')).toEqual({ verb: name, status: 'error', message: words, data });
      const text = await runBin(bin, ['--once', ...args, ...flags]);
      expect(text.code, args.join(' ')).toBe(2);
      expect(text.stdout, args.join(' ')).toBe('');
      expect(text.stderr, args.join(' ')).toBe(`cockpit: ${showControlCharacters(words)}\n`);
    }
    const expected: VerbFailure['code'][] = ['node-unreachable', 'node-failed', 'node-not-served', 'node-not-served', 'node-token', 'reference-not-found', 'dilute-not-deeper', 'batch-refused', 'upload-input', 'config-invalid'];
    expect(codes).toEqual(expected);
  }, 300_000);
});
