/**
 * `cockpit-tui`'s one-shot palette verbs as a person runs them: the real bin in a real terminal (tmux) against
 * a devnet node, each verb typed into the palette and its 8 s banner read back from the screen, and what the
 * verb did checked where it happened (the node's loggers, the uploaded content, the pins-check file, the
 * diagnostic bundle). Also `[ui] ascii_fallback = true` in the config file: the same drawing as `--ascii`.
 *
 * Every wait is on what the terminal shows (or on the node), with room for a loaded 2-core machine.
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createNodeClient } from '../../actors/node-client/index.js';
import { startDevnet, type StartedDevnet } from '../../devnet/devnet.js';
import { makeTar } from '../../devnet/testing/make-tar.js';
import { publishFeedUpdate } from '../fixtures/devnet-content.js';
import { captureScreen, cockpitHome, compileCockpitTui, palette, startCockpitTui, type CockpitHome } from './cockpit-session.js';
import type { TmuxTerminal } from './tmux.js';

/** A verb's answer: the network and the node are real, and the machine may be busy. */
const ANSWER_MS = 45_000;
const COLUMNS = 160;
const ROWS = 36;

let bin = '';
let devnet: StartedDevnet;
let home: CockpitHome;
let manifest = '';
const open: TmuxTerminal[] = [];
const homes: CockpitHome[] = [];

beforeAll(async () => {
  bin = compileCockpitTui('tui-verbs');
  devnet = await startDevnet({ nodes: 1, port: 0, mineBlocks: false, pushDelayMs: 0 });
  const node = devnet.nodes[0]!;
  const client = createNodeClient({ baseUrl: node.url });
  ({ reference: manifest } = await client.uploadCollection(makeTar([{ path: 'index.html', data: 'hi' }]), { batchId: node.batchId!, indexDocument: 'index.html', deferred: false }));
  // One pin for :pins-check to find.
  await client.uploadBytes(new TextEncoder().encode('pinned for the terminal'), { batchId: node.batchId!, pin: true, deferred: false });
  home = cockpitHome(`
[[nodes]]
name = "alpha"
url = "${node.url}"
default = true
`);
}, 180_000);

afterEach(async () => {
  await Promise.all(open.splice(0).map((terminal) => terminal.close()));
});

afterAll(async () => {
  await devnet?.stop();
  home?.cleanup();
  for (const extra of homes) extra.cleanup();
});

async function cockpit(where: CockpitHome = home): Promise<TmuxTerminal> {
  const terminal = await startCockpitTui(bin, where, [], COLUMNS, ROWS);
  open.push(terminal);
  await terminal.waitFor((rows) => /[●*] alpha/.test(rows[0] ?? '') && /^S\d+ /.test(rows[2] ?? ''), 30_000);
  return terminal;
}

/** Runs a palette line and waits for its banner: a row starting with the tone's glyph and matching `pattern`. */
async function banner(terminal: TmuxTerminal, line: string, pattern: RegExp, glyph = '✓', cursor = '█'): Promise<string> {
  await palette(terminal, line, cursor);
  const rows = await terminal.waitFor((r) => r.some((row) => row.startsWith(`${glyph} `) && pattern.test(row)), ANSWER_MS);
  return rows.find((row) => row.startsWith(`${glyph} `) && pattern.test(row))!.trimEnd();
}

/**
 * A line the palette refuses before anything runs: the reason in the red banner (and under the input, the
 * palette staying open for a fix); Esc closes the palette.
 */
async function refused(terminal: TmuxTerminal, line: string, pattern: RegExp): Promise<void> {
  await banner(terminal, line, pattern, '✗');
  await terminal.keys('Escape');
  await terminal.waitFor((r) => !r.some((row) => row.includes('│ Command')) && !r.some((row) => row.includes('█')));
}

/** The banner row is drawn in the tone's colour: SGR 32 (green) for ok, 31 (red) for fail. */
async function bannerColour(terminal: TmuxTerminal, text: string): Promise<string | undefined> {
  const row = (await terminal.styledScreen()).find((r) => r.includes(text));
  return row?.match(/\u001b\[[0-9;]*?(3[12])[0-9;]*m/)?.[1];
}

describe('cockpit-tui palette verbs in a real terminal against a devnet', { timeout: 240_000 }, () => {
  it(':cid, :feed-probe and :batch answer in green banners; wrong arguments in red', async () => {
    const terminal = await cockpit();
    const node = devnet.nodes[0]!;
    await banner(terminal, `cid ${manifest}`, /^✓ bah5/);
    expect(await bannerColour(terminal, 'bah5')).toBe('32');
    await banner(terminal, `cid ${manifest} feed`, /^✓ bah5/);
    await palette(terminal, 'cid 1234');
    await terminal.waitFor((r) => r.some((row) => row.startsWith('✗ invalid reference "1234"')), ANSWER_MS);
    expect(await bannerColour(terminal, '✗ invalid reference')).toBe('31');
    await terminal.keys('Escape');
    await terminal.waitFor((r) => !r.some((row) => row.includes('│ Command')));

    const feed = await publishFeedUpdate(node, manifest, 'tui-news');
    await banner(terminal, `feed-probe ${feed.owner} ${feed.topic}`, /latest index 0/);
    await banner(terminal, `fp ${feed.owner} ${'00'.repeat(32)}`, /feed-probe|no update|not found|404/i, '✗');
    await banner(terminal, `replicas ${manifest}`, /: root replicas /);
    // One configured node: it checks its own upload, and a one-node devnet has no peer to retrieve from.
    // The chain is not mined: block 10, round 0, which no node plays.
    await banner(terminal, 'drain-check', /safe to stop now: round 0: commit phase, the node does not play this round/);
    await banner(terminal, 'probe-upload --size 200 --deadline 2', /probe-upload [0-9a-f]{16}.{1,3}: 200 bytes through .*0 of 1 vantage/, '✗');

    await banner(terminal, 'radius-doctor', /radius-doctor: storage radius \d+, committed depth \d+: settled/);
    await banner(terminal, 'forecast', /sample-forecast: forecast sample [\d.]+ s of the 540 s sample budget/);
    await banner(terminal, 'batch buy 20', /preview only, nothing sent/);
    await banner(terminal, `batch topup ${node.batchId} 1000000000`, /preview only, nothing sent/);
    await refused(terminal, 'batch melt 1', /:batch/);
    await captureScreen(terminal, 'verbs-batch-160x36');
  });

  it(':upload stores a file the node then serves; :pss sends on a topic with an auto-picked batch', async () => {
    const terminal = await cockpit();
    const node = devnet.nodes[0]!;
    const file = join(home.dir, 'upload-me.txt');
    writeFileSync(file, 'uploaded from the terminal cockpit\n');
    const uploaded = await banner(terminal, `upload ${file}`, /\b[0-9a-f]{64}\b/);
    const reference = uploaded.match(/\b[0-9a-f]{64}\b/)![0];
    const served = await fetch(`${node.url}/bzz/${reference}`);
    expect(served.status).toBe(200);
    expect(await served.text()).toBe('uploaded from the terminal cockpit\n');
    await captureScreen(terminal, 'verbs-upload-160x36');
    await banner(terminal, 'upload /no/such/file', /upload|no such|ENOENT/i, '✗');

    const pss = await banner(terminal, 'pss cockpit-news hello', /^✓ pss: 5 bytes sent on topic "cockpit-news"/);
    expect(pss).toContain(`stamped by ${node.batchId!.slice(0, 8)}`);
    await banner(terminal, 'pss cockpit-news hello ffff', /no usable batch starts with ffff/, '✗');
  });

  it(':set-logger changes the node\'s logger until restart; a wrong verbosity is refused in red', async () => {
    const terminal = await cockpit();
    const node = devnet.nodes[0]!;
    const verbosityOf = async (name: string) => {
      const body = (await (await fetch(`${node.url}/loggers`)).json()) as { loggers: { logger: string; verbosity: string }[] };
      return body.loggers.find((l) => l.logger === name)?.verbosity;
    };
    expect(await verbosityOf('node/pusher')).toBe('info');
    await banner(terminal, 'set-logger node/pusher debug', /^✓ logger node\/pusher set to debug until the node restarts/);
    expect(await verbosityOf('node/pusher')).toBe('debug');
    await refused(terminal, 'set-logger node/pusher loud', /unknown verbosity "loud"/);
    expect(await verbosityOf('node/pusher')).toBe('debug');
  });

  it(':pins-check streams every pin to a file in the data directory; :diagnose writes a bundle', async () => {
    const fresh = cockpitHome(`
[[nodes]]
name = "alpha"
url = "${devnet.nodes[0]!.url}"
default = true
`);
    homes.push(fresh);
    const terminal = await cockpit(fresh);
    const pins = ((await (await fetch(`${devnet.nodes[0]!.url}/pins`)).json()) as { references: string[] }).references.length;
    expect(pins).toBeGreaterThanOrEqual(1);
    // A first run: the data directory does not exist yet, and the check makes it.
    const dataDir = fresh.env.COCKPIT_DATA!;
    expect(existsSync(dataDir)).toBe(false);
    await banner(terminal, 'pins-check', new RegExp(`^✓ pins-check: ${pins} pins?, 0 damaged → `));
    const files = readdirSync(dataDir).filter((name) => /^pins-check-.*\.jsonl$/.test(name));
    expect(files).toHaveLength(1);
    const lines = readFileSync(join(dataDir, files[0]!), 'utf8').trim().split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(pins);
    expect(lines.join('\n')).toMatch(/[0-9a-f]{64}/);
    await captureScreen(terminal, 'verbs-pins-check-160x36');

    // The bundle includes a 10 s profile of the node.
    const diagnosed = await banner(terminal, 'diagnose', /^✓ diagnostic bundle \(\d+ files, tokens removed\) in /);
    const dir = diagnosed.match(/ in (\/\S+)$/)?.[1];
    expect(dir).toBeDefined();
    expect(existsSync(dir!)).toBe(true);
    expect(readdirSync(dir!).length).toBeGreaterThan(0);
    rmSync(dir!, { recursive: true, force: true });
    await refused(terminal, 'diagnose now', /:diagnose: takes --pprof or nothing, not "now"/);
    // --pprof adds the node's Go profiles (the devnet answers /debug/pprof as Bee does).
    const profiled = await banner(terminal, 'diagnose --pprof', /^✓ diagnostic bundle \(\d+ files, tokens removed; with the node's CPU, heap and goroutine profiles\) in /);
    const withNode = profiled.match(/ in (\/\S+)$/)?.[1];
    expect(readdirSync(join(withNode!, 'bee-pprof')).sort()).toEqual(['README.txt', 'cpu.pb.gz', 'goroutines.txt', 'heap.pb.gz']);
    rmSync(withNode!, { recursive: true, force: true });
  });

  it('[ui] ascii_fallback = true in the config draws without box drawing, banners included', async () => {
    const ascii = cockpitHome(`
[ui]
ascii_fallback = true

[[nodes]]
name = "alpha"
url = "${devnet.nodes[0]!.url}"
default = true
`);
    homes.push(ascii);
    const terminal = await cockpit(ascii);
    await terminal.keys('C-n');
    const rows = await terminal.waitFor('Switch node');
    await captureScreen(terminal, 'picker-ascii-fallback-160x36');
    const drawn = rows.join('\n');
    expect(drawn).toContain('+---');
    expect(drawn).not.toMatch(/[─│╭╮╰╯▶●█░✓✗]/);
    await terminal.keys('Escape');
    await terminal.waitFor((r) => !r.join('\n').includes('Switch node'));
    await banner(terminal, 'batch buy 20', /preview only, nothing sent/, '+', '_');
    expect((await terminal.screen()).join('\n')).not.toMatch(/[─│╭╮╰╯▶●█░✓✗]/);
  });
});
