/**
 * What a `cockpit` or `cockpit-tui` command line means (2-cockpit.md §4) once its words are read: the parsed
 * forms, the rules between flags and their usage errors. Two readers feed it the same raw options: commander
 * (options.ts: every form, help and --version) and, for the plain one-shot forms, once-args.ts, which loads no
 * commander (a `--once` verb's start-up, docs/benchmarks.md "Start-up").
 */
import type { CockpitLaunchArgs } from '../../../core/cockpit/config/resolved-config.js';
import { parseListenAddress, type ListenAddress } from '../../../core/cockpit/listen-address.js';
import { InputError } from '../../../core/swarm/input-error.js';
import { parseInspectFlag, type InspectTarget } from '../../../core/inspection/inspect-flag.js';
import { DEFAULT_ONCE_TIMEOUT_MS } from '../../../actors/cockpit/verbs/verb.js';

export type FrontEndName = 'cockpit' | 'cockpit-tui';

export type CockpitArgs =
  | {
      kind: 'once';
      once: string;
      json: boolean;
      /** Arguments after the verb (e.g. the path of `hash`, or a trailing node URL). */
      args: string[];
      /** `--node <URL>`; the verbs fall back to a trailing URL, then NODE_URL, then the config, then http://localhost:1633. */
      node?: string;
      /** `--token <bearer>`; the verbs fall back to NODE_TOKEN, then the node's config token. */
      token?: string;
      /** `--config <PATH>`; else COCKPIT_CONFIG, else the platform's config file. */
      config?: string;
      /** `--timeout <SECS>` in milliseconds; DEFAULT_ONCE_TIMEOUT_MS when not given. */
      timeoutMs: number;
      /** `--inspect [ws://HOST:PORT]`: where the verb's actor is inspected (docs/cockpit.md "Live inspection"). */
      inspect?: InspectTarget;
    }
  /** No `--once`: the interactive cockpit, with every launch flag. */
  | { kind: 'interactive'; launch: CockpitLaunchArgs; inspect?: InspectTarget }
  /** `cockpit --serve-metrics <host:port>`: the engine headless, serving Prometheus metrics, with every launch flag. */
  | { kind: 'serveMetrics'; listen: ListenAddress; launch: CockpitLaunchArgs; inspect?: InspectTarget }
  /** `cockpit --serve [host:port]`: the desktop window served to a browser (loopback, a free port by default). */
  | { kind: 'serve'; listen: ListenAddress; launch: CockpitLaunchArgs; inspect?: InspectTarget }
  /** `--help` without a verb: the program help is in `text`. */
  | { kind: 'help'; text: string }
  /** `--once <verb> --help`: the caller prints that verb's help. */
  | { kind: 'verbHelp'; once: string };

export class CockpitUsageError extends Error {
  override name = 'CockpitUsageError';
}

const HELP_FLAGS = new Set(['-h', '--help']);
/** Generous upper bound: a day. A timeout is for a hung node, not a schedule. */
const MAX_TIMEOUT_SECONDS = 86_400;

/** Seconds as given on the command line (decimals allowed) to milliseconds; 1 ms .. a day. */
export function parseTimeoutSeconds(raw: string): number {
  const text = raw.trim();
  const seconds = /^\d+(\.\d+)?$/.test(text) ? Number(text) : NaN;
  if (!(seconds > 0 && seconds <= MAX_TIMEOUT_SECONDS)) {
    throw new CockpitUsageError(`invalid --timeout ${JSON.stringify(raw)}: expected seconds, more than 0 and at most ${MAX_TIMEOUT_SECONDS}`);
  }
  return Math.max(1, Math.round(seconds * 1000));
}

/**
 * The flags of the one-shot verbs, as commander declares them (`--name <VALUE>` takes a value): options.ts
 * declares each with commander, and once-args.ts reads the same flags without it. One table, so the two readers
 * cannot disagree on which flags exist or take a value.
 */
export const ONCE_OPTIONS: readonly (readonly [flags: string, description: string])[] = [
  ['--once <verb>', 'run one verb and exit, without a UI (--once <verb> --help for its help)'],
  ['--json', 'with --once, print the result as a JSON object {verb, status, message, data}'],
  ['--node <URL>', 'active node API URL (default: a trailing URL, env NODE_URL, the config\'s default node, http://localhost:1633)'],
  ['--token <bearer>', 'bearer token for the active node (default: env NODE_TOKEN, then the node\'s config token)'],
  ['--config <PATH>', 'config file (default: env COCKPIT_CONFIG, then the platform\'s config.toml)'],
  ['--timeout <SECS>', `per-request timeout of the --once verbs, body included (default ${DEFAULT_ONCE_TIMEOUT_MS / 1000})`],
  ['--redundancy <0..4>', 'with --once hash, upload-file, upload-collection: Bee\'s swarm-redundancy-level (uploads default 1, hash 0)'],
  ['--manifest', 'with --once hash: the reference of the file wrapped in a manifest, as upload-file returns it'],
  ['--size <BYTES>', 'with --once probe-upload: the payload size (default 1024)'],
  ['--batch <PREFIX>', 'with --once probe-upload: the usable batch whose ID starts with PREFIX (default: the longest TTL)'],
  ['--deadline <SECS>', 'with --once probe-upload: how long every vantage gets to say retrievable (default 60)'],
  ['--block-time <SECS>', 'with --once sample-forecast: the chain\'s block time (default 5, Bee\'s own; the API does not report it)'],
];

/** The options as commander's `opts()` gives them (once-args.ts fills the same keys). */
export interface RawOptions {
  once?: string;
  json?: boolean;
  node?: string;
  token?: string;
  config?: string;
  timeout?: string;
  redundancy?: string;
  manifest?: boolean;
  size?: string;
  batch?: string;
  deadline?: string;
  blockTime?: string;
  theme?: string;
  screen?: string;
  polling?: string;
  nodeLog?: string;
  nodeLogCmd?: string;
  nodeBin?: string;
  nodeConfig?: string;
  fleetPrometheus?: string;
  ascii?: boolean;
  serveMetrics?: string;
  serve?: string | boolean;
  inspect?: string | true;
  help?: boolean;
}

/**
 * The command line's meaning from its options and operands (`argv` places a URL `--inspect` took back among the
 * nodes); `helpText` is the program help, asked for only by `--help`.
 */
export function cockpitArgs(options: RawOptions, operands: readonly string[], argv: readonly string[], helpText: () => string): CockpitArgs {
  const inspect = inspectFlag(options.inspect);
  const args = withArgument(operands, inspect.argument, argv);
  const parsed = argsOf(options, args, helpText);
  return inspect.target && parsed.kind !== 'help' && parsed.kind !== 'verbHelp' ? { ...parsed, inspect: inspect.target } : parsed;
}

/** A URL commander took for `--inspect`'s value, put back among the arguments where the command line had it. */
function withArgument(args: readonly string[], argument: string | undefined, argv: readonly string[]): string[] {
  if (argument === undefined) return [...args];
  const at = argv.indexOf(argument);
  const before = args.filter((arg) => argv.indexOf(arg) < at).length;
  return [...args.slice(0, before), argument, ...args.slice(before)];
}

/** `--inspect`'s value (core/inspection/inspect-flag.ts), or nothing when the flag is not given. */
function inspectFlag(value: string | true | undefined): { target?: InspectTarget; argument?: string } {
  if (value === undefined) return {};
  try {
    return parseInspectFlag(value);
  } catch (error) {
    if (error instanceof InputError) throw new CockpitUsageError(error.message);
    throw error;
  }
}

function argsOf(options: RawOptions, args: string[], helpText: () => string): CockpitArgs {
  // `--once --help`: commander reads `--help` as the verb's name.
  const help = () => ({ kind: 'help' as const, text: helpText() });
  if (options.once !== undefined && HELP_FLAGS.has(options.once)) return help();
  if (options.help) return options.once === undefined ? help() : { kind: 'verbHelp', once: options.once };
  if (options.once === undefined) {
    if (options.json) throw new CockpitUsageError('--json needs --once <verb>');
    if (options.redundancy !== undefined || options.manifest) throw new CockpitUsageError(`${options.manifest ? '--manifest' : '--redundancy'} needs --once hash, upload-file or upload-collection`);
    if (options.timeout !== undefined) throw new CockpitUsageError('--timeout needs --once <verb>');
    if (probeFlags(options).length > 0) throw new CockpitUsageError(`${probeFlags(options)[0]} needs --once probe-upload`);
    if (options.blockTime !== undefined) throw new CockpitUsageError('--block-time needs --once sample-forecast');
    if (options.serveMetrics !== undefined && options.serve !== undefined) throw new CockpitUsageError('--serve and --serve-metrics are two modes; give one');
    if (options.serveMetrics !== undefined) return { kind: 'serveMetrics', listen: listenAddress(options.serveMetrics), launch: launchArgs(options, args) };
    if (options.serve !== undefined) return serveArgs(options.serve, options, args);
    return { kind: 'interactive', launch: launchArgs(options, args) };
  }
  if (options.serveMetrics !== undefined) throw new CockpitUsageError('--serve-metrics and --once are two modes; give one');
  if (options.serve !== undefined) throw new CockpitUsageError('--serve and --once are two modes; give one');
  return {
    kind: 'once',
    once: options.once,
    json: options.json === true,
    args: [...uploadChoiceArgs(options), ...probeArgs(options), ...blockTimeArgs(options), ...args],
    timeoutMs: options.timeout === undefined ? DEFAULT_ONCE_TIMEOUT_MS : parseTimeoutSeconds(options.timeout),
    ...(options.node === undefined ? {} : { node: options.node }),
    ...(options.token === undefined ? {} : { token: options.token }),
    ...(options.config === undefined ? {} : { config: options.config }),
  };
}

/** Verbs that take the upload choices (core/cockpit/upload-choices.ts); only hash takes --manifest. */
const REDUNDANCY_VERBS = new Set(['hash', 'upload-file', 'upload-collection']);

/**
 * `--redundancy` and `--manifest` go back in front of the verb's arguments, where the verb reads them as the
 * palette's `:hash` and `:upload` pass them: one parser for both.
 */
function uploadChoiceArgs(options: RawOptions): string[] {
  const verb = options.once ?? '';
  if (options.redundancy !== undefined && !REDUNDANCY_VERBS.has(verb)) throw new CockpitUsageError(`--redundancy is for --once hash, upload-file and upload-collection, not ${verb}`);
  if (options.manifest && verb !== 'hash') throw new CockpitUsageError(`--manifest is for --once hash${verb.startsWith('upload') ? ` (${verb} always wraps the data in a manifest)` : `, not ${verb}`}`);
  return [...(options.redundancy === undefined ? [] : ['--redundancy', options.redundancy]), ...(options.manifest ? ['--manifest'] : [])];
}

/** `--size`, `--batch`, `--deadline` go back in front of probe-upload's arguments, as the palette passes them. */
function probeArgs(options: RawOptions): string[] {
  const flags = probeFlags(options);
  if (flags.length > 0 && options.once !== 'probe-upload') throw new CockpitUsageError(`${flags[0]} is for --once probe-upload, not ${options.once}`);
  return flags;
}

/** `--block-time` goes back in front of sample-forecast's arguments. */
function blockTimeArgs(options: RawOptions): string[] {
  if (options.blockTime === undefined) return [];
  if (options.once !== 'sample-forecast' && options.once !== 'forecast') throw new CockpitUsageError(`--block-time is for --once sample-forecast, not ${options.once}`);
  return ['--block-time', options.blockTime];
}

function probeFlags(options: RawOptions): string[] {
  return [
    ...(options.size === undefined ? [] : ['--size', options.size]),
    ...(options.batch === undefined ? [] : ['--batch', options.batch]),
    ...(options.deadline === undefined ? [] : ['--deadline', options.deadline]),
  ];
}

function launchArgs(options: RawOptions, urls: string[]): CockpitLaunchArgs {
  const launch: CockpitLaunchArgs = { urls };
  for (const key of ['config', 'node', 'token', 'theme', 'screen', 'polling', 'nodeLog', 'nodeLogCmd', 'nodeBin', 'nodeConfig', 'fleetPrometheus'] as const) {
    if (options[key] !== undefined) launch[key] = options[key];
  }
  if (options.ascii) launch.ascii = true;
  return launch;
}

/**
 * `--serve` takes an optional address, so commander gives it the next word: `cockpit --serve http://n1:1633`
 * means "serve, with this node", not an address (a URL is never a listen address).
 */
function serveArgs(serve: string | boolean, options: RawOptions, urls: string[]): CockpitArgs {
  const loopback: ListenAddress = { host: '127.0.0.1', port: 0 };
  if (serve === true) return { kind: 'serve', listen: loopback, launch: launchArgs(options, urls) };
  const text = String(serve);
  if (text.includes('://')) return { kind: 'serve', listen: loopback, launch: launchArgs(options, [text, ...urls]) };
  return { kind: 'serve', listen: listenAddress(text, '--serve address'), launch: launchArgs(options, urls) };
}

function listenAddress(text: string, what?: string): ListenAddress {
  try {
    return parseListenAddress(text, what);
  } catch (error) {
    if (error instanceof InputError) throw new CockpitUsageError(error.message);
    throw error;
  }
}
