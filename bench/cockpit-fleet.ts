#!/usr/bin/env node
/**
 * Benchmark: the cockpit engine polling a fleet of 200 devnet nodes on the terminal's 10 s cycle (issue 13
 * "Speed and memory"). Targets: no poll overruns its interval, under 5 % of one core on average, under
 * 150 MB RSS.
 *
 * The devnet runs in a child process (`devnet --nodes N --port 0 --json`), so every figure is the cockpit's
 * own: this process runs the real engine (fleet pollers, alerts, the UI session and the screen actors of the
 * active node) with a subscribed face-like listener on the S15 Fleet screen, which re-composes the 200-row
 * view as polls land (at most 4 times a second from polls: FLEET_VIEW_NOTIFY_MS in actors/cockpit/engine.ts).
 *
 * Measured over --cycles intervals after every node has answered once and --warm-cycles more intervals have passed
 * (default 15, two and a half minutes): the target is an average over a cockpit that runs for hours, and for its
 * first two minutes or so V8 is still compiling the code a poll runs (TurboFan, on a helper thread: code run 20
 * times a second gets hot slowly). Sampled every 20 s at 200 nodes, the process used 6.2–6.7 % of a core in its
 * first 45 s, 5.2–5.5 % up to 150 s and 4.0–4.6 % after. The warm cycles are measured too and printed apart
 * (`warm cycles`), so the start-up cost stays in sight; --warm-cycles 0 measures from the first answers.
 *   cpu        process.cpuUsage() over the window / wall time, as % of one core
 *   rss        process RSS sampled every 500 ms: peak and at the end
 *   polls      /health calls per node in the window (one per poll), against what the cycle allows
 *   overruns   polls longer than the interval: a poll's calls run in parallel, so a poll lasts as long as
 *              its slowest call; any call slower than the interval would be an overrun
 *   latency    p50 / p95 / max of every call the cockpit made
 *
 * Usage: node --max-semi-space-size=4 --heap-growing-percent=100 --expose-gc dist/bench/cockpit-fleet.js [--nodes N] [--cycles N]
 *        [--warm-cycles N] [--interval-ms MS] [--no-subscriber] [--json]
 * (--no-subscriber: no face subscribed, so no view is composed; the difference to a normal run is the face's share)
 * (`npm run bench:cockpit-fleet`; with --expose-gc the heap figure is what is retained after a collection). The
 * 10 s cycle is the terminal cockpit's, and cockpit-tui runs with V8 flags in its shebang
 * (surfaces/cli/cockpit-tui-bin.ts): the npm script passes the same ones, so CPU and RSS are the bin's. Without
 * --max-semi-space-size=4 V8 keeps a 32 MB young generation under the polling's allocation rate (RSS about 20 MB
 * higher, CPU the same); without --heap-growing-percent=100 V8 lets the old generation grow only about 14 % past
 * what survived the last full collection, so the snapshots each cycle promotes (about 1 MB a second) set off a
 * full collection, with concurrent marking of the whole 19 MB heap, every 2 to 3 seconds (a point of CPU or more).
 * BENCH_PROFILE=<file> writes a CPU profile of the measured window, BENCH_HEAP_PROFILE=<file> a sampling
 * allocation profile of it (garbage included: what keeps V8's collector busy).
 */
import { callOutcome } from '../core/cockpit/call-outcome.js';
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { startCockpitEngine } from '../actors/cockpit/engine.js';
import { engineConfigForUrls, memoryStateStore } from '../core/cockpit/interaction/config.js';
import type { DevnetDescription } from '../devnet/describe.js';
import { answerHelp } from './lib/usage.js';
import { fleetIntervalMs, isPollingPreset, POLLING_PRESETS, type PollingPreset } from '../core/cockpit/interaction/polling-presets.js';

const USAGE = `Usage: npm run bench:cockpit-fleet -- [--nodes N] [--cycles N] [--warm-cycles N] [--interval-ms MS]
       [--no-subscriber] [--json]

The cockpit engine polling a fleet of devnet nodes (in another process) on the terminal's 10 s cycle: CPU
(target 5 % of one core), RSS (target 150 MB), the trend rings (target 10 MB), overruns (none), calls and
latency, measured after every node answered once and the warm cycles passed (printed apart).

  --nodes N          devnet nodes (default 200)
  --cycles N         measured poll intervals (default 6)
  --warm-cycles N    intervals before the window (default 15; 0 measures from the first answers)
  --interval-ms MS   the poll interval (default 10000, or the preset's)
  --polling PRESET   live, default or slow ([ui] polling): the fleet's and the screens' intervals (terminal)
  --no-subscriber    no face subscribed, so no view is composed
  --json             one JSON line instead of the text
BENCH_PROFILE=<file> writes a CPU profile of the window, BENCH_HEAP_PROFILE=<file> an allocation profile.
`;

// The trend rings: issue 28 item 3 ("less than 10 MB for 200 nodes").
const TARGETS = { cpuPercent: 5, rssMb: 150, trendRingsMb: 10 };

interface Options {
  nodes: number;
  cycles: number;
  /** Intervals run after every node answered once and before the measured window (JIT warm-up). */
  warmCycles: number;
  intervalMs: number;
  json: boolean;
  /** Run the engine with no face subscribed (no view is composed): the subscriber's share of the CPU. */
  subscriber: boolean;
  polling: PollingPreset;
}

function parseArgs(argv: string[]): Options {
  const options: Options = { nodes: 200, cycles: 6, warmCycles: 15, intervalMs: 10_000, json: false, subscriber: true, polling: 'default' };
  let intervalGiven = false;
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if (flag === '--json') options.json = true;
    else if (flag === '--polling') {
      const preset = argv[++i] ?? '';
      if (!isPollingPreset(preset)) throw new Error(`--polling needs one of ${POLLING_PRESETS.join(', ')}`);
      options.polling = preset;
    }
    else if (flag === '--no-subscriber') options.subscriber = false;
    else if (flag === '--nodes' || flag === '--cycles' || flag === '--warm-cycles' || flag === '--interval-ms') {
      const value = Number(argv[++i]);
      const least = flag === '--warm-cycles' ? 0 : 1;
      if (!Number.isInteger(value) || value < least) throw new Error(`${flag} needs a whole number >= ${least}`);
      if (flag === '--nodes') options.nodes = value;
      else if (flag === '--cycles') options.cycles = value;
      else if (flag === '--warm-cycles') options.warmCycles = value;
      else {
        options.intervalMs = value;
        intervalGiven = true;
      }
    } else throw new Error(`unknown option ${flag} (known: --nodes N, --cycles N, --warm-cycles N, --interval-ms MS, --polling PRESET, --no-subscriber, --json)`);
  }
  if (!intervalGiven) options.intervalMs = fleetIntervalMs(options.polling, 'terminal');
  return options;
}

/** CPU microseconds (process.cpuUsage) over a wall-clock window, as % of one core. */
const ofOneCore = (micros: number, wallMs: number) => (micros / 1000 / wallMs) * 100;
const percentile = (sorted: readonly number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0);

async function main(): Promise<void> {
  answerHelp(USAGE);
  const options = parseArgs(process.argv.slice(2));
  const bin = fileURLToPath(new URL('../devnet/devnet-bin.js', import.meta.url));
  const devnetProcess = spawn(process.execPath, [bin, '--nodes', String(options.nodes), '--port', '0', '--json', '--block-time', '5'], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const line = await new Promise<string>((resolve, reject) => {
      createInterface({ input: devnetProcess.stdout }).once('line', resolve);
      devnetProcess.once('exit', (code) => reject(new Error(`devnet exited with ${code} before it was ready`)));
    });
    const devnet = JSON.parse(line) as DevnetDescription;
    const urls = devnet.nodes.map((node) => node.url);
    const engine = startCockpitEngine({
      face: 'terminal',
      // Open on S15 Fleet: the face re-composes the 200-row view as polls land.
      config: engineConfigForUrls(urls, { ui: { theme: 'auto', asciiFallback: false, noColor: false, startScreen: 'fleet', polling: options.polling } }),
      stateStore: memoryStateStore(),
      fleetPollIntervalMs: options.intervalMs,
      app: { name: 'cockpit-tui', version: 'bench' },
    });
    let views = 0;
    let rows = 0;
    const off = options.subscriber
      ? engine.subscribe((view) => {
          views++;
          const table = view.screen.sections.find((s) => s.kind === 'table');
          rows = table?.kind === 'table' ? table.rows.length : 0;
        })
      : () => undefined;

    // Warm-up: every node answered once (the first polls all start together, a burst no later cycle has).
    const warmStart = performance.now();
    while (engine.fleet().some((node) => node.snapshot === null)) {
      if (performance.now() - warmStart > 120_000) throw new Error('the fleet did not answer within 2 minutes');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const warmUpMs = performance.now() - warmStart;
    const warmCpuBefore = process.cpuUsage();
    const warmWallBefore = performance.now();
    await new Promise((resolve) => setTimeout(resolve, options.warmCycles * options.intervalMs));
    const warmCpu = process.cpuUsage(warmCpuBefore);
    const warmCpuPercent = options.warmCycles ? ofOneCore(warmCpu.user + warmCpu.system, performance.now() - warmWallBefore) : null;

    const latencies: number[] = [];
    const healthCalls = new Map<string, number>();
    let failedCalls = 0;
    let cancelledCalls = 0;
    const offCalls = engine.onCall((record) => {
      // A call the cockpit cancelled itself is neither a failure of the node nor one of its latencies.
      const outcome = callOutcome(record);
      if (outcome === 'cancelled') {
        cancelledCalls++;
        return;
      }
      latencies.push(record.ms);
      if (outcome === 'failed') failedCalls++;
      if (record.template.endsWith('/health')) {
        const node = new URL(record.url).origin;
        healthCalls.set(node, (healthCalls.get(node) ?? 0) + 1);
      }
    });
    let peakRss = process.memoryUsage.rss();
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 500);
    // BENCH_PROFILE=<file>: a CPU profile of the measured window only (opens in Chrome DevTools).
    const profiler = process.env.BENCH_PROFILE ? new Session() : null;
    if (profiler) {
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.start');
    }
    // BENCH_HEAP_PROFILE=<file>: a sampling allocation profile of the measured window (what feeds the GC).
    const heapProfiler = process.env.BENCH_HEAP_PROFILE ? new Session() : null;
    if (heapProfiler) {
      heapProfiler.connect();
      await heapProfiler.post('HeapProfiler.enable');
      await heapProfiler.post('HeapProfiler.startSampling', { samplingInterval: 16384, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
    }
    const cpuBefore = process.cpuUsage();
    const wallBefore = performance.now();
    views = 0;
    await new Promise((resolve) => setTimeout(resolve, options.cycles * options.intervalMs));
    const cpu = process.cpuUsage(cpuBefore);
    const wallMs = performance.now() - wallBefore;
    clearInterval(sampler);
    if (profiler) {
      const { profile } = await profiler.post('Profiler.stop');
      writeFileSync(process.env.BENCH_PROFILE!, JSON.stringify(profile));
      profiler.disconnect();
    }
    if (heapProfiler) {
      const { profile } = await heapProfiler.post('HeapProfiler.stopSampling');
      writeFileSync(process.env.BENCH_HEAP_PROFILE!, JSON.stringify(profile));
      heapProfiler.disconnect();
    }
    offCalls();
    off();
    const endRss = process.memoryUsage.rss();
    // With --expose-gc the heap figure is what is retained, not garbage waiting for the collector.
    (globalThis as { gc?: () => void }).gc?.();
    const memory = process.memoryUsage();
    peakRss = Math.max(peakRss, endRss);
    const viewsSeen = views;
    // The trend rings are typed arrays allocated whole on a node's first poll: this is their full cost at any age.
    const trendBytes = engine.trendBytes();
    await engine.stop();

    const sorted = latencies.sort((a, b) => a - b);
    const polls = [...healthCalls.values()];
    const cpuPercent = ofOneCore(cpu.user + cpu.system, wallMs);
    const overruns = latencies.filter((ms) => ms >= options.intervalMs).length;
    const result = {
      nodes: urls.length,
      intervalMs: options.intervalMs,
      windowS: wallMs / 1000,
      warmUpS: warmUpMs / 1000,
      warmCycles: options.warmCycles,
      warmCpuPercent,
      cpuPercent,
      cpuUserPercent: ofOneCore(cpu.user, wallMs),
      cpuSystemPercent: ofOneCore(cpu.system, wallMs),
      peakRssMb: peakRss / 1024 / 1024,
      endRssMb: endRss / 1024 / 1024,
      heapUsedMb: memory.heapUsed / 1024 / 1024,
      heapTotalMb: memory.heapTotal / 1024 / 1024,
      externalMb: memory.external / 1024 / 1024,
      calls: latencies.length,
      failedCalls,
      cancelledCalls,
      pollsPerNode: { min: Math.min(...polls), max: Math.max(...polls), nodesPolled: polls.length },
      latencyMs: { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1) ?? 0 },
      overruns,
      views: viewsSeen,
      fleetRows: rows,
      trendRingsMb: trendBytes / 1024 / 1024,
      met: overruns === 0 && cpuPercent < TARGETS.cpuPercent && peakRss / 1024 / 1024 < TARGETS.rssMb && polls.length === urls.length && trendBytes / 1024 / 1024 < TARGETS.trendRingsMb,
    };
    if (options.json) {
      process.stdout.write(`${JSON.stringify(result)}\n`);
      return;
    }
    const out = (label: string, text: string) => process.stdout.write(`  ${label.padEnd(22)}${text}\n`);
    process.stdout.write(`cockpit engine, ${result.nodes} devnet nodes (another process), polled every ${options.intervalMs / 1000} s, ${result.windowS.toFixed(0)} s measured on S15\n`);
    out('warm-up', `${result.warmUpS.toFixed(1)} s until every node answered once`);
    if (result.warmCpuPercent !== null) out('warm cycles', `${result.warmCycles}, before the window: ${result.warmCpuPercent.toFixed(2)} % of one core (V8 still compiling the poll's code)`);
    out('CPU', `${result.cpuPercent.toFixed(2)} % of one core (target < ${TARGETS.cpuPercent} %): ${result.cpuUserPercent.toFixed(2)} user, ${result.cpuSystemPercent.toFixed(2)} system`);
    out('RSS', `${result.peakRssMb.toFixed(0)} MB peak, ${result.endRssMb.toFixed(0)} MB at the end (target < ${TARGETS.rssMb} MB)`);
    out('heap', `${result.heapUsedMb.toFixed(0)} MB used of ${result.heapTotalMb.toFixed(0)} MB, ${result.externalMb.toFixed(0)} MB external`);
    out('polls per node', `${result.pollsPerNode.min}..${result.pollsPerNode.max} (${result.pollsPerNode.nodesPolled}/${result.nodes} nodes)`);
    out('calls', `${result.calls}, ${result.failedCalls} failed (${result.cancelledCalls} cancelled by the cockpit, not counted); latency p50 ${result.latencyMs.p50.toFixed(1)} ms, p95 ${result.latencyMs.p95.toFixed(1)} ms, max ${result.latencyMs.max.toFixed(0)} ms`);
    out('trend rings', `${result.trendRingsMb.toFixed(2)} MB for ${result.nodes} nodes, an hour each (target < ${TARGETS.trendRingsMb} MB)`);
    out('overruns', `${result.overruns} (a poll lasts as long as its slowest call; none may reach ${options.intervalMs / 1000} s)`);
    out('views', options.subscriber ? `${result.views} composed for the subscriber (${result.fleetRows} fleet rows each)` : 'none (--no-subscriber)');
    out('targets met', result.met ? 'yes' : 'NO');
  } finally {
    devnetProcess.kill('SIGTERM');
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:cockpit-fleet: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
