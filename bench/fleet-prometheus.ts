#!/usr/bin/env node
/**
 * Benchmark (issue 27 item 7): the whole chain past one machine, on this machine. --nodes (1000) devnet nodes
 * in --devnets (5) child processes; --shards headless `cockpit --serve-metrics` child processes, each polling its share;
 * a real Prometheus (Debian's) scraping every shard and every node's Bee /metrics every --scrape-s (15) s; and
 * in this process one cockpit engine whose fleet comes from Prometheus (`fleet.prometheusUrl`), with a face
 * subscribed to S15. Goals: that cockpit under 2 % of a core and under 150 MB RSS; a fault shows in its row in
 * under two scrape intervals.
 *
 * Prints (and --json writes one object):
 *   reader      the reading cockpit's CPU (% of one core over the window) and RSS (peak, end)
 *   queries     the fleet's PromQL round, timed apart after the window: p50 / max of --query-rounds rounds
 *   fault       seconds from a devnet fault (frozen) to the reading cockpit's row saying so, per --faults fault,
 *               and per stage: the shard's /metrics, Prometheus, the row (goal: under two scrape intervals)
 *   exporters   each shard's and Prometheus's CPU and RSS over the window (from /proc), and the devnet's
 *   load       `uptime`'s load averages before and after: the machine is shared; beside every figure
 *
 * Usage: node dist/bench/fleet-prometheus.js [--nodes 1000] [--shards 5] [--scrape-s 15] [--window-s 120]
 *        [--faults 3] [--query-rounds 10] [--json]   (`npm run bench:fleet-prometheus`)
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { startCockpitEngine } from '../actors/cockpit/engine.js';
import { queryFleet } from '../actors/cockpit/prometheus-fleet.js';
import { engineConfigForUrls, memoryStateStore } from '../core/cockpit/interaction/config.js';
import { fleetIntervalMs, isPollingPreset, POLLING_PRESETS, type PollingPreset } from '../core/cockpit/interaction/polling-presets.js';
import { FLEET_QUERIES, PROMETHEUS_QUERY_INTERVAL_MS } from '../core/cockpit/prometheus-fleet.js';
import type { FleetNodeFacts } from '../core/cockpit/interaction/screen-env.js';
import type { DevnetDescription } from '../devnet/describe.js';
import { promQuery, promUntil, startPrometheus } from './lib/prometheus-stack.js';
import { answerHelp } from './lib/usage.js';

const USAGE = `Usage: npm run bench:fleet-prometheus -- [--nodes N] [--shards N] [--scrape-s S] [--window-s S] [--faults N]
       [--query-rounds N] [--shard-polling PRESET] [--query-s S] [--devnets N] [--json]

The fleet past one machine, on this one: a devnet of --nodes in a child process, --shards headless
\`cockpit --serve-metrics\` children polling their shares, a real Prometheus scraping them and every node's
/metrics, and one cockpit here whose fleet comes from Prometheus, with a face on S15. Goals: that cockpit under
2 % of a core and 150 MB RSS, a fault in its row within two scrape intervals.

  --nodes N          devnet nodes (default 1000)
  --shards N         serve-metrics processes (default 5)
  --scrape-s S       Prometheus scrape interval (default 15)
  --window-s S       measured window (default 120)
  --faults N         faults timed to the reading cockpit's row (default 3)
  --query-rounds N   PromQL rounds timed after the window (default 10)
  --shard-polling P  the shards' --polling preset: live (5 s), default (10 s), slow (30 s)
  --query-s S        the reading cockpit's PromQL cadence (default 5, its own default)
  --devnets N        devnet processes the nodes are spread over (default 5)
  --json             one JSON object instead of the text
`;

const TARGETS = { cpuPercent: 2, rssMb: 150 };

interface Options {
  nodes: number;
  shards: number;
  scrapeS: number;
  windowS: number;
  faults: number;
  queryRounds: number;
  shardPolling: PollingPreset;
  devnets: number;
  queryS: number;
  json: boolean;
}

function parseArgs(argv: string[]): Options {
  const options: Options = { nodes: 1000, shards: 5, scrapeS: 15, windowS: 120, faults: 3, queryRounds: 10, shardPolling: 'default', devnets: 5, queryS: PROMETHEUS_QUERY_INTERVAL_MS / 1000, json: false };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    const next = () => Number(argv[++i]);
    if (flag === '--json') options.json = true;
    else if (flag === '--nodes') options.nodes = next();
    else if (flag === '--shards') options.shards = next();
    else if (flag === '--scrape-s') options.scrapeS = next();
    else if (flag === '--window-s') options.windowS = next();
    else if (flag === '--faults') options.faults = next();
    else if (flag === '--query-rounds') options.queryRounds = next();
    else if (flag === '--query-s') options.queryS = next();
    else if (flag === '--devnets') options.devnets = next();
    else if (flag === '--shard-polling') {
      const preset = argv[++i] ?? '';
      if (!isPollingPreset(preset)) throw new Error(`--shard-polling: ${preset || 'nothing'} is not one of ${POLLING_PRESETS.join(', ')}`);
      options.shardPolling = preset;
    } else throw new Error(`unknown option ${flag} (known: --nodes, --shards, --scrape-s, --window-s, --faults, --query-rounds, --shard-polling, --query-s, --devnets, --json)`);
  }
  for (const key of ['nodes', 'shards', 'scrapeS', 'windowS', 'queryS', 'devnets'] as const) {
    if (!(options[key] > 0)) throw new Error(`--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} must be a positive number`);
  }
  return options;
}

/** utime + stime of a process, in ms, and its RSS in MB (Linux /proc). */
function procSample(pid: number): { cpuMs: number; rssMb: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  const rssPages = Number(fields[21]);
  return { cpuMs: (ticks * 1000) / 100, rssMb: (rssPages * 4096) / 1e6 };
}

const percentOfCore = (cpuMs: number, wallMs: number) => (100 * cpuMs) / wallMs;
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function firstLine(child: ChildProcess, stream: 'stdout' | 'stderr', pattern: RegExp, what: string): Promise<RegExpExecArray> {
  const lines = createInterface({ input: child[stream]! });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${what} within 10 minutes`)), 600_000);
    lines.on('line', (line) => {
      const match = pattern.exec(line);
      if (match) {
        clearTimeout(timer);
        resolve(match);
      }
    });
    child.once('exit', (code) => reject(new Error(`${what}: exited ${code}`)));
  });
}

interface FaultStages {
  readonly node: string;
  /** Seconds from the fault to each stage showing it: the shard's /metrics, Prometheus, the reading cockpit's row. */
  readonly shardS: number;
  readonly prometheusS: number;
  readonly rowS: number;
}

const frozenInRow = (row: FleetNodeFacts | undefined) => row?.remote?.facts?.gates?.some((g) => g.id === 'notFrozen' && g.state === 'Fail') ?? false;

/**
 * Freezes one node and times each stage of the chain until its row says so: the shard's /metrics is read every
 * second (one 200-node exposition: a little of the shard's CPU while a fault is timed, none in the window),
 * Prometheus asked every 250 ms, the row looked at every 100 ms. Heals the node after.
 */
async function timeFault(node: string, nodeControl: string, shardUrl: string, prometheusUrl: string, engine: { fleet(): FleetNodeFacts[] }, scrapeS: number): Promise<FaultStages> {
  const started = performance.now();
  const elapsed = () => (performance.now() - started) / 1000;
  const line = `cockpit_gate_state{node=${JSON.stringify(node)},gate="not_frozen"} 2`;
  const expr = `cockpit_gate_state{node=${JSON.stringify(node)},gate="not_frozen"} == 2`;
  const deadline = AbortSignal.timeout(10 * scrapeS * 1000);
  const reached: Record<string, string> = {};
  const until = async (seen: () => Promise<boolean>, everyMs: number, what: string): Promise<number> => {
    for (;;) {
      if (deadline.aborted) throw new Error(`the fault on ${node} never reached ${what} (reached within ${10 * scrapeS} s: ${Object.entries(reached).map(([stage, at]) => `${stage} at ${at} s`).join(', ') || 'no stage'})`);
      if (await seen().catch(() => false)) {
        reached[what] = elapsed().toFixed(1);
        return elapsed();
      }
      await sleep(everyMs);
    }
  };
  const control = (path: string, init: RequestInit) =>
    fetch(`${nodeControl}${path}`, { ...init, signal: AbortSignal.timeout(60_000) }).catch((error: unknown) => {
      throw new Error(`its devnet did not take ${path} for ${node} within 60 s (${(error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message})`);
    });
  await control('/faults', { method: 'PATCH', body: JSON.stringify({ frozen: true }) });
  const [shardS, prometheusS, rowS] = await Promise.all([
    until(async () => (await (await fetch(`${shardUrl}/metrics`, { signal: deadline })).text()).includes(line), 1000, 'its shard'),
    until(async () => (await promQuery(prometheusUrl, expr)).length > 0, 250, 'Prometheus'),
    until(async () => frozenInRow(engine.fleet().find((n) => n.name === node)), 100, 'its row'),
  ]);
  await control('/heal', { method: 'POST' });
  return { node, shardS, prometheusS, rowS };
}

const uptimeLine = () => {
  try {
    return execFileSync('uptime', { encoding: 'utf8' }).trim();
  } catch {
    return `load ${load()}`;
  }
};

async function main(): Promise<void> {
  answerHelp(USAGE);
  const options = parseArgs(process.argv.slice(2));
  const loadBefore = load();
  const children: ChildProcess[] = [];
  const scratch = mkdtempSync(join(tmpdir(), 'bench-fleet-prometheus-'));
  const stopAll = () => {
    children.forEach((child) => child.kill('SIGTERM'));
    rmSync(scratch, { recursive: true, force: true });
  };
  process.once('exit', stopAll);
  try {
    // The simulated nodes in --devnets processes (separate networks of --nodes / --devnets each): one Node.js
    // event loop answering 1000 nodes' polls and scrapes falls behind on a loaded machine, while each node of a
    // real site is its own machine. Node i's faults go to its own devnet's control routes.
    const devnetBin = fileURLToPath(new URL('../devnet/devnet-bin.js', import.meta.url));
    const perDevnet = Math.ceil(options.nodes / options.devnets);
    const devnetStarted = performance.now();
    const devnets = await Promise.all(
      Array.from({ length: options.devnets }, async (_, d) => {
        const count = Math.min(perDevnet, options.nodes - d * perDevnet);
        const child = spawn(process.execPath, [devnetBin, '--nodes', String(count), '--port', '0', '--json', '--block-time', '5'], { stdio: ['ignore', 'pipe', 'ignore'] });
        children.push(child);
        const description = JSON.parse((await firstLine(child, 'stdout', /^\{.*\}$/, `devnet ${d} description`))[0]) as DevnetDescription;
        return { child, urls: description.nodes.map((node) => node.url) };
      }),
    );
    const urls = devnets.flatMap((d) => d.urls);
    const controlOf = (index: number) => `${devnets[Math.floor(index / perDevnet)]!.urls[0]}/_devnet/nodes/${index % perDevnet}`;
    process.stderr.write(`${devnets.length} devnet(s), ${urls.length} nodes, up in ${((performance.now() - devnetStarted) / 1000).toFixed(1)} s\n`);

    // Shards: contiguous slices of the node list, one headless cockpit each.
    const cockpitBin = fileURLToPath(new URL('../surfaces/cli/cockpit-bin.js', import.meta.url));
    const per = Math.ceil(urls.length / options.shards);
    const shards = await Promise.all(
      Array.from({ length: options.shards }, async (_, i) => {
        const child = spawn(process.execPath, [cockpitBin, '--serve-metrics', '127.0.0.1:0', '--polling', options.shardPolling, ...urls.slice(i * per, (i + 1) * per)], {
          stdio: ['ignore', 'ignore', 'pipe'],
          // No config file (XDG_CONFIG_HOME of its own): the shard's nodes are its URLs, named by URL.
          env: { ...process.env, COCKPIT_DATA: join(scratch, `shard-${i}`, 'data'), XDG_CONFIG_HOME: join(scratch, `shard-${i}`, 'config') },
        });
        children.push(child);
        const match = await firstLine(child, 'stderr', /serving Prometheus metrics at (http:\/\/[^/]+)\/metrics/, `shard ${i}`);
        return { child, url: match[1]! };
      }),
    );
    process.stderr.write(`${shards.length} shards serving\n`);
    const shardPollS = fleetIntervalMs(options.shardPolling, 'terminal') / 1000;

    const beeTargets = urls.map((url) => ({ targets: [new URL(url).host], labels: { node: url } }));
    const prometheus = await startPrometheus({
      config: [
        `global: { scrape_interval: ${options.scrapeS}s, scrape_timeout: 10s }`,
        'scrape_configs:',
        `  - { job_name: cockpit, static_configs: [{ targets: [${shards.map((s) => `'${new URL(s.url).host}'`).join(', ')}] }] }`,
        '  - { job_name: bee, file_sd_configs: [{ files: [bee.json] }] }',
      ].join('\n'),
      files: { 'bee.json': JSON.stringify(beeTargets) },
    });
    try {
      // Every node exported by its shard (up or not: on a loaded machine some polls time out).
      await promUntil(prometheus.url, 'count(cockpit_node_up)', (r) => (Number(r[0]?.value[1]) === urls.length ? true : undefined), 600_000);
      const upNow = async (expr: string) => Number((await promUntil(prometheus.url, expr, (r) => r))[0]?.value[1] ?? 0);
      process.stderr.write(`Prometheus holds every node: ${await upNow('count(cockpit_node_up == 1)')} up per their shards, ${await upNow('sum(up{job="bee"})')} Bee /metrics scrapes up (load ${load()})\n`);

      // The reading cockpit: this process, its fleet from Prometheus, one node polled directly, S15 subscribed.
      const engine = startCockpitEngine({
        face: 'desktop',
        config: engineConfigForUrls([urls[0]!], { fleet: { aggregateWindowSecs: 60, prometheusUrl: prometheus.url } }),
        stateStore: memoryStateStore(),
        fleetPollIntervalMs: options.scrapeS * 1000,
        prometheusQueryIntervalMs: options.queryS * 1000,
      });
      let views = 0;
      const off = engine.subscribe(() => void views++);
      // S15 shown, as an operator would look at it: `:fleet` in the palette.
      for (const key of [':', 'f', 'l', 'e', 'e', 't', 'Enter']) engine.send({ type: 'ui.key', key });
      while (engine.fleet().length < urls.length) await sleep(500);
      await sleep(2 * options.scrapeS * 1000); // warm: JIT and the first readings

      const shardBefore = shards.map((s) => procSample(s.child.pid!));
      const promBefore = procSample(prometheus.process.child.pid!);
      const devnetBefore = devnets.map((d) => procSample(d.child.pid!));
      const cpuBefore = process.cpuUsage();
      let peakRss = process.memoryUsage.rss();
      const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 500);
      const wallBefore = performance.now();
      await sleep(options.windowS * 1000);
      const wallMs = performance.now() - wallBefore;
      const cpu = process.cpuUsage(cpuBefore);
      clearInterval(sampler);
      const reader = { cpuPercent: percentOfCore((cpu.user + cpu.system) / 1000, wallMs), peakRssMb: peakRss / 1e6, endRssMb: process.memoryUsage.rss() / 1e6, views };
      // Said at once: a fault timed next can fail on a loaded machine, and the window's figures stand anyway.
      process.stderr.write(`reading cockpit over the window: cpu ${reader.cpuPercent.toFixed(2)} % of a core, rss peak ${(reader.peakRssMb).toFixed(1)} MB, ${views} views (load ${load()})\n`);
      const exporters = shards.map((s, i) => {
        const after = procSample(s.child.pid!);
        return { shard: i, nodes: Math.min(per, urls.length - i * per), cpuPercent: percentOfCore(after.cpuMs - shardBefore[i]!.cpuMs, wallMs), rssMb: after.rssMb };
      });
      const promAfter = procSample(prometheus.process.child.pid!);
      const devnetAfter = devnets.map((d) => procSample(d.child.pid!));
      const prometheusCost = { cpuPercent: percentOfCore(promAfter.cpuMs - promBefore.cpuMs, wallMs), rssMb: promAfter.rssMb };
      const devnetCost = {
        processes: devnets.length,
        cpuPercent: percentOfCore(devnetAfter.reduce((sum, a, d) => sum + a.cpuMs - devnetBefore[d]!.cpuMs, 0), wallMs),
        rssMb: devnetAfter.reduce((sum, a) => sum + a.rssMb, 0),
      };

      // Faults: the frozen fault (Bee's /redistributionstate says isFrozen) on nodes the reading cockpit does not
      // poll, each stage timed apart: the shard's /metrics says not_frozen 2, Prometheus holds it, the row fails it.
      const faults: FaultStages[] = [];
      for (let f = 0; f < options.faults; f++) {
        const index = 1 + Math.floor(((f + 1) * (urls.length - 1)) / (options.faults + 1));
        faults.push(await timeFault(urls[index]!, controlOf(index), shards[Math.floor(index / per)]!.url, prometheus.url, engine, options.scrapeS));
      }

      const rounds: number[] = [];
      for (let r = 0; r < options.queryRounds; r++) {
        const started = performance.now();
        await queryFleet(prometheus.url, { names: [], previous: null }, AbortSignal.timeout(30_000), Date.now, 60_000);
        rounds.push(performance.now() - started);
      }
      rounds.sort((a, b) => a - b);
      off();
      await engine.stop();

      const result = {
        uptime: uptimeLine(),
        nodes: urls.length,
        shards: shards.length,
        scrapeIntervalS: options.scrapeS,
        windowS: options.windowS,
        reader,
        queries: { rounds: rounds.length, p50Ms: rounds[Math.floor(rounds.length / 2)]!, maxMs: rounds.at(-1)! },
        cadences: { shardPollS: shardPollS, scrapeS: options.scrapeS, queryS: options.queryS, worstCaseS: shardPollS + options.scrapeS + options.queryS },
        faultToRowS: faults.map((f) => f.rowS),
        faultStages: faults,
        exporters,
        prometheus: prometheusCost,
        devnet: devnetCost,
        load: { before: loadBefore, after: load() },
        targets: TARGETS,
      };
      if (options.json) process.stdout.write(`${JSON.stringify(result)}\n`);
      else {
        const f = (n: number, d = 2) => n.toFixed(d);
        console.log(`uptime: ${result.uptime}`);
        console.log(`fleet from Prometheus: ${urls.length} nodes, ${shards.length} shards, scrape ${options.scrapeS} s, window ${options.windowS} s (load before ${loadBefore}, after ${result.load.after})`);
        console.log(`  reading cockpit   cpu ${f(reader.cpuPercent)} % of a core (goal < ${TARGETS.cpuPercent}), rss peak ${f(reader.peakRssMb, 1)} MB end ${f(reader.endRssMb, 1)} MB (goal < ${TARGETS.rssMb}), ${views} views`);
        console.log(`  fleet query round p50 ${f(result.queries.p50Ms, 1)} ms, max ${f(result.queries.maxMs, 1)} ms (${rounds.length} rounds of ${Object.keys(FLEET_QUERIES).length} instant queries)`);
        console.log(`  cadences          shard poll ${shardPollS} s (--polling ${options.shardPolling}), scrape ${options.scrapeS} s, reader query ${options.queryS} s: worst case ${result.cadences.worstCaseS} s plus answer times`);
        for (const stage of faults) {
          console.log(`  fault to row      ${f(stage.rowS, 1)} s (goal < ${2 * options.scrapeS} s): shard ${f(stage.shardS, 1)} s, + Prometheus ${f(stage.prometheusS - stage.shardS, 1)} s, + reader ${f(stage.rowS - stage.prometheusS, 1)} s  (${stage.node})`);
        }
        for (const e of exporters) console.log(`  shard ${e.shard} (${e.nodes} nodes)  cpu ${f(e.cpuPercent)} % of a core, rss ${f(e.rssMb, 1)} MB`);
        console.log(`  prometheus        cpu ${f(prometheusCost.cpuPercent)} % of a core, rss ${f(prometheusCost.rssMb, 1)} MB`);
        console.log(`  devnet            cpu ${f(devnetCost.cpuPercent)} % of a core, rss ${f(devnetCost.rssMb, 1)} MB in ${devnets.length} process(es) (the simulated nodes themselves)`);
      }
    } finally {
      await prometheus.stop();
    }
  } finally {
    stopAll();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`bench:fleet-prometheus: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
