#!/usr/bin/env node
/**
 * Benchmark: memory and time against hostile nodes (issue 12, "Bounded memory against any answer").
 *
 * Loopback servers in this process answer every request with a 200 MB body (chunked, no Content-Length,
 * so only counting can stop it); an honest loopback node serves a 200-chunk tree. The bins run as child
 * processes, each reporting its own peak RSS (process.resourceUsage().maxRSS, printed at exit):
 *   A. `retcheck <ref>` with 6 hostile vantages and the honest one (target: peak RSS under 200 MB);
 *   B. `retcheck <ref> --per-chunk` with 1 hostile vantage and the honest one (target: well under 60 s);
 *   C. `cockpit --once readiness` against a hostile node (target: peak RSS under 150 MB).
 * Each line also says whether the honest vantage's answers came through intact.
 *
 * Usage: node dist/bench/hostile-memory.js [--bins <dist dir>] [--json]
 * (--bins runs the bins of another build, e.g. an older checkout's dist, for a before/after comparison).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bytesToHex } from '../core/swarm/bytes.js';
import { CHUNK_SIZE } from '../core/swarm/chunk.js';
import { splitIntoChunks } from '../core/swarm/chunk-tree.js';
import { startChunkServer, startHugeBodyServer } from '../devnet/testing/hostile-node.js';

const HUGE = 200 * 1024 * 1024;

interface Run {
  code: number | null;
  stdout: string;
  seconds: number;
  peakRssMb: number;
}

/** Prints the child's peak RSS on stderr as it exits; loaded before the bin with --import. */
const RSS_PROBE = `data:text/javascript,process.on('exit',()=>process.stderr.write('\\npeak-rss-kb '+process.resourceUsage().maxRSS+'\\n'))`;

function runBin(script: string, args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--import', RSS_PROBE, script, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const kb = Number(/peak-rss-kb (\d+)/.exec(stderr)?.[1] ?? NaN);
      resolve({ code, stdout, seconds: (performance.now() - started) / 1000, peakRssMb: kb / 1024 });
    });
  });
}

function parseArgs(argv: string[]): { bins: string; json: boolean } {
  let bins = fileURLToPath(new URL('..', import.meta.url));
  let json = false;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--bins') bins = argv[++i] ?? bins;
    else if (argv[i] === '--json') json = true;
    else throw new Error(`unknown option ${argv[i]} (known: --bins <dist dir>, --json)`);
  }
  return { bins, json };
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const retcheck = join(options.bins, 'surfaces/cli/retcheck-bin.js');
  const cockpit = join(options.bins, 'surfaces/cli/cockpit-bin.js');

  const { reference, chunks } = splitIntoChunks(new Uint8Array(randomBytes(200 * CHUNK_SIZE)));
  const root = bytesToHex(reference);
  const honest = await startChunkServer(new Map(chunks.map((c) => [bytesToHex(c.address), c.data])));
  const hostile = await Promise.all(Array.from({ length: 6 }, () => startHugeBodyServer(HUGE)));
  const results: Record<string, { seconds: number; peakRssMb: number; target: string; met: boolean; honestIntact: boolean }> = {};
  try {
    const six = hostile.flatMap((s) => ['-b', s.url]);
    const a = await runBin(retcheck, [root, ...six, '-b', honest.url, '--no-gateway', '--output', 'json', '--timeout', '60']);
    const aReport = safeJson(a.stdout);
    results['A. retcheck, 6 hostile vantages + 1 honest'] = {
      seconds: a.seconds,
      peakRssMb: a.peakRssMb,
      target: 'peak RSS < 200 MB',
      met: a.peakRssMb < 200,
      honestIntact: aReport?.vantages?.find((v) => v.node_url === honest.url)?.retrievable === true,
    };

    const b = await runBin(retcheck, [root, '-b', hostile[0]!.url, '-b', honest.url, '--no-gateway', '--per-chunk', '--output', 'json', '--timeout', '60']);
    const bReport = safeJson(b.stdout);
    results['B. retcheck --per-chunk, 1 hostile + 1 honest'] = {
      seconds: b.seconds,
      peakRssMb: b.peakRssMb,
      target: 'well under 60 s',
      met: b.seconds < 20,
      honestIntact: bReport?.chunk_stats?.per_vantage?.[honest.url]?.found === chunks.length,
    };

    const c = await runBin(cockpit, ['--once', 'readiness', hostile[1]!.url, '--json']);
    results['C. cockpit --once readiness, hostile node'] = {
      seconds: c.seconds,
      peakRssMb: c.peakRssMb,
      target: 'peak RSS < 150 MB',
      met: c.peakRssMb < 150,
      honestIntact: c.code === 2 || c.code === 1,
    };
  } finally {
    await Promise.all([honest.close(), ...hostile.map((s) => s.close())]);
  }

  if (options.json) {
    process.stdout.write(`${JSON.stringify(results)}\n`);
    return;
  }
  process.stdout.write(`hostile nodes send ${HUGE / 1024 / 1024} MB bodies; bins from ${options.bins}\n\n`);
  process.stdout.write(`${'scenario'.padEnd(48)} ${'wall s'.padStart(7)} ${'peak RSS MB'.padStart(12)}  target               met  honest answers intact\n`);
  for (const [name, r] of Object.entries(results)) {
    process.stdout.write(`${name.padEnd(48)} ${r.seconds.toFixed(1).padStart(7)} ${r.peakRssMb.toFixed(0).padStart(12)}  ${r.target.padEnd(20)} ${r.met ? 'yes' : 'NO '}  ${r.honestIntact ? 'yes' : 'NO'}\n`);
  }
}

interface ReportShape {
  vantages?: { node_url: string; retrievable: boolean | null }[];
  chunk_stats?: { per_vantage?: Record<string, { found: number }> };
}

function safeJson(text: string): ReportShape | undefined {
  try {
    return JSON.parse(text) as ReportShape;
  } catch {
    return undefined;
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:hostile-memory: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
