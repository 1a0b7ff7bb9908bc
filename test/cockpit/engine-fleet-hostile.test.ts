/**
 * The fleet against bad nodes (issue 13 "Bad input"): a node that is unreachable, one that needs a token and
 * has none, one answering garbage, one that hangs, one dripping a byte a second. Each is an error in its own
 * S15 row, said in words that name the fix where there is one, while the healthy rows keep updating.
 */
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoopbackServer, type LoopbackServer } from '../../actors/node-client/loopback-server.js';
import { startDevnet, type StartedDevnet } from '../../devnet/devnet.js';
import type { CockpitView, TableSection } from '../../core/cockpit/view/view-model.js';
import { startEngineHarness } from './engine-harness.js';

let devnet: StartedDevnet;
const servers: LoopbackServer[] = [];
let urls: { unreachable: string; garbage: string; hanging: string; dripping: string };

beforeAll(async () => {
  devnet = await startDevnet({ nodes: 2, port: 0, mineBlocks: false, pushDelayMs: 0 });
  await devnet.control.node(1).setFault({ authToken: 's3cret' });
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const port = (closed.address() as { port: number }).port;
  await new Promise((resolve) => closed.close(resolve));
  const garbage = await startLoopbackServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<html><script>alert(1)</script>\u001b[31mred</html>');
  });
  const hanging = await startLoopbackServer(() => new Promise(() => {}));
  const dripping = await startLoopbackServer(async (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    for (const char of '{"status":"ok","version":"2.8.1","apiVersion":"8.1.0"}') {
      if (res.destroyed) return;
      res.write(char);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    res.end();
  });
  servers.push(garbage, hanging, dripping);
  urls = { unreachable: `http://127.0.0.1:${port}`, garbage: garbage.url, hanging: hanging.url, dripping: dripping.url };
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  await devnet?.stop();
});

const rowStatus = (view: CockpitView) =>
  Object.fromEntries(((view.screen.sections.find((s) => s.id === 'nodes') as TableSection | undefined)?.rows ?? []).map((row) => [row.key, row.cells[2]!.text]));

describe('S15 Fleet with bad nodes', () => {
  it('keeps each failure in its own row while the healthy node keeps updating', async () => {
    const healthy = devnet.nodes[0]!.url;
    const locked = devnet.nodes[1]!.url;
    const h = await startEngineHarness({
      devnet,
      urls: [healthy, locked, urls.unreachable, urls.garbage, urls.hanging, urls.dripping],
      face: 'desktop',
      requestTimeoutMs: 1500,
      fleetPollIntervalMs: 300,
    });
    try {
      h.key(':');
      h.send({ type: 'ui.input', target: { kind: 'palette' }, value: 'fleet' });
      h.key('Enter');
      const view = await h.waitForView((v) => {
        const rows = rowStatus(v);
        return v.screen.id === 'fleet' && Object.values(rows).length === 6 && Object.values(rows).every((text) => text !== 'polling…');
      }, { what: 'every row judged', timeoutMs: 15_000 });
      const rows = rowStatus(view);
      expect(rows[healthy]).toBe('ok');
      expect(rows[locked]).toBe('needs a token (401): pass --token or set NODE_TOKEN');
      expect(rows[urls.unreachable]).toMatch(/^unreachable: network error: connect ECONNREFUSED/);
      expect(rows[urls.garbage]).toMatch(/^not a Bee answer: /);
      expect(rows[urls.hanging]).toMatch(/^no complete answer: timeout after 1,500 ms/);
      expect(rows[urls.dripping]).toMatch(/^no complete answer: timeout after 1,500 ms/);
      // Node text is plain: the garbage's markup and escape codes are not in the view (only the parse error is).
      expect(JSON.stringify(view)).not.toContain('<script>');
      expect(view.topBar.fleet).toEqual({ total: 6, pass: 1, warn: 0, fail: 5, unknown: 0 });
      expect(view.screen.subtitle).toMatch(/^6 nodes: 1 ok, 0 warn, 5 fail · last answer /);
      // The healthy row goes on being polled while the others hang.
      const polledAt = (v: CockpitView) => v.screen.subtitle ?? '';
      const before = polledAt(view);
      await h.waitForView((v) => polledAt(v) !== before, { what: 'a newer answer', timeoutMs: 5000 });
    } finally {
      await h.stop();
    }
  });
});
