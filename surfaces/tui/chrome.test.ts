import { describe, expect, it } from 'vitest';
import { topBarLine } from './chrome.js';
import { terminalTheme } from './theme.js';
import { cockpitView } from './testing/view-fixtures.js';

const text = (line: readonly { readonly text: string }[]) => line.map((part) => part.text).join('');

describe('the top bar', () => {
  const view = cockpitView();
  const theme = terminalTheme(view.theme);

  it('shows a named node with its URL', () => {
    expect(text(topBarLine(view.topBar, 300, theme))).toContain('http://127.0.0.1:1633');
  });

  it('shows an ad-hoc node, named by its URL, once', () => {
    const url = 'http://127.0.0.1:1633';
    const bar = { ...view.topBar, node: { ...view.topBar.node, name: url, nameIsUrl: true } };
    expect(text(topBarLine(bar, 300, theme)).split(url)).toHaveLength(2);
  });
});
