#!/usr/bin/env node
/**
 * Benchmark: the node client's own cost per call, on each wire it can run on, against a devnet in a child
 * process (so the node's work is not in this process's CPU time). For each operation the ts benchmark runner
 * makes (GET /stamps, HEAD /bytes, POST /chunks, pin + unpin, a 1 MB download drained, a 64 KiB range read, a
 * 1 MB upload from memory), on each wire (`node:http`: node-http-wire.ts, the client's default; `undici`: an
 * undici Agent as dispatcher; `raw`: raw-http-wire.ts with node:http behind it for what it does not do itself),
 * it prints the client's CPU µs per call (process.cpuUsage: user + system of this process) and the wall µs per
 * call, after an untimed warm-up of the same calls. The CPU figure is what a wire costs; wall adds the node.
 *
 * Usage: npm run bench:client-calls [-- --calls N] [--node URL --batch ID] [--json]
 * (N: calls per small operation, default 400; --node: a node of your own, e.g. the real Bee cluster's, instead
 * of the devnet child, with a usable batch)
 */
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Agent } from 'undici';
import { createNodeClient, type NodeClient } from '../actors/node-client/index.js';
import { createNodeHttpWire } from '../actors/node-client/node-http-wire.js';
import { createRawHttpWire } from '../actors/node-client/raw-http-wire.js';
import type { Wire } from '../actors/node-client/wire.js';
import { makeContentChunk } from '../core/swarm/chunk.js';
import { answerHelp } from './lib/usage.js';

const USAGE = `Usage: npm run bench:client-calls -- [--calls N] [--node URL --batch ID] [--json]

The node client's own cost per call on each wire (node:http, undici, raw), for every operation the ts benchmark
runner makes (GET /stamps, HEAD /bytes, POST /chunks, pin + unpin, 1 MB download, 64 KiB range, 1 MB upload),
against a devnet in a child process: CPU µs and wall µs per call, after an untimed warm-up.

  --calls N            calls per small operation (default 400, at least 10)
  --node URL --batch ID   a node of your own (the Bee cluster's, say) with a usable batch, instead of the devnet
  --json               one JSON line instead of the text
`;

const argv = process.argv.slice(2);
answerHelp(USAGE, argv);
const json = argv.includes('--json');
const callsAt = argv.indexOf('--calls');
const CALLS = callsAt >= 0 ? Number(argv[callsAt + 1]) : 400;
if (!Number.isInteger(CALLS) || CALLS < 10) {
  process.stderr.write('bench:client-calls: --calls must be a whole number ≥ 10\n');
  process.exit(1);
}
const BIG = Math.max(10, Math.floor(CALLS / 10));
const nodeAt = argv.indexOf('--node');
const batchAt = argv.indexOf('--batch');
const external = nodeAt >= 0 ? { url: argv[nodeAt + 1]!, batchId: batchAt >= 0 ? argv[batchAt + 1]! : '' } : undefined;
if (external && !/^[0-9a-f]{64}$/.test(external.batchId)) {
  process.stderr.write('bench:client-calls: --node needs --batch <64 hex> (a usable batch on that node)\n');
  process.exit(1);
}
const MB = 1_000_000;

interface Operation {
  readonly name: string;
  readonly calls: number;
  /** Untimed, once per wire: uploads the operation's target. */
  setup(node: NodeClient, batchId: string): Promise<(i: number) => Promise<unknown>>;
}

const randomBytes = (n: number, seed: number) => Uint8Array.from({ length: n }, (_, i) => (i * 31 + seed * 7919) & 255);

const OPERATIONS: readonly Operation[] = [
  { name: 'GET /stamps', calls: CALLS, setup: async (node) => () => node.stamps() },
  {
    name: 'HEAD /bytes',
    calls: CALLS,
    setup: async (node, batchId) => {
      const { reference } = await node.uploadBytes(randomBytes(10_000, 1), { batchId });
      return () => node.headBytes(reference);
    },
  },
  {
    name: 'POST /chunks (4 KiB)',
    calls: CALLS,
    setup: async (node, batchId) => {
      const chunks = Array.from({ length: 2 * CALLS }, (_, i) => makeContentChunk(randomBytes(4096, i + 2)).data);
      let next = 0;
      return () => node.uploadChunk(chunks[next++ % chunks.length]!, { batchId });
    },
  },
  {
    name: 'pin + unpin',
    calls: CALLS / 2,
    setup: async (node, batchId) => {
      const { reference } = await node.uploadBytes(randomBytes(1000, 3), { batchId });
      return async () => {
        await node.pin(reference);
        await node.unpin(reference);
      };
    },
  },
  {
    name: 'GET /bytes 1 MB, drained',
    calls: BIG,
    setup: async (node, batchId) => {
      const { reference } = await node.uploadBytes(randomBytes(MB, 4), { batchId });
      return async () => {
        const r = await node.streamBytes(reference);
        if (r.bytes !== MB) throw new Error(`drained ${r.bytes} bytes`);
      };
    },
  },
  {
    name: 'GET /bytes range 64 KiB',
    calls: CALLS / 4,
    setup: async (node, batchId) => {
      const { reference } = await node.uploadBytes(randomBytes(MB, 5), { batchId });
      return async (i) => {
        const at = (i * 65_536) % (MB - 65_536);
        const r = await node.downloadRange(reference, at, at + 65_535);
        if (r.data.length !== 65_536) throw new Error(`range read ${r.data.length} bytes`);
      };
    },
  },
  {
    name: 'POST /bytes 1 MB from memory',
    calls: BIG,
    setup: async (node, batchId) => {
      const data = randomBytes(MB, 6);
      return async (i) => {
        data[0] = i & 255;
        data[1] = i >> 8;
        await node.uploadBytes(data, { batchId });
      };
    },
  },
];

function wires(): { name: string; make: () => { wire?: Wire; dispatcher?: Agent; close(): unknown } }[] {
  return [
    { name: 'node:http', make: () => ({ close: () => undefined }) },
    {
      name: 'undici',
      make: () => {
        const dispatcher = new Agent({ connections: 16 });
        return { dispatcher, close: () => dispatcher.close() };
      },
    },
    {
      name: 'raw',
      make: () => {
        const fallback = createNodeHttpWire();
        const wire = createRawHttpWire({ fallback });
        return { wire, close: () => (wire.close(), fallback.close()) };
      },
    },
  ];
}

async function devnetNode(devnet: ReturnType<typeof spawn>): Promise<{ url: string; batchId: string }> {
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: devnet.stdout! }).once('line', resolve);
    devnet.once('exit', (code) => reject(new Error(`devnet exited with ${code} before it was ready`)));
  });
  return (JSON.parse(line) as { nodes: { url: string; batchId: string }[] }).nodes[0]!;
}

interface Row {
  operation: string;
  wire: string;
  cpu_us_per_call: number;
  wall_us_per_call: number;
}

async function main(): Promise<void> {
  const bin = fileURLToPath(new URL('../devnet/devnet-bin.js', import.meta.url));
  const devnet = external ? undefined : spawn(process.execPath, [bin, '--nodes', '1', '--port', '0', '--json'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const rows: Row[] = [];
  try {
    const { url, batchId } = external ?? (await devnetNode(devnet!));
    for (const operation of OPERATIONS) {
      for (const w of wires()) {
        const made = w.make();
        const node = createNodeClient({ baseUrl: url, ...(made.wire ? { wire: made.wire } : {}), ...(made.dispatcher ? { dispatcher: made.dispatcher } : {}) });
        try {
          const call = await operation.setup(node, batchId);
          for (let i = 0; i < Math.max(5, operation.calls / 4); i++) await call(i);
          const cpu0 = process.cpuUsage();
          const t0 = performance.now();
          for (let i = 0; i < operation.calls; i++) await call(i);
          const wallUs = (performance.now() - t0) * 1000;
          const cpu = process.cpuUsage(cpu0);
          rows.push({ operation: operation.name, wire: w.name, cpu_us_per_call: (cpu.user + cpu.system) / operation.calls, wall_us_per_call: wallUs / operation.calls });
        } finally {
          await made.close();
        }
      }
    }
  } finally {
    devnet?.kill('SIGINT');
  }
  const load = loadavg().map((l) => l.toFixed(2)).join(' ');
  if (json) {
    process.stdout.write(`${JSON.stringify({ calls: CALLS, load_average: load, rows }, null, 2)}\n`);
    return;
  }
  console.log(`node client cost per call on each wire, ${external ? external.url : 'devnet in a child process'}; load average ${load}`);
  console.log('operation                        wire        client CPU µs/call   wall µs/call');
  for (const r of rows) {
    console.log(`${r.operation.padEnd(32)} ${r.wire.padEnd(10)} ${r.cpu_us_per_call.toFixed(0).padStart(12)} ${r.wall_us_per_call.toFixed(0).padStart(14)}`);
  }
}

await main();
