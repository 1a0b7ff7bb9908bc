/**
 * The shipped Alertmanager inhibit rules (the end of docs/alertmanager/alertmanager.yml, generated from the gate
 * dependency graph) in a real Alertmanager (Debian `prometheus-alertmanager`) running the shipped file:
 * Alertmanager suppresses what one cause makes, per node: a down node's gate and stamp alerts, the gates below
 * a failing gate, the unmeasured gates below a warning one; causes of their own and other nodes stay active.
 * (test/cockpit/alertmanager.test.ts checks the file with amtool and feeds it from the engine.)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../fixtures/devnet-as-bee.js';

const ALERTMANAGER = process.env.ALERTMANAGER_BIN ?? '/usr/bin/prometheus-alertmanager';

let dir: string;
let config: string;
let alertmanager: ChildProcess | undefined;
let url: string;
let log = '';

async function until<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}; alertmanager log tail:\n${log.slice(-2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'alertmanager-inhibit-'));
  // The shipped configuration as an operator starts from it (its receivers post to loopback; nothing is waited for).
  config = fileURLToPath(new URL('../../docs/alertmanager/alertmanager.yml', import.meta.url));
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  alertmanager = spawn(ALERTMANAGER, [`--config.file=${config}`, `--storage.path=${join(dir, 'data')}`, `--web.listen-address=127.0.0.1:${port}`, '--cluster.listen-address=', '--log.level=warn'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  alertmanager.stdout!.on('data', (d: Buffer) => (log += d.toString()));
  alertmanager.stderr!.on('data', (d: Buffer) => (log += d.toString()));
  await until(async () => ((await fetch(`${url}/-/ready`)).ok ? true : undefined), 'Alertmanager to be ready');
}, 60_000);

afterAll(async () => {
  if (alertmanager?.pid !== undefined && alertmanager.exitCode === null) {
    const exited = new Promise((resolve) => alertmanager!.once('exit', resolve));
    alertmanager.kill('SIGTERM');
    await exited;
  }
  await rm(dir, { recursive: true, force: true });
});

interface AmAlert {
  labels: Record<string, string>;
  status: { state: string; inhibitedBy: string[] };
}

const alert = (alertname: string, node: string, gate?: string) => ({ labels: { alertname, node, ...(gate ? { gate } : {}), severity: 'critical' } });
const key = (a: AmAlert) => [a.labels.node, a.labels.alertname, a.labels.gate ?? ''].join(' ').trim();

describe('the shipped Alertmanager inhibit rules', () => {
  it('a real Alertmanager keeps one alert per cause and node active, and suppresses what the cause makes', async () => {
    const sent = [
      // n1 is down: the node alert stands, the gate and stamp alerts of n1 are its consequences.
      alert('CockpitNodeDown', 'n1'),
      alert('CockpitGateFailing', 'n1', 'api_reachable'),
      alert('CockpitGateNotMeasured', 'n1', 'chain_rpc_fresh'),
      alert('CockpitStampExpiresWithinAnHour', 'n1'),
      // n2's chain RPC stalls: the wallet, redistribution and stamps below it are held; frozen-ness too.
      alert('CockpitGateFailing', 'n2', 'chain_rpc_fresh'),
      alert('CockpitGateFailing', 'n2', 'wallet_funded'),
      alert('CockpitGateFailing', 'n2', 'redistribution_healthy'),
      alert('CockpitStampExpiresWithinADay', 'n2'),
      // n3: endpoints fail (API reachable warns): what they leave unmeasured is held; an independent failure is not.
      alert('CockpitGateWarning', 'n3', 'api_reachable'),
      alert('CockpitGateNotMeasured', 'n3', 'stamp_ttl'),
      alert('CockpitGateFailing', 'n3', 'peer_count'),
      alert('CockpitGateFailing', 'n3', 'bin_saturation'),
      // n4: a gate failing on its own, while n2's chain fails elsewhere: not held (inhibition is per node).
      alert('CockpitGateFailing', 'n4', 'wallet_funded'),
    ];
    const posted = await fetch(`${url}/api/v2/alerts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(sent) });
    expect(posted.status).toBe(200);
    const alerts = await until(async () => {
      const all = (await (await fetch(`${url}/api/v2/alerts`)).json()) as AmAlert[];
      return all.length === sent.length ? all : undefined;
    }, 'every alert received');
    const state = Object.fromEntries(alerts.map((a) => [key(a), a.status.state]));
    expect(Object.keys(state).filter((k) => state[k] === 'active').sort()).toEqual([
      'n1 CockpitNodeDown',
      'n2 CockpitGateFailing chain_rpc_fresh',
      'n3 CockpitGateFailing peer_count',
      'n3 CockpitGateWarning api_reachable',
      'n4 CockpitGateFailing wallet_funded',
    ]);
    for (const a of alerts.filter((each) => each.status.state !== 'active')) expect({ alert: key(a), ...a.status }).toMatchObject({ state: 'suppressed', inhibitedBy: [expect.any(String)] });
  });
});
