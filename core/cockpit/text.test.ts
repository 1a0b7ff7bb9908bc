import { describe, expect, it } from 'vitest';
import { utf8Encode } from '../swarm/bytes.js';
import { errorLine, oneLine, shortHex, utf8Text } from './text.js';

describe('node text made safe for one line', () => {
  it('decodes UTF-8 text only, never control characters', () => {
    expect(utf8Text(utf8Encode('héllo\n\tok'))).toBe('héllo\n\tok');
    expect(utf8Text(Uint8Array.of(0xff, 0xfe))).toBeNull();
    expect(utf8Text(utf8Encode('\u001b[31mred'))).toBeNull();
  });

  it('flattens to one line, replaces controls, cuts long text', () => {
    expect(oneLine('a\n\n b\r\nc')).toBe('a b c');
    expect(oneLine('x\u001b[2Jy')).toBe('x\uFFFD[2Jy');
    expect(oneLine('abcdef', 4)).toBe('abc…');
    expect(errorLine(new Error('boom\nstack'))).toBe('boom stack');
    expect(shortHex('ab'.repeat(32))).toBe('abababab…abab');
  });
});
