/**
 * Real Prometheus, Alertmanager and Pushgateway (Debian's packages: /usr/bin/prometheus,
 * /usr/bin/prometheus-alertmanager, /usr/bin/prometheus-pushgateway; scripts/system-deps.mjs installs them)
 * started on loopback ports with their own temporary config and data, for the tests and bench:fleet-prometheus.
 * Each runs in its own process group (bee-cluster/processes.ts), so stop() leaves nothing behind.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, pollUntil, spawnManaged, stopManaged, type ManagedProcess } from '../../bee-cluster/processes.js';

export const PROMETHEUS_BIN = process.env.PROMETHEUS_BIN ?? '/usr/bin/prometheus';
export const PROMTOOL_BIN = process.env.PROMTOOL_BIN ?? '/usr/bin/promtool';
export const ALERTMANAGER_BIN = process.env.ALERTMANAGER_BIN ?? '/usr/bin/prometheus-alertmanager';
export const PUSHGATEWAY_BIN = process.env.PUSHGATEWAY_BIN ?? '/usr/bin/prometheus-pushgateway';

export interface RunningService {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  readonly dir: string;
  readonly process: ManagedProcess;
  /** The service's own log so far (for a failure message). */
  log(): Promise<string>;
  stop(): Promise<void>;
}

async function startService(name: string, bin: string, args: (dir: string, port: number) => string[], files: Record<string, string>, readyPath: string): Promise<RunningService> {
  const dir = await mkdtemp(join(tmpdir(), `${name}-`));
  for (const [file, text] of Object.entries(files)) await writeFile(join(dir, file), text);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const logFile = join(dir, `${name}.log`);
  const proc = spawnManaged(name, bin, args(dir, port), { env: { PATH: process.env.PATH ?? '/usr/bin:/bin' }, cwd: dir, logFile });
  const log = () => readFile(logFile, 'utf8').catch(() => '');
  const stop = async () => {
    await stopManaged(proc, 5_000);
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await pollUntil(`${name} at ${url}${readyPath}`, 60_000, async () => {
      if (proc.child.exitCode !== null) throw new Error(`${name} exited ${proc.child.exitCode}: ${(await log()).slice(-1500)}`);
      return (await fetch(`${url}${readyPath}`)).ok ? true : undefined;
    }, 100);
  } catch (error) {
    const tail = (await log()).slice(-1500);
    await stop();
    throw new Error(`${(error as Error).message}\n${name} log tail:\n${tail}`);
  }
  return { url, dir, process: proc, log, stop };
}

export interface PrometheusOptions {
  /** prometheus.yml text; `rule_files` may name files given in `files`. */
  readonly config: string;
  /** Further files written beside prometheus.yml (rule files, file_sd target lists). */
  readonly files?: Record<string, string>;
  /** Extra command-line flags. */
  readonly flags?: readonly string[];
}

/** Prometheus on a free loopback port, TSDB in a temp dir; ready when /-/ready answers 200. */
export function startPrometheus(options: PrometheusOptions): Promise<RunningService> {
  return startService(
    'prometheus',
    PROMETHEUS_BIN,
    (dir, port) => [
      `--config.file=${join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${join(dir, 'tsdb')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--web.enable-lifecycle',
      '--log.level=warn',
      ...(options.flags ?? []),
    ],
    { 'prometheus.yml': options.config, ...options.files },
    '/-/ready',
  );
}

/** Alertmanager on a free loopback port, clustering off (a lone instance), data in a temp dir. */
export function startAlertmanager(config: string, files: Record<string, string> = {}): Promise<RunningService> {
  return startService(
    'alertmanager',
    ALERTMANAGER_BIN,
    (dir, port) => [
      `--config.file=${join(dir, 'alertmanager.yml')}`,
      `--storage.path=${join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--cluster.listen-address=',
      '--log.level=warn',
    ],
    { 'alertmanager.yml': config, ...files },
    '/-/ready',
  );
}

/** Pushgateway on a free loopback port, nothing persisted. */
export function startPushgateway(): Promise<RunningService> {
  return startService('pushgateway', PUSHGATEWAY_BIN, (_dir, port) => [`--web.listen-address=127.0.0.1:${port}`, '--log.level=warn'], {}, '/-/ready');
}

export interface PromSample {
  readonly metric: Record<string, string>;
  readonly value: [number, string];
}

/** An instant query through Prometheus's HTTP API; throws on an error answer. */
export async function promQuery(prometheusUrl: string, expr: string): Promise<PromSample[]> {
  const response = await fetch(`${prometheusUrl}/api/v1/query?query=${encodeURIComponent(expr)}`);
  const body = (await response.json()) as { status: string; error?: string; data?: { resultType: string; result: PromSample[] } };
  if (body.status !== 'success' || !body.data) throw new Error(`query ${expr} failed: ${body.error ?? response.status}`);
  return body.data.result;
}

/** Polls a query until `accept` takes its result (or the deadline passes, with the last result in the error). */
export async function promUntil<T>(prometheusUrl: string, expr: string, accept: (samples: PromSample[]) => T | undefined, timeoutMs = 60_000): Promise<T> {
  let last: PromSample[] = [];
  try {
    return await pollUntil(`query ${expr}`, timeoutMs, async () => accept((last = await promQuery(prometheusUrl, expr))), 250);
  } catch (error) {
    throw new Error(`${(error as Error).message}; last result: ${JSON.stringify(last).slice(0, 800)}`);
  }
}
