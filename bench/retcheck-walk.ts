#!/usr/bin/env node
/**
 * Benchmark: retcheck's per-chunk walk against a bare undici loop making the same requests.
 *
 * A 3-node devnet runs in a child process (so its CPU and memory are not counted against the client),
 * ~1000 chunks are uploaded non-deferred (every vantage can fetch every chunk), then:
 *   (a) the chunk-walk machine with the Node actors (undici node client), 3 vantages, concurrency 8;
 *   (b) a bare undici loop issuing the same GET /chunks/{address} requests with the same concurrency.
 * Each is run ROUNDS times (default 5), interleaved after one warm-up each; the best round of each is compared,
 * which keeps the ratio meaningful on a machine shared with other work. Prints both rates (chunk probes per
 * second), the ratio (target >= 85%), the client CPU time per probe of each, and the peak RSS of this process
 * sampled every 100 ms during the measured rounds.
 *
 * Usage: node dist/bench/retcheck-walk.js [--chunks N] [--rounds N] [--concurrency N] [--json]
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
/** Data chunks per intermediate chunk with redundancy level 0 (4096 / 32). */
const BRANCHES = 128;

interface BenchOptions {
  chunks: number;
  rounds: number;
  concurrency: number;
  json: boolean;
}

function parseArgs(argv: string[]): BenchOptions {
  const options: BenchOptions = { chunks: 1000, rounds: 5, concurrency: 8, json: false };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if (flag === '--json') options.json = true;
    else if (flag === '--chunks' || flag === '--rounds' || flag === '--concurrency') {
      const value = Number(argv[++i]);
      if (!Number.isInteger(value) || value < 1) throw new Error(`${flag} needs a whole number >= 1`);
      options[flag.slice(2) as 'chunks' | 'rounds' | 'concurrency'] = value;
    } else throw new Error(`unknown option ${flag} (known: --chunks N --rounds N --concurrency N --json)`);
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
  return toPromise(actor);
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

    const warm = await walkWithRetcheck(vantages, reference, options.concurrency, retcheckPool);
    const missing = warm.flatMap((c) => c.perVantage).filter((p) => !p?.found).length;
    if (missing > 0) throw new Error(`${missing} chunk probes missed on a healthy devnet: the comparison would be meaningless`);
    // The bare loop makes exactly the walk's requests, in the walk's order (chunk-major, vantage-minor).
    const pairs = warm.flatMap((c) => vantages.map((v) => ({ url: v.url, address: c.address })));
    await walkBare(pairs, options.concurrency, barePool);

    const rss = rssSampler();
    const best = { retcheck: { ms: Infinity, cpuUs: Infinity }, bare: { ms: Infinity, cpuUs: Infinity } };
    const keepBest = (slot: Timing, run: Timing) => {
      slot.ms = Math.min(slot.ms, run.ms);
      slot.cpuUs = Math.min(slot.cpuUs, run.cpuUs);
    };
    for (let round = 0; round < options.rounds; round++) {
      keepBest(best.retcheck, await timed(() => walkWithRetcheck(vantages, reference, options.concurrency, retcheckPool)));
      const bare = await timed(() => walkBare(pairs, options.concurrency, barePool));
      if (bare.value !== pairs.length) throw new Error(`bare loop found ${bare.value} of ${pairs.length}`);
      keepBest(best.bare, bare);
    }
    const peakRssBytes = rss.stop();

    const retcheckRate = pairs.length / (best.retcheck.ms / 1000);
    const bareRate = pairs.length / (best.bare.ms / 1000);
    const result = {
      chunks: warm.length,
      vantages: vantages.length,
      probes: pairs.length,
      concurrency: options.concurrency,
      rounds: options.rounds,
      retcheck_probes_per_s: Math.round(retcheckRate),
      bare_undici_probes_per_s: Math.round(bareRate),
      ratio: Number((retcheckRate / bareRate).toFixed(3)),
      target_ratio: 0.85,
      retcheck_cpu_us_per_probe: Math.round(best.retcheck.cpuUs / pairs.length),
      bare_cpu_us_per_probe: Math.round(best.bare.cpuUs / pairs.length),
      peak_rss_mb: Number((peakRssBytes / 2 ** 20).toFixed(1)),
    };
    if (options.json) process.stdout.write(`${JSON.stringify(result)}\n`);
    else {
      process.stdout.write(
        [
          `retcheck per-chunk walk: ${result.chunks} chunks x ${result.vantages} vantages = ${result.probes} probes, concurrency ${result.concurrency}, best of ${result.rounds} rounds`,
          `  retcheck (machine + node actors)  ${result.retcheck_probes_per_s} probes/s  (client CPU ${result.retcheck_cpu_us_per_probe} us/probe)`,
          `  bare undici loop                  ${result.bare_undici_probes_per_s} probes/s  (client CPU ${result.bare_cpu_us_per_probe} us/probe)`,
          `  ratio                             ${(result.ratio * 100).toFixed(1)}% (target >= 85%) ${result.ratio >= 0.85 ? 'OK' : 'BELOW TARGET'}`,
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
