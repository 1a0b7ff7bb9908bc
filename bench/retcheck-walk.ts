#!/usr/bin/env node
/**
 * Benchmark: retcheck's per-chunk walk against a bare undici loop making the same requests, and against the
 * probe loop of the original Rust checker (crate bee-check 0.6.0, its `drill_down`) when cargo is present.
 *
 * A 3-node devnet runs in a child process (so its CPU and memory are not counted against the client). The
 * content is a /bzz collection of single-chunk files (about 950 chunks with the manifest nodes: a manifest node
 * per file, as Bee writes them), so the walk parses manifests as well as fetching chunks. Then:
 *   (a) the chunk-walk machine with the Node actors (undici node client), 3 vantages, concurrency 8;
 *   (b) a bare undici loop issuing the same GET /chunks/{address} requests with the same concurrency;
 *   (c) bee-check 0.6.0's probe loop (bench/bee-check-loop: bee-rs download_chunk under a semaphore, built with
 *       cargo into ~/.cache/node-toolkit/bee-check-loop) on the chunk list retcheck walked, the same vantages
 *       and concurrency, one round per request over stdin.
 * After WARM_UP_ROUNDS unmeasured runs each, ROUNDS rounds (default 9) run all sides back to back, rotating
 * which goes first. The headline ratios are medians of per-round ratios: the runs of a round see the same
 * load, which keeps the figures meaningful on a machine shared with other work. Also printed: the best rate
 * of each (chunk probes per second), the client CPU per probe of (a) and (b), and the peak RSS of this process.
 *
 * Usage: node dist/bench/retcheck-walk.js [--files N] [--rounds N] [--concurrency N] [--json] [--each-round] [--no-rust]
 * (--each-round prints every round's wall times and client CPU per probe, to stderr).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface, type Interface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { makeTar } from '../devnet/testing/make-tar.js';
import { Agent, request } from 'undici';
import { createActor, toPromise } from 'xstate';
import { createNodeClient } from '../actors/node-client/index.js';
import { createNodeRetcheckApi } from '../actors/retcheck/node-retcheck-api.js';
import { createChunkProber } from '../actors/retcheck/chunk-prober.js';
import { chunkWalkMachine, type WalkedChunk } from '../machines/retcheck/chunk-walk.machine.js';
import { CHUNK_WALK_CAP } from '../machines/retcheck/retcheck.machine.js';
import type { DevnetDescription } from '../devnet/describe.js';
import { answerHelp } from './lib/usage.js';

const USAGE = `Usage: npm run bench:retcheck-walk -- [--files N] [--rounds N] [--concurrency N] [--json] [--each-round] [--no-rust]

retcheck's per-chunk walk (probes per second) against a bare undici loop making the same requests, and against
the original Rust checker's probe loop (bee-check 0.6.0, built with cargo when present), on a 3-node devnet in
a child process. Headline ratios are medians of per-round ratios; also client CPU per probe and peak RSS.

  --files N         single-chunk files in the collection (default 450)
  --rounds N        measured rounds (default 9), after unmeasured warm-up runs
  --concurrency N   probes in flight (default 8)
  --each-round      every round's wall times and CPU per probe, on stderr
  --no-rust         leave out the Rust probe loop
  --json            one JSON line instead of the text
`;

/** Unmeasured runs of each side before the measured rounds (the first walk also finds the chunk list). */
const WARM_UP_ROUNDS = 6;
/** Bytes of each file: one chunk. */
const FILE_BYTES = 1000;

interface BenchOptions {
  files: number;
  rounds: number;
  concurrency: number;
  json: boolean;
  eachRound: boolean;
  rust: boolean;
}

function parseArgs(argv: string[]): BenchOptions {
  const options: BenchOptions = { files: 450, rounds: 9, concurrency: 8, json: false, eachRound: false, rust: true };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if (flag === '--json') options.json = true;
    else if (flag === '--each-round') options.eachRound = true;
    else if (flag === '--no-rust') options.rust = false;
    else if (flag === '--files' || flag === '--rounds' || flag === '--concurrency') {
      const value = Number(argv[++i]);
      if (!Number.isInteger(value) || value < 1) throw new Error(`${flag} needs a whole number >= 1`);
      options[flag.slice(2) as 'files' | 'rounds' | 'concurrency'] = value;
    } else throw new Error(`unknown option ${flag} (known: --files N --rounds N --concurrency N --json --each-round --no-rust)`);
  }
  return options;
}

/** A tar of `files` single-chunk files named 0000.bin, 0001.bin, ...: a manifest trie of fan-out 10. */
function collection(files: number): Uint8Array {
  return makeTar(Array.from({ length: files }, (_, i) => ({ path: `${String(i).padStart(4, '0')}.bin`, data: new Uint8Array(randomBytes(FILE_BYTES)) })));
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
  /** The devnet process's CPU over the same span, in microseconds (10 ms resolution). */
  serverCpuUs: number;
}

/** User + system CPU of a process in microseconds, from /proc (Linux; NaN elsewhere). */
function processCpuUs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * (1_000_000 / CLOCK_TICKS);
  } catch {
    return NaN;
  }
}
const CLOCK_TICKS = 100;
let serverPid = 0;

async function timed<T>(run: () => Promise<T>): Promise<{ value: T } & Timing> {
  const cpu = process.cpuUsage();
  const server = processCpuUs(serverPid);
  const started = performance.now();
  const value = await run();
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { value, ms, cpuUs: used.user + used.system, serverCpuUs: processCpuUs(serverPid) - server };
}

async function walkWithRetcheck(vantages: Vantage[], root: string, concurrency: number, dispatcher: Agent): Promise<WalkedChunk[]> {
  const api = createNodeRetcheckApi({ dispatcher });
  const machine = chunkWalkMachine.provide({ actors: { chunkProber: createChunkProber(api) } });
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

/** bee-check's probe loop in a child process: one round per line written, one JSON line back. */
interface RustLoop {
  readonly pid: number;
  round(): Promise<{ probes: number; found: number; ms: number }>;
  close(): void;
}

/** Builds bench/bee-check-loop with cargo (cached outside the repo), or says why not; undefined without cargo. */
function buildRustLoop(log: (line: string) => void): string | undefined {
  const cargo = spawnSync('cargo', ['--version'], { encoding: 'utf8' });
  if (cargo.status !== 0) {
    log('Rust loop: cargo not found, column skipped (install Rust to compare with bee-check 0.6.0)');
    return undefined;
  }
  const manifest = fileURLToPath(new URL('../../bench/bee-check-loop/Cargo.toml', import.meta.url));
  const targetDir = join(homedir(), '.cache', 'node-toolkit', 'bee-check-loop');
  log(`Rust loop: cargo build --release (bee-check 0.6.0; cached in ${targetDir})...`);
  const build = spawnSync('cargo', ['build', '--release', '--quiet', '--manifest-path', manifest, '--target-dir', targetDir], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (build.status !== 0) throw new Error('building bench/bee-check-loop failed (see above)');
  return join(targetDir, 'release', 'bee-check-loop');
}

async function startRustLoop(binary: string, chunks: readonly string[], concurrency: number, urls: string[]): Promise<RustLoop> {
  const list = join(mkdtempSync(join(tmpdir(), 'bee-check-loop-')), 'chunks.txt');
  writeFileSync(list, chunks.join('\n'));
  const child = spawn(binary, [String(concurrency), list, ...urls], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines: Interface = createInterface({ input: child.stdout! });
  const waiting: { resolve: (line: string) => void; reject: (error: Error) => void }[] = [];
  lines.on('line', (line) => waiting.shift()?.resolve(line));
  child.once('exit', (code) => {
    for (const w of waiting.splice(0)) w.reject(new Error(`bee-check-loop exited with ${code}`));
  });
  const next = () => new Promise<string>((resolve, reject) => waiting.push({ resolve, reject }));
  const ready = JSON.parse(await next()) as { ready?: boolean };
  if (!ready.ready) throw new Error('bee-check-loop did not start');
  return {
    pid: child.pid!,
    async round() {
      const answer = next();
      child.stdin!.write('run\n');
      return JSON.parse(await answer) as { probes: number; found: number; ms: number };
    },
    close: () => {
      child.stdin!.end();
      child.kill('SIGTERM');
    },
  };
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
  answerHelp(USAGE);
  const options = parseArgs(process.argv.slice(2));
  const { devnet, child } = await startDevnetProcess();
  serverPid = child.pid!;
  // Both sides get the same pool settings: undici's defaults plus keep-alive, one pool per origin.
  const retcheckPool = new Agent({ keepAliveTimeout: 10_000 });
  const barePool = new Agent({ keepAliveTimeout: 10_000 });
  let rust: RustLoop | undefined;
  try {
    const uploader = devnet.nodes[0]!;
    const client = createNodeClient({ baseUrl: uploader.url });
    const { reference } = await client.uploadCollection(collection(options.files), { batchId: uploader.batchId!, deferred: false, redundancyLevel: 0 });
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

    const rustBinary = options.rust ? buildRustLoop((line) => process.stderr.write(`${line}\n`)) : undefined;
    // The Rust loop gets the chunk list retcheck walked (bee-check 0.6.0's own manifest walk stops at the root:
    // see bench/bee-check-loop/src/main.rs).
    rust = rustBinary ? await startRustLoop(rustBinary, warm.map((c) => c.address), options.concurrency, vantages.map((v) => v.url)) : undefined;
    if (rust) {
      for (let i = 0; i < WARM_UP_ROUNDS; i++) {
        const warmRound = await rust.round();
        if (warmRound.probes !== pairs.length || warmRound.found !== pairs.length) {
          throw new Error(`bee-check's loop probed ${warmRound.probes} (found ${warmRound.found}), retcheck ${pairs.length}: not the same chunks`);
        }
      }
    }

    const rss = rssSampler();
    const rounds: { retcheck: Timing; bare: Timing; rustMs?: number }[] = [];
    const runRetcheck = () => timed(() => walkWithRetcheck(vantages, reference, options.concurrency, retcheckPool));
    const runBare = async () => {
      const bare = await timed(() => walkBare(pairs, options.concurrency, barePool));
      if (bare.value !== pairs.length) throw new Error(`bare loop found ${bare.value} of ${pairs.length}`);
      return bare;
    };
    const rustServerCpu: number[] = [];
    const rustClientCpu: number[] = [];
    const runRust = async () => {
      if (!rust) return undefined;
      const server = processCpuUs(serverPid);
      const client = processCpuUs(rust.pid);
      const ms = (await rust.round()).ms;
      rustServerCpu.push(processCpuUs(serverPid) - server);
      rustClientCpu.push(processCpuUs(rust.pid) - client);
      return ms;
    };
    for (let round = 0; round < options.rounds; round++) {
      // Rotate which side goes first, so none always runs on a machine state another just left.
      const order = [0, 1, 2].map((k) => (k + round) % 3);
      const got: { retcheck?: Timing; bare?: Timing; rustMs?: number } = {};
      for (const side of order) {
        if (side === 0) got.retcheck = await runRetcheck();
        else if (side === 1) got.bare = await runBare();
        else got.rustMs = await runRust();
      }
      rounds.push({ retcheck: got.retcheck!, bare: got.bare!, ...(got.rustMs === undefined ? {} : { rustMs: got.rustMs }) });
    }
    const peakRssBytes = rss.stop();
    if (options.eachRound) {
      rounds.forEach((r, i) => {
        const perProbe = (t: Timing) => `${Math.round(t.ms)} ms, ${Math.round(t.cpuUs / pairs.length)} us/probe`;
        const rustText = r.rustMs === undefined ? '' : `; rust ${Math.round(r.rustMs)} ms`;
        process.stderr.write(`round ${i + 1}: retcheck ${perProbe(r.retcheck)}; bare ${perProbe(r.bare)}${rustText}; ratio ${((r.bare.ms / r.retcheck.ms) * 100).toFixed(1)}%\n`);
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
    const rustRounds = rounds.filter((r) => r.rustMs !== undefined);
    const rustRate = rustRounds.length ? pairs.length / (Math.min(...rustRounds.map((r) => r.rustMs!)) / 1000) : undefined;
    // retcheck's rate over the Rust loop's, round by round: above 1 means retcheck probes faster.
    const vsRust = rustRounds.length ? median(rustRounds.map((r) => r.rustMs! / r.retcheck.ms)) : undefined;
    const result = {
      chunks: warm.length,
      vantages: vantages.length,
      probes: pairs.length,
      concurrency: options.concurrency,
      rounds: options.rounds,
      retcheck_probes_per_s: Math.round(retcheckRate),
      bare_undici_probes_per_s: Math.round(bareRate),
      ...(rustRate === undefined
        ? {}
        : { rust_bee_check_probes_per_s: Math.round(rustRate), retcheck_vs_rust: Number(vsRust!.toFixed(3)), rust_cpu_us_per_probe: Math.round(Math.min(...rustClientCpu) / pairs.length) }),
      ratio: Number(pairedRatio.toFixed(3)),
      best_of_each_ratio: Number((retcheckRate / bareRate).toFixed(3)),
      target_ratio: 0.85,
      retcheck_cpu_us_per_probe: Math.round(best('retcheck').cpuUs / pairs.length),
      bare_cpu_us_per_probe: Math.round(best('bare').cpuUs / pairs.length),
      // Where the time goes on the other side: the devnet's CPU per probe while each client ran.
      devnet_cpu_us_per_probe: {
        retcheck: Math.round(median(rounds.map((r) => r.retcheck.serverCpuUs)) / pairs.length),
        bare: Math.round(median(rounds.map((r) => r.bare.serverCpuUs)) / pairs.length),
        ...(rustServerCpu.length ? { rust: Math.round(median(rustServerCpu) / pairs.length) } : {}),
      },
      /** The first walk of the run, before V8 has optimised anything: what a single CLI run of this size sees. */
      retcheck_cold_probes_per_s: Math.round(pairs.length / (cold.ms / 1000)),
      peak_rss_mb: Number((peakRssBytes / 2 ** 20).toFixed(1)),
    };
    if (options.json) process.stdout.write(`${JSON.stringify(result)}\n`);
    else {
      process.stdout.write(
        [
          `retcheck per-chunk walk: ${result.chunks} chunks (a collection of ${options.files} files) x ${result.vantages} vantages = ${result.probes} probes, concurrency ${result.concurrency}, ${result.rounds} paired rounds`,
          `  retcheck (machine + node actors)  ${result.retcheck_probes_per_s} probes/s best  (client CPU ${result.retcheck_cpu_us_per_probe} us/probe)`,
          `  bare undici loop                  ${result.bare_undici_probes_per_s} probes/s best  (client CPU ${result.bare_cpu_us_per_probe} us/probe)`,
          rustRate === undefined
            ? '  Rust loop (bee-check 0.6.0)       not run (no cargo, or --no-rust)'
            : `  Rust loop (bee-check 0.6.0)       ${Math.round(rustRate)} probes/s best  (client CPU ${Math.round(Math.min(...rustClientCpu) / pairs.length)} us/probe)`,
          ...(vsRust === undefined ? [] : [`  retcheck vs Rust, median of rounds ${(vsRust * 100).toFixed(1)}% (target >= 100%) ${vsRust >= 1 ? 'OK' : 'BELOW TARGET'}`]),
          `  devnet CPU per probe (median)     retcheck ${result.devnet_cpu_us_per_probe.retcheck} us, bare ${result.devnet_cpu_us_per_probe.bare} us${result.devnet_cpu_us_per_probe.rust === undefined ? '' : `, Rust ${result.devnet_cpu_us_per_probe.rust} us`}`,
          `  ratio to the bare loop, median    ${(result.ratio * 100).toFixed(1)}% (target >= 85%) ${result.ratio >= 0.85 ? 'OK' : 'BELOW TARGET'}`,
          `  ratio, best of each               ${(result.best_of_each_ratio * 100).toFixed(1)}%`,
          `  retcheck's first (cold) walk      ${result.retcheck_cold_probes_per_s} probes/s`,
          `  peak RSS (this process)           ${result.peak_rss_mb} MB`,
          '',
        ].join('\n'),
      );
    }
  } finally {
    rust?.close();
    await Promise.all([retcheckPool.close(), barePool.close()]);
    child.kill('SIGTERM');
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`retcheck-walk bench: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
