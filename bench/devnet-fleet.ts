#!/usr/bin/env node
/**
 * Benchmark: a devnet of many nodes in one process, as the cockpit's fleet benchmark uses it (issue 12:
 * 200 nodes ready in under 10 s, each answering /health and /status).
 *
 * Starts `devnet --nodes N --port 0 --json` as a child process and measures: the time from spawn to its
 * JSON line (every node listening), the time for one GET /health and one GET /status on every node (all at
 * once), how many answered 200, and the devnet process's RSS (current and peak, from /proc) after that.
 *
 * Usage: node dist/bench/devnet-fleet.js [--nodes N] [--json]
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createNodeClient } from '../actors/node-client/index.js';
import type { DevnetDescription } from '../devnet/describe.js';
import { answerHelp } from './lib/usage.js';

const USAGE = `Usage: npm run bench:devnet-fleet -- [--nodes N] [--json]

A devnet of many nodes in one process: time from spawn to its JSON line, one GET /health and /status on every
node at once, how many answered, and the devnet's RSS. Target: 200 nodes ready in under 10 s.

  --nodes N   devnet nodes (default 200)
  --json      one JSON line instead of the text
`;

const TARGET_START_MS = 10_000;

function parseArgs(argv: string[]): { nodes: number; json: boolean } {
  const options = { nodes: 200, json: false };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--json') options.json = true;
    else if (argv[i] === '--nodes') {
      options.nodes = Number(argv[++i]);
      if (!Number.isInteger(options.nodes) || options.nodes < 1) throw new Error('--nodes needs a whole number >= 1');
    } else throw new Error(`unknown option ${argv[i]} (known: --nodes N, --json)`);
  }
  return options;
}

/** VmRSS and VmHWM of a process, in MB (Linux /proc). */
function memoryOf(pid: number): { rssMb: number; peakRssMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN);
  return { rssMb: kb('VmRSS') / 1024, peakRssMb: kb('VmHWM') / 1024 };
}

async function main(): Promise<void> {
  answerHelp(USAGE);
  const options = parseArgs(process.argv.slice(2));
  const bin = fileURLToPath(new URL('../devnet/devnet-bin.js', import.meta.url));
  const started = performance.now();
  const child = spawn(process.execPath, [bin, '--nodes', String(options.nodes), '--port', '0', '--json'], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const line = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout }).once('line', resolve);
      child.once('exit', (code) => reject(new Error(`devnet exited with ${code} before it was ready`)));
    });
    const startMs = performance.now() - started;
    const devnet = JSON.parse(line) as DevnetDescription;
    const askedAt = performance.now();
    const answers = await Promise.all(
      devnet.nodes.map(async (node) => {
        const client = createNodeClient({ baseUrl: node.url, timeoutMs: 30_000 });
        try {
          const [health, status] = await Promise.all([client.health(), client.status()]);
          return health.status === 'ok' && status.overlay.length === 64;
        } catch {
          return false;
        }
      }),
    );
    const pollMs = performance.now() - askedAt;
    const memory = memoryOf(child.pid!);
    const result = { nodes: devnet.nodes.length, startMs, pollMs, answering: answers.filter(Boolean).length, ...memory, met: startMs < TARGET_START_MS && answers.every(Boolean) };
    if (options.json) {
      process.stdout.write(`${JSON.stringify(result)}\n`);
      return;
    }
    process.stdout.write(`devnet --nodes ${result.nodes}: one process, one port per node\n`);
    process.stdout.write(`  start to ready        ${(result.startMs / 1000).toFixed(2)} s  (target < ${TARGET_START_MS / 1000} s)\n`);
    process.stdout.write(`  /health + /status     ${result.answering}/${result.nodes} nodes answered, ${(result.pollMs / 1000).toFixed(2)} s for all\n`);
    process.stdout.write(`  devnet RSS            ${result.rssMb.toFixed(0)} MB now, ${result.peakRssMb.toFixed(0)} MB peak\n`);
    process.stdout.write(`  target met            ${result.met ? 'yes' : 'NO'}\n`);
  } finally {
    child.kill('SIGTERM');
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:devnet-fleet: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
