/**
 * The palette's one-shot verbs on a devnet, each answering one banner: the ones with a `--once` twin run
 * through that very verb (same answer as `cockpit --once`), the others (`:pss`, `:loggers`, `:set-logger`,
 * `:pins-check`) through the engine's own actors.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeClient } from '../../actors/node-client/index.js';
import { engineConfigForUrls } from '../../core/cockpit/interaction/config.js';
import { topicFromInput } from '../../core/swarm/topic.js';
import { startDevnet, type StartedDevnet } from '../../devnet/devnet.js';
import { openSubscriber, websocketUrl } from '../../devnet/messaging/subscriber-client.js';
import { onceVerbs } from '../../actors/cockpit/verbs/index.js';
import { runOnce } from '../../surfaces/cli/cockpit/once.js';
import { startEngineHarness, type EngineHarness } from './engine-harness.js';

let devnet: StartedDevnet;
let dir: string;
let h: EngineHarness;

beforeAll(async () => {
  devnet = await startDevnet({ nodes: 2, port: 0, mineBlocks: false, pushDelayMs: 0 });
  dir = await mkdtemp(join(tmpdir(), 'engine-verbs-'));
  h = await startEngineHarness({
    devnet,
    face: 'terminal',
    config: (urls) => ({ ...engineConfigForUrls(urls), dataDir: { path: dir } }),
  });
});
afterAll(async () => {
  await h?.stop();
  await devnet?.stop();
  await rm(dir, { recursive: true, force: true });
});

/** Types a palette line and resolves with the verb's result banner (not the "running" one). */
async function palette(line: string): Promise<{ text: string; tone: 'ok' | 'fail' }> {
  const before = h.view().banner?.id ?? 0;
  h.key(':');
  h.type(line);
  h.key('Enter');
  const view = await h.waitForView((v) => v.banner !== null && v.banner.id > before && !v.banner.text.startsWith('running :'), { what: `the banner of :${line}`, timeoutMs: 20_000 });
  const { text, tone } = view.banner!;
  return { text, tone };
}

describe('one-shot palette verbs', () => {
  it(':hash answers with the message of cockpit --once hash --json', async () => {
    const file = join(dir, 'data.bin');
    await writeFile(file, new Uint8Array(10_000).map((_, i) => i & 0xff));
    let once = '';
    await runOnce(onceVerbs(), 'hash', [file], { json: true, stdout: (t) => (once += t), stderr: () => {} }, { env: {}, timeoutMs: 5000 } as never);
    expect(await palette(`hash ${file}`)).toEqual({ text: (JSON.parse(once) as { message: string }).message, tone: 'ok' });
  });

  it(':hash --manifest --redundancy L names the very reference :upload --redundancy L gets, and both say what they did (issue 23 item 7)', async () => {
    const file = join(dir, 'page.html');
    await writeFile(file, new Uint8Array(3 * 4096 + 9).map((_, i) => (i * 31) & 0xff));
    const hashed = await palette(`hash --manifest --redundancy 2 ${file}`);
    expect(hashed.tone, hashed.text).toBe('ok');
    expect(hashed.text).toContain('in a manifest as upload-file --redundancy 2 makes it (name page.html, text/html; charset=utf-8), redundancy 2 (STRONG)');
    const uploaded = await palette(`upload --redundancy 2 ${file}`);
    expect(uploaded.tone, uploaded.text).toBe('ok');
    expect(uploaded.text).toContain('is a manifest wrapping page.html (12,297 bytes, text/html; charset=utf-8), redundancy 2 (STRONG)');
    expect(uploaded.text.slice(0, 64)).toBe(hashed.text.slice(0, 64));
  });

  it(':batch buy previews without a transaction, and a missing file is a red banner', async () => {
    const preview = await palette('batch buy 20');
    expect(preview.tone).toBe('ok');
    expect(preview.text).toMatch(/depth 20/);
    expect((await palette(`hash ${join(dir, 'missing.bin')}`)).tone).toBe('fail');
  });

  it('a verb that cannot answer is a red banner with the words cockpit --once prints for its failure', async () => {
    // The devnet's batch is at depth 22: diluting it to 17 is refused (a failure as data, dilute-not-deeper).
    const node = devnet.nodes[0]!;
    const args = [node.batchId!, '17'];
    let once = '';
    const code = await runOnce(onceVerbs(), 'dilute-preview', [...args, node.url], { json: true, stdout: (t) => (once += t), stderr: () => {} }, { env: {}, timeoutMs: 5000 } as never);
    expect(code).toBe(2);
    const message = (JSON.parse(once) as { message: string }).message;
    expect(message).toMatch(/a dilute needs a deeper depth than that, not 17$/);
    expect(await palette(`batch dilute ${args.join(' ')}`)).toEqual({ text: `:dilute-preview: ${message}`, tone: 'fail' });
  });

  it(':pss sends to the active node’s own neighbourhood, where its subscriber hears it', async () => {
    const node = devnet.nodes[0]!;
    const topic = topicFromInput('cockpit-test');
    const subscriber = await openSubscriber(websocketUrl(node.url, `/pss/subscribe/${topic.hex}`));
    try {
      const sent = await palette('pss cockpit-test "hello node"');
      expect(sent.tone, sent.text).toBe('ok');
      expect(sent.text).toMatch(/^pss: 10 bytes sent on topic "cockpit-test" \([0-9a-f]{8}…\) to neighbourhood [0-9a-f]+, stamped by [0-9a-f]{8}…$/);
      expect(new TextDecoder().decode(await subscriber.next(5000))).toBe('hello node');
    } finally {
      await subscriber.close();
    }
    expect(await palette('pss t x ffffff')).toEqual({ text: ':pss: no usable batch starts with ffffff', tone: 'fail' });
  });

  it(':replicas answers as cockpit --once replica-check: green while the root replicas are there, red once the lose-replicas fault drops one (issue 29 item 5)', async () => {
    const { reference } = await createNodeClient({ baseUrl: devnet.nodes[0]!.url }).uploadBytes(new Uint8Array(3 * 4096).map((_, i) => (i * 13) % 256), {
      batchId: devnet.nodes[0]!.batchId!,
      deferred: false,
      redundancyLevel: 1,
    });
    const there = await palette(`replicas ${reference}`);
    expect(there).toEqual({ tone: 'ok', text: expect.stringContaining(`${reference}: root replicas level 1 (MEDIUM, from the root chunk's span): 2 of 2 retrieved by some vantage`) });
    devnet.control.loseReplicas({ reference, slots: [1] });
    const lost = await palette(`replicas ${reference} 1`);
    expect(lost).toEqual({ tone: 'fail', text: expect.stringContaining('1 of 2 retrieved by some vantage, 1 missing everywhere') });
  });

  it(':probe-upload uploads through the active node and answers for the other node, as --once probe-upload (issue 29 item 1)', async () => {
    const ok = await palette('probe-upload --size 300');
    expect(ok).toEqual({ tone: 'ok', text: expect.stringMatching(/^probe-upload [0-9a-f]{16}…: 300 bytes through .* retrievable on 1 of 1 vantage \(slowest /) });
    await devnet.control.node(1).setFault({ down: true });
    try {
      const down = await palette('probe --deadline 1');
      expect(down.tone).toBe('fail');
      expect(down.text).toMatch(/retrievable on 0 of 1 vantage; .* unreachable: /);
    } finally {
      await devnet.control.node(1).setFault({ down: false });
    }
    expect(await palette('probe-upload --batch ffffffffff')).toEqual({ tone: 'fail', text: expect.stringMatching(/^:probe-upload: probe-upload refused: no batch on this node starts with ffffffffff/) });
  });

  it(':drain-check answers as cockpit --once drain-check: red in the reveal phase of a round the node plays, green in its claim phase (issue 29 item 2)', async () => {
    devnet.control.advanceToPhase('commit');
    devnet.control.advanceToPhase('reveal');
    const reveal = await palette('drain-check');
    expect(reveal).toEqual({ tone: 'fail', text: expect.stringMatching(/^not safe to stop now: safe at block \d+ \(~38 blocks, when the reveal phase ends\); round \d+: committed, revealing/) });
    devnet.control.advanceToPhase('claim');
    expect(await palette('drain-check')).toEqual({ tone: 'ok', text: expect.stringMatching(/^safe to stop now.*claim phase, no commit or reveal due/) });
  });

  it(':radius-doctor and :sample-forecast answer as their --once verbs; the whole report goes to the Cockpit log tab (issue 29 items 3, 4)', async () => {
    // The last change comes from the engine's trend ring (engine-radius-ring.test.ts): unchanged since its first
    // sample, or unknown while the ring's samples span under a second (this test run alone).
    expect(await palette('radius-doctor')).toEqual({ tone: 'ok', text: expect.stringMatching(/^radius-doctor: storage radius \d+, committed depth \d+: settled; last change (over \d+ s ago \(unchanged in every poll since\)|unknown \(one reading so far)/) });
    expect(await palette('forecast')).toEqual({ tone: 'ok', text: expect.stringMatching(/^sample-forecast: forecast sample 4\.2 s of the 540 s sample budget \(108 of 114 blocks at 5 s\): fits, margin 536 s$/) });
    await devnet.control.node(0).setFault({ slowPullSync: true, rchashSeconds: 130 });
    try {
      expect(await palette('radius')).toEqual({ tone: 'fail', text: expect.stringMatching(/held by an under-filled reserve, a slow pull sync/) });
      expect(await palette('sample-forecast 1')).toEqual({ tone: 'fail', text: expect.stringMatching(/forecast sample 130 s of the 108 s sample budget .*: misses, over by 22 s/) });
    } finally {
      await devnet.control.node(0).heal();
    }
  });

  it(':loggers lists them in the Cockpit tab; :set-logger changes one until the node restarts', async () => {
    const listed = await palette('loggers');
    expect(listed.tone).toBe('ok');
    expect(listed.text).toMatch(/^\d+ loggers \(.+\); each listed in the Cockpit log tab$/);
    expect(h.view().logPane.tabs.find((t) => t.id === 'cockpit')!.count).toBeGreaterThan(0);
    expect(await palette('set-logger node/api debug')).toEqual({ text: 'logger node/api set to debug until the node restarts', tone: 'ok' });
  });

  it(':pins-check streams the check to a file in the data directory', async () => {
    const result = await palette('pins-check');
    expect(result.text).toMatch(/^pins-check: \d+ pins?, 0 damaged → /);
    const files = (await readdir(dir)).filter((name) => name.startsWith('pins-check-'));
    expect(files).toHaveLength(1);
    expect((await readFile(join(dir, files[0]!), 'utf8')).trim().split('\n').at(-1)).toMatch(/^\{"summary":/);
  });
});
