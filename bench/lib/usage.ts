/**
 * `--help` and `-h` for the scripts under bench/: the usage on stdout, exit 0, before any work (no devnet, no
 * fixture, no child). `npm run <script> -- --help` gives the same text without building anything:
 * scripts/run-built.mjs reads it from scripts/script-help.json, which scripts/write-script-help.mjs records
 * from these (test/script-help.test.ts keeps the two equal).
 */
export function wantsHelp(argv: readonly string[]): boolean {
  return argv.includes('--help') || argv.includes('-h');
}

/** Prints `usage` and ends the process when the arguments ask for help; otherwise returns. */
export function answerHelp(usage: string, argv: readonly string[] = process.argv.slice(2)): void {
  if (!wantsHelp(argv)) return;
  process.stdout.write(usage.endsWith('\n') ? usage : `${usage}\n`);
  process.exit(0);
}
