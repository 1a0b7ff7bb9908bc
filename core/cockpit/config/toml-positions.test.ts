import { describe, expect, it } from 'vitest';
import { MAX_TOML_DEPTH, TomlDepthError, tomlPositions } from './toml-positions.js';

describe('tomlPositions', () => {
  const source = [
    '# comment with [brackets] and key = "value"',
    'title = """',
    'multi = line [not a header]',
    '"""',
    '[[nodes]]',
    'name = "a" # trailing',
    '  url = \'http://a\'',
    '[[nodes]]',
    '"name" = "b"',
    '[nodes.extra]',
    'x = 1',
    '[store . supervisor]',
    'auto_restart = true',
    'ui.theme = "dark"',
    'list = [',
    '  { name = "i", url = "u" },',
    '  2,',
    ']',
  ].join('\n');
  const positions = tomlPositions(source);

  it('finds keys under array-of-tables headers with their running index', () => {
    expect(positions.exact(['nodes', 0, 'name'])).toEqual({ line: 6, column: 1 });
    expect(positions.exact(['nodes', 0, 'url'])).toEqual({ line: 7, column: 3 });
    expect(positions.exact(['nodes', 1, 'name'])).toEqual({ line: 9, column: 1 });
    expect(positions.exact(['nodes', 1])).toEqual({ line: 8, column: 3 });
    expect(positions.exact(['nodes', 1, 'extra', 'x'])).toEqual({ line: 11, column: 1 });
  });

  it('skips multi-line strings and comments, and reads spaced dotted headers and dotted keys', () => {
    expect(positions.exact(['multi'])).toBeUndefined();
    expect(positions.exact(['title'])).toEqual({ line: 2, column: 1 });
    expect(positions.exact(['store', 'supervisor', 'auto_restart'])).toEqual({ line: 13, column: 1 });
    expect(positions.exact(['store', 'supervisor', 'ui', 'theme'])).toEqual({ line: 14, column: 1 });
  });

  it('indexes array elements and inline-table keys', () => {
    expect(positions.exact(['store', 'supervisor', 'list', 0, 'url'])).toEqual({ line: 16, column: 17 });
    expect(positions.exact(['store', 'supervisor', 'list', 1])).toEqual({ line: 17, column: 3 });
  });

  it('falls back to the nearest written ancestor, then to 1:1', () => {
    expect(positions.locate(['nodes', 1, 'url'])).toEqual({ line: 8, column: 3 });
    expect(positions.locate(['nowhere'])).toEqual({ line: 1, column: 1 });
  });

  it('counts columns in characters, not bytes', () => {
    expect(tomlPositions('"ключ" = 1\n  "é" = 2\n').exact(['é'])).toEqual({ line: 2, column: 3 });
  });
});

describe('tomlPositions: hostile shapes stay linear (issue 24 item 8)', () => {
  it('a 200 KB header of 100,000 dotted segments is refused at the depth limit, with its position', () => {
    // Before: every prefix of the path was keyed by JSON.stringify, 60 s and 2.7 GB for this file.
    const source = `# hostile\n[${Array.from({ length: 100_000 }, () => 'a').join('.')}]\nx = 1\n`;
    expect(() => tomlPositions(source)).toThrow(TomlDepthError);
    try {
      tomlPositions(source);
    } catch (error) {
      expect((error as TomlDepthError).position).toEqual({ line: 2, column: 2 });
      expect((error as Error).message).toMatch(/^keys nest more than 32 levels deep/);
    }
  });

  it('a path of exactly MAX_TOML_DEPTH keys is accepted', () => {
    const keys = Array.from({ length: MAX_TOML_DEPTH }, (_, i) => `k${i}`);
    expect(tomlPositions(`[${keys.slice(0, -1).join('.')}]\n${keys.at(-1)} = 1\n`).exact(keys)).toEqual({ line: 2, column: 1 });
  });

  it('one long line of 60,000 array elements: every column right, in linear time', () => {
    // Before: each element's column was counted from the start of the line (quadratic).
    const source = `x = [${Array.from({ length: 60_000 }, () => '1').join(', ')}]\n`;
    const positions = tomlPositions(source);
    expect(positions.exact(['x', 0])).toEqual({ line: 1, column: 6 });
    expect(positions.exact(['x', 59_999])).toEqual({ line: 1, column: 6 + 59_999 * 3 });
  });

  it('columns count characters across surrogate pairs on a line scanned in steps', () => {
    expect(tomlPositions('a = { "😀" = 1, b = 2 }\n').exact(['a', 'b'])).toEqual({ line: 1, column: 16 });
  });
});
