#!/usr/bin/env node
/**
 * Benchmark: the desktop cockpit's React renderer (issue 17 "Speed"), in real headless Chromium through
 * `cockpit --serve`'s server. Three figures, each against its target:
 *
 * 1. bundle       the built renderer (surfaces/desktop/renderer/dist: HTML, JS, CSS) gzipped at level 9,
 *                 what a browser downloads; target under 400 kB.
 * 2. first paint  a fresh `--serve` (config resolved, engine started) against one devnet node (the devnet in a
 *                 child process), the page opened as soon as the URL is printed, timed from the page's
 *                 navigation start to the first animation frame showing the Health screen's 11 gate rows;
 *                 --rounds rounds (default 5), each with a new server and page; target every round under 1 s.
 * 3. fleet repaint a 200-node fleet on S15 (views composed as the engine composes them, with the real S15 model;
 *                 every update gives every node a new poll) pushed through the real bridge; the page measures
 *                 each view from the message's arrival (parse, merge, React render and commit, style and
 *                 layout: `cockpit:repaint`) and to the end of the next frame (`cockpit:frame`, which includes
 *                 waiting for it); --updates updates (default 60) after 10 of warm-up; also a one-row update,
 *                 the usual poll. Target: the median all-rows repaint under 16 ms (one frame at 60 Hz).
 *
 * The machine is shared: the exit code is 1 when a target is missed, and the figures say by how much.
 * Usage: npm run bench:desktop [-- --rounds N --updates N --json]   (builds first; Chromium: CHROMIUM_PATH or
 * `chromium` on PATH, as the tests)
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { defaultRendererDir, loadRendererFiles } from '../actors/cockpit/serve/renderer-files.js';
import { startServeServer } from '../actors/cockpit/serve/serve-server.js';
import { memoryStateStore } from '../core/cockpit/interaction/config.js';
import { fleetFacts, viewFor } from '../core/cockpit/interaction/view-fixtures.js';
import { computeGates } from '../core/cockpit/gates.js';
import { fleetScreen } from '../core/cockpit/screens/fleet.js';
import type { CockpitView } from '../core/cockpit/view/view-model.js';
import type { DevnetDescription } from '../devnet/describe.js';
import { serveCockpit } from '../surfaces/desktop/serve.js';
import { median, percentile } from './lib/stats.js';
import { answerHelp } from './lib/usage.js';

const USAGE = `Usage: npm run bench:desktop -- [--rounds N] [--updates N] [--json]

The desktop cockpit's renderer in headless Chromium through \`cockpit --serve\`: the bundle gzipped (target
400 kB), first paint of the Health screen (target 1 s), and the repaint of a 200-node fleet update (target
16 ms). Chromium: CHROMIUM_PATH or \`chromium\` on PATH. Exit code 1 when a target is missed.

  --rounds N    first-paint rounds, each a new server and page (default 5)
  --updates N   fleet updates measured after 10 of warm-up (default 60)
  --json        one JSON line instead of the text
`;

const TARGETS = { bundleKb: 400, firstPaintMs: 1000, repaintMs: 16 };

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  if (i < 0) return fallback;
  const value = Number(process.argv[i + 1]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} needs a whole number >= 1`);
  return value;
}

function chromiumPath(): string {
  const found = process.env.CHROMIUM_PATH ?? (process.env.PATH ?? '').split(delimiter).map((dir) => join(dir, 'chromium')).find((path) => existsSync(path)) ?? '/usr/bin/chromium';
  if (!existsSync(found)) throw new Error(`Chromium not found at ${found}: install Debian's chromium or set CHROMIUM_PATH`);
  return found;
}

function bundleSize(dir: string): { files: { path: string; bytes: number; gzip: number }[]; gzipTotal: number } {
  const files: { path: string; bytes: number; gzip: number }[] = [];
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const path = join(at, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(html|js|css)$/.test(name)) {
        const body = readFileSync(path);
        files.push({ path: path.slice(dir.length + 1), bytes: body.length, gzip: gzipSync(body, { level: 9 }).length });
      }
    }
  };
  walk(dir);
  return { files, gzipTotal: files.reduce((sum, f) => sum + f.gzip, 0) };
}

async function startDevnetProcess(): Promise<{ url: string; stop(): void }> {
  const bin = fileURLToPath(new URL('../devnet/devnet-bin.js', import.meta.url));
  const child = spawn(process.execPath, [bin, '--nodes', '1', '--port', '0', '--json'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`devnet exited with ${code} before it was ready`)));
  });
  const devnet = JSON.parse(line) as DevnetDescription;
  return { url: devnet.nodes[0]!.url, stop: () => child.kill('SIGTERM') };
}

async function firstPaint(browser: Browser, nodeUrl: string, rounds: number): Promise<number[]> {
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const data = mkdtempSync(join(tmpdir(), 'bench-desktop-'));
    const serving = await serveCockpit({
      listen: { host: '127.0.0.1', port: 0 },
      launch: { urls: [nodeUrl] },
      env: { COCKPIT_DATA: data },
      version: 'bench',
      homedir: data,
      stateStore: memoryStateStore(),
    });
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    try {
      await page.goto(serving.url, { waitUntil: 'commit' });
      const handle = await page.waitForFunction(() => (document.querySelectorAll('[data-testid="section-gates"] tbody tr[data-key]').length === 11 ? performance.now() : 0), undefined, { polling: 'raf', timeout: 30_000 });
      times.push((await handle.jsonValue()) as number);
    } finally {
      await context.close();
      await serving.stop();
      rmSync(data, { recursive: true, force: true });
    }
  }
  return times;
}

/** A fleet view as the engine composes it, every node with a fresh poll (new ping, peers) at `tick`. */
function fleetView(names: readonly string[], tick: number, onlyRow: number | null, previous: ReturnType<typeof fleetFacts> | null): { view: CockpitView; facts: ReturnType<typeof fleetFacts> } {
  const base = previous ?? fleetFacts(names);
  const facts = base.map((node, i) => {
    if (onlyRow !== null && i !== onlyRow) return node;
    const snapshot = { ...node.snapshot!, takenAtMs: 1_700_000_000_000 + tick * 1000 + i, healthMs: 3 + ((tick * 7 + i * 13) % 40) };
    if (snapshot.status.ok) snapshot.status = { ok: true, value: { ...snapshot.status.value, connectedPeers: 40 + ((tick + i) % 60) } };
    return { ...node, snapshot, gates: computeGates(snapshot) };
  });
  const view = viewFor({ face: 'desktop', nodes: names, session: { screen: 'fleet' }, screen: fleetScreen(facts), parts: { fleet: facts } });
  return { view, facts };
}

async function fleetRepaint(browser: Browser, nodes: number, updates: number): Promise<{ all: number[]; allFrames: number[]; one: number[] }> {
  const names = Array.from({ length: nodes }, (_, i) => `node-${String(i + 1).padStart(3, '0')}`);
  let current = fleetView(names, 0, null, null);
  const listeners = new Set<(view: CockpitView) => void>();
  const engine = {
    getView: () => current.view,
    subscribe(listener: (view: CockpitView) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    send() {},
  };
  const server = await startServeServer({ listen: { host: '127.0.0.1', port: 0 }, engine, files: loadRendererFiles() });
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  const all: number[] = [];
  const allFrames: number[] = [];
  const one: number[] = [];
  try {
    await page.goto(server.url);
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid="section-nodes"] tbody tr[data-key]').length === n, nodes, { timeout: 30_000 });
    const measured = (name: string) => page.evaluate((entry) => performance.getEntriesByName(entry).map((e) => e.duration), name);
    for (let tick = 1; tick <= updates + 10; tick++) {
      const oneRow = tick % 2 === 0;
      const before = (await measured('cockpit:frame')).length;
      current = fleetView(names, tick, oneRow ? tick % nodes : null, current.facts);
      for (const listener of listeners) listener(current.view);
      await page.waitForFunction((count) => performance.getEntriesByName('cockpit:frame').length > count, before, { timeout: 10_000 });
      if (tick <= 10) continue;
      const repaint = (await measured('cockpit:repaint')).at(-1)!;
      const frame = (await measured('cockpit:frame')).at(-1)!;
      if (oneRow) one.push(repaint);
      else {
        all.push(repaint);
        allFrames.push(frame);
      }
    }
  } finally {
    await context.close();
    await server.close();
  }
  return { all, allFrames, one };
}

const round1 = (n: number) => Math.round(n * 10) / 10;

async function main(): Promise<void> {
  answerHelp(USAGE);
  const rounds = option('--rounds', 5);
  const updates = option('--updates', 60);
  const nodes = option('--nodes', 200);
  const json = process.argv.includes('--json');
  const dir = defaultRendererDir();
  if (!existsSync(join(dir, 'index.html'))) throw new Error(`${dir} has no build: npm run build:desktop`);
  const bundle = bundleSize(dir);
  const browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'] });
  const devnet = await startDevnetProcess();
  let paints: number[];
  let repaint: Awaited<ReturnType<typeof fleetRepaint>>;
  try {
    paints = await firstPaint(browser, devnet.url, rounds);
    repaint = await fleetRepaint(browser, nodes, updates);
  } finally {
    devnet.stop();
    await browser.close();
  }
  const result = {
    bundle: { gzipKb: round1(bundle.gzipTotal / 1000), files: bundle.files, targetKb: TARGETS.bundleKb },
    firstPaint: { medianMs: Math.round(median(paints)), maxMs: Math.round(Math.max(...paints)), rounds: paints.map(Math.round), targetMs: TARGETS.firstPaintMs },
    fleetRepaint: {
      nodes,
      allRows: { medianMs: round1(median(repaint.all)), p95Ms: round1(percentile(repaint.all, 95)), maxMs: round1(Math.max(...repaint.all)), updates: repaint.all.length },
      allRowsToNextFrame: { medianMs: round1(median(repaint.allFrames)), p95Ms: round1(percentile(repaint.allFrames, 95)) },
      oneRow: { medianMs: round1(median(repaint.one)), p95Ms: round1(percentile(repaint.one, 95)) },
      targetMs: TARGETS.repaintMs,
    },
  };
  const met = {
    bundle: result.bundle.gzipKb < TARGETS.bundleKb,
    firstPaint: result.firstPaint.maxMs < TARGETS.firstPaintMs,
    repaint: result.fleetRepaint.allRows.medianMs < TARGETS.repaintMs,
  };
  if (json) console.log(JSON.stringify({ ...result, met }));
  else {
    const mark = (ok: boolean) => (ok ? 'ok' : 'MISSED');
    console.log(`renderer bundle: ${result.bundle.gzipKb} kB gzip (${bundle.files.map((f) => `${f.path} ${round1(f.gzip / 1000)} kB`).join(', ')}); target < ${TARGETS.bundleKb} kB: ${mark(met.bundle)}`);
    console.log(`first paint of S1 Health (fresh --serve, devnet node): median ${result.firstPaint.medianMs} ms, max ${result.firstPaint.maxMs} ms over ${rounds} rounds; target < ${TARGETS.firstPaintMs} ms: ${mark(met.firstPaint)}`);
    const r = result.fleetRepaint;
    console.log(`${nodes}-node fleet repaint, every row new: median ${r.allRows.medianMs} ms, p95 ${r.allRows.p95Ms} ms, max ${r.allRows.maxMs} ms (to the end of the next frame: median ${r.allRowsToNextFrame.medianMs} ms); one row new: median ${r.oneRow.medianMs} ms; target median < ${TARGETS.repaintMs} ms: ${mark(met.repaint)}`);
  }
  process.exitCode = met.bundle && met.firstPaint && met.repaint ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(`bench desktop-renderer: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 2;
});
