#!/usr/bin/env node
/**
 * Benchmark: the terminal cockpit as a person runs it, on a real pseudo-terminal (bench/pty-session.ts),
 * against a devnet in this process. Four figures, each against the target of issue 16:
 *
 *   launch      spawn of `cockpit-tui` to the first frame showing the Health screen's gates (median and
 *               worst of --launches runs)                                           target < 500 ms
 *               with the CPU the cockpit process had used by then (user + sys, /proc): unlike the wall
 *               time it hardly moves with the machine's load, so it says whether a change made launch cheaper
 *   idle        CPU of the cockpit process with one node over --idle-seconds, after start-up settles
 *                                                                                    target < 2 % of a core
 *   key lag     with a log flood of --flood lines/s tailed by `--node-log-cmd`, a screen switch key
 *               written to the terminal until the frame showing the new screen (p50, p95, worst)
 *                                                                                    target < 100 ms
 *   fleet RSS   resident memory of the cockpit with --fleet nodes polled, on the Fleet screen (peak)
 *                                                                                    target < 120 MB
 *
 * Usage: node dist/bench/cockpit-tui.js [--launches N] [--idle-seconds S] [--flood LINES_PER_S]
 *        [--keys N] [--fleet N] [--fleet-seconds S] [--node-flags "FLAGS"] [--json]
 * The cockpit runs with the Node flags of the bin's shebang line (as `cockpit-tui` does); --node-flags
 * replaces them (--node-flags "" runs it with V8's defaults).
 * Each run gets its own HOME, config and data directories, so no user setting is read or written.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDevnet } from '../devnet/devnet.js';
import { startPty, type PtySession } from './pty-session.js';
import { answerHelp } from './lib/usage.js';

const USAGE = `Usage: npm run bench:cockpit-tui -- [--launches N] [--idle-seconds S] [--flood LINES_PER_S] [--keys N]
       [--fleet N] [--fleet-seconds S] [--node-flags "FLAGS"] [--json]

cockpit-tui on a real pseudo-terminal against a devnet: launch to the drawn Health screen (target 500 ms),
idle CPU (target 2 % of a core), key lag under a log flood (target 100 ms), RSS with a fleet on the Fleet screen
(target 120 MB). The cockpit runs with its shebang's Node flags unless --node-flags replaces them.

  --launches N        launches timed, median and worst (default 5)
  --idle-seconds S    idle window with one node (default 30)
  --flood RATE        log lines a second tailed through --node-log-cmd in the key-lag part (default 100000)
  --keys N            screen-switch keys timed under the flood (default 20)
  --fleet N           fleet nodes for the RSS part (default 20)
  --fleet-seconds S   how long the fleet is polled (default 25)
  --node-flags FLAGS  Node flags for the cockpit ("" for V8's defaults)
  --json              one JSON line instead of the text
`;

interface Options {
  launches: number;
  idleSeconds: number;
  flood: number;
  keys: number;
  fleet: number;
  fleetSeconds: number;
  json: boolean;
  nodeFlags: string[] | null;
}

const NUMERIC = ['launches', 'idle-seconds', 'flood', 'keys', 'fleet', 'fleet-seconds'] as const;

function parseArgs(argv: string[]): Options {
  const options: Options = { launches: 5, idleSeconds: 30, flood: 100_000, keys: 20, fleet: 20, fleetSeconds: 25, json: false, nodeFlags: null };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i] ?? '';
    if (flag === '--json') {
      options.json = true;
      continue;
    }
    if (flag === '--node-flags') {
      const value = argv[++i];
      if (value === undefined) throw new Error('--node-flags needs a value ("" for none)');
      options.nodeFlags = value.trim().split(/\s+/).filter(Boolean);
      continue;
    }
    const name = flag.slice(2) as (typeof NUMERIC)[number];
    if (!flag.startsWith('--') || !NUMERIC.includes(name)) throw new Error(`unknown option ${flag} (known: ${NUMERIC.map((n) => `--${n} N`).join(' ')} --node-flags "…" --json)`);
    const value = Number(argv[++i]);
    if (!Number.isFinite(value) || value < 1) throw new Error(`${flag} needs a number >= 1`);
    const key = name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()) as keyof Omit<Options, 'json' | 'nodeFlags'>;
    options[key] = value;
  }
  return options;
}

const repo = fileURLToPath(new URL('../..', import.meta.url));
const BIN = join(repo, 'dist/surfaces/cli/cockpit-tui-bin.js');
const FLOOD = join(repo, 'dist/bench/log-flood.js');
const COLUMNS = 120;
const ROWS = 40;
/** --node-flags "…" replaces them, e.g. --node-flags "" for V8's defaults in an A/B run. */
let NODE_FLAGS: string[] = [];
/** The Health screen's first gate row: the frame shows the screen with its data, not a skeleton. */
const HEALTH_DRAWN = 'API reachable';

function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

function sandbox(): { env: NodeJS.ProcessEnv; cleanup(): void } {
  const home = mkdtempSync(join(tmpdir(), 'cockpit-tui-bench-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: home,
    XDG_CONFIG_HOME: join(home, 'config'),
    XDG_DATA_HOME: join(home, 'data'),
    COCKPIT_DATA: join(home, 'data', 'cockpit'),
    TERM: 'xterm-256color',
  };
  for (const name of ['NODE_URL', 'NODE_TOKEN', 'COCKPIT_CONFIG', 'CI', 'CONTINUOUS_INTEGRATION', 'NO_COLOR']) delete env[name];
  return { env, cleanup: () => rmSync(home, { recursive: true, force: true }) };
}

/**
 * The Node flags the bin's `#!/usr/bin/env -S node …` line gives it, so the bench runs the cockpit with the
 * V8 settings an operator's `cockpit-tui` gets (the young-generation size) while starting this Node binary.
 */
function shebangFlags(file: string): string[] {
  const first = readFileSync(file, 'utf8').split('\n', 1)[0] ?? '';
  const match = /^#!\s*\S*env\s+(?:-S\s+)?node\b(.*)$/.exec(first);
  return match ? match[1]!.trim().split(/\s+/).filter(Boolean) : [];
}

async function launch(args: readonly string[]): Promise<{ session: PtySession; startedAt: number; cleanup(): void }> {
  const box = sandbox();
  const startedAt = performance.now();
  const session = await startPty([process.execPath, ...NODE_FLAGS, BIN, ...args], { columns: COLUMNS, rows: ROWS, env: box.env });
  return { session, startedAt, cleanup: box.cleanup };
}

async function quit(run: { session: PtySession; cleanup(): void }): Promise<void> {
  run.session.write('\u0003');
  const timer = setTimeout(() => run.session.kill(), 10_000);
  await run.session.exited;
  clearTimeout(timer);
  run.cleanup();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  answerHelp(USAGE);
  const options = parseArgs(process.argv.slice(2));
  NODE_FLAGS = options.nodeFlags ?? shebangFlags(BIN);
  const devnet = await startDevnet({ nodes: Math.max(1, options.fleet), port: 0 });
  const node = devnet.nodes[0]!.url;
  const results: Record<string, unknown> = { nodeFlags: NODE_FLAGS };
  const say = (line: string) => {
    if (!options.json) process.stdout.write(`${line}\n`);
  };
  say(`cockpit-tui runs as: node ${[...NODE_FLAGS, 'cockpit-tui-bin.js'].join(' ')}`);
  try {
    // Launch to the first drawn Health screen, then idle CPU on the last run.
    const launchMs: number[] = [];
    const launchCpuMs: number[] = [];
    let idlePercent = NaN;
    for (let i = 0; i < options.launches; i++) {
      const run = await launch(['--node', node]);
      const drawnAt = await run.session.waitFor(HEALTH_DRAWN);
      launchMs.push(drawnAt - run.startedAt);
      launchCpuMs.push(run.session.cpuSeconds() * 1000);
      if (i === options.launches - 1) {
        await sleep(5_000);
        const cpu0 = run.session.cpuSeconds();
        const t0 = performance.now();
        await sleep(options.idleSeconds * 1000);
        idlePercent = ((run.session.cpuSeconds() - cpu0) / ((performance.now() - t0) / 1000)) * 100;
      }
      await quit(run);
    }
    results.launchMs = { median: quantile(launchMs, 0.5), worst: Math.max(...launchMs), runs: launchMs, cpuMedian: quantile(launchCpuMs, 0.5), cpuRuns: launchCpuMs };
    results.idleCpuPercent = idlePercent;
    say(`launch to first drawn Health screen: median ${quantile(launchMs, 0.5).toFixed(0)} ms, worst ${Math.max(...launchMs).toFixed(0)} ms over ${launchMs.length} runs (target < 500 ms); CPU used by then: median ${quantile(launchCpuMs, 0.5).toFixed(0)} ms`);
    say(`idle, one node, ${options.idleSeconds} s: ${idlePercent.toFixed(2)} % of a core (target < 2 %)`);

    // Key lag under a log flood.
    const statsFile = join(mkdtempSync(join(tmpdir(), 'cockpit-tui-flood-')), 'flood.json');
    const flood = await launch(['--node', node, '--node-log-cmd', `${JSON.stringify(process.execPath)} ${JSON.stringify(FLOOD)} ${options.flood} ${JSON.stringify(statsFile)}`]);
    await flood.session.waitFor(HEALTH_DRAWN);
    await sleep(3_000);
    const lags: number[] = [];
    for (let i = 0; i < options.keys; i++) {
      const [key, title] = i % 2 === 0 ? ['\t', 'S2 Stamps'] : ['\u001b[Z', 'S1 Health'];
      const from = flood.session.mark();
      const sent = performance.now();
      flood.session.write(key);
      lags.push((await flood.session.waitFor(title, from, 10_000)) - sent);
      await sleep(100);
    }
    await quit(flood);
    const stats = JSON.parse(readFileSync(statsFile, 'utf8')) as { lines: number; seconds: number };
    const floodRate = stats.lines / stats.seconds;
    results.keyLagMs = { p50: quantile(lags, 0.5), p95: quantile(lags, 0.95), worst: Math.max(...lags), samples: lags, floodLinesPerSecond: floodRate };
    say(`key lag under a ${Math.round(floodRate).toLocaleString('en')} lines/s log flood: p50 ${quantile(lags, 0.5).toFixed(0)} ms, p95 ${quantile(lags, 0.95).toFixed(0)} ms, worst ${Math.max(...lags).toFixed(0)} ms over ${lags.length} keys (target < 100 ms)`);

    // RSS with a fleet.
    const urls = devnet.nodes.slice(0, options.fleet).map((n) => n.url);
    const fleet = await launch(urls);
    await fleet.session.waitFor(HEALTH_DRAWN);
    fleet.session.write('\u001b5');
    await fleet.session.waitFor('S15 Fleet');
    let peak = 0;
    const until = performance.now() + options.fleetSeconds * 1000;
    while (performance.now() < until) {
      peak = Math.max(peak, fleet.session.rssBytes());
      await sleep(250);
    }
    await quit(fleet);
    results.fleetRssMb = { nodes: urls.length, peak: peak / 1e6 };
    say(`RSS with ${urls.length} fleet nodes on the Fleet screen for ${options.fleetSeconds} s: peak ${(peak / 1e6).toFixed(1)} MB (target < 120 MB)`);
  } finally {
    await devnet.stop();
  }
  if (options.json) process.stdout.write(`${JSON.stringify(results)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:cockpit-tui: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
