import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cell, fitLine, lineWidth, seg, textWidth, truncate, wrapWords } from './lines.js';
import { inert } from './inert.js';

describe('terminal text', () => {
  it('makes node text inert: every control character is shown, none acts', () => {
    expect(inert('2.8.1\u001b[2J\u001b]0;pwned\u0007\r\nok\u202eevil\u009b31m')).toBe('2.8.1\\x1b[2J\\x1b]0;pwned\\x07\\r\\nok\\u202eevil\\x9b31m');
    expect(inert('Größe 東京 – ok')).toBe('Größe 東京 – ok');
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (text) => !/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/.test(inert(text)) && inert(inert(text)) === inert(text)));
  });

  it('routes every segment through inert', () => {
    expect(seg('\u0007bell').text).toBe('\\x07bell');
    expect(cell('\u001b[31mred', 20, '…').text).toBe('\\x1b[31mred         ');
  });

  it('measures and cuts by terminal columns', () => {
    expect(textWidth('東京')).toBe(4);
    expect(truncate('abcdefgh', 5, '…')).toBe('abcd…');
    expect(truncate('東京東京', 5, '…')).toBe('東京…');
    expect(truncate('abc', 5, '…')).toBe('abc');
    expect(textWidth(cell('東京東京', 5, '…').text)).toBe(5);
  });

  it('cuts a line of segments to a width and pads it when asked', () => {
    const line = [seg('hello '), seg('world', { tone: 'ok' })];
    expect(fitLine(line, 8, '…').map((part) => part.text)).toEqual(['hello ', 'w…']);
    expect(lineWidth(fitLine(line, 20, '…', true))).toBe(20);
    fc.assert(fc.property(fc.array(fc.string({ unit: 'grapheme' }), { maxLength: 6 }), fc.integer({ min: 1, max: 60 }), (texts, width) => lineWidth(fitLine(texts.map((t) => seg(t)), width, '…')) <= width));
  });

  it('wraps prose at spaces', () => {
    expect(wrapWords('the quick brown fox jumps', 10, '…')).toEqual(['the quick', 'brown fox', 'jumps']);
    expect(wrapWords('a 0123456789abcdef b', 8, '…')).toEqual(['a', '0123456…', 'b']);
  });
});
