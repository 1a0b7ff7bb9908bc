#!/usr/bin/env node
/** Entry point of `retcheck`: the only place that sets the process exit code. */
import { CommanderError } from 'commander';
import { parseRetcheckArgs, UsageError } from './retcheck/options.js';
import { runRetcheck } from './retcheck/run.js';
import { packageVersion } from './package-version.js';
import { EXIT } from '../../core/retcheck/status.js';

// A reader that goes away early (`retcheck --help | head`) is not an error worth a stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

async function main(argv: string[]): Promise<number> {
  let options;
  try {
    options = parseRetcheckArgs(argv, process.env, packageVersion());
  } catch (error) {
    if (error instanceof CommanderError && error.exitCode === 0) {
      // --help and --version: commander has the text; print it on stdout.
      return EXIT.ok;
    }
    if (error instanceof UsageError) {
      process.stderr.write(`retcheck: ${error.message}\n(run retcheck --help for usage)\n`);
      return EXIT.usage;
    }
    throw error;
  }
  const color = process.stdout.isTTY === true && !process.env.NO_COLOR;
  return runRetcheck(options, { stdout: (t) => process.stdout.write(t), stderr: (t) => process.stderr.write(t), color });
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`retcheck: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = EXIT.usage;
  },
);
