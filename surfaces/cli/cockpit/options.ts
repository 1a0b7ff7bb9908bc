/**
 * Command line of the `cockpit` bin, parsed once at the boundary with commander. Only the one-shot mode
 * exists so far; without `--once` the bin says so and exits with the usage code.
 *
 * Help: `cockpit --help` (and `cockpit --once --help`, where commander would otherwise take `--help` for the
 * verb's name) prints the program help; `cockpit --once <verb> --help` prints that verb's help. `-h` is
 * `--help`, `-V` is `--version`.
 */
import { Command, CommanderError } from 'commander';
import { DEFAULT_ONCE_TIMEOUT_MS } from './once.js';

export type CockpitArgs =
  | {
      kind: 'once';
      once: string;
      json: boolean;
      /** Arguments after the verb (e.g. the path of `hash`, or a trailing node URL). */
      args: string[];
      /** `--node <URL>`; the verbs fall back to a trailing URL, then NODE_URL, then http://localhost:1633. */
      node?: string;
      /** `--token <bearer>`; the verbs fall back to NODE_TOKEN. */
      token?: string;
      /** `--timeout <SECS>` in milliseconds; DEFAULT_ONCE_TIMEOUT_MS when not given. */
      timeoutMs: number;
    }
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

function buildProgram(version: string): Command {
  return new Command('cockpit')
    .description('Swarm node operator cockpit. One-shot verbs run without a UI.')
    .version(`cockpit ${version}`, '-V, --version', 'print name and version')
    .option('--once <verb>', 'run one verb and exit, without a UI (cockpit --once <verb> --help for its help)')
    .option('--json', 'with --once, print the result as a JSON object {verb, status, message, data}')
    .option('--node <URL>', 'node API URL (default: a trailing URL, then env NODE_URL, then http://localhost:1633)')
    .option('--token <bearer>', 'bearer token for the node API (default: env NODE_TOKEN)')
    .option('--timeout <SECS>', `per-request timeout of the --once verbs, body included (default ${DEFAULT_ONCE_TIMEOUT_MS / 1000})`)
    .option('-h, --help', 'show this help')
    .helpOption(false)
    .argument('[args...]', 'arguments of the --once verb')
    .exitOverride()
    .configureOutput({ writeErr: () => {} });
}

/** Seconds as given on the command line (decimals allowed) to milliseconds; 1 ms .. a day. */
export function parseTimeoutSeconds(raw: string): number {
  const text = raw.trim();
  const seconds = /^\d+(\.\d+)?$/.test(text) ? Number(text) : NaN;
  if (!(seconds > 0 && seconds <= MAX_TIMEOUT_SECONDS)) {
    throw new CockpitUsageError(`invalid --timeout ${JSON.stringify(raw)}: expected seconds, more than 0 and at most ${MAX_TIMEOUT_SECONDS}`);
  }
  return Math.max(1, Math.round(seconds * 1000));
}

/** Throws CommanderError with exitCode 0 after printing --version, CockpitUsageError on bad input. */
export function parseCockpitArgs(argv: readonly string[], version: string, verbHelp: string): CockpitArgs {
  const program = buildProgram(version);
  try {
    program.parse([...argv], { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError && error.exitCode !== 0) {
      throw new CockpitUsageError(error.message.replace(/^error: /, ''));
    }
    throw error;
  }
  const options = program.opts<{ once?: string; json?: boolean; node?: string; token?: string; timeout?: string; help?: boolean }>();
  // `cockpit --once --help`: commander reads `--help` as the verb's name.
  const help = () => ({ kind: 'help' as const, text: program.helpInformation() + helpAfter(verbHelp) });
  if (options.once !== undefined && HELP_FLAGS.has(options.once)) return help();
  if (options.help) return options.once === undefined ? help() : { kind: 'verbHelp', once: options.once };
  if (options.once === undefined) {
    if (options.json) throw new CockpitUsageError('--json needs --once <verb>');
    throw new CockpitUsageError('the interactive cockpit is not built yet; run a verb with --once <verb>');
  }
  return {
    kind: 'once',
    once: options.once,
    json: options.json === true,
    args: program.args,
    timeoutMs: options.timeout === undefined ? DEFAULT_ONCE_TIMEOUT_MS : parseTimeoutSeconds(options.timeout),
    ...(options.node === undefined ? {} : { node: options.node }),
    ...(options.token === undefined ? {} : { token: options.token }),
  };
}

/** The verb list and exit codes, after commander's option list. */
function helpAfter(verbHelp: string): string {
  return `\n--once verbs:\n${verbHelp}\n\nExit codes: 0 ok, 1 unhealthy or sad result, 2 error (network, parse, unreadable file), 64 usage error.\n`;
}
