/**
 * `devnet start --config <yaml>`: one simulated node with Bee's own command line, so whatever starts
 * a Bee node (the cockpit's supervisor, a systemd unit, a test) starts this one the same way.
 *
 * What it takes from the YAML (every other Bee key is accepted and ignored; an unknown key is refused
 * as Bee refuses it):
 *   api-addr                   listen port (default 127.0.0.1:1633). The devnet only ever binds
 *                              127.0.0.1; a wildcard host (":1633", 0.0.0.0) listens there too, any
 *                              other host is refused
 *   data-dir                   created if missing; holds `devnet-seed`, so a restart keeps the overlay
 *   verbosity                  which log lines are printed (default info, as Bee)
 *   cors-allowed-origins       the node's CORS allow-list
 *   swap-enable                default false, as Bee
 *   storage-incentives-enable  default true, as Bee
 *   block-time                 seconds per simulated block (default the devnet's 1 s)
 *
 * As Bee v2.8.1 does: log lines go to stdout; a config it cannot read (missing file, bad YAML,
 * unknown keys) prints `Error: …` on stderr and exits 1; a node that cannot be built (the API port is
 * taken) logs "failed to build bee node" and exits 0; SIGINT/SIGTERM log "received interrupt signal",
 * shut down and exit 0.
 */
import { DEFAULT_PUSH_RATE } from './cli-options.js';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { booleanOption, listOption, readBeeYaml, type BeeNodeConfig, type BeeVerbosity } from '../core/node-config/bee-yaml.js';
import { startDevnet, type StartedDevnet } from './devnet.js';
import type { LogLevel } from './log/node-log.js';

const LEVEL_RANK: Readonly<Record<LogLevel, number>> = { error: 1, warning: 2, info: 3, debug: 4 };
const VERBOSITY_RANK: Readonly<Record<BeeVerbosity, number>> = { silent: 0, error: 1, warn: 2, info: 3, debug: 4, trace: 5 };

export interface StartCommandIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Resolves when the process is asked to stop (SIGINT/SIGTERM). */
  stopRequested: Promise<void>;
}

/** `--config <path>` or `--config=<path>`, and nothing else. */
export function parseStartArgs(argv: string[]): { configPath: string } | { error: string } {
  let configPath: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--config' || arg === '-c') configPath = argv[++i];
    else if (arg.startsWith('--config=')) configPath = arg.slice('--config='.length);
    else return { error: `unknown argument "${arg}": devnet start takes only --config <yaml> (every other option goes in the YAML)` };
  }
  if (!configPath) return { error: 'devnet start needs --config <yaml> (a Bee config file: api-addr, data-dir, ...)' };
  return { configPath };
}

/** A seed kept in the data dir, as Bee keeps its keys there: the same data dir gives the same overlay. */
async function seedFor(dataDir: string): Promise<string> {
  const file = join(dataDir, 'devnet-seed');
  try {
    const seed = (await readFile(file, 'utf8')).trim();
    if (seed) return seed;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const seed = randomBytes(16).toString('hex');
  await writeFile(file, `${seed}\n`, { mode: 0o600 });
  return seed;
}

function beeLine(level: string, msg: string, fields: Record<string, string>): string {
  const time = new Date().toISOString().replace('T', ' ').replace('Z', '000');
  const parts = [['time', time], ['level', level], ['logger', 'node'], ['msg', msg], ...Object.entries(fields)];
  return `${parts.map(([k, v]) => `${JSON.stringify(k)}=${JSON.stringify(v)}`).join(' ')}\n`;
}

async function loadConfig(path: string): Promise<BeeNodeConfig | string> {
  let text: string;
  try {
    const stats = await stat(path);
    if (!stats.isFile() && !stats.isDirectory()) return `read ${path}: not a regular file`;
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return `open ${path}: no such file or directory`;
    if (code === 'EISDIR') return `read ${path}: is a directory`;
    if (code === 'EACCES') return `open ${path}: permission denied`;
    return `open ${path}: ${(error as Error).message}`;
  }
  const read = readBeeYaml(text);
  return read.ok ? read.config : `${path}: ${read.message}`;
}

export async function runStartCommand(argv: string[], io: StartCommandIo): Promise<number> {
  const args = parseStartArgs(argv);
  if ('error' in args) {
    io.stderr(`Error: ${args.error}\n`);
    return 1;
  }
  const config = await loadConfig(args.configPath);
  if (typeof config === 'string') {
    io.stderr(`Error: ${config}\n`);
    return 1;
  }
  const host = config.apiAddr.host;
  if (!['', '0.0.0.0', '::', '127.0.0.1', 'localhost'].includes(host)) {
    io.stderr(`Error: api-addr ${host}:${config.apiAddr.port}: the devnet listens on 127.0.0.1 only\n`);
    return 1;
  }
  const dataDir = resolve(config.dataDir ?? join(process.env.HOME ?? '.', '.bee'));
  await mkdir(dataDir, { recursive: true });
  const threshold = VERBOSITY_RANK[config.verbosity];
  const blockTime = Number(config.keys['block-time']);
  let devnet: StartedDevnet;
  try {
    devnet = await startDevnet({
      nodes: 1,
      port: config.apiAddr.port,
      seed: await seedFor(dataDir),
      logDir: dataDir,
      logSink: (line, level) => {
        if (LEVEL_RANK[level] <= threshold) io.stdout(`${line}\n`);
      },
      corsOrigins: listOption(config, 'cors-allowed-origins'),
      swapEnable: booleanOption(config, 'swap-enable', false),
      storageIncentivesEnable: booleanOption(config, 'storage-incentives-enable', true),
      pushRatePerSecond: DEFAULT_PUSH_RATE,
      ...(Number.isFinite(blockTime) && blockTime > 0 ? { blockTimeMs: Math.round(blockTime * 1000) } : {}),
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'EADDRINUSE' ? `listen tcp 127.0.0.1:${config.apiAddr.port}: bind: address already in use` : error instanceof Error ? error.message : String(error);
    // Bee v2.8.1 logs the build failure and exits 0 (start.go returns nil after logging it).
    if (threshold >= 1) io.stdout(beeLine('error', 'failed to build bee node', { error: why }));
    return 0;
  }
  await io.stopRequested;
  if (threshold >= 3) io.stdout(beeLine('info', 'received interrupt signal', {}));
  await devnet.stop();
  return 0;
}
