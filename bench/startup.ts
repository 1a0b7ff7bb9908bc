#!/usr/bin/env node
/**
 * Benchmark: start-up of the bins, start to exit, against `node -e 0` (issue 12, target: under 2x).
 *
 * Each round runs `node -e 0` and the command back to back, alternating which goes first; the figure is the
 * median of the per-round ratios, so both runs of a round see the same load (this machine is shared and its
 * speed drifts within seconds). `version-check` asks a loopback server in this process that answers /health
 * as Bee does, and `price` (issue 15) one that answers /chainstate, so the figure is the bin's own cost, not a node's.
 * Both resolve the cockpit configuration (no config file here: XDG_CONFIG_HOME points at an empty directory).
 *
 * Usage: node dist/bench/startup.js [--rounds N] [--json]
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { answerHelp } from './lib/usage.js';

const USAGE = `Usage: npm run bench:startup -- [--rounds N] [--json]

Start to exit of the bins (retcheck --help, cockpit --once version-check and price, cockpit-tui --once price,
devnet --help) against \`node -e 0\`, as the median of paired rounds that alternate which runs first.
Target: under 2x.

  --rounds N   paired rounds (default 21)
  --json       one JSON line instead of the text
`;

const TARGET = 2;
/** No developer config decides a figure: the platform config path points into an empty directory. */
const NO_CONFIG = join(tmpdir(), 'bench-startup-no-config');

function parseArgs(argv: string[]): { rounds: number; json: boolean } {
  const options = { rounds: 21, json: false };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--json') options.json = true;
    else if (argv[i] === '--rounds') {
      options.rounds = Number(argv[++i]);
      if (!Number.isInteger(options.rounds) || options.rounds < 1) throw new Error('--rounds needs a whole number >= 1');
    } else throw new Error(`unknown option ${argv[i]} (known: --rounds N, --json)`);
  }
  return options;
}

/** Milliseconds from spawn to exit; rejects if the command fails in a way it should not. */
function timeRun(args: string[], expectCode = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, NO_COLOR: '1', XDG_CONFIG_HOME: NO_CONFIG } });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = performance.now() - started;
      if (code !== expectCode) reject(new Error(`${args.join(' ')} exited ${code}: ${stderr.trim()}`));
      else resolve(ms);
    });
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function main(): Promise<void> {
  answerHelp(USAGE);
  const options = parseArgs(process.argv.slice(2));
  const bin = (path: string) => fileURLToPath(new URL(path, import.meta.url));
  // Answers as Bee does: /chainstate for `price` (issue 15's start-up figure), /health for everything else.
  const health = createServer((request, response) => {
    const body = request.url?.startsWith('/chainstate')
      ? '{"chainTip":1000,"block":995,"totalAmount":"123456789","currentPrice":"24000","minimumValidityBlocks":17280}'
      : '{"status":"ok","version":"2.8.1-bench","apiVersion":"8.1.0"}';
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(body);
  });
  await new Promise<void>((resolve) => health.listen(0, '127.0.0.1', resolve));
  const node = `http://127.0.0.1:${(health.address() as AddressInfo).port}`;

  const commands: { name: string; args: string[] }[] = [
    { name: 'retcheck --help', args: [bin('../surfaces/cli/retcheck-bin.js'), '--help'] },
    { name: 'cockpit --once version-check', args: [bin('../surfaces/cli/cockpit-bin.js'), '--once', 'version-check', node] },
    { name: 'cockpit --once price', args: [bin('../surfaces/cli/cockpit-bin.js'), '--once', 'price', node] },
    { name: 'cockpit-tui --once price', args: [bin('../surfaces/cli/cockpit-tui-bin.js'), '--once', 'price', node] },
    { name: 'cockpit --once readiness --help', args: [bin('../surfaces/cli/cockpit-bin.js'), '--once', 'readiness', '--help'] },
    { name: 'devnet --help', args: [bin('../devnet/devnet-bin.js'), '--help'] },
  ];
  const results: { command: string; medianMs: number; baselineMs: number; ratio: number; met: boolean }[] = [];
  try {
    for (const command of commands) {
      // One unmeasured run each: the first reads files from disk, the rest from the page cache.
      await timeRun(['-e', '0']);
      await timeRun(command.args);
      const ratios: number[] = [];
      const times: number[] = [];
      const baselines: number[] = [];
      for (let round = 0; round < options.rounds; round++) {
        const pair = round % 2 === 0 ? [await timeRun(['-e', '0']), await timeRun(command.args)] : [await timeRun(command.args), await timeRun(['-e', '0'])].reverse();
        baselines.push(pair[0]!);
        times.push(pair[1]!);
        ratios.push(pair[1]! / pair[0]!);
      }
      const ratio = median(ratios);
      results.push({ command: command.name, medianMs: median(times), baselineMs: median(baselines), ratio, met: ratio < TARGET });
    }
  } finally {
    health.close();
  }
  if (options.json) {
    process.stdout.write(`${JSON.stringify(results)}\n`);
    return;
  }
  process.stdout.write(`start to exit, median of ${options.rounds} paired rounds against node -e 0 (target < ${TARGET}x)\n\n`);
  process.stdout.write(`${'command'.padEnd(34)} ${'ms'.padStart(6)} ${'node -e 0'.padStart(10)} ${'ratio'.padStart(6)}  met\n`);
  for (const r of results) {
    process.stdout.write(`${r.command.padEnd(34)} ${r.medianMs.toFixed(0).padStart(6)} ${r.baselineMs.toFixed(0).padStart(10)} ${`${r.ratio.toFixed(2)}x`.padStart(6)}  ${r.met ? 'yes' : 'NO'}\n`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:startup: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
