#!/usr/bin/env node
/** Entry point of `cockpit`: the only place that sets the process exit code. */
import { CommanderError } from 'commander';
import { findVerb, ONCE_EXIT, runOnce, verbHelp, verbList } from './cockpit/once.js';
import { onceVerbs } from './cockpit/once-verbs.js';
import { CockpitUsageError, parseCockpitArgs } from './cockpit/options.js';
import { packageVersion } from './package-version.js';
import { showControlCharacters } from '../../core/terminal/visible-text.js';

// A reader that goes away early (`cockpit --help | head`) is not an error worth a stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

async function main(argv: string[]): Promise<number> {
  const verbs = onceVerbs();
  let args;
  try {
    args = parseCockpitArgs(argv, packageVersion(), verbList(verbs));
  } catch (error) {
    if (error instanceof CommanderError && error.exitCode === 0) return ONCE_EXIT.ok;
    if (error instanceof CockpitUsageError) {
      process.stderr.write(`cockpit: ${showControlCharacters(error.message)}\n(run cockpit --help for usage)\n`);
      return ONCE_EXIT.usage;
    }
    throw error;
  }
  if (args.kind === 'help') {
    process.stdout.write(args.text);
    return ONCE_EXIT.ok;
  }
  if (args.kind === 'verbHelp') {
    const verb = findVerb(verbs, args.once);
    if (!verb) {
      process.stderr.write(`cockpit: unknown verb '${showControlCharacters(args.once)}' for --once\nverbs:\n${verbList(verbs)}\n`);
      return ONCE_EXIT.usage;
    }
    process.stdout.write(await verbHelp(verb));
    return ONCE_EXIT.ok;
  }
  const out = { json: args.json, stdout: (t: string) => process.stdout.write(t), stderr: (t: string) => process.stderr.write(t) };
  const context = { env: process.env, timeoutMs: args.timeoutMs, ...(args.node === undefined ? {} : { node: args.node }), ...(args.token === undefined ? {} : { token: args.token }) };
  return runOnce(verbs, args.once, args.args, out, context);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`cockpit: internal error: ${showControlCharacters(error instanceof Error ? error.message : String(error))}\n`);
    process.exitCode = ONCE_EXIT.error;
  },
);
