#!/usr/bin/env node
/**
 * Benchmark: memory and CPU against hostile nodes (issue 12, "Bounded memory against any answer"; issue 24 items 1,
 * 2 and 12). Loopback servers in this process misbehave; an honest loopback node serves a 200-chunk tree. The bins
 * run as child processes, each reporting its own peak RSS (VmHWM) and CPU time at exit (lib/child-usage.ts).
 *
 * Hostile shapes, each in its own rows:
 *   - `200 MB body`: every answer a 200 MB chunked body (the original case);
 *   - answers without end (devnet/testing/hostile-streams.ts ENDLESS_SHAPES): a chunk declared fffffffffff long,
 *     a chunk-size line, a chunk extension, a trailer or a head without end, endless `100 Continue`, a body until
 *     close without end;
 *   - JSON under each endpoint's cap that costs far more once parsed (NESTED_JSON_SHAPES): nested arrays, flat
 *     empty arrays and objects, nesting inside a field.
 * For each shape:
 *   A. `retcheck <ref>` with 6 hostile vantages and the honest one (target: peak RSS under 220 MB);
 *   B. `retcheck <ref> --per-chunk` with 1 hostile vantage and the honest one (target: peak RSS under 220 MB);
 *   C. `cockpit --once readiness` against a hostile node (target: peak RSS under 150 MB).
 * Each row says whether the honest vantage's answers came through intact (A, B) or the verb ended with a verdict
 * (C), its wall time and its CPU time. Calls time out after 20 s (--timeout 20), so a bin that cannot stop a shape
 * shows it as 20 s or more of wall time and the CPU it burnt meanwhile.
 *
 * Usage: node dist/bench/hostile-memory.js [--bins <dist dir>] [--only <text>] [--json]
 * (--bins runs the bins of another build, e.g. an older checkout's dist, for a before/after comparison; --only
 * keeps the shapes whose name contains the text.)
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { bytesToHex } from '../core/swarm/bytes.js';
import { CHUNK_SIZE } from '../core/swarm/chunk.js';
import { splitIntoChunks } from '../core/swarm/chunk-tree.js';
import { jsonLimitFor } from '../actors/node-client/body-limits.js';
import { startChunkServer, startHugeBodyServer } from '../devnet/testing/hostile-node.js';
import { ENDLESS_SHAPES, NESTED_JSON_SHAPES, startEndlessServer, startNestedJsonServer, type EndlessShapeName, type NestedJsonShapeName } from '../devnet/testing/hostile-streams.js';
import { parseBinsOptions } from './lib/bins-options.js';
import { ownPeakRssMb, runMeasured, type MeasuredRun } from './lib/child-usage.js';
import { answerHelp } from './lib/usage.js';

const USAGE = `Usage: npm run bench:hostile-memory -- [--bins DIST_DIR] [--only TEXT] [--json]

Peak RSS, wall and CPU time of the bins against loopback nodes that misbehave: 200 MB bodies, answers without
end (a chunk, a chunk-size line, an extension, a trailer or a head without end, endless 100 Continue, a body
until close), and JSON under each endpoint's cap that costs far more once parsed. Per shape: retcheck with 6
hostile vantages, retcheck --per-chunk with one, and cockpit --once readiness; each row says whether the honest
answers came through intact. Calls time out after 20 s.

  --bins DIR    run the bins of another build (an older checkout's dist/) for a before/after comparison
  --only TEXT   only the shapes whose name contains TEXT
  --json        one JSON line instead of the text
`;

const HUGE = 200 * 1024 * 1024;
const TARGETS = { retcheckMb: 220, readinessMb: 150 };
const TIMEOUT_S = '20';
const CHILD_ENV = { ...process.env, NO_COLOR: '1' };

/** A hostile node of one shape: its URL and how to stop it. */
interface Hostile {
  readonly url: string;
  close(): Promise<void>;
}

type Shape = { readonly name: string; readonly start: () => Promise<Hostile> };

function shapes(): Shape[] {
  const endless = (Object.keys(ENDLESS_SHAPES) as EndlessShapeName[]).map((name) => ({ name, start: () => startEndlessServer(ENDLESS_SHAPES[name]) }));
  // Each JSON answer just under its endpoint's cap (the chunk endpoint gets the shape too: it is no JSON).
  const capOf = (path: string) => jsonLimitFor(path.startsWith('/topology') ? '/topology' : path.startsWith('/stewardship/') ? '/stewardship/{ref}' : path.split('?')[0]!) - 64;
  const nested = (Object.keys(NESTED_JSON_SHAPES) as NestedJsonShapeName[]).map((name) => ({ name: `JSON: ${name}`, start: () => startNestedJsonServer(name, capOf) }));
  return [{ name: '200 MB body', start: () => startHugeBodyServer(HUGE) }, ...endless, ...nested];
}

/** One row of the bench (its --json prints an array of these). */
export interface Row {
  shape: string;
  scenario: string;
  seconds: number;
  cpuSeconds: number;
  peakRssMb: number;
  target: string;
  met: boolean;
  intact: boolean;
}

async function main(): Promise<void> {
  answerHelp(USAGE);
  const options = parseBinsOptions(process.argv.slice(2), { takesOnly: true });
  const retcheck = join(options.bins, 'surfaces/cli/retcheck-bin.js');
  const cockpit = join(options.bins, 'surfaces/cli/cockpit-bin.js');
  const { reference, chunks } = splitIntoChunks(new Uint8Array(randomBytes(200 * CHUNK_SIZE)));
  const root = bytesToHex(reference);
  const honest = await startChunkServer(new Map(chunks.map((c) => [bytesToHex(c.address), c.data])));
  const rows: Row[] = [];
  try {
    for (const shape of shapes().filter((s) => s.name.includes(options.only))) {
      const hostile = await Promise.all(Array.from({ length: 6 }, () => shape.start()));
      try {
        const six = hostile.flatMap((s) => ['-b', s.url]);
        const a = await runMeasured([retcheck, root, ...six, '-b', honest.url, '--no-gateway', '--output', 'json', '--timeout', TIMEOUT_S], CHILD_ENV);
        const aReport = safeJson(a.stdout);
        rows.push({ shape: shape.name, scenario: 'A. retcheck, 6 hostile + 1 honest', ...figures(a), target: `< ${TARGETS.retcheckMb} MB`, met: a.peakRssMb < TARGETS.retcheckMb, intact: aReport?.vantages?.find((v) => v.node_url === honest.url)?.retrievable === true });
        const b = await runMeasured([retcheck, root, '-b', hostile[0]!.url, '-b', honest.url, '--no-gateway', '--per-chunk', '--output', 'json', '--timeout', TIMEOUT_S], CHILD_ENV);
        const bReport = safeJson(b.stdout);
        rows.push({ shape: shape.name, scenario: 'B. retcheck --per-chunk, 1 hostile + 1 honest', ...figures(b), target: `< ${TARGETS.retcheckMb} MB`, met: b.peakRssMb < TARGETS.retcheckMb, intact: bReport?.chunk_stats?.per_vantage?.[honest.url]?.found === chunks.length });
        const c = await runMeasured([cockpit, '--once', 'readiness', hostile[1]!.url, '--json', '--timeout', TIMEOUT_S], CHILD_ENV);
        rows.push({ shape: shape.name, scenario: 'C. cockpit --once readiness', ...figures(c), target: `< ${TARGETS.readinessMb} MB`, met: c.peakRssMb < TARGETS.readinessMb, intact: c.code === 2 || c.code === 1 });
      } finally {
        await Promise.all(hostile.map((s) => s.close()));
      }
    }
  } finally {
    await honest.close();
  }

  if (options.json) {
    process.stdout.write(`${JSON.stringify(rows)}\n`);
    return;
  }
  process.stdout.write(`hostile nodes against the bins from ${options.bins} (calls time out after ${TIMEOUT_S} s)\n\n`);
  process.stdout.write(`${'shape'.padEnd(30)} ${'scenario'.padEnd(44)} ${'wall s'.padStart(7)} ${'cpu s'.padStart(6)} ${'peak MB'.padStart(8)}  target     met  intact\n`);
  for (const r of rows) {
    process.stdout.write(`${r.shape.padEnd(30)} ${r.scenario.padEnd(44)} ${r.seconds.toFixed(1).padStart(7)} ${r.cpuSeconds.toFixed(1).padStart(6)} ${r.peakRssMb.toFixed(0).padStart(8)}  ${r.target.padEnd(10)} ${r.met ? 'yes' : 'NO '}  ${r.intact ? 'yes' : 'NO'}\n`);
  }
  const missed = rows.filter((r) => !r.met).length;
  process.stdout.write(`\n${rows.length - missed} of ${rows.length} rows within their memory target\n`);
  // Each peak is the bin's own VmHWM; this process's (its loopback servers included) is printed to show it is apart.
  process.stdout.write(`peak MB is each bin's own (VmHWM); this bench process, servers included, peaked at ${ownPeakRssMb().toFixed(0)} MB\n`);
}

function figures(run: MeasuredRun): Pick<Row, 'seconds' | 'cpuSeconds' | 'peakRssMb'> {
  return { seconds: run.seconds, cpuSeconds: run.cpuSeconds, peakRssMb: run.peakRssMb };
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
