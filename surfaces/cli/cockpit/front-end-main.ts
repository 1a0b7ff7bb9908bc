/**
 * What both cockpit bins do with their command line: `--help`, `--once <verb> --help`, `--once <verb>` (the
 * same verbs and JSON in both, each bin with its own exit codes), or the interactive face, which each bin
 * supplies. Returns the exit code; only the bin entry sets `process.exitCode`.
 */
import type { CockpitLaunchArgs } from '../../../core/cockpit/config/resolved-config.js';
import type { InspectTarget } from '../../../core/inspection/inspect-flag.js';
import { showControlCharacters } from '../../../core/terminal/visible-text.js';
import { runOnce, verbHelp, verbList, type OnceFrontEnd } from './once.js';
import { findVerb, type OnceVerb } from '../../../actors/cockpit/verbs/verb.js';
import { onceVerbs } from '../../../actors/cockpit/verbs/index.js';
import { CockpitUsageError, type CockpitArgs, type FrontEndName } from './cockpit-args.js';
import { quickOnceArgs } from './once-args.js';

export interface FrontEndIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: Readonly<Record<string, string | undefined>>;
  stderrIsTty?: boolean;
}

export async function runFrontEnd(
  argv: readonly string[],
  frontEnd: OnceFrontEnd,
  version: string,
  io: FrontEndIo,
  interactive: (launch: CockpitLaunchArgs, inspect?: InspectTarget) => Promise<number>,
): Promise<number> {
  const verbs = onceVerbs();
  const bin = frontEnd.name;
  let args;
  try {
    args = quickOnceArgs(argv) ?? (await commanderArgs(argv, version, verbs, bin));
  } catch (error) {
    if (error instanceof CockpitUsageError) {
      io.stderr(`${bin}: ${showControlCharacters(error.message)}\n(run ${bin} --help for usage)\n`);
      return frontEnd.exit.usage;
    }
    throw error;
  }
  if (args === undefined) return frontEnd.exit.ok;
  switch (args.kind) {
    case 'help':
      io.stdout(args.text);
      return frontEnd.exit.ok;
    case 'verbHelp': {
      const verb = findVerb(verbs, args.once);
      if (!verb) {
        io.stderr(`${bin}: unknown verb '${showControlCharacters(args.once)}' for --once\nverbs:\n${verbList(verbs)}\n`);
        return frontEnd.exit.usage;
      }
      io.stdout(await verbHelp(verb, frontEnd));
      return frontEnd.exit.ok;
    }
    case 'interactive':
      return interactive(args.launch, args.inspect);
    case 'serve': {
      const { serveMain } = await import('../../desktop/serve.js');
      return serveMain({ listen: args.listen, launch: args.launch, env: io.env, version, stdout: io.stdout, stderr: io.stderr, ...(args.inspect ? { inspect: args.inspect } : {}) }, frontEnd.exit);
    }
    case 'serveMetrics': {
      const { serveMetricsMain } = await import('./serve-metrics.js');
      return serveMetricsMain({ listen: args.listen, launch: args.launch, env: io.env, version, stderr: io.stderr, ...(args.inspect ? { inspect: args.inspect } : {}) }, frontEnd);
    }
    case 'once': {
      const out = { json: args.json, stdout: io.stdout, stderr: io.stderr };
      const context = {
        env: io.env,
        stderr: io.stderr,
        stderrIsTty: io.stderrIsTty === true,
        timeoutMs: args.timeoutMs,
        ...(args.node === undefined ? {} : { node: args.node }),
        ...(args.token === undefined ? {} : { token: args.token }),
        ...(args.config === undefined ? {} : { config: args.config }),
        ...(args.inspect === undefined ? {} : { inspect: args.inspect }),
      };
      return runOnce(verbs, args.once, args.args, out, context, frontEnd);
    }
  }
}

/**
 * Every command line but the plain `--once` forms (once-args.ts) is read by commander, loaded only here; after
 * commander printed `--version`, undefined.
 */
async function commanderArgs(argv: readonly string[], version: string, verbs: readonly OnceVerb[], bin: FrontEndName): Promise<CockpitArgs | undefined> {
  const { CommanderError, parseCockpitArgs } = await import('./options.js');
  try {
    return parseCockpitArgs(argv, version, verbList(verbs), bin);
  } catch (error) {
    if (error instanceof CommanderError && error.exitCode === 0) return undefined;
    throw error;
  }
}

/** A reader that goes away early (`cockpit --help | head`) is not an error worth a stack trace. */
export function exitQuietlyOnBrokenPipe(): void {
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}

/** How long the process may linger once its mode is over before it exits anyway (see settle). */
export const LINGER_MS = 5_000;

/**
 * The bin entry's last step: set the exit code, or report an unexpected failure as the error code. The process
 * then ends when nothing is left to do. Should something still hold the event loop LINGER_MS later (a pipe a
 * stray process keeps open, a forgotten timer), it exits anyway and says what was open: one SIGTERM, one
 * `:quit`, one finished verb always ends the cockpit.
 */
export function settle(run: Promise<number>, frontEnd: OnceFrontEnd): void {
  const lingerGuard = () => {
    setTimeout(() => {
      const open = process.getActiveResourcesInfo().filter((name) => name !== 'Timeout');
      process.stderr.write(`${frontEnd.name}: still running ${LINGER_MS / 1000} s after finishing (open: ${open.join(', ') || 'nothing known'}); exiting\n`);
      process.exit();
    }, LINGER_MS).unref();
  };
  run.then(
    (code) => {
      process.exitCode = code;
      lingerGuard();
    },
    (error: unknown) => {
      process.stderr.write(`${frontEnd.name}: internal error: ${showControlCharacters(error instanceof Error ? error.message : String(error))}\n`);
      process.exitCode = frontEnd.exit.error;
      lingerGuard();
    },
  );
}
