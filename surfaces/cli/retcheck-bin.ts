#!/usr/bin/env node
/**
 * Entry point of `retcheck`: the only place that sets the process exit code. The check itself (XState, the
 * HTTP client, the report schema) is imported only once the arguments are valid: `retcheck --help` and a
 * usage error start in a fraction of the time (`npm run bench:startup`).
 */
import { CommanderError } from 'commander';
import { parseRetcheckCommand, UsageError } from './retcheck/options.js';
import { packageVersion } from './package-version.js';
import { EXIT } from '../../core/retcheck/status.js';
import { showControlCharacters } from '../../core/terminal/visible-text.js';

// A reader that goes away early (`retcheck --help | head`) is not an error worth a stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

async function main(argv: string[]): Promise<number> {
  let command;
  try {
    command = parseRetcheckCommand(argv, process.env, packageVersion());
  } catch (error) {
    if (error instanceof CommanderError && error.exitCode === 0) {
      // --help and --version: commander has the text; print it on stdout.
      return EXIT.ok;
    }
    if (error instanceof UsageError) {
      process.stderr.write(`retcheck: ${showControlCharacters(error.message)}\n(run retcheck --help for usage)\n`);
      return EXIT.usage;
    }
    throw error;
  }
  if (command.mode === 'serve') {
    const { serveRetcheckMetrics } = await import('./retcheck/serve-metrics.js');
    return serveRetcheckMetrics(command.options, (t) => process.stderr.write(t));
  }
  const color = process.stdout.isTTY === true && !process.env.NO_COLOR;
  const { runRetcheck } = await import('./retcheck/run.js');
  return runRetcheck(command.options, { stdout: (t) => process.stdout.write(t), stderr: (t) => process.stderr.write(t), color });
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`retcheck: internal error: ${showControlCharacters(error instanceof Error ? error.message : String(error))}\n`);
    process.exitCode = EXIT.usage;
  },
);
