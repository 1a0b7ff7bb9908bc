/**
 * The one-shot fast reader (once-args.ts) against commander's (options.ts): on every command line the fast
 * reader takes, both give the same meaning or the same usage error, for both bins; the rest it leaves to
 * commander.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quickOnceArgs } from './once-args.js';
import { parseCockpitArgs, type FrontEndName } from './options.js';

/** What a reader made of a command line: its meaning, or the error it threw (class and message). */
function outcome(read: () => unknown): unknown {
  try {
    return { meaning: read() };
  } catch (error) {
    return { error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}

const commander = (argv: string[], name: FrontEndName) => outcome(() => parseCockpitArgs(argv, '1.0.0', '  verbs', name));

/** The flags the fast reader takes, and words and values for them. */
const READ_WORDS = [
  '--once', '--json', '--node', '--token', '--config', '--timeout', '--redundancy', '--manifest', '--size', '--batch', '--deadline', '--block-time',
  'version-check', 'price', 'hash', 'probe-upload', 'sample-forecast', 'forecast', 'upload-file', 'upload-collection', 'no-such-verb',
  'http://n1:1633', 'file.txt', '5', '0', '0.5', '86401', 'abc', '2', '', 'x y', '1e3', 'ab12',
];
/** Forms commander alone reads. */
const COMMANDER_WORDS = [
  '-h', '--help', '-V', '--version', '--node=http://n2:1633', '--inspect', 'ws://127.0.0.1:1', '--theme', 'dark', '--ascii', '--serve',
  '--serve-metrics', '9100', '-', '--', '-j', '-1', '--bogus', '--screen',
];

describe('the one-shot fast reader', () => {
  it('reads the plain --once forms as commander does', () => {
    const lines = [
      ['--once', 'version-check', 'http://127.0.0.1:1633'],
      ['--once', 'price', '--json', '--node', 'http://n1:1633', '--token', 't0k'],
      ['http://n1:1633', '--once', 'readiness', '--timeout', '2.5', '--config', '/tmp/c.toml'],
      ['--once', 'hash', 'file.txt', '--redundancy', '2', '--manifest'],
      ['--once', 'probe-upload', '--size', '4096', '--batch', 'ab12', '--deadline', '30'],
      ['--once', 'sample-forecast', '--block-time', '5'],
    ];
    for (const argv of lines) {
      expect(quickOnceArgs(argv), argv.join(' ')).toBeDefined();
      for (const name of ['cockpit', 'cockpit-tui'] as const) expect(outcome(() => quickOnceArgs(argv)), `${name} ${argv.join(' ')}`).toEqual(commander(argv, name));
    }
  });

  it('gives commander\'s usage errors for the flags\' rules', () => {
    for (const argv of [['--once', 'price', '--timeout', '0'], ['--once', 'price', '--redundancy', '1'], ['--once', 'price', '--size', '1'], ['--once', 'hash', '--block-time', '5']]) {
      const fast = outcome(() => quickOnceArgs(argv));
      expect(fast, argv.join(' ')).toMatchObject({ error: expect.stringMatching(/^CockpitUsageError: /) });
      expect(fast).toEqual(commander(argv, 'cockpit'));
    }
  });

  it('leaves help, --version, short flags, --opt=value, repeated and launch flags to commander', () => {
    for (const argv of [
      ['--once', 'price', '--help'], ['--once', '--help'], ['--help'], ['-V'], ['--once', 'price', '-h'], ['--once', 'price', '--node=http://n1:1633'],
      ['--once', 'price', '--json', '--json'], ['--once', 'price', '--node'], ['--once', 'price', '--node', '--json'], ['--once', 'price', '--inspect'],
      ['--once', 'price', '--theme', 'dark'], ['--once', 'price', '--'], ['--once', 'price', '-'], ['http://n1:1633'], [],
    ]) expect(quickOnceArgs(argv), argv.join(' ')).toBeUndefined();
  });

  it('agrees with commander on random command lines', () => {
    let read = 0;
    fc.assert(
      fc.property(fc.boolean(), fc.array(fc.oneof({ arbitrary: fc.constantFrom(...READ_WORDS), weight: 12 }, { arbitrary: fc.constantFrom(...COMMANDER_WORDS), weight: 1 }), { maxLength: 9 }), fc.constantFrom<FrontEndName>('cockpit', 'cockpit-tui'), (once, words, name) => {
        const argv = once ? ['--once', ...words] : words;
        const fast = outcome(() => quickOnceArgs(argv));
        if ((fast as { meaning?: unknown }).meaning === undefined && !('error' in (fast as object))) return;
        read++;
        expect(fast, `${name} ${JSON.stringify(argv)}`).toEqual(commander(argv, name));
      }),
      { numRuns: 3000 },
    );
    expect(read).toBeGreaterThan(300);
  });
});
