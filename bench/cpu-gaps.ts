#!/usr/bin/env node
/**
 * Benchmark: why the ts runner is not first on a CPU row, measured in CPU time (process.cpuUsage: other load on
 * a shared machine changes wall time, much less CPU time). For each family of CPU rows it splits ts's cost per
 * operation into the engine's own work and what the toolkit adds around it:
 *   - keccak: the WebAssembly sponge kernel alone (absorb of 31 blocks = one 4 KiB message) against
 *     keccak256() of a 4 KiB block, and keccak256Each (two messages per permutation) on 4 KiB messages;
 *   - secp256k1: the engine's own call (the `secp256k1` package's compiled addon, called directly as the native
 *     engine calls it) against core/swarm/signer.ts's call,
 *     for sign, recover and public key; what a fresh (never read by native code) 32-byte input adds to a call;
 *     and the flags the addon was built with, read from its binding.gyp
 *     (inversions by exponentiation or not, the ecmult_gen table);
 *   - manifest lookups: per lookup in the first rounds after the index is built (what a 1 + 5 iteration row of
 *     1,000 lookups sees while V8 still tiers the code up) against the same lookups once warm;
 *   - keccak.parallel: one 4 KiB block through the pool (the fixed cost of a job: waking the workers and
 *     their replies) against one block hashed on the calling thread.
 * With `--run DIR` (a `npm run bench` result directory) it also prints every CPU row's median CPU time per
 * runner, the ratios on that basis, and each runner's geometric mean of them.
 *
 * Usage: npm run bench:cpu-gaps [-- --run DIR] [--json]
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { keccak256, keccak256Each } from '../core/swarm/keccak.js';
import { spongeBytes } from '../core/swarm/keccak-wasm/sponge.js';
import { SPONGE_EXPORTS } from '../core/swarm/keccak-wasm/layout.js';
import { createNode } from '../core/swarm/mantaray.js';
import { addPath, lookupPath } from '../core/swarm/mantaray-paths.js';
import { loadNativeAddon } from '../core/swarm/secp256k1/node-engines.js';
import { ethPersonalDigest, privateKeyToAddress, randomPrivateKey, recoverMessageSigner, signMessage, useSecp256k1Engine } from '../core/swarm/signer.js';
import { lookupPaths, manifestFiles, messages } from './lib/case-inputs.js';
import { startKeccakPool, toShared } from './lib/keccak-pool.js';
import { answerHelp } from './lib/usage.js';

const USAGE = `Usage: npm run bench:cpu-gaps -- [--run DIR] [--json]

Why the ts runner is not first on a CPU row, in CPU time: the keccak kernel alone against keccak256(), the
secp256k1 addon's own calls against the toolkit's (and the flags the addon was built with), manifest lookups
while V8 tiers up against warm, and a keccak pool job's fixed cost. With --run DIR (a npm run bench result
directory): every CPU row's median CPU time per runner, ratios and geometric means on that basis.

  --run DIR   also read DIR/<runner>.json of a bench run
  --json      one JSON object instead of the text
`;

const argv = process.argv.slice(2);
answerHelp(USAGE, argv);
const json = argv.includes('--json');
const runAt = argv.indexOf('--run');
const runDir = runAt >= 0 ? argv[runAt + 1] : undefined;
if (runAt >= 0 && (runDir === undefined || !existsSync(runDir))) {
  process.stderr.write(`bench:cpu-gaps: --run needs a bench result directory, got ${runDir ?? 'nothing'}\n`);
  process.exit(1);
}

/** CPU µs per operation of `ops` operations, best and median of `rounds` rounds (after 2 untimed ones). */
function cpuPerOp(ops: number, rounds: number, body: () => void): { best: number; median: number } {
  body();
  body();
  const per: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const c0 = process.cpuUsage();
    body();
    const c = process.cpuUsage(c0);
    per.push((c.user + c.system) / ops);
  }
  per.sort((a, b) => a - b);
  return { best: per[0]!, median: per[rounds >> 1]! };
}

const figures: Record<string, unknown> = { load_average: loadavg().map((l) => Number(l.toFixed(2))) };
const lines: string[] = [];
const us = (x: number) => `${x.toFixed(x < 1 ? 3 : 2)} µs`;

// keccak: the kernel against the call.
const block = new Uint8Array(4096).map((_, i) => (i * 131) & 0xff);
const instance = new WebAssembly.Instance(new WebAssembly.Module(spongeBytes()), {});
const absorb = instance.exports[SPONGE_EXPORTS.absorb] as (ptr: number, blocks: number) => void;
const kernel = cpuPerOp(2000, 9, () => {
  for (let i = 0; i < 2000; i++) absorb(2048, 31);
});
const call = cpuPerOp(2000, 9, () => {
  for (let i = 0; i < 2000; i++) keccak256(block);
});
const batch = Array.from({ length: 2000 }, (_, i) => block.slice().fill(i & 0xff, 0, 1));
const each = cpuPerOp(2000, 9, () => {
  keccak256Each(batch);
});
figures.keccak_4k = { kernel_us: kernel.median, keccak256_us: call.median, keccak256_each_us: each.median };
lines.push(
  `keccak256Each of 2,000 messages of 4 KiB (two per permutation on WebAssembly SIMD): ${us(each.median)} per message (best ${us(each.best)}); bulk rows hash one message and cannot pair`,
  `keccak256 of 4 KiB: kernel alone ${us(kernel.median)} (best ${us(kernel.best)}), keccak256() ${us(call.median)} (best ${us(call.best)}):`,
  `  the call adds ${(((call.median - kernel.median) / call.median) * 100).toFixed(0)} %; the rest is keccak-f[1600] as V8 compiles the WebAssembly kernel`,
);

// secp256k1: the addon's own calls against the toolkit's.
const require = createRequire(import.meta.url);
let addon: ReturnType<typeof loadNativeAddon> | undefined;
try {
  addon = loadNativeAddon();
  useSecp256k1Engine('native');
} catch (err) {
  lines.push(`secp256k1: the native addon does not load here (${(err as Error).message.split('\n')[0]}): no split measured`);
}
if (addon !== undefined) {
  const a = addon;
  const N = 500;
  const key = randomPrivateKey();
  const msgs = messages(N);
  const digests = msgs.map((m) => ethPersonalDigest(keccak256(m)));
  const sigs = msgs.map((m) => signMessage(key, m));
  const sig64 = sigs.map((s) => s.slice(0, 64));
  const keys = Array.from({ length: N }, () => randomPrivateKey());
  const box = { signature: new Uint8Array(64), recid: 0 };
  const out = new Uint8Array(65);
  const rows = {
    sign: [cpuPerOp(N, 7, () => digests.forEach((d) => a.ecdsaSign(box, d, key, undefined, undefined))), cpuPerOp(N, 7, () => msgs.forEach((m) => signMessage(key, m)))],
    recover: [
      cpuPerOp(N, 7, () => sigs.forEach((s, i) => a.ecdsaRecover(out, sig64[i]!, s[64]! - 27, digests[i]!))),
      cpuPerOp(N, 7, () => msgs.forEach((m, i) => recoverMessageSigner(sigs[i]!, m))),
    ],
    'public key': [cpuPerOp(N, 7, () => keys.forEach((k) => a.publicKeyCreate(out, k))), cpuPerOp(N, 7, () => keys.forEach((k) => privateKeyToAddress(k)))],
  };
  const split: Record<string, { addon_us: number; toolkit_us: number }> = {};
  for (const [op, [addon, toolkit]] of Object.entries(rows)) {
    split[op] = { addon_us: addon!.median, toolkit_us: toolkit!.median };
    lines.push(`secp256k1 ${op.padEnd(10)}: addon call ${us(addon!.median)}, toolkit call ${us(toolkit!.median)} (the toolkit adds ${(((toolkit!.median - addon!.median) / toolkit!.median) * 100).toFixed(0)} %: keccak, checks, copies)`);
  }
  // What a fresh <=64-byte typed array costs the addon: its bytes sit on V8's heap until native code first reads
  // them, and V8 then moves them to a store of their own (the native engine copies inputs into its own buffers).
  // Paired: 9 passes, each timing both ways back to back; the median of the per-pass differences.
  const freshDiffs: number[] = [];
  for (let pass = 0; pass < 9; pass++) {
    const read = cpuPerOp(N, 3, () => keys.forEach((k) => a.publicKeyCreate(out, k))).median;
    freshDiffs.push(cpuPerOp(N, 3, () => keys.forEach((k) => a.publicKeyCreate(out, k.slice()))).median - read);
  }
  const freshCost = freshDiffs.sort((x, y) => x - y)[4]!;
  figures.secp256k1_fresh_input_us = freshCost;
  lines.push(`secp256k1 fresh input: a public key from a just-made 32-byte key costs ${us(freshCost)} more than from one native code read before (median of 9 paired passes)`);
  const gyp = readFileSync(join(require.resolve('secp256k1/package.json'), '..', 'binding.gyp'), 'utf8');
  const flags = ['USE_FIELD_INV_BUILTIN', 'USE_SCALAR_INV_BUILTIN', 'USE_NUM_NONE', 'ECMULT_GEN_PREC_BITS=\\d+', 'ECMULT_WINDOW_SIZE=\\d+'].flatMap((f) => gyp.match(new RegExp(f)) ?? []);
  const version = (JSON.parse(readFileSync(require.resolve('secp256k1/package.json'), 'utf8')) as { version: string }).version;
  figures.secp256k1 = { split, addon_package: `secp256k1@${version}`, addon_build_flags: flags };
  lines.push(
    `  secp256k1@${version}'s addon is built with ${flags.join(', ')}: the libsecp256k1 of that release inverts by`,
    '  exponentiation (before safegcd) with the 4-bit ecmult_gen table; the rest of each call is that library',
  );
}

// Manifest lookups: the first rounds after the index is built, against warm.
const files = manifestFiles(5000);
const root = createNode();
for (const f of files) addPath(root, f.path, f.reference);
const queries = lookupPaths(files, 1000, 0.8);
const early: number[] = [];
for (let r = 0; r < 6; r++) {
  const c0 = process.cpuUsage();
  for (const q of queries) lookupPath(root, q);
  const c = process.cpuUsage(c0);
  early.push((c.user + c.system) / queries.length);
}
const warm = cpuPerOp(queries.length, 201, () => {
  for (const q of queries) lookupPath(root, q);
});
figures.manifest_lookup = { first_rounds_us: early, warm_us: warm.median };
lines.push(
  `manifest lookup (5,000 entries, 1,000 lookups a round): rounds 1-6 after the index is built ${early.map((e) => e.toFixed(3)).join(', ')} µs per lookup`,
  `  (round 1 builds the index), warm ${us(warm.median)}: a row of 1 + 5 rounds is timed while V8 still tiers the code up and collects the setup's garbage`,
);

// keccak.parallel: the fixed cost of a pool job.
const pool = await startKeccakPool('core');
const one = toShared(block);
const jobWall: number[] = [];
for (let r = 0; r < 101; r++) {
  const t0 = performance.now();
  await pool.hashBlocks(one, 4096);
  jobWall.push((performance.now() - t0) * 1000);
}
await pool.close();
jobWall.sort((a, b) => a - b);
figures.keccak_pool_job = { one_block_job_wall_us: jobWall[50], threads: pool.threads };
lines.push(`keccak pool (${pool.threads} threads): one 4 KiB block as a job ${us(jobWall[50]!)} wall (median of 101), against ${us(call.median)} on the calling thread: the fixed cost of a job`);

if (runDir !== undefined) lines.push('', ...cpuTimeTable(runDir));

if (json) process.stdout.write(`${JSON.stringify(figures, null, 2)}\n`);
else console.log([`load average ${(figures.load_average as number[]).join(' ')}`, ...lines].join('\n'));

interface RunnerCase { id: string; kind: string; param_key: string; skipped: boolean; failed: boolean; cpu_ms: number[] }

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** Every CPU row's median CPU ms per runner of a bench run, the ratio to the row's least, and the geometric means. */
function cpuTimeTable(dir: string): string[] {
  const runners = ['ts', 'rust', 'go', 'js'].filter((r) => existsSync(join(dir, `${r}.json`)));
  const rows = new Map<string, Map<string, number>>();
  for (const r of runners) {
    const cases = (JSON.parse(readFileSync(join(dir, `${r}.json`), 'utf8')) as { cases: RunnerCase[] }).cases;
    for (const c of cases) {
      if (c.kind !== 'cpu' || c.skipped || c.failed || c.cpu_ms.length === 0) continue;
      const key = `${c.id} [${c.param_key}]`;
      if (!rows.has(key)) rows.set(key, new Map());
      rows.get(key)!.set(r, median(c.cpu_ms));
    }
  }
  const logs = new Map(runners.map((r) => [r, [] as number[]]));
  const out = [`CPU time per row (median ms of the timed iterations, all threads), ${dir}:`];
  for (const [key, byRunner] of rows) {
    const least = Math.min(...byRunner.values());
    const cells = runners.filter((r) => byRunner.has(r)).map((r) => {
      const ratio = byRunner.get(r)! / least;
      logs.get(r)!.push(Math.log(ratio));
      return `${r} ${byRunner.get(r)!.toFixed(2)} (${ratio.toFixed(2)}x)`;
    });
    out.push(`  ${key}: ${cells.join(', ')}`);
  }
  const geo = runners.map((r) => {
    const l = logs.get(r)!;
    return `${r} ${Math.exp(l.reduce((a, b) => a + b, 0) / Math.max(1, l.length)).toFixed(2)}x`;
  });
  out.push(`CPU-time geometric mean over these rows: ${geo.join(', ')} (keccak.parallel counts all threads' CPU, not the wall the report ranks it by)`);
  return out;
}
