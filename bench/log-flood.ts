#!/usr/bin/env node
/**
 * Bench support: a node log gone wild. Writes Bee-shaped log lines (logr key/value pairs, mixed levels and
 * API access lines) to stdout at a steady rate, in batches every 10 ms, until killed. The cockpit-tui bench
 * tails it with `--node-log-cmd` and times key presses meanwhile.
 *
 *   node dist/bench/log-flood.js [lines-per-second] [stats-file]     (default 100000 lines/s)
 *
 * With a stats file, the lines written and the seconds taken are written there as JSON when the flood is
 * stopped (SIGTERM, SIGINT, a closed pipe), so the bench can say which rate the cockpit really took.
 */
import { writeFileSync } from 'node:fs';

const rate = Number(process.argv[2] ?? 100_000);
const statsFile = process.argv[3];
if (!Number.isFinite(rate) || rate <= 0) {
  process.stderr.write('log-flood: lines-per-second must be a positive number\n');
  process.exit(2);
}

const LEVELS = ['info', 'debug', 'debug', 'debug', 'info', 'warning', 'debug', 'error'] as const;
const BATCH_MS = 10;
let n = 0;
const started = performance.now();

/**
 * The lines are built ahead from a pool of bodies (everything after the time) and each batch stamps one time on
 * all its lines: building a fresh string per line cost the generator about as much CPU as the cockpit spends
 * taking it, so on a loaded machine the flood, not the reader, set the rate.
 */
const POOL = 4096;
const BODIES: string[] = Array.from({ length: POOL }, (_, i) => {
  const level = LEVELS[i % LEVELS.length];
  if (i % 3 === 0) {
    return `" "level"="debug" "logger"="node/api" "msg"="api access" "ip"="127.0.0.1" "method"="GET" "uri"="/chunks/${(i * 2654435761 >>> 0).toString(16).padStart(8, '0')}" "status"=200 "size"=4104 "duration"="1.2ms"\n`;
  }
  return `" "level"="${level}" "logger"="node/pullsync" "msg"="sync batch" "peer"="${(i * 7919).toString(16)}" "bin"=${i % 32} "n"=${i}\n`;
});

function pump(): void {
  // After a stall (the reader fell behind) the flood resumes at its rate instead of bursting the backlog.
  const due = Math.min(Math.floor(((performance.now() - started) / 1000) * rate), n + Math.ceil((rate * BATCH_MS) / 1000) * 4);
  const head = `"time"="${new Date().toISOString().replace('T', ' ').replace('Z', '')}`;
  const parts: string[] = [];
  while (n < due) parts.push(head, BODIES[n++ % POOL]!);
  const more = parts.length === 0 || process.stdout.write(parts.join(''));
  // A reader that cannot keep up slows the flood down (the pipe fills); the rate is the flood's ceiling.
  if (more) setTimeout(pump, BATCH_MS);
  else process.stdout.once('drain', pump);
}

function finish(): never {
  if (statsFile !== undefined) writeFileSync(statsFile, JSON.stringify({ lines: n, seconds: (performance.now() - started) / 1000 }));
  process.exit(0);
}

process.stdout.on('error', finish);
process.on('SIGTERM', finish);
process.on('SIGINT', finish);
process.on('SIGHUP', finish);
pump();
