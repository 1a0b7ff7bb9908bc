import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { jsonForTerminal, showControlCharacters, terminalSafeOutput } from './visible-text.js';

const HOSTILE = '2.8.1\u001b[2J\u001b]0;pwned\u0007\rstatus  retrievable\n\u009b31m\u202eevil';

/** Any character a terminal would act on rather than print. */
const ACTS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

describe('showControlCharacters', () => {
  it('makes ESC, BEL, CR, LF, C1 CSI and bidi overrides visible, keeping the printable text', () => {
    expect(showControlCharacters(HOSTILE)).toBe('2.8.1\\x1b[2J\\x1b]0;pwned\\x07\\rstatus  retrievable\\n\\x9b31m\\u202eevil');
  });

  it('leaves printable text (non-ASCII letters included) unchanged', () => {
    expect(showControlCharacters('Bee 2.8.1-rc1 – Größe 東京')).toBe('Bee 2.8.1-rc1 – Größe 東京');
  });

  it('never lets a control character through, whatever the input', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (text) => !ACTS.test(showControlCharacters(text)) && !showControlCharacters(text).includes('\n')));
  });
});

describe('terminalSafeOutput', () => {
  it('keeps the layout (newlines, tabs) and escapes the rest', () => {
    expect(terminalSafeOutput(`a\tb\n${HOSTILE}\n`)).toBe('a\tb\n2.8.1\\x1b[2J\\x1b]0;pwned\\x07\\rstatus  retrievable\n\\x9b31m\\u202eevil\n');
  });

  it('keeps SGR colour sequences only when colour is allowed, and never other sequences', () => {
    const coloured = '\u001b[32mretrievable\u001b[0m \u001b[2J';
    expect(terminalSafeOutput(coloured, { allowColor: true })).toBe('\u001b[32mretrievable\u001b[0m \\x1b[2J');
    expect(terminalSafeOutput(coloured)).toBe('\\x1b[32mretrievable\\x1b[0m \\x1b[2J');
  });

  it('returns text without controls as it is', () => {
    const text = 'ref     ab12\nstatus  retrievable\n';
    expect(terminalSafeOutput(text)).toBe(text);
  });

  it('lets nothing act but newline and tab, whatever the input', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (text) => !ACTS.test(terminalSafeOutput(text))));
  });
});

describe('jsonForTerminal', () => {
  it('is the same JSON value with nothing a terminal acts on', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.string({ unit: 'binary' }), (value, text) => {
        const json = jsonForTerminal(JSON.stringify({ value, text }));
        return !ACTS.test(json) && JSON.stringify(JSON.parse(json)) === JSON.stringify({ value, text });
      }),
    );
  });
});
