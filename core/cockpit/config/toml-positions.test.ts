import { describe, expect, it } from 'vitest';
import { tomlPositions } from './toml-positions.js';

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
