#!/usr/bin/env node
/**
 * Benchmark: memory of the log pane under a flood. `--lines` (default 10,000,000) Bee-style lines, made
 * on the fly in 64 KiB reads (the corpus is never held), go through the splitter, the parser and the rings,
 * with a 1 MB line and binary garbage mixed in now and then. After every million lines the heap is measured
 * (after a full GC when run with --expose-gc) along with RSS. Memory must stay flat: the rings are bounded,
 * so the heap after the first million must not grow by more than `--max-growth-mb` (default 16).
 *
 * Usage: npm run build && node --expose-gc dist/bench/log-memory.js [--lines N] [--json]
 */
import { LogBook } from '../core/log/log-book.js';
import { LineSplitter } from '../core/log/line-splitter.js';
import { answerHelp } from './lib/usage.js';

const USAGE = `Usage: npm run bench:log-memory -- [--lines N] [--max-growth-mb MB] [--json]

The log pane's memory under a flood: Bee-style lines made on the fly (a 1 MB line and binary garbage mixed in)
through the splitter, the parser and the rings; heap after a full GC and RSS after every million lines. Exit
code 1 when the heap grows more than allowed after the first million.

  --lines N            lines in all (default 10,000,000)
  --max-growth-mb MB   allowed heap growth after the first million lines (default 16)
  --json               one JSON line instead of the text
`;
answerHelp(USAGE);

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}
const LINES = arg('--lines', 10_000_000);
const MAX_GROWTH_MB = arg('--max-growth-mb', 16);
const JSON_OUT = process.argv.includes('--json');
const gc = (globalThis as { gc?: () => void }).gc;

const LEVELS = ['debug', 'debug', 'debug', 'info', 'info', 'warning', 'error'];
function lineFor(i: number): string {
  if (i % 7 === 3) return `"time"="2026-11-24 14:33:20.338716" "level"="debug" "logger"="node/api" "msg"="api access" "ip"="127.0.0.1" "method"="GET" "uri"="/chunks/${i.toString(16)}" "status"=200 "size"=4104 "duration"="212.4µs"`;
  return `"time"="2026-11-24 14:33:20.338716" "level"="${LEVELS[i % LEVELS.length]}" "logger"="node/pusher" "msg"="pushed chunk" "chunk_address"="${i.toString(16).padStart(64, '0')}" "i"=${i}`;
}

const book = new LogBook();
const splitter = new LineSplitter();
const samples: Array<{ lines: number; heapMb: number; rssMb: number }> = [];
const mb = (bytes: number) => +(bytes / 1024 / 1024).toFixed(1);
const sample = (lines: number) => {
  gc?.();
  const usage = process.memoryUsage();
  samples.push({ lines, heapMb: mb(usage.heapUsed), rssMb: mb(usage.rss) });
};

const started = Date.now();
const bigLine = Buffer.alloc(1024 * 1024, 0x61);
const garbage = Buffer.from([0xff, 0xfe, 0x00, 0x1b, 0x5b, 0x33, 0x31, 0x6d, 0x0a]);
let produced = 0;
let pending: string[] = [];
let pendingBytes = 0;
while (produced < LINES) {
  const line = lineFor(produced++);
  pending.push(line);
  pendingBytes += line.length + 1;
  if (pendingBytes >= 65_536 || produced === LINES) {
    book.ingestNodeLines(splitter.push(Buffer.from(`${pending.join('\n')}\n`)));
    pending = [];
    pendingBytes = 0;
  }
  if (produced % 1_000_000 === 0) {
    // Now and then a 1 MB line and some garbage, as a broken node might write.
    book.ingestNodeLines(splitter.push(bigLine));
    book.ingestNodeLines(splitter.push(garbage));
    sample(produced);
  }
}
const seconds = (Date.now() - started) / 1000;
const afterWarmup = samples.slice(1);
const heapGrowthMb = afterWarmup.length ? +(Math.max(...afterWarmup.map((s) => s.heapMb)) - afterWarmup[0]!.heapMb).toFixed(1) : 0;
const totals = book.totals();
const counted = Object.values(totals).reduce((a, b) => a + b, 0);
const result = { lines: LINES, seconds, linesPerSecond: Math.round(LINES / seconds), heapGrowthMb, flat: heapGrowthMb <= MAX_GROWTH_MB, counted, gcExposed: gc !== undefined, samples };
if (JSON_OUT) {
  process.stdout.write(`${JSON.stringify(result)}\n`);
} else {
  process.stdout.write(`log memory: ${LINES.toLocaleString('en')} lines (with a 1 MB line and garbage every million) in ${seconds.toFixed(1)} s, ${result.linesPerSecond.toLocaleString('en')} lines/s\n`);
  process.stdout.write(`  lines     heap MB  rss MB${gc ? '' : '   (run with --expose-gc for heap after GC)'}\n`);
  for (const s of samples) process.stdout.write(`  ${String(s.lines / 1e6).padStart(4)} M  ${String(s.heapMb).padStart(8)}  ${String(s.rssMb).padStart(6)}\n`);
  process.stdout.write(`  heap growth after the first million: ${heapGrowthMb} MB (limit ${MAX_GROWTH_MB} MB): ${result.flat ? 'flat' : 'GROWING'}; lines counted by the rings: ${counted.toLocaleString('en')}\n`);
}
process.exitCode = result.flat ? 0 : 1;
