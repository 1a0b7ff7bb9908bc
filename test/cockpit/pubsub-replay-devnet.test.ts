/**
 * `:pubsub-replay` (issue 29.7) end to end: a PSS history recorded by S14 from a devnet node whose socket went
 * away for a while (the devnet's `down` fault: a gap in the history), replayed into S14 at the original pace
 * (the gap is kept), faster (`--speed max`), through the engine's palette; and bad files refused with the file,
 * the line and what is wrong, before any message is shown.
 */
import { appendFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { pubsubScreenActors } from '../../actors/cockpit/screens/pubsub.js';
import { pssTarget } from '../../core/cockpit/pubsub.js';
import { startDevnet, type StartedDevnet } from '../../devnet/devnet.js';
import { pubsubScreenMachine, selectPubsubContent, type PubsubScreenSnapshot } from '../../machines/cockpit/screens/pubsub.machine.js';
import type { CockpitView, TableSection } from '../../core/cockpit/view/view-model.js';
import { startEngineHarness } from './engine-harness.js';

let devnet: StartedDevnet;
let dir: string;
let recorded: string;
/** The gap between the two recorded messages, from the history's own times. */
let gapMs: number;

function screen(historyFile?: string) {
  const actors = pubsubScreenActors({ connection: () => ({ baseUrl: devnet.nodes[1]!.url }), history: historyFile ? { historyFile, rotateSizeMb: 1, keepFiles: 1 } : null });
  return createActor(pubsubScreenMachine.provide({ actors }), { input: {} }).start();
}

async function sendPss(topicHex: string, body: string): Promise<void> {
  const res = await fetch(`${devnet.nodes[0]!.url}/pss/send/${topicHex}/${devnet.nodes[1]!.overlay.slice(0, 4)}`, { method: 'POST', body, headers: { 'swarm-postage-batch-id': devnet.nodes[0]!.batchId! } });
  expect(res.status).toBe(201);
}

const texts = (s: PubsubScreenSnapshot) => s.context.messages.map((m) => m.text);

beforeAll(async () => {
  devnet = await startDevnet({ nodes: 2, port: 0, mineBlocks: false, pushDelayMs: 0, seed: 'pubsub-replay' });
  dir = await mkdtemp(join(tmpdir(), 'pubsub-replay-'));
  recorded = join(dir, 'recorded.jsonl');
  const topic = pssTarget('replay news').target;
  const actor = screen(recorded);
  actor.send({ type: 'screen.submit', section: 'subscribe', values: { mode: 'PSS', topic: 'replay news' } });
  await waitFor(actor, (s) => s.matches({ subscribed: { connected: 'open' } }), { timeout: 10_000 });
  await sendPss(topic, 'before the outage');
  await waitFor(actor, (s) => s.context.messages.length === 1, { timeout: 10_000 });
  // The fault: node 1 goes away (its socket closes), comes back, and the subscription reconnects.
  await devnet.control.node(1).setFault({ down: true });
  await waitFor(actor, (s) => s.matches({ subscribed: 'reconnecting' }), { timeout: 10_000 });
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  await devnet.control.node(1).heal();
  await waitFor(actor, (s) => s.matches({ subscribed: { connected: 'open' } }), { timeout: 20_000 });
  await sendPss(topic, 'after the outage');
  await waitFor(actor, (s) => s.context.messages.length === 2, { timeout: 10_000 });
  actor.stop();
  for (let i = 0; i < 100 && (await readFile(recorded, 'utf8').catch(() => '')).trim().split('\n').length < 2; i++) await new Promise((r) => setTimeout(r, 20));
  const times = (await readFile(recorded, 'utf8')).trim().split('\n').map((line) => Date.parse((JSON.parse(line) as { time: string }).time));
  gapMs = times[1]! - times[0]!;
}, 60_000);

afterAll(async () => {
  await devnet?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe(':pubsub-replay', () => {
  it('plays a recorded history at its original pace: the outage’s gap is kept', async () => {
    expect(gapMs).toBeGreaterThan(1_500);
    const actor = screen();
    const started = Date.now();
    actor.send({ type: 'screen.command', verb: 'pubsub-replay', args: [recorded, '1'] });
    await waitFor(actor, (s) => s.context.messages.length === 1, { timeout: 5_000 });
    const first = Date.now();
    const done = await waitFor(actor, (s) => s.matches({ replaying: 'finished' }), { timeout: gapMs + 10_000 });
    expect(Date.now() - first).toBeGreaterThanOrEqual(gapMs - 50);
    expect(texts(done)).toEqual(['before the outage', 'after the outage']);
    // The original times are shown, not the replay's.
    expect(done.context.messages.map((m) => m.receivedAtMs)[1]! - done.context.messages[0]!.receivedAtMs).toBe(gapMs);
    expect(selectPubsubContent(done).subtitle).toBe(`replay of ${recorded} (original pace): replayed 2 of 2`);
    expect(first - started).toBeLessThan(2_000);
    actor.stop();
  });

  it('--speed 4 takes a quarter of the gap; Unsubscribe stops a replay', async () => {
    const actor = screen();
    actor.send({ type: 'screen.command', verb: 'pubsub-replay', args: [recorded, '4'] });
    await waitFor(actor, (s) => s.context.messages.length === 1, { timeout: 5_000 });
    const first = Date.now();
    await waitFor(actor, (s) => s.matches({ replaying: 'finished' }), { timeout: 10_000 });
    const took = Date.now() - first;
    expect(took).toBeGreaterThanOrEqual(gapMs / 4 - 50);
    expect(took).toBeLessThan(gapMs);
    actor.send({ type: 'screen.command', verb: 'pubsub-replay', args: [recorded, '1'] });
    await waitFor(actor, (s) => s.context.messages.length === 1, { timeout: 5_000 });
    actor.send({ type: 'screen.action', id: 'unsubscribe' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    actor.stop();
  });

  it('a bad file is refused with its line and why, before anything is shown', async () => {
    const bad = join(dir, 'bad.jsonl');
    await writeFile(bad, await readFile(recorded, 'utf8'));
    await appendFile(bad, '{"time":"2026-11-29T00:00:00Z","mode":"pss","target":"zz","size":1,"hex":"41"}\n');
    const cases: [string, RegExp][] = [
      [bad, new RegExp(`^${bad}:3: "target" is not 64 hex characters: not a pubsub history line$`)],
      [join(dir, 'missing.jsonl'), /missing\.jsonl: no such file$/],
      [dir, /is not a file \(a pubsub history is a JSONL file, one message per line\)$/],
    ];
    const empty = join(dir, 'empty.jsonl');
    await writeFile(empty, '\n');
    cases.push([empty, /empty\.jsonl: no messages \(an empty history\)$/]);
    for (const [file, why] of cases) {
      const actor = screen();
      actor.send({ type: 'screen.command', verb: 'pubsub-replay', args: [file, 'max'] });
      const failed = await waitFor(actor, (s) => s.matches('idle'), { timeout: 5_000 });
      expect(failed.context.messages).toEqual([]);
      expect(failed.context.lastError).toMatch(/^replay failed: /);
      expect(selectPubsubContent(failed).banner?.text.replace(/^:pubsub-replay: /, '')).toMatch(why);
      expect(selectPubsubContent(failed).banner?.tone).toBe('fail');
      actor.stop();
    }
  });

  it('through the palette: opens S14 and plays the file (--speed max); a bad speed is refused in the palette', async () => {
    const h = await startEngineHarness({ devnet, face: 'terminal' });
    try {
      h.key(':');
      h.type(`pubsub-replay ${recorded} --speed max`);
      h.key('Enter');
      const view = await h.waitForView((v: CockpitView) => v.screen.id === 'pubsub' && (v.screen.sections.find((s): s is TableSection => s.id === 'messages')?.rows.length ?? 0) === 2, { what: 'two replayed rows' });
      expect(view.screen.sections.find((s): s is TableSection => s.id === 'messages')!.rows.map((r) => r.cells[2]!.text)).toEqual(['after the outage', 'before the outage']);
      const banner = await h.waitForView((v) => v.banner?.text.startsWith('replayed 2 messages') === true, { what: 'the finished banner' });
      expect(banner.banner?.text).toBe(`replayed 2 messages from ${recorded}`);
      h.key(':');
      h.type(`pubsub-replay ${recorded} --speed fast`);
      h.key('Enter');
      const refused = await h.waitForView((v) => v.banner?.tone === 'fail', { what: 'a refused speed' });
      expect(refused.banner?.text).toMatch(/^:pubsub-replay: --speed: expected a number above 0 .* or max, not "fast"$/);
    } finally {
      await h.stop();
    }
  }, 60_000);
});
