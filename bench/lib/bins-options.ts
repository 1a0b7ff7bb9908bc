/**
 * The command line of the benches that run the bins of a build against hostile parties (bench/hostile-memory.ts,
 * bench/hostile-serve.ts): `--bins DIST_DIR` (another build's dist/, for a before/after comparison; default this
 * build's), `--json`, and `--only TEXT` where the bench filters its cases. `--help` is answered before this
 * (lib/usage.ts).
 */
import { fileURLToPath } from 'node:url';

export interface BinsOptions {
  /** The dist/ directory whose bins run. */
  readonly bins: string;
  readonly json: boolean;
  /** Only the cases whose name contains this ('' keeps all). */
  readonly only: string;
}

/** This build's dist/ (this file is dist/bench/lib/bins-options.js once built). */
const THIS_BUILD = fileURLToPath(new URL('../..', import.meta.url));

/** Reads the arguments; an option the bench does not take (`--only` unless `takesOnly`) is an error naming those it does. */
export function parseBinsOptions(argv: readonly string[], { takesOnly = false }: { takesOnly?: boolean } = {}): BinsOptions {
  let bins = THIS_BUILD;
  let json = false;
  let only = '';
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--bins') bins = argv[++i] ?? bins;
    else if (argv[i] === '--only' && takesOnly) only = argv[++i] ?? '';
    else if (argv[i] === '--json') json = true;
    else throw new Error(`unknown option ${argv[i]} (known: --bins <dist dir>, ${takesOnly ? '--only <text>, ' : ''}--json)`);
  }
  return { bins, json, only };
}
