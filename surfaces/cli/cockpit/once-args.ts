/**
 * The plain one-shot command lines, read without commander: `--once <verb>`, the verb's words, and the flags a
 * verb takes, each spelt out with its value as the next word (`--node http://n1:1633`, `--json`). Loading and
 * building commander's program was about a quarter of a `--once` verb's own start-up (docs/benchmarks.md
 * "Start-up"), so these lines skip it.
 *
 * Anything else is not read here but returned as undefined, and commander reads it (options.ts): help,
 * `--version`, `--opt=value`, short flags, a value that starts with `-`, a flag given twice, a missing value,
 * the launch flags and every unknown option. Its messages and exit codes stay commander's. What is read here
 * goes through the same rules as commander's result (cockpit-args.ts); a test (once-args.test.ts) holds the
 * two readers to the same answer on random command lines.
 */
import { cockpitArgs, ONCE_OPTIONS, type CockpitArgs, type RawOptions } from './cockpit-args.js';

type OnceFlag = { key: keyof RawOptions; takesValue: boolean };

/** The flags read here (cockpit-args.ts's ONCE_OPTIONS), under their keys in commander's `opts()`: `--block-time` is `blockTime`. */
const ONCE_FLAGS: ReadonlyMap<string, OnceFlag> = new Map(
  ONCE_OPTIONS.map(([flags]): [string, OnceFlag] => {
    const name = flags.split(' ')[0]!;
    const key = name.slice(2).replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase()) as keyof RawOptions;
    return [name, { key, takesValue: flags.includes('<') }];
  }),
);

/** Help is commander's, and a help flag never reaches this reader. */
function noHelpHere(): never {
  throw new Error('once-args: help is read by commander (options.ts)');
}

/** The meaning of a plain `--once` command line, or undefined for commander to read it. */
export function quickOnceArgs(argv: readonly string[]): CockpitArgs | undefined {
  const options: Record<string, string | boolean> = {};
  const operands: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    if (!word.startsWith('-')) {
      operands.push(word);
      continue;
    }
    const flag = ONCE_FLAGS.get(word);
    if (flag === undefined || flag.key in options) return undefined;
    if (!flag.takesValue) {
      options[flag.key] = true;
      continue;
    }
    const value = argv[i + 1];
    if (value === undefined || value.startsWith('-')) return undefined;
    options[flag.key] = value;
    i++;
  }
  if (options.once === undefined) return undefined;
  return cockpitArgs(options as RawOptions, operands, argv, noHelpHere);
}
