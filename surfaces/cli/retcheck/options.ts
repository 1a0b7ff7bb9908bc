/**
 * retcheck's command line (spec 1 §4 "Command shape"), parsed and validated once, here. Everything after
 * this boundary works with a checked RetcheckInput. Bad input throws UsageError (exit 1), never a stack trace.
 */
import { Command, Option, CommanderError } from 'commander';
import { parseCheckInput } from '../../../core/swarm/parse-input.js';
import { parseBatchId, parseOverlay } from '../../../core/swarm/references.js';
import { InputError } from '../../../core/swarm/input-error.js';
import { parseNodeUrl } from '../../../core/retcheck/node-url.js';
import { levelFromEnvFilter, levelFromVerbosity, type LogLevel } from '../../../core/log/level.js';
import type { RetcheckInput } from '../../../machines/retcheck/retcheck.machine.js';
import { parseListenAddress, type ListenAddress } from '../../../core/cockpit/listen-address.js';
import { DEFAULT_MAX_CONCURRENT_PROBES } from '../../../core/retcheck/probe-query.js';
import type { RedundancyLevel } from '../../../core/swarm/redundancy.js';
import { parseInspectFlag, type InspectTarget } from '../../../core/inspection/inspect-flag.js';

export const DEFAULT_NODE_URL = 'http://localhost:1633';
export const DEFAULT_GATEWAY_URL = 'https://api.gateway.ethswarm.org';

export interface RetcheckCliOptions {
  input: RetcheckInput;
  output: 'text' | 'json';
  logLevel: LogLevel;
  /** `--pushgateway URL`: push the run's result there as metrics (docs/retcheck.md "Prometheus"). */
  pushgateway?: string;
  /** `--inspect [ws://HOST:PORT]`: the check's actors go to the Stately inspector (docs/retcheck.md "Live inspection"). */
  inspect?: InspectTarget;
}

/** `retcheck --serve-metrics ADDR`: the Prometheus exporter (actors/retcheck/probe-exporter.ts). */
export interface RetcheckServeOptions {
  listen: ListenAddress;
  maxConcurrentProbes: number;
  logLevel: LogLevel;
  /** `--inspect`: every probe's actors go to the inspector. */
  inspect?: InspectTarget;
}

export type RetcheckCommand = { mode: 'check'; options: RetcheckCliOptions } | { mode: 'serve'; options: RetcheckServeOptions };

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

const collect = (value: string, previous: string[] = []) => [...previous, value];

/**
 * `--gateway` and `--no-gateway` share commander's `gateway` attribute: `--no-gateway` sets it to false.
 * The rule, in either order: `--no-gateway` wins, so no gateway is probed (it is the explicit opt-out, and a
 * script that appends it to a command must get no gateway traffic, whatever came before).
 */
const collectGateway = (value: string, previous: string[] | false | undefined): string[] | false => (previous === false ? false : [...(previous ?? []), value]);

export function buildRetcheckCommand(version: string): Command {
  return new Command('retcheck')
    .description('Check whether Swarm content can be retrieved through the network, as seen from one or more nodes.')
    .argument('[INPUT]', 'reference (64 or 128 hex, optional 0x) or feed handle feed:<OWNER>:<TOPIC> / feed:<OWNER>/<TOPIC>')
    .option('-b, --node <URL>', `node API URL; repeat for several vantages (env NODE_API_URL, default ${DEFAULT_NODE_URL})`, collect)
    .option('--gateway <URL>', `public gateway probed by HEAD {url}/bzz/{ref}/; repeatable (default ${DEFAULT_GATEWAY_URL})`, collectGateway)
    .option('--no-gateway', 'skip gateway probing (wins over --gateway, in either order)')
    .option('--target-overlay <HEX>', 'sort vantages closest-first to this overlay and report target_proximity')
    .option('--per-chunk', 'walk the manifest and probe every reachable chunk on every vantage (max 1000 chunks)')
    .option('--cold', 'end-to-end download of what a user downloads: from each node /bzz/{ref}/ for a manifest, else /bytes/{ref}; /bzz/{ref}/ from each gateway')
    .option('--timeout <SECS>', 'per-call timeout in seconds', '60')
    .option('--concurrency <N>', 'maximum parallel chunk probes in per-chunk mode', '8')
    .option('--no-replicas', "skip the root replica check (the dispersed copies Bee keeps of the root at redundancy level > 0)")
    .option('--redundancy-level <LEVEL>', "the level (0-4) the content was uploaded at, for the replica check when the root's span does not say (a single-chunk root)")
    .option('--reseed', 're-upload the content after probing, and re-create missing root replicas (requires --stamp); first node URL only')
    .option('--stamp <ID>', 'postage batch ID (64 hex) for --reseed')
    .addOption(new Option('--output <FORMAT>', 'output format').choices(['text', 'json']).default('text'))
    .option('--pushgateway <URL>', 'push the result as metrics to this Prometheus Pushgateway (group job=retcheck, ref=<ref>)')
    .option('--serve-metrics <ADDR>', 'run as a Prometheus exporter on host:port (a bare port is loopback): GET /probe?ref=…&node=…, /metrics; no INPUT')
    .option('--max-concurrent-probes <N>', `with --serve-metrics: probes running at once; more are answered 503 (default ${DEFAULT_MAX_CONCURRENT_PROBES})`)
    .option('--inspect [ws-url]', "send the check's actor system's inspection events to this Stately inspector WebSocket; alone: start a local bridge and print the page to open (stderr)")
    .option('-v, --verbose', 'more logging on stderr; repeat: -v info, -vv every HTTP call, -vvv trace (RUST_LOG overrides)', (_v, count: number) => count + 1, 0)
    .version(version, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show this help')
    .showHelpAfterError('(run retcheck --help for usage)')
    .exitOverride()
    .configureOutput({ writeErr: () => undefined })
    .addHelpText(
      'after',
      `
Exit codes:
  0  retrievable or partial (at least one vantage or gateway said yes)
  2  unretrievable or error (none said yes; also when a feed lookup fails)
  1  bad arguments or invalid input (an --inspect address that does not answer included)
  3  re-seed refused (batch unknown or unusable) or the re-upload failed

  4  the result could not be pushed to --pushgateway (the check's own outcome is on stdout)

Examples:
  retcheck 0x<64-hex-ref> -b http://localhost:1633 -b http://localhost:1733 --no-gateway
  retcheck <ref> -b http://localhost:1633 --no-gateway --inspect    (watch the check in the Stately inspector)
  retcheck <ref> -b http://localhost:1633 --no-gateway --pushgateway http://localhost:9091
  retcheck --serve-metrics 127.0.0.1:9465
  retcheck feed:<40-hex-owner>:<64-hex-topic> --per-chunk --output json
  retcheck <ref> --reseed --stamp <64-hex-batch-id>`,
    );
}

function parseRedundancyLevel(raw: string): RedundancyLevel {
  if (!/^[0-4]$/.test(raw.trim())) throw new UsageError(`invalid --redundancy-level ${JSON.stringify(raw)}: expected 0 (NONE), 1 (MEDIUM), 2 (STRONG), 3 (INSANE) or 4 (PARANOID)`);
  return Number(raw.trim()) as RedundancyLevel;
}

function parsePositiveInt(raw: string, what: string, max: number): number {
  if (!/^\d+$/.test(raw.trim())) throw new UsageError(`invalid ${what} ${JSON.stringify(raw)}: expected a whole number from 1 to ${max}`);
  const n = Number(raw);
  if (n < 1 || n > max) throw new UsageError(`invalid ${what} ${raw}: expected a whole number from 1 to ${max}`);
  return n;
}

interface RawOptions {
  node?: string[];
  gateway?: string[] | false;
  targetOverlay?: string;
  perChunk?: boolean;
  cold?: boolean;
  timeout: string;
  concurrency: string;
  reseed?: boolean;
  stamp?: string;
  replicas: boolean;
  redundancyLevel?: string;
  output: 'text' | 'json';
  verbose: number;
  pushgateway?: string;
  serveMetrics?: string;
  maxConcurrentProbes?: string;
  inspect?: string | true;
}

/** Check options that make no sense for the exporter, where every probe names its own ref and nodes. */
const CHECK_ONLY: readonly (keyof RawOptions)[] = ['node', 'targetOverlay', 'perChunk', 'cold', 'reseed', 'stamp', 'pushgateway', 'redundancyLevel'];

/**
 * Parses argv (without node and script) into checked options. Throws UsageError for anything wrong;
 * `--help` / `--version` surface as CommanderError with exitCode 0, which the bin prints and exits on.
 */
export function parseRetcheckArgs(argv: string[], env: NodeJS.ProcessEnv, version: string): RetcheckCliOptions {
  const parsed = parseRetcheckCommand(argv, env, version);
  if (parsed.mode !== 'check') throw new UsageError('--serve-metrics runs the exporter, not a check');
  return parsed.options;
}

/** Parses argv into a check or the exporter; throws UsageError for anything wrong. */
export function parseRetcheckCommand(argv: string[], env: NodeJS.ProcessEnv, version: string): RetcheckCommand {
  const command = buildRetcheckCommand(version);
  try {
    command.parse(argv, { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError && error.exitCode !== 0) throw new UsageError(error.message.replace(/^error: /, ''));
    throw error;
  }
  const raw = command.opts<RawOptions>();
  const [inputText] = command.args as [string | undefined];
  const rustLog = env.RUST_LOG ? levelFromEnvFilter(env.RUST_LOG, 'retcheck') : undefined;
  const logLevel = rustLog ?? levelFromVerbosity(raw.verbose);
  const inspect = raw.inspect === undefined ? {} : { inspect: inspectTarget(raw.inspect) };
  if (raw.serveMetrics !== undefined) return { mode: 'serve', options: { ...serveOptions(raw, inputText, logLevel), ...inspect } };
  if (raw.maxConcurrentProbes !== undefined) throw new UsageError('--max-concurrent-probes goes with --serve-metrics');
  if (inputText === undefined) throw new UsageError("missing required argument 'INPUT'");
  return { mode: 'check', options: { ...checkOptions(raw, inputText, env, logLevel), ...inspect } };
}

/** `--inspect`'s value: a ws:// URL or none (a bridge). INPUT is never a URL, so any other word is refused. */
function inspectTarget(value: string | true): InspectTarget {
  try {
    const flag = parseInspectFlag(value);
    if (flag.argument !== undefined) throw new UsageError(`invalid --inspect address ${JSON.stringify(flag.argument)}: expected a ws:// or wss:// URL (--inspect ws://127.0.0.1:8080), or --inspect with no value (last, or before another option) to start a local bridge`);
    return flag.target;
  } catch (error) {
    if (error instanceof InputError) throw new UsageError(error.message);
    throw error;
  }
}

function serveOptions(raw: RawOptions, inputText: string | undefined, logLevel: LogLevel): RetcheckServeOptions {
  if (inputText !== undefined) throw new UsageError(`--serve-metrics takes no INPUT (got ${JSON.stringify(inputText)}): each /probe request names its ref and nodes`);
  const extra = CHECK_ONLY.filter((key) => raw[key] !== undefined && raw[key] !== false).map((k) => `--${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`);
  if (raw.replicas === false) extra.push('--no-replicas');
  if (extra.length > 0) throw new UsageError(`--serve-metrics takes no ${extra.join(', ')}: each /probe request names its ref and nodes`);
  try {
    return {
      listen: parseListenAddress(raw.serveMetrics!, '--serve-metrics address'),
      maxConcurrentProbes: raw.maxConcurrentProbes === undefined ? DEFAULT_MAX_CONCURRENT_PROBES : parsePositiveInt(raw.maxConcurrentProbes, '--max-concurrent-probes', 1024),
      logLevel,
    };
  } catch (error) {
    if (error instanceof InputError) throw new UsageError(error.message);
    throw error;
  }
}

function checkOptions(raw: RawOptions, inputText: string, env: NodeJS.ProcessEnv, logLevel: LogLevel): RetcheckCliOptions {
  let target: RetcheckInput['target'];
  try {
    const parsed = parseCheckInput(inputText);
    target = parsed.kind === 'reference' ? { kind: 'reference', reference: parsed.reference.hex } : parsed;
  } catch (error) {
    if (error instanceof InputError) throw new UsageError(error.message);
    throw error;
  }

  if (raw.reseed && !raw.stamp) throw new UsageError('--reseed requires --stamp <ID> (the postage batch to re-upload under)');
  let reseed: RetcheckInput['reseed'];
  try {
    const envNodes = (env.NODE_API_URL ?? '').split(/[\s,]+/).filter(Boolean);
    const nodeInputs = raw.node && raw.node.length > 0 ? raw.node : envNodes.length > 0 ? envNodes : [DEFAULT_NODE_URL];
    const nodes = [...new Set(nodeInputs.map((n) => parseNodeUrl(n, '--node URL')))];
    const gateways = raw.gateway === false ? [] : [...new Set((raw.gateway ?? [DEFAULT_GATEWAY_URL]).map((g) => parseNodeUrl(g, '--gateway URL')))];
    if (raw.stamp !== undefined) {
      const batch = parseBatchId(raw.stamp, '--stamp batch ID');
      if (raw.reseed) reseed = { batchId: batch.hex };
    }
    const targetOverlay = raw.targetOverlay !== undefined ? parseOverlay(raw.targetOverlay, '--target-overlay').hex : undefined;
    const timeoutSeconds = parsePositiveInt(raw.timeout, '--timeout', 86_400);
    const concurrency = parsePositiveInt(raw.concurrency, '--concurrency', 256);
    const pushgateway = raw.pushgateway !== undefined ? parseNodeUrl(raw.pushgateway, '--pushgateway URL') : undefined;
    const declaredLevel = raw.redundancyLevel !== undefined ? parseRedundancyLevel(raw.redundancyLevel) : undefined;
    if (declaredLevel !== undefined && !raw.replicas) throw new UsageError('--redundancy-level is for the replica check, which --no-replicas turns off');
    return {
      input: {
        target,
        nodes,
        gateways,
        timeoutMs: timeoutSeconds * 1000,
        perChunk: raw.perChunk === true,
        cold: raw.cold === true,
        concurrency,
        ...(targetOverlay ? { targetOverlay } : {}),
        ...(reseed ? { reseed } : {}),
        ...(raw.replicas ? { replicas: declaredLevel !== undefined ? { declaredLevel } : {} } : {}),
      },
      output: raw.output,
      logLevel,
      ...(pushgateway ? { pushgateway } : {}),
    };
  } catch (error) {
    if (error instanceof InputError) throw new UsageError(error.message);
    throw error;
  }
}
