/**
 * The engine's log pane and supervisor, with real files and a real child process: a configured node log file
 * is tailed into the level tabs, the cockpit's own calls fill node::http, a switch re-resolves the source and
 * clears the node rings; and a supervised node (`devnet start --config`, started as Bee would be) shows its
 * chip, becomes its own log source (tier "supervised") and is stopped by engine.stop() with a final status.
 */
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineConfigForUrls } from '../../core/cockpit/interaction/config.js';
import { startDevnet, type StartedDevnet } from '../../devnet/devnet.js';
import { compileEntries } from '../compiled-entries.js';
import { startEngineHarness } from './engine-harness.js';
import { freePort } from '../fixtures/devnet-as-bee.js';

let devnet: StartedDevnet;
let dir: string;
beforeAll(async () => {
  devnet = await startDevnet({ nodes: 2, port: 0, mineBlocks: false, pushDelayMs: 0 });
  dir = await mkdtemp(join(tmpdir(), 'engine-logs-'));
});
afterAll(async () => {
  await devnet?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('log pane in the engine', () => {
  it('tails each node’s configured log file; a switch re-resolves the source and clears the node tabs', async () => {
    const h = await startEngineHarness({
      devnet,
      face: 'terminal',
      config: (urls) => ({
        ...engineConfigForUrls(urls),
        nodes: devnet.nodes.map((node) => ({ name: `n${node.index}`, url: node.url, log: { config: { logFile: node.logFile } } })),
        activeNode: 'n0',
      }),
    });
    try {
      h.key('l', { ctrl: true });
      const first = await h.waitForView((v) => v.logPane.visible && v.logPane.source.origin === 'config' && v.logPane.source.label.includes(devnet.nodes[0]!.logFile));
      expect(first.logPane.source.label).toMatch(/^file /);
      // The fleet polls hit the nodes' API, which logs access lines: they arrive in the Bee HTTP tab.
      h.key(']');
      h.key(']');
      h.key(']');
      h.key(']');
      const http = await h.waitForView((v) => v.logPane.activeTab === 'nodeHttp' && v.logPane.lines.length > 0, { what: 'Bee HTTP lines' });
      expect(http.logPane.lines.at(-1)!.text).toMatch(/api access|\/health|\/status/);
      h.key(']');
      await h.waitForView((v) => v.logPane.activeTab === 'cockpitHttp' && v.logPane.lines.some((l) => /^GET http:\/\/127\.0\.0\.1:\d+\/health -> 200/.test(l.text)), { what: 'node::http lines' });
      h.key(':');
      h.type('ctx n1');
      h.key('Enter');
      await h.waitForView((v) => v.logPane.source.label.includes(devnet.nodes[1]!.logFile), { what: 'the second node’s log source' });
    } finally {
      await h.stop();
    }
  });
});

describe('supervised node in the engine', () => {
  it('runs the node, shows its chip, tails its capture, and engine.stop() stops it with the final status', async () => {
    const bin = compileEntries('engine-supervised', ['devnet/devnet-bin.ts'])('devnet/devnet-bin.ts');
    const wrapper = join(dir, 'bee');
    await writeFile(wrapper, `#!/bin/sh\nexec "${process.execPath}" "${bin}" "$@"\n`);
    await chmod(wrapper, 0o755);
    const port = await freePort();
    const yaml = join(dir, 'bee.yaml');
    await writeFile(yaml, `api-addr: 127.0.0.1:${port}\ndata-dir: ${join(dir, 'data')}\npassword: x\nmainnet: false\nverbosity: debug\nblockchain-rpc:\n  endpoint: http://127.0.0.1:1\n`);
    const url = `http://127.0.0.1:${port}`;
    const h = await startEngineHarness({ urls: [url], face: 'desktop', config: { store: { bin: wrapper, config: yaml } } });
    let stopped = false;
    try {
      const running = await h.waitForView((v) => v.topBar.supervisor?.text.startsWith('running') === true, { timeoutMs: 30_000, what: 'a running chip' });
      expect(running.topBar.supervisor?.tone).toBe('ok');
      // The node's own lines (its start-up at info, its API access lines) come from the capture file.
      // Both kinds are waited for: the access lines are written after the start-up lines, and a view (at most 5
      // a second from log traffic) can land between them.
      const tailed = await h.waitForView(
        (v) => v.logPane.source.origin === 'supervised' && v.logPane.tabs.every((t) => (t.id !== 'info' && t.id !== 'nodeHttp') || t.count > 0),
        { timeoutMs: 15_000, what: 'capture lines (info and API access)' },
      );
      expect(tailed.logPane.tabs.find((t) => t.id === 'nodeHttp')!.count).toBeGreaterThan(0);
      const { finalStatus } = await h.engine.stop();
      stopped = true;
      expect(finalStatus).toMatch(/exited \(0\)|SIGTERM/);
    } finally {
      if (!stopped) await h.stop();
    }
  }, 60_000);
});
