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
import { cockpitArgs, CockpitUsageError, ONCE_OPTIONS, type CockpitArgs, type FrontEndName, type RawOptions } from './cockpit-args.js';

export { CommanderError };
export { CockpitUsageError, parseTimeoutSeconds, type CockpitArgs, type FrontEndName } from './cockpit-args.js';

const DESCRIPTION: Record<FrontEndName, string> = {
  cockpit: 'Swarm node operator cockpit (desktop). One-shot verbs run without a UI.',
  'cockpit-tui': 'Swarm node operator cockpit (terminal). One-shot verbs run without a UI.',
};

function buildProgram(name: FrontEndName, version: string): Command {
  const program = new Command(name)
    .description(DESCRIPTION[name])
    .version(`${name} ${version}`, '-V, --version', 'print name and version');
  for (const [flags, description] of ONCE_OPTIONS) program.option(flags, description);
  program
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
