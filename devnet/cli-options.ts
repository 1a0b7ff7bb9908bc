/**
 * The `devnet` command line, validated once at the boundary. `parseDevnetArgs` throws UsageError with a
 * message naming the bad flag; the bin prints it and exits 1.
 */
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import type { DevnetOptions } from './devnet.js';
import { MAX_DEVNET_NODES } from './limits.js';

export class UsageError extends Error {}

export interface DevnetCliOptions {
  devnet: DevnetOptions;
  json: boolean;
}

function integer(name: string, min: number, max: number): (value: string) => number {
  return (value) => {
    if (!/^\d+$/.test(value)) throw new InvalidArgumentError(`${name} must be a whole number, got "${value}"`);
    const n = Number(value);
    if (n < min || n > max) throw new InvalidArgumentError(`${name} must be between ${min} and ${max}, got ${n}`);
    return n;
  };
}

function seconds(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n <= 0 || n > 3600) throw new InvalidArgumentError(`block time must be a number of seconds in (0, 3600], got "${value}"`);
  return n;
}

function origins(value: string): string[] {
  const list = value.split(',').map((o) => o.trim()).filter((o) => o !== '');
  for (const origin of list) {
    if (origin !== '*' && !/^https?:\/\/[^/\s]+$/.test(origin)) {
      throw new InvalidArgumentError(`"${origin}" is not an origin (scheme://host[:port], or *)`);
    }
  }
  return list;
}

/** Deferred chunks pushed per second by the `devnet` command: a 1 MB upload's tag takes about 3 s to sync. */
export const DEFAULT_PUSH_RATE = 100;

export function buildDevnetCommand(version: string): Command {
  return new Command('devnet')
    .description('Run a local simulated Swarm: several Bee-API nodes on 127.0.0.1 with real content addressing')
    .version(version)
    .option('--nodes <n>', `number of simulated nodes (1..${MAX_DEVNET_NODES})`, integer('--nodes', 1, MAX_DEVNET_NODES), 4)
    .option('--port <p>', 'first API port (node i listens on p+i); 0 picks free ports', integer('--port', 0, 65535), 1633)
    .option('--seed <s>', 'seed for deterministic keys and overlays', 'devnet')
    .option('--cors-origins <list>', 'comma-separated CORS allow-list (cors-allowed-origins), * for any', origins)
    .option('--token <t>', 'require Authorization: Bearer <t> on every API route')
    .option('--json', 'print one JSON line with every node and gateway, then keep serving', false)
    .option('--block-time <seconds>', 'simulated block time', seconds, 1)
    .option('--push-delay <ms>', 'delay before deferred uploads are pushed', integer('--push-delay', 0, 3_600_000), 500)
    .option('--push-rate <chunks>', 'deferred chunks pushed per second (0: all at once)', integer('--push-rate', 0, 1_000_000), DEFAULT_PUSH_RATE)
    .option('--gateways <n>', 'loopback gateways answering /bzz/{ref}/ from the network', integer('--gateways', 0, 16), 0)
    .option('--log-dir <dir>', 'directory for the node log files (default: a new temp dir, removed on exit)')
    .option('--keep-logs', 'keep the temp log directory on exit (a --log-dir is always kept)', false)
    .addHelpText('after', '\nOne node with Bee\'s own command line: devnet start --config <bee.yaml> (see devnet/README.md)')
    .exitOverride()
    .configureOutput({ writeErr: () => {} });
}

/** Throws CommanderError for --help/--version (exit code 0) and UsageError for bad flags. */
export function parseDevnetArgs(argv: string[], version: string): DevnetCliOptions {
  const command = buildDevnetCommand(version);
  try {
    command.parse(argv, { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError && error.exitCode !== 0) throw new UsageError(error.message.replace(/^error: /, ''));
    throw error;
  }
  const o = command.opts<{
    nodes: number; port: number; seed: string; corsOrigins?: string[]; token?: string; json: boolean;
    blockTime: number; pushDelay: number; pushRate: number; gateways: number; logDir?: string; keepLogs: boolean;
  }>();
  if (o.token !== undefined && o.token.trim() === '') throw new UsageError('--token must not be empty');
  if (o.port !== 0 && o.port + o.nodes + o.gateways - 1 > 65535) throw new UsageError(`--port ${o.port} leaves no room for ${o.nodes + o.gateways} servers`);
  return {
    json: o.json,
    devnet: {
      nodes: o.nodes,
      port: o.port,
      seed: o.seed,
      blockTimeMs: Math.round(o.blockTime * 1000),
      pushDelayMs: o.pushDelay,
      ...(o.pushRate > 0 ? { pushRatePerSecond: o.pushRate } : {}),
      gateways: o.gateways,
      ...(o.corsOrigins !== undefined ? { corsOrigins: o.corsOrigins } : {}),
      ...(o.token !== undefined ? { token: o.token } : {}),
      ...(o.logDir !== undefined ? { logDir: o.logDir } : {}),
      ...(o.keepLogs ? { keepLogs: true } : {}),
    },
  };
}
