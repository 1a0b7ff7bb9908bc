/**
 * Alerts end to end: devnet faults make gate transitions; real loopback webhook servers receive them. A
 * webhook that refuses, hangs or answers 500 never delays polling; it is retried, what is dropped is counted
 * and the top bar says so.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyActorRef } from 'xstate';
import { engineConfigForUrls } from '../../core/cockpit/interaction/config.js';
import type { WebhookBody } from '../../core/cockpit/alerts.js';
import type { AlertRecord } from '../../core/cockpit/interaction/compose-view.js';
import { startDevnet, type StartedDevnet } from '../../devnet/devnet.js';
import { startEngineHarness, type EngineHarness } from './engine-harness.js';

let devnet: StartedDevnet;
const servers: Server[] = [];
beforeAll(async () => {
  devnet = await startDevnet({ nodes: 3, port: 0, mineBlocks: false, pushDelayMs: 0 });
});
afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  await devnet?.stop();
});

async function listen(handler: (req: IncomingMessage, res: ServerResponse, body: string) => void): Promise<string> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => handler(req, res, body));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/T0/s3cret`;
}

/** A webhook that records what it got. */
async function recordingWebhook(): Promise<{ url: string; posts: WebhookBody[] }> {
  const posts: WebhookBody[] = [];
  const url = await listen((req, res, body) => {
    expect(req.headers['content-type']).toBe('application/json');
    posts.push(JSON.parse(body) as WebhookBody);
    res.end('ok');
  });
  return { url, posts };
}

/** A terminal engine over the devnet whose webhook (no debounce) and fleet webhook (1 s window) record their posts. */
async function withRecordingWebhooks(toastSeconds: number, bell: 'warn' | 'fail') {
  const webhook = await recordingWebhook();
  const fleet = await recordingWebhook();
  const h = await startEngineHarness({
    devnet,
    face: 'terminal',
    config: (urls) =>
      engineConfigForUrls(urls, {
        alerts: { webhookUrl: webhook.url, debounceSecs: 0 },
        fleet: { aggregateWebhookUrl: fleet.url, aggregateWindowSecs: 1 },
        notifications: { desktop: false, toastEnabled: true, toastSeconds, bell },
      }),
  });
  return { webhook, fleet, h };
}

function pollsOf(h: EngineHarness, nodeIndex: number): number {
  const child = (h.engine.root.getSnapshot().children as Record<string, AnyActorRef>)[`fleet:${devnet.nodes[nodeIndex]!.url}`]!;
  return (child.getSnapshot() as { context: { snapshot: { takenAtMs: number } | null } }).context.snapshot?.takenAtMs ?? 0;
}

async function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('webhooks', () => {
  it('posts each transition once (and its recovery) and one Fleet alert per window', async () => {
    const { webhook, fleet, h } = await withRecordingWebhooks(8, 'fail');
    const node = devnet.nodes[1]!;
    try {
      await h.waitForView((v) => v.topBar.fleet.pass === 3, { what: 'three healthy nodes' });
      await devnet.control.node(1).setFault({ frozen: true });
      await until(() => webhook.posts.length === 1, 'the transition post');
      expect(webhook.posts[0]!.text).toMatch(new RegExp(`^\\[cockpit\\] ${node.url.replaceAll('.', '\\.')}: not frozen Pass → Fail: frozen in the staking contract`));
      expect(webhook.posts[0]!.content).toBe(webhook.posts[0]!.text);
      expect(webhook.posts[0]!.cockpit.transitions[0]).toMatchObject({ node: node.url, gate: 'notFrozen', from: 'Pass', to: 'Fail' });
      const view = await h.waitForView((v) => v.bell.count === 1 && v.toasts.length === 1);
      expect(view.toasts[0]).toMatchObject({ text: `${node.url}: not frozen Pass → Fail`, tone: 'fail' });
      await until(() => fleet.posts.length === 1, 'the fleet aggregate');
      expect(fleet.posts[0]!.text).toBe(`Fleet alert: 1 fail, 0 warn, 0 recovered (1 node): ${node.url} not frozen → Fail`);
      await devnet.control.node(1).heal();
      await until(() => webhook.posts.length === 2, 'the recovery post');
      expect(webhook.posts[1]!.text).toMatch(/not frozen Fail → Pass/);
      expect(h.view().bell.count).toBe(1);
      expect(h.view().topBar.alerts).toMatchObject({ webhookConfigured: true, sinkProblem: null });
    } finally {
      await devnet.control.node(1).heal();
      await h.stop();
    }
  });

  it.each([
    ['answering 500 everywhere', { error500: true }],
    ['down', { down: true }],
  ] as const)('one cause, one alert: a node %s is one post, one toast, one bell, one ring entry and one fleet alert; its recovery one post', async (_, fault) => {
    const { webhook, fleet, h } = await withRecordingWebhooks(30, 'warn');
    const url = devnet.nodes[1]!.url;
    const ringOf = () => (h.engine.root.getSnapshot().context as { alerts: readonly AlertRecord[] }).alerts.filter((a) => a.node === url);
    try {
      await h.waitForView((v) => v.topBar.fleet.pass === 3, { what: 'three healthy nodes' });
      await devnet.control.node(1).setFault(fault);
      await until(() => webhook.posts.length === 1, 'the one post');
      // Several more polls of that node (every 200 ms): still one alert.
      const polled = pollsOf(h, 1);
      await until(() => pollsOf(h, 1) > polled + 1000, 'a second of polls');
      expect(webhook.posts).toHaveLength(1);
      const post = webhook.posts[0]!;
      expect(post.text).toMatch(new RegExp(`^\\[cockpit\\] ${url.replaceAll('.', '\\.')}: API reachable Pass → Fail: .* \\(with it: 10 gates not measured\\)$`));
      expect(post.cockpit.transitions.filter((t) => t.causedBy === null).map((t) => t.gate)).toEqual(['apiReachable']);
      expect(post.cockpit.transitions.filter((t) => t.causedBy === 'apiReachable')).toHaveLength(10);
      for (const t of post.cockpit.transitions.slice(1)) expect(t).toMatchObject({ node: url, from: 'Pass', to: 'Unknown' });
      const view = h.view();
      expect(view.toasts.filter((t) => t.text.startsWith(`${url}:`))).toEqual([{ id: expect.any(Number), text: `${url}: API reachable Pass → Fail (+10 under it)`, tone: 'fail' }]);
      expect(view.bell.count).toBe(1);
      expect(ringOf()).toHaveLength(1);
      // The fleet aggregate counts the one cause, not the gates under it.
      await until(() => fleet.posts.length === 1, 'the fleet alert');
      expect(fleet.posts[0]!.text).toBe(`Fleet alert: 1 fail, 0 warn, 0 recovered (1 node): ${url} API reachable → Fail (+10 under it)`);
      expect(ringOf()[0]).toMatchObject({ gateId: 'apiReachable', causedBy: null, caused: expect.arrayContaining([expect.objectContaining({ gateId: 'stampTtl', causedBy: 'apiReachable' })]) });
      // The terminal's notification history names the node on its row.
      h.key(':');
      h.type('notifications');
      h.key('Enter');
      const history = await h.waitForView((v) => v.overlay?.kind === 'alerts', { what: 'the notification history' });
      const rows = history.overlay?.kind === 'alerts' ? history.overlay.entries : [];
      expect(rows.filter((e) => e.node === url).map((e) => [e.gate, e.change, e.reason.endsWith('(with it: 10 gates not measured)')])).toEqual([['API reachable', 'Pass → Fail', true]]);
      h.key('Escape');
      await devnet.control.node(1).heal();
      await until(() => webhook.posts.length === 2, 'the recovery post');
      expect(webhook.posts[1]!.text).toMatch(/API reachable Fail → Pass: .* \(with it: 10 gates recovered\)$/);
      expect(h.view().bell.count).toBe(1);
      expect(ringOf()).toHaveLength(2);
    } finally {
      await devnet.control.node(1).heal();
      await h.stop();
    }
  });

  it('a webhook that hangs, refuses or answers 500 never delays polling; failures are retried, drops counted and shown', async () => {
    const hanging = await listen(() => {});
    const failing = await listen((_, res) => {
      res.statusCode = 500;
      res.end('boom');
    });
    const h = await startEngineHarness({
      devnet,
      face: 'desktop',
      webhookTimeoutMs: 300,
      webhookRetryBaseMs: 50,
      config: (urls) => engineConfigForUrls(urls, { alerts: { webhookUrl: hanging, debounceSecs: 0 }, fleet: { aggregateWebhookUrl: failing, aggregateWindowSecs: 1 } }),
    });
    try {
      await h.waitForView((v) => v.topBar.fleet.pass === 3, { what: 'three healthy nodes' });
      await devnet.control.node(2).setFault({ frozen: true });
      const retrying = await h.waitForView((v) => /webhook: retrying \(no answer within 300 ms\)/.test(v.topBar.alerts.sinkProblem ?? ''), { what: 'the hanging webhook retrying' });
      expect(retrying.topBar.alerts.webhookConfigured).toBe(true);
      // Polling goes on meanwhile, every 200 ms, on every node.
      const before = pollsOf(h, 0);
      await until(() => pollsOf(h, 0) > before, 'another poll of node 0');
      const dropped = await h.waitForView((v) => /webhook: 1 dropped \(no answer within 300 ms\)/.test(v.topBar.alerts.sinkProblem ?? '') && /fleet webhook: 1 dropped \(HTTP 500\)/.test(v.topBar.alerts.sinkProblem ?? ''), { what: 'both drops counted', timeoutMs: 15_000 });
      expect(dropped.topBar.alerts.sinkProblem).not.toContain('s3cret');
    } finally {
      await devnet.control.node(2).heal();
      await h.stop();
    }
  });

  it('a refused connection is a failure like any other', async () => {
    const refused = await listen(() => {});
    const server = servers.pop()!;
    await new Promise((resolve) => server.close(resolve));
    const h = await startEngineHarness({
      devnet,
      webhookRetryBaseMs: 20,
      config: (urls) => engineConfigForUrls(urls, { alerts: { webhookUrl: refused, debounceSecs: 0 } }),
    });
    try {
      await h.waitForView((v) => v.topBar.fleet.pass === 3, { what: 'three healthy nodes' });
      await devnet.control.node(0).setFault({ frozen: true });
      await h.waitForView((v) => /webhook: 1 dropped \(cannot post \(ECONNREFUSED\)\)/.test(v.topBar.alerts.sinkProblem ?? ''), { what: 'a refused post dropped' });
    } finally {
      await devnet.control.node(0).heal();
      await h.stop();
    }
  });
});
