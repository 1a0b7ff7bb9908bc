/**
 * Issue 28 item 2 in the Ink face (ink-testing-library) on the real engine against a devnet with faults: the
 * rows that say what to do. Node alpha (the default, named in the config) has batches expiring within a day
 * (`expiringStamp`) and too few peers (`lowPeers`); the second node, named by its URL, answers 500 everywhere
 * (`error500`). S1 shows a remedy under each Warn or Fail gate and why under a gate not measured; S15 marks
 * the default node ★ (`*` under --ascii), names the gate behind each warn or fail and names the ad-hoc node
 * once; S2 shows volumes, mutability, the fill bar, the top-up hint and the selected batch's full ID.
 * Frames are written to test-output/tui-frames/ for a reviewer.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanup } from 'ink-testing-library';
import { startDevnet, type StartedDevnet } from '../../devnet/devnet.js';
import { engineConfigForUrls } from '../../core/cockpit/interaction/config.js';
import { CockpitApp } from '../../surfaces/tui/components/App.js';
import { renderSized, settle } from '../../surfaces/tui/testing/render-sized.js';
import { startEngineHarness, type EngineHarness } from '../cockpit/engine-harness.js';

const FRAMES = 'test-output/tui-frames';
let devnet: StartedDevnet;

beforeAll(async () => {
  mkdirSync(FRAMES, { recursive: true });
  devnet = await startDevnet({ nodes: 2, port: 0, mineBlocks: false, pushDelayMs: 0 });
  await devnet.control.node(0).setFault({ expiringStamp: true, lowPeers: true });
  await devnet.control.node(1).setFault({ error500: true });
}, 120_000);

afterAll(async () => {
  cleanup();
  await devnet?.stop();
});

async function harness(ascii: boolean): Promise<EngineHarness> {
  const [alpha, adHoc] = devnet.nodes.map((node) => node.url) as [string, string];
  return startEngineHarness({
    devnet,
    face: 'terminal',
    config: () => ({
      // No toasts: the gate transitions' toasts would cover the right of the frame the test reads.
      ...engineConfigForUrls([alpha, adHoc], { ui: { theme: 'dark', asciiFallback: ascii, noColor: false }, notifications: { desktop: false, toastEnabled: false, toastSeconds: 8, bell: 'off' } }),
      nodes: [
        { name: 'alpha', url: alpha },
        { name: adHoc, url: adHoc },
      ],
      activeNode: 'alpha',
    }),
  });
}

/** Draws the engine's views at 160x45 until `ready` holds for the screen text, and saves the frame. */
async function frameWhen(h: EngineHarness, name: string, ready: (text: string) => boolean): Promise<string> {
  const ui = renderSized(<CockpitApp engine={h.engine} />, 160, 45);
  try {
    for (let i = 0; i < 200; i++) {
      await settle(50);
      const text = ui.screen().join('\n');
      if (ready(text)) {
        writeFileSync(`${FRAMES}/row-hints-${name}-160x45.txt`, `${text}\n`);
        return text;
      }
    }
    throw new Error(`${name}: not drawn as expected; last frame:\n${ui.screen().join('\n')}`);
  } finally {
    ui.unmount();
  }
}

describe('cockpit-tui: rows that say what to do (devnet with faults)', { timeout: 90_000 }, () => {
  it('S1 Health: a remedy under each Warn or Fail gate', async () => {
    const h = await harness(false);
    try {
      await h.waitForView((v) => v.screen.id === 'health' && v.screen.status === 'ready', { timeoutMs: 20_000 });
      const text = await frameWhen(h, 'health', (t) => /stamp TTL/.test(t) && /↳ do: top up the batch/.test(t));
      const rows = text.split('\n');
      // The hint line sits right under its gate's row.
      const peers = rows.findIndex((row) => /peer count\s+(Warn|Fail)/.test(row));
      expect(peers).toBeGreaterThan(0);
      expect(rows[peers + 1]).toMatch(/↳ do: check that Bee’s P2P port is reachable/);
      const ttl = rows.findIndex((row) => /stamp TTL\s+Warn/.test(row));
      expect(rows[ttl + 1]).toMatch(/↳ do: top up the batch: --once topup-preview/);
      // A passing gate has no hint under it.
      const api = rows.findIndex((row) => /API reachable\s+Pass/.test(row));
      expect(rows[api + 1]).not.toMatch(/↳/);
    } finally {
      await h.stop();
    }
  });

  it('S15 Fleet: ★ on the default node, the gate behind each warn or fail, the ad-hoc node named once', async () => {
    const h = await harness(false);
    try {
      h.key('5', { alt: true });
      await h.waitForView((v) => v.screen.id === 'fleet' && v.screen.sections.some((s) => s.kind === 'table' && s.rows.every((r) => r.tone === 'warn' || r.tone === 'fail')), { timeoutMs: 20_000 });
      const adHoc = devnet.nodes[1]!.url;
      const text = await frameWhen(h, 'fleet', (t) => /●★\s+alpha/.test(t) && t.includes(adHoc));
      const rows = text.split('\n');
      const alpha = rows.findIndex((row) => /●★\s+alpha/.test(row));
      expect(rows[alpha + 1]).toMatch(/↳ (peer count|stamp TTL) (Warn|Fail): /);
      // The node answering 500: API reachable is the gate behind it, and it is named once (the URL column says —).
      const other = rows.findIndex((row) => row.includes(adHoc));
      expect(rows[other]!.split(adHoc)).toHaveLength(2);
      expect(rows[other]).toMatch(/—/);
      expect(text).toMatch(/↳ API reachable Fail: the API answers, but not as Bee should/);
    } finally {
      await h.stop();
    }
  });

  it('S15 under --ascii: * marks the default node, @ the active one', async () => {
    const h = await harness(true);
    try {
      h.key('5', { alt: true });
      await h.waitForView((v) => v.screen.id === 'fleet' && v.screen.status === 'ready', { timeoutMs: 20_000 });
      const text = await frameWhen(h, 'fleet-ascii', (t) => /@\*\s+alpha/.test(t) && /-> /.test(t));
      expect(text).not.toMatch(/[★●↳]/);
    } finally {
      await h.stop();
    }
  });

  it('S2 Stamps: volumes, mutability, the fill bar, the top-up hint and the selected batch whole', async () => {
    const h = await harness(false);
    try {
      h.key('2', { alt: true });
      await h.waitForView((v) => v.screen.id === 'stamps' && v.screen.status === 'ready', { timeoutMs: 20_000 });
      const batch = devnet.nodes[0]!.batchId!;
      const text = await frameWhen(h, 'stamps', (t) => t.includes(batch) && /prices 30 d more/.test(t));
      expect(text).toMatch(/Volume\s+Effective\s+Type\s+Bucket fill/);
      expect(text).toMatch(/(im)?mutable\s+[█░]{10}/);
      // The selected (first) batch's hint line: its full ID, then the top-up (TTL under a day: devnet's expiringStamp).
      // (The hint wraps where the side pane narrows the table, S2's worst-batch TTL trend beside it: the words of
      // the wrapped part are apart by spaces and the pane separator.)
      const gap = '[\\s│|]+';
      expect(text).toMatch(new RegExp(`↳ selected batch ${batch} · TTL \\d+ h( \\d+ min)?,${gap}${['under', 'a', 'day:', 'top', 'up', 'within', 'the', 'day;'].join(gap)}`));
      // Wrapped, not cut: the rest of the hint goes on under it.
      expect(text).toMatch(/--once\s+extend-preview\s+[0-9a-f]{8}\s+30d\s+prices\s+30 d more/);
    } finally {
      await h.stop();
    }
  });
});
