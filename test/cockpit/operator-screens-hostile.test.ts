/**
 * The S2, S3, S4, S5 and S8 fetches against nodes that are not Bee: one answering garbage (HTML, JSON of the
 * wrong shape), one that hangs, one that drips a byte a second. Each screen must come back with one line
 * saying why, within the client's timeout, never a rejection of the poll; the drill and the benchmark
 * fail with a message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchApiHealth } from '../../actors/cockpit/screens/api-health.js';
import { fetchLottery, runRchash } from '../../actors/cockpit/screens/lottery.js';
import { fetchBucketSummary, fetchStamps } from '../../actors/cockpit/screens/stamps.js';
import { fetchSwap } from '../../actors/cockpit/screens/swap.js';
import { fetchWarmup } from '../../actors/cockpit/screens/warmup.js';
import { startLoopbackServer, type LoopbackServer } from '../../actors/node-client/loopback-server.js';
import { createNodeClient, type NodeClient } from '../../actors/node-client/index.js';
import { renderApiHealth } from '../../core/cockpit/screens/api-health.js';
import { renderLottery } from '../../core/cockpit/screens/lottery.js';
import { buildStampsModel, renderStamps } from '../../core/cockpit/screens/stamps.js';
import { renderSwap } from '../../core/cockpit/screens/swap.js';
import { renderWarmup } from '../../core/cockpit/screens/warmup.js';
import type { ScreenContent } from '../../core/cockpit/view/screen-contract.js';

const servers: LoopbackServer[] = [];
let garbage: NodeClient;
let wrongShape: NodeClient;
let hanging: NodeClient;
let dripping: NodeClient;
const signal = new AbortController().signal;

beforeAll(async () => {
  const html = await startLoopbackServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<html><body>It works!</body></html>');
  });
  const shape = await startLoopbackServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ stamps: 'lots', pendingTransactions: 7, lastcheques: {}, hello: ['world'] }));
  });
  const hang = await startLoopbackServer(() => new Promise(() => {}));
  const drip = await startLoopbackServer(async (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    for (const char of '{"chainTip": 1') {
      if (res.destroyed) return;
      res.write(char);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });
  servers.push(html, shape, hang, drip);
  garbage = createNodeClient({ baseUrl: html.url, timeoutMs: 1000 });
  wrongShape = createNodeClient({ baseUrl: shape.url, timeoutMs: 1000 });
  hanging = createNodeClient({ baseUrl: hang.url, timeoutMs: 300 });
  dripping = createNodeClient({ baseUrl: drip.url, timeoutMs: 500 });
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

async function screens(client: NodeClient): Promise<Record<string, ScreenContent>> {
  return {
    stamps: renderStamps(buildStampsModel(await fetchStamps(client, signal), {}), null),
    swap: renderSwap(await fetchSwap(client, signal)),
    lottery: renderLottery(await fetchLottery(client, signal), { kind: 'idle' }, null),
    warmup: renderWarmup(await fetchWarmup(client, signal)),
    apiHealth: renderApiHealth(await fetchApiHealth(client, signal), 0),
  };
}

/** One line, no newline, not a stack trace (an excerpt of what the node said is plain text the faces render inert). */
const oneLine = (text: string | null) => {
  expect(text).toMatch(/^[^\n]{10,400}$/);
  expect(text).not.toMatch(/at .*\.js:\d+/);
};

describe('operator screens against nodes that are not Bee', () => {
  it.each([
    ['HTML instead of JSON', () => garbage, /did not answer as Bee does/],
    ['JSON of the wrong shape', () => wrongShape, /did not answer as Bee does/],
    ['a node that never answers', () => hanging, /did not answer in time/],
    ['a node dripping a byte at a time', () => dripping, /did not answer in time/],
  ])('%s: every screen is an error with one line saying why', async (_, client, why) => {
    const started = Date.now();
    const all = await screens(client());
    expect(Date.now() - started).toBeLessThan(10_000);
    for (const [name, content] of Object.entries(all)) {
      // /readiness is lenient by design (Bee's body changed across releases: the status code decides), so a
      // garbage node can pass that one step of S5; every other step then says why it has nothing.
      if (name === 'warmup' && content.status === 'ready') {
        const bars = content.sections.find((s) => s.id === 'checklist');
        // Steps that could not be read are unknown (muted, `not read: …`), never red.
        const unread = bars?.kind === 'bars' ? bars.bars.filter((b) => b.text.startsWith('not read: ')) : [];
        expect(unread.length, name).toBeGreaterThanOrEqual(6);
        for (const bar of unread) expect(bar).toMatchObject({ tone: 'muted', text: expect.stringMatching(/^[^\n]{5,400}$/) });
        continue;
      }
      expect(content.status, name).toBe('error');
      oneLine(content.subtitle);
      expect(content.subtitle, name).toMatch(why);
    }
  });

  it('the bucket drill and the rchash benchmark fail with a message, not a hang', async () => {
    await expect(fetchBucketSummary(wrongShape, 'ab'.repeat(32), signal)).rejects.toThrow(/invalid|expected/i);
    // rchash gets ten minutes (past the reveal deadline, so a slow node still gets its real duration); a node
    // switch or leaving the cockpit aborts it: the actor's signal reaches the request.
    const abort = new AbortController();
    setTimeout(() => abort.abort(), 300);
    await expect(runRchash(hanging, { depth: 0, anchor1: '00', anchor2: 'ff' }, abort.signal)).rejects.toMatchObject({ code: 'aborted' });
  });
});
