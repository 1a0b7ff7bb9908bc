#!/usr/bin/env node
/**
 * Benchmark: retcheck's per-chunk walk against a bare undici loop making the same requests.
 *
 * A 3-node devnet runs in a child process (so its CPU and memory are not counted against the client),
 * ~1000 chunks are uploaded non-deferred (every vantage can fetch every chunk), then:
 *   (a) the chunk-walk machine with the Node actors (undici node client), 3 vantages, concurrency 8;
 *   (b) a bare undici loop issuing the same GET /chunks/{address} requests with the same concurrency.
 * After WARM_UP_ROUNDS unmeasured runs each, ROUNDS rounds (default 9) run both back to back, alternating which goes first. The
 * headline ratio (target >= 85%) is the median of the per-round ratios: the two runs of a round see the same
 * load, which keeps the figure meaningful on a machine shared with other work. Also prints the best rate of
 * each (chunk probes per second) and their ratio, the client CPU time per probe of each, and the peak RSS of
 * this process sampled every 100 ms during the measured rounds.
 *
 * Usage: node dist/bench/retcheck-walk.js [--chunks N] [--rounds N] [--concurrency N] [--json] [--each-round]
 * (--each-round prints every round's wall time and client CPU per probe, to stderr).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';
import { createActor, toPromise } from 'xstate';
import { createNodeClient } from '../actors/node-client/index.js';
import { createNodeRetcheckApi } from '../actors/retcheck/node-retcheck-api.js';
import { createRetcheckActors } from '../actors/retcheck/retcheck-actors.js';
import { chunkWalkMachine, type WalkedChunk } from '../machines/retcheck/chunk-walk.machine.js';
import { CHUNK_WALK_CAP } from '../machines/retcheck/retcheck.machine.js';
import type { DevnetDescription } from '../devnet/describe.js';

const CHUNK_PAYLOAD = 4096;
/** Unmeasured runs of each side before the measured rounds (the first walk also finds the chunk list). */
const WARM_UP_ROUNDS = 6;
/** Data chunks per intermediate chunk with redundancy level 0 (4096 / 32). */
const BRANCHES = 128;

interface BenchOptions {
  chunks: number;
  rounds: number;
  concurrency: number;
  json: boolean;
  eachRound: boolean;
}

function parseArgs(argv: string[]): BenchOptions {
  const options: BenchOptions = { chunks: 1000, rounds: 9, concurrency: 8, json: false, eachRound: false };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if (flag === '--json') options.json = true;
    else if (flag === '--each-round') options.eachRound = true;
    else if (flag === '--chunks' || flag === '--rounds' || flag === '--concurrency') {
      const value = Number(argv[++i]);
      if (!Number.isInteger(value) || value < 1) throw new Error(`${flag} needs a whole number >= 1`);
      options[flag.slice(2) as 'chunks' | 'rounds' | 'concurrency'] = value;
    } else throw new Error(`unknown option ${flag} (known: --chunks N --rounds N --concurrency N --json --each-round)`);
  }
  if (options.chunks > CHUNK_WALK_CAP) throw new Error(`--chunks is at most ${CHUNK_WALK_CAP} (the walk's cap)`);
  return options;
}

/** Data chunks whose file tree (data + intermediates + root) has at most `total` chunks. */
function dataChunksFor(total: number): number {
  let data = total;
  while (data > 1 && data + treeOverhead(data) > total) data--;
  return data;
}

function treeOverhead(dataChunks: number): number {
  let level = dataChunks;
  let extra = 0;
  while (level > 1) {
    level = Math.ceil(level / BRANCHES);
    extra += level;
  }
  return extra;
}

async function startDevnetProcess(): Promise<{ devnet: DevnetDescription; child: ChildProcess }> {
  const bin = fileURLToPath(new URL('../devnet/devnet-bin.js', import.meta.url));
  const child = spawn(process.execPath, [bin, '--nodes', '3', '--port', '0', '--json', '--push-delay', '100'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const firstLine = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => resolve(line));
    child.once('exit', (code) => reject(new Error(`devnet exited with ${code} before it was ready`)));
  });
  return { devnet: JSON.parse(firstLine) as DevnetDescription, child };
}

interface Vantage {
  url: string;
  overlay: string;
}

interface Timing {
  ms: number;
  /** Client CPU (user + system) in microseconds. */
  cpuUs: number;
}

async function timed<T>(run: () => Promise<T>): Promise<{ value: T } & Timing> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const value = await run();
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { value, ms, cpuUs: used.user + used.system };
}

async function walkWithRetcheck(vantages: Vantage[], root: string, concurrency: number, dispatcher: Agent): Promise<WalkedChunk[]> {
  const api = createNodeRetcheckApi({ dispatcher });
  const machine = chunkWalkMachine.provide({ actors: { chunkProber: createRetcheckActors(api).chunkProber } });
  const actor = createActor(machine, { input: { root, vantages, concurrency, cap: CHUNK_WALK_CAP, timeoutMs: 60_000 } }).start();
  return (await toPromise(actor)).chunks;
}

async function walkBare(pairs: { url: string; address: string }[], concurrency: number, dispatcher: Agent): Promise<number> {
  let next = 0;
  let found = 0;
  const worker = async (): Promise<void> => {
    while (next < pairs.length) {
      const pair = pairs[next++]!;
      const response = await request(`${pair.url}/chunks/${pair.address}`, { dispatcher });
      await response.body.arrayBuffer();
      if (response.statusCode === 200) found++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return found;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function rssSampler(): { stop(): number } {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 100);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, process.memoryUsage.rss());
    },
  };
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const { devnet, child } = await startDevnetProcess();
  // Both sides get the same pool settings: undici's defaults plus keep-alive, one pool per origin.
  const retcheckPool = new Agent({ keepAliveTimeout: 10_000 });
  const barePool = new Agent({ keepAliveTimeout: 10_000 });
  try {
    const uploader = devnet.nodes[0]!;
    const dataChunks = dataChunksFor(options.chunks);
    const client = createNodeClient({ baseUrl: uploader.url });
    const { reference } = await client.uploadBytes(randomBytes(dataChunks * CHUNK_PAYLOAD), { batchId: uploader.batchId!, deferred: false, redundancyLevel: 0 });
    const vantages = devnet.nodes.map((n) => ({ url: n.url, overlay: n.overlay }));

    const cold = await timed(() => walkWithRetcheck(vantages, reference, options.concurrency, retcheckPool));
    const warm = cold.value;
    const missing = warm.flatMap((c) => c.perVantage).filter((p) => !p?.found).length;
    if (missing > 0) throw new Error(`${missing} chunk probes missed on a healthy devnet: the comparison would be meaningless`);
    // The bare loop makes exactly the walk's requests, in the walk's order (chunk-major, vantage-minor).
    const pairs = warm.flatMap((c) => vantages.map((v) => ({ url: v.url, address: c.address })));
    // Warm-up: the walk runs far more JavaScript than the bare loop (machine, node client, chunk parsing), and
    // V8 needs a few walks to optimise it; the rounds compare both sides at their steady state.
    for (let i = 0; i < WARM_UP_ROUNDS; i++) {
      if (i > 0) await walkWithRetcheck(vantages, reference, options.concurrency, retcheckPool);
      await walkBare(pairs, options.concurrency, barePool);
    }

    const rss = rssSampler();
    const rounds: { retcheck: Timing; bare: Timing }[] = [];
    const runRetcheck = () => timed(() => walkWithRetcheck(vantages, reference, options.concurrency, retcheckPool));
    const runBare = async () => {
      const bare = await timed(() => walkBare(pairs, options.concurrency, barePool));
      if (bare.value !== pairs.length) throw new Error(`bare loop found ${bare.value} of ${pairs.length}`);
      return bare;
    };
    for (let round = 0; round < options.rounds; round++) {
      // Alternate which side goes first, so neither always runs on a pool the other just warmed.
      if (round % 2 === 0) {
        const retcheck = await runRetcheck();
        rounds.push({ retcheck, bare: await runBare() });
      } else {
        const bare = await runBare();
        rounds.push({ retcheck: await runRetcheck(), bare });
      }
    }
    const peakRssBytes = rss.stop();
    if (options.eachRound) {
      rounds.forEach((r, i) => {
        const perProbe = (t: Timing) => `${Math.round(t.ms)} ms, ${Math.round(t.cpuUs / pairs.length)} us/probe`;
        process.stderr.write(`round ${i + 1}: retcheck ${perProbe(r.retcheck)}; bare ${perProbe(r.bare)}; ratio ${((r.bare.ms / r.retcheck.ms) * 100).toFixed(1)}%\n`);
      });
    }

    const best = (side: 'retcheck' | 'bare') => ({
      ms: Math.min(...rounds.map((r) => r[side].ms)),
      cpuUs: Math.min(...rounds.map((r) => r[side].cpuUs)),
    });
    const retcheckRate = pairs.length / (best('retcheck').ms / 1000);
    const bareRate = pairs.length / (best('bare').ms / 1000);
    // The two runs of a round are seconds apart, so they see the same machine load: the median of the
    // per-round ratios is the figure that holds on a shared, noisy machine; best-of-each is printed as well.
    const pairedRatio = median(rounds.map((r) => r.bare.ms / r.retcheck.ms));
    const result = {
      chunks: warm.length,
      vantages: vantages.length,
      probes: pairs.length,
      concurrency: options.concurrency,
      rounds: options.rounds,
      retcheck_probes_per_s: Math.round(retcheckRate),
      bare_undici_probes_per_s: Math.round(bareRate),
      ratio: Number(pairedRatio.toFixed(3)),
      best_of_each_ratio: Number((retcheckRate / bareRate).toFixed(3)),
      target_ratio: 0.85,
      retcheck_cpu_us_per_probe: Math.round(best('retcheck').cpuUs / pairs.length),
      bare_cpu_us_per_probe: Math.round(best('bare').cpuUs / pairs.length),
      /** The first walk of the run, before V8 has optimised anything: what a single CLI run of this size sees. */
      retcheck_cold_probes_per_s: Math.round(pairs.length / (cold.ms / 1000)),
      peak_rss_mb: Number((peakRssBytes / 2 ** 20).toFixed(1)),
    };
    if (options.json) process.stdout.write(`${JSON.stringify(result)}\n`);
    else {
      process.stdout.write(
        [
          `retcheck per-chunk walk: ${result.chunks} chunks x ${result.vantages} vantages = ${result.probes} probes, concurrency ${result.concurrency}, ${result.rounds} paired rounds`,
          `  retcheck (machine + node actors)  ${result.retcheck_probes_per_s} probes/s best  (client CPU ${result.retcheck_cpu_us_per_probe} us/probe)`,
          `  bare undici loop                  ${result.bare_undici_probes_per_s} probes/s best  (client CPU ${result.bare_cpu_us_per_probe} us/probe)`,
          `  ratio, median of rounds           ${(result.ratio * 100).toFixed(1)}% (target >= 85%) ${result.ratio >= 0.85 ? 'OK' : 'BELOW TARGET'}`,
          `  ratio, best of each               ${(result.best_of_each_ratio * 100).toFixed(1)}%`,
          `  retcheck's first (cold) walk      ${result.retcheck_cold_probes_per_s} probes/s`,
          `  peak RSS (this process)           ${result.peak_rss_mb} MB`,
          '',
        ].join('\n'),
      );
    }
  } finally {
    await Promise.all([retcheckPool.close(), barePool.close()]);
    child.kill('SIGTERM');
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`retcheck-walk bench: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
