/**
 * Issue 27 item 3: Alertmanager as a sink of the cockpit's gate transitions. The real engine polls a devnet;
 * real Alertmanagers (Debian's, an HA pair) run the shipped docs/alertmanager/alertmanager.yml with its
 * receivers pointed at a webhook receiver on loopback, which sees the grouped notifications, with the gates a
 * down node explains inhibited and absent. An Alertmanager that fails is retried with back-off, the Cockpit log
 * tab says so, and polling never waits for it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyActorRef } from 'xstate';
import { engineConfigForUrls } from '../../core/cockpit/interaction/config.js';
import type { LogPaneSnapshot } from '../../machines/cockpit/log-pane.machine.js';
import { startDevnet, type StartedDevnet } from '../../devnet/devnet.js';
import { startAlertmanager, type RunningService } from '../../bench/lib/prometheus-stack.js';
import { startEngineHarness, type EngineHarness } from './engine-harness.js';

const AMTOOL = process.env.AMTOOL_BIN ?? '/usr/bin/amtool';

interface Notification {
  receiver: string;
  status: 'firing' | 'resolved';
  groupLabels: Record<string, string>;
  alerts: { status: string; labels: Record<string, string>; annotations: Record<string, string>; startsAt: string; endsAt: string }[];
}

let devnet: StartedDevnet;
const servers: Server[] = [];
const notifications: { path: string; body: Notification }[] = [];
let receiverUrl: string;
let managers: RunningService[] = [];

async function listen(handler: (path: string, body: string, respond: (status: number) => void) => void): Promise<string> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => handler(req.url ?? '/', body, (status) => res.writeHead(status).end()));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function until<T>(check: () => T | undefined | false, what: string, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}; notifications: ${JSON.stringify(notifications.map((n) => [n.path, n.body.status, n.body.alerts.map((a) => `${a.labels.node} ${a.labels.gate} ${a.status}`)]))}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function cockpitLog(h: EngineHarness): string[] {
  const pane = (h.engine.root.getSnapshot().children as Record<string, AnyActorRef>).logPane!.getSnapshot() as LogPaneSnapshot;
  return pane.context.book.view('cockpit', 200).entries.map((entry) => entry.line);
}

/** When the fleet poller of a node last answered (its snapshot's time). */
function lastPoll(h: EngineHarness, index: number): number {
  const child = (h.engine.root.getSnapshot().children as Record<string, AnyActorRef>)[`fleet:${devnet.nodes[index]!.url}`]!;
  return (child.getSnapshot() as { context: { snapshot: { takenAtMs: number } | null } }).context.snapshot?.takenAtMs ?? 0;
}

beforeAll(async () => {
  devnet = await startDevnet({ nodes: 3, port: 0, mineBlocks: false, pushDelayMs: 0 });
  receiverUrl = await listen((path, body, respond) => {
    notifications.push({ path, body: JSON.parse(body) as Notification });
    respond(200);
  });
  // The shipped config with this test's receiver and second-scale timing.
  expect(execFileSync(AMTOOL, ['check-config', fileURLToPath(new URL('../../docs/alertmanager/alertmanager.yml', import.meta.url))], { encoding: 'utf8' })).toMatch(/SUCCESS/);
  const config = readFileSync(new URL('../../docs/alertmanager/alertmanager.yml', import.meta.url), 'utf8')
    .replaceAll('http://127.0.0.1:5001', receiverUrl)
    .replace('group_wait: 30s', 'group_wait: 1s')
    .replace('group_interval: 5m', 'group_interval: 1s');
  managers = await Promise.all([startAlertmanager(config), startAlertmanager(config)]);
}, 60_000);

afterAll(async () => {
  await Promise.all(managers.map((m) => m.stop()));
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  await devnet?.stop();
});

describe('Alertmanager sink', () => {
  it('posts failing gates to both Alertmanagers; they notify per severity, grouped by node, a down node’s other gates inhibited; recovery ends them', async () => {
    const [, frozen, down] = devnet.nodes;
    // Faulted before the first poll: a node that dies in the middle of a poll can fail its other gates one poll
    // before api_reachable, and Alertmanager can only inhibit once the cause has arrived.
    await devnet.control.node(1).setFault({ frozen: true });
    await devnet.control.node(2).setFault({ down: true });
    const h = await startEngineHarness({ devnet, alertmanagerResendMs: 500, config: (urls) => engineConfigForUrls(urls, { alerts: { debounceSecs: 0, alertmanagerUrls: managers.map((m) => m.url) } }) });
    try {
      const critical = (node: string) => notifications.filter((n) => n.path === '/critical' && n.body.groupLabels.node === node && n.body.status === 'firing');
      const frozenNote = await until(() => critical(frozen!.url).at(-1), 'the frozen node’s notification');
      expect(frozenNote.body.alerts.map((a) => a.labels)).toEqual([{ alertname: 'CockpitGateFailing', node: frozen!.url, gate: 'not_frozen', severity: 'critical' }]);
      expect(frozenNote.body.alerts[0]!.annotations).toEqual({ summary: `Gate not_frozen fails on ${frozen!.url}`, description: expect.stringMatching(/frozen/) });

      await until(() => critical(down!.url).at(-1), 'the down node’s notification');
      expect(critical(down!.url).map((n) => n.body.alerts.map((a) => a.labels.gate))).toEqual(critical(down!.url).map(() => ['api_reachable']));
      // The node's other gates reached Alertmanager, inhibited: in its API, never in a notification.
      const held = (await (await fetch(`${managers[0]!.url}/api/v2/alerts?inhibited=true&silenced=false&active=true`)).json()) as { labels: Record<string, string>; status: { state: string; inhibitedBy: string[] } }[];
      const downAlerts = held.filter((a) => a.labels.node === down!.url);
      expect(downAlerts.find((a) => a.labels.gate === 'api_reachable')?.status.state).toBe('active');
      for (const alert of downAlerts.filter((a) => a.labels.gate !== 'api_reachable')) expect(alert.status.state, alert.labels.gate).toBe('suppressed');
      expect(notifications.flatMap((n) => n.body.alerts).filter((a) => a.labels.node === down!.url && a.labels.gate !== 'api_reachable')).toEqual([]);
      // The HA partner holds the same alerts.
      const partner = (await (await fetch(`${managers[1]!.url}/api/v2/alerts?active=true`)).json()) as { labels: Record<string, string> }[];
      expect(partner.some((a) => a.labels.node === frozen!.url && a.labels.gate === 'not_frozen')).toBe(true);

      await devnet.control.node(1).heal();
      const resolved = await until(() => notifications.find((n) => n.path === '/critical' && n.body.groupLabels.node === frozen!.url && n.body.status === 'resolved'), 'the recovery notification');
      expect(resolved.body.alerts[0]!.status).toBe('resolved');
      expect(Date.parse(resolved.body.alerts[0]!.endsAt)).toBeGreaterThan(Date.parse(resolved.body.alerts[0]!.startsAt));
      expect(cockpitLog(h).filter((line) => /alertmanager/.test(line))).toEqual([]);
    } finally {
      await devnet.control.node(2).heal();
      await h.stop();
    }
  }, 60_000);

  it('an Alertmanager that fails is retried with back-off, logged in the Cockpit tab, and never holds up polling; alerts are resent while active', async () => {
    let answered = 0;
    const posts: { at: number; alerts: { labels: Record<string, string>; endsAt: string }[] }[] = [];
    // Refuses with 503 three times, then accepts.
    const flaky = await listen((_path, body, respond) => {
      answered++;
      if (answered <= 3) return respond(503);
      posts.push({ at: Date.now(), alerts: JSON.parse(body) as { labels: Record<string, string>; endsAt: string }[] });
      respond(200);
    });
    const h = await startEngineHarness({
      devnet,
      alertmanagerResendMs: 300,
      config: (urls) => engineConfigForUrls(urls, { alerts: { debounceSecs: 0, alertmanagerUrls: [flaky] } }),
    });
    try {
      await devnet.control.node(1).setFault({ frozen: true });
      const logged = await until(() => cockpitLog(h).find((line) => /alertmanager .*: post failed \(HTTP 503\); retrying in 1 s/.test(line)), 'the retry line');
      expect(logged).toContain(flaky);
      // Polling goes on while the sink backs off.
      const polled = lastPoll(h, 0);
      await until(() => lastPoll(h, 0) > polled, 'a fleet poll during the back-off', 5_000);
      await until(() => posts.length > 0, 'the delivery after back-off', 20_000);
      await until(() => cockpitLog(h).some((line) => /alertmanager .*: delivered after 3 failed posts/.test(line)), 'the delivery line');
      expect(posts[0]!.alerts.find((a) => a.labels.gate === 'not_frozen')).toBeDefined();
      // Active alerts go again at every resend, each valid a few resends ahead.
      await until(() => posts.length >= 3, 'resends while active');
      const last = posts.at(-1)!.alerts.find((a) => a.labels.gate === 'not_frozen')!;
      expect(Date.parse(last.endsAt)).toBeGreaterThan(Date.now());
    } finally {
      await devnet.control.node(1).heal();
      await h.stop();
    }
  }, 60_000);
});
