/**
 * A facts row's sparkline (issue 28 item 3) in the terminal: between the label and the value, Unicode blocks or
 * ASCII steps under --ascii, one width per section so values stay aligned, a gap blank, and a value too long for
 * the row wrapping under itself past the sparkline.
 */
import { describe, expect, it } from 'vitest';
import type { FactsSection } from '../../core/cockpit/view/view-model.js';
import { factsLines } from './sections.js';
import { terminalTheme } from './theme.js';

const text = (lines: readonly (readonly { text: string }[])[]) => lines.map((line) => line.map((part) => part.text).join('').trimEnd());
const spark = { text: '▁▂▃▄ ▆▇█▁▂▃▄', tone: 'muted' as const, trend: [0, 1, 2, 3, null, 5, 6, 7, 0, 1, 2, 3], detail: 'connected peers over the last hour: 1 → 9' };
const section: FactsSection = {
  kind: 'facts',
  id: 'summary',
  title: null,
  rows: [
    { label: 'connected', value: '12 of 40 known peers', spark },
    { label: 'depth', value: '6' },
    { label: 'Lag', value: '0 blocks', spark: { text: '—', tone: 'muted', detail: 'chain lag (blocks): no sample in the last hour yet' } },
  ],
};

describe('facts sparklines in the terminal', () => {
  it('draws Unicode blocks between label and value, a gap as a blank, no sample as a dash in the same width', () => {
    const lines = text(factsLines(section, { width: 80, theme: terminalTheme({ scheme: 'dark', ascii: false }), selected: null, focusedField: null }).lines);
    expect(lines).toEqual(['connected  ▁▂▃▄ ▆▇█▁▂▃▄ 12 of 40 known peers', 'depth      6', 'Lag        —            0 blocks']);
  });

  it('draws ASCII steps under --ascii', () => {
    const lines = text(factsLines(section, { width: 80, theme: terminalTheme({ scheme: 'dark', ascii: true }), selected: null, focusedField: null }).lines);
    expect(lines[0]).toBe('connected  _.-: +*#_.-: 12 of 40 known peers');
    expect(lines[2]).toBe('Lag        -            0 blocks');
    expect(lines.join('\n')).toMatch(/^[\x20-\x7e\n]*$/);
  });

  it('wraps a long value under itself, past the sparkline', () => {
    const long: FactsSection = { ...section, rows: [{ label: 'connected', value: 'twelve of forty known peers, and more words', spark }] };
    const lines = text(factsLines(long, { width: 40, theme: terminalTheme({ scheme: 'dark', ascii: false }), selected: null, focusedField: null }).lines);
    expect(lines[0]).toBe('connected  ▁▂▃▄ ▆▇█▁▂▃▄ twelve of forty');
    expect(lines[1]!.startsWith(' '.repeat(24))).toBe(true);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(40);
  });
});
