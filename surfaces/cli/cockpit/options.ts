/**
 * Command line of the `cockpit` bin, parsed once at the boundary with commander. Only the one-shot mode
 * exists so far; without `--once` the bin says so and exits with the usage code.
 */
import { Command, CommanderError } from 'commander';

export interface CockpitArgs {
  once: string;
  json: boolean;
  /** Arguments after the verb (e.g. the path of `hash`, or a trailing node URL). */
  args: string[];
  /** `--node <URL>`; the verbs fall back to a trailing URL, then NODE_URL, then http://localhost:1633. */
  node?: string;
  /** `--token <bearer>`; the verbs fall back to NODE_TOKEN. */
  token?: string;
}

export class CockpitUsageError extends Error {
  override name = 'CockpitUsageError';
}

/** Throws CommanderError with exitCode 0 after printing --help/--version, CockpitUsageError on bad input. */
export function parseCockpitArgs(argv: readonly string[], version: string, verbHelp: string): CockpitArgs {
  const program = new Command('cockpit')
    .description('Swarm node operator cockpit. One-shot verbs run without a UI.')
    .version(`cockpit ${version}`, '--version', 'print name and version')
    .option('--once <verb>', 'run one verb and exit, without a UI')
    .option('--json', 'with --once, print the result as a JSON object {verb, status, message, data}')
    .option('--node <URL>', 'node API URL (default: a trailing URL, then env NODE_URL, then http://localhost:1633)')
    .option('--token <bearer>', 'bearer token for the node API (default: env NODE_TOKEN)')
    .argument('[args...]', 'arguments of the --once verb')
    .addHelpText('after', `\n--once verbs:\n${verbHelp}\n\nExit codes: 0 ok, 1 unhealthy or sad result, 2 error (network, parse, unreadable file), 64 usage error.`)
    .exitOverride()
    .configureOutput({ writeErr: () => {} });
  try {
    program.parse([...argv], { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError && error.exitCode !== 0) {
      throw new CockpitUsageError(error.message.replace(/^error: /, ''));
    }
    throw error;
  }
  const options = program.opts<{ once?: string; json?: boolean; node?: string; token?: string }>();
  if (options.once === undefined) {
    if (options.json) throw new CockpitUsageError('--json needs --once <verb>');
    throw new CockpitUsageError('the interactive cockpit is not built yet; run a verb with --once <verb>');
  }
  return {
    once: options.once,
    json: options.json === true,
    args: program.args,
    ...(options.node === undefined ? {} : { node: options.node }),
    ...(options.token === undefined ? {} : { token: options.token }),
  };
}
