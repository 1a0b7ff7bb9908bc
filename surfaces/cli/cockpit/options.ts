/**
 * Command line of the `cockpit` and `cockpit-tui` bins (2-cockpit.md §4), parsed once at the boundary with
 * commander. Both take the launch flags of the spec and `--once <verb>`; `cockpit-tui` adds `--ascii`. What the
 * options mean, and the rules between them, are in cockpit-args.ts. The plain `--once` forms are read without
 * commander (once-args.ts); this module is loaded for every other command line.
 *
 * Help: `--help` (and `--once --help`, where commander would otherwise take `--help` for the verb's name)
 * prints the program help; `--once <verb> --help` prints that verb's help. `-h` is `--help`, `-V` is `--version`.
 */
import { Command, CommanderError } from 'commander';
import { DEFAULT_ONCE_TIMEOUT_MS } from '../../../actors/cockpit/verbs/verb.js';
import { cockpitArgs, CockpitUsageError, type CockpitArgs, type FrontEndName, type RawOptions } from './cockpit-args.js';

export { CommanderError };
export { CockpitUsageError, parseTimeoutSeconds, type CockpitArgs, type FrontEndName } from './cockpit-args.js';

const DESCRIPTION: Record<FrontEndName, string> = {
  cockpit: 'Swarm node operator cockpit (desktop). One-shot verbs run without a UI.',
  'cockpit-tui': 'Swarm node operator cockpit (terminal). One-shot verbs run without a UI.',
};

function buildProgram(name: FrontEndName, version: string): Command {
  const program = new Command(name)
    .description(DESCRIPTION[name])
    .version(`${name} ${version}`, '-V, --version', 'print name and version')
    .option('--once <verb>', 'run one verb and exit, without a UI (--once <verb> --help for its help)')
    .option('--json', 'with --once, print the result as a JSON object {verb, status, message, data}')
    .option('--node <URL>', 'active node API URL (default: a trailing URL, env NODE_URL, the config\'s default node, http://localhost:1633)')
    .option('--token <bearer>', 'bearer token for the active node (default: env NODE_TOKEN, then the node\'s config token)')
    .option('--config <PATH>', 'config file (default: env COCKPIT_CONFIG, then the platform\'s config.toml)')
    .option('--timeout <SECS>', `per-request timeout of the --once verbs, body included (default ${DEFAULT_ONCE_TIMEOUT_MS / 1000})`)
    .option('--redundancy <0..4>', 'with --once hash, upload-file, upload-collection: Bee\'s swarm-redundancy-level (uploads default 1, hash 0)')
    .option('--manifest', 'with --once hash: the reference of the file wrapped in a manifest, as upload-file returns it')
    .option('--size <BYTES>', 'with --once probe-upload: the payload size (default 1024)')
    .option('--batch <PREFIX>', 'with --once probe-upload: the usable batch whose ID starts with PREFIX (default: the longest TTL)')
    .option('--deadline <SECS>', 'with --once probe-upload: how long every vantage gets to say retrievable (default 60)')
    .option('--block-time <SECS>', 'with --once sample-forecast: the chain\'s block time (default 5, Bee\'s own; the API does not report it)')
    .option('--theme <auto|light|dark>', 'colour scheme (beats [ui] theme)')
    .option('--polling <live|default|slow>', 'how often the fleet and the screens poll (beats [ui] polling; default: the spec\'s cadence)')
    .option('--screen <name>', 'open on this screen: a palette name or number, as `:go` takes (default: [ui] start_screen, then health)')
    .option('--node-log <PATH>', 'tail this node log file (from its end)')
    .option('--node-log-cmd <CMD>', 'tail the stdout of this shell command (sh -c)')
    .option('--node-bin <PATH>', 'spawn and supervise the node binary (needs --node-config)')
    .option('--node-config <PATH>', 'the node\'s YAML config, for --node-bin')
    .option('--fleet-prometheus <URL>', 'read the fleet roll-up from this Prometheus instead of polling every node (beats [fleet] prometheus_url)')
    .option('--inspect [ws-url]', 'send the actor system\'s inspection events to this Stately inspector WebSocket; alone: start a local bridge and print the page to open');
  if (name === 'cockpit-tui') program.option('--ascii', 'ASCII instead of box-drawing characters (beats [ui] ascii_fallback)');
  if (name === 'cockpit') program.option('--serve-metrics <host:port>', 'run headless and serve Prometheus metrics at http://<host:port>/metrics (a bare port: loopback)');
  if (name === 'cockpit') program.option('--serve [host:port]', 'serve the desktop window to a browser instead of opening it (default 127.0.0.1 and a free port); prints the URL with its token');
  return program
    .option('-h, --help', 'show this help')
    .helpOption(false)
    .argument('[args...]', 'node URLs (an ad-hoc fleet, the first active), or the arguments of the --once verb')
    .exitOverride()
    .configureOutput({ writeErr: () => {} });
}

/** Throws CommanderError with exitCode 0 after printing --version, CockpitUsageError on bad input. */
export function parseCockpitArgs(argv: readonly string[], version: string, verbHelp: string, name: FrontEndName = 'cockpit'): CockpitArgs {
  const program = buildProgram(name, version);
  try {
    program.parse([...argv], { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError && error.exitCode !== 0) {
      throw new CockpitUsageError(error.message.replace(/^error: /, ''));
    }
    throw error;
  }
  return cockpitArgs(program.opts<RawOptions>(), program.args, argv, () => program.helpInformation() + helpAfter(verbHelp, name));
}

/** The verb list and exit codes, after commander's option list. */
function helpAfter(verbHelp: string, name: FrontEndName): string {
  const codes = name === 'cockpit' ? '0 ok, 1 unhealthy or sad result, 2 error (network, parse, unreadable file), 64 usage error' : '0 ok, 1 unhealthy or failed (including network and parse errors), 2 usage error';
  return `\n--once verbs:\n${verbHelp}\n\nExit codes of --once: ${codes}.\n`;
}
