/**
 * How the terminal draws the engine's theme (ThemeView): colours for each Tone in the light, dark and mono
 * schemes, and the glyphs for Unicode or `--ascii` drawing. The engine decides what a thing means (its Tone)
 * and which scheme applies (`--theme`, `[ui].theme`, NO_COLOR); this file only says what that looks like.
 *
 * - mono (NO_COLOR): no colour at all. Meaning is still in the text (the engine writes `FAIL`, `2 fail`), and
 *   the face adds bold for fail/warn and inverse video for the selected row, which NO_COLOR allows.
 * - dark and light: the 16 ANSI colours only. A terminal's own profile maps them to shades readable on its
 *   background, and they survive every colour depth (a hex colour is downsampled to the nearest of the 16,
 *   which can turn an amber into red). Cyan, which fades on white, gives way to blue on light.
 * - ascii: borders `+-|`, bars `#` and `.`, markers `>` and `*`: for consoles without box drawing.
 */
import type { ThemeView, Tone } from '../../core/cockpit/view/view-model.js';

export interface ToneStyle {
  readonly color?: string;
  readonly bold?: boolean;
  readonly dim?: boolean;
}

export interface Glyphs {
  readonly border: 'round' | 'classic';
  readonly separator: string;
  readonly selected: string;
  readonly barFull: string;
  readonly barEmpty: string;
  readonly ellipsis: string;
  readonly dot: string;
  readonly cursor: string;
  readonly collapsed: string;
  readonly expanded: string;
  readonly leaf: string;
  readonly ok: string;
  readonly fail: string;
  readonly warn: string;
  readonly info: string;
  readonly moreLeft: string;
  readonly moreRight: string;
  /** Leads a row's hint line (what to do about the row). */
  readonly hint: string;
}

export interface TerminalTheme {
  readonly scheme: ThemeView['scheme'];
  readonly ascii: boolean;
  readonly tone: Readonly<Record<Tone, ToneStyle>>;
  /** Titles, the active tab, column headers. */
  readonly accent: ToneStyle;
  readonly glyphs: Glyphs;
}

const DARK: Record<Tone, ToneStyle> = {
  ok: { color: 'green' },
  warn: { color: 'yellow' },
  fail: { color: 'red', bold: true },
  info: { color: 'cyan' },
  muted: { color: 'gray' },
};

const LIGHT: Record<Tone, ToneStyle> = {
  ok: { color: 'green' },
  warn: { color: 'yellow' },
  fail: { color: 'red', bold: true },
  info: { color: 'blue' },
  muted: { color: 'gray' },
};

const MONO: Record<Tone, ToneStyle> = {
  ok: {},
  warn: { bold: true },
  fail: { bold: true },
  info: {},
  muted: { dim: true },
};

const UNICODE_GLYPHS: Glyphs = {
  border: 'round',
  separator: '│',
  selected: '▶',
  barFull: '█',
  barEmpty: '░',
  ellipsis: '…',
  dot: '●',
  cursor: '█',
  collapsed: '▸',
  expanded: '▾',
  leaf: '·',
  ok: '✓',
  fail: '✗',
  warn: '!',
  info: 'i',
  moreLeft: '‹',
  moreRight: '›',
  hint: '↳',
};

const ASCII_GLYPHS: Glyphs = {
  border: 'classic',
  separator: '|',
  selected: '>',
  barFull: '#',
  barEmpty: '.',
  ellipsis: '~',
  dot: '*',
  cursor: '_',
  collapsed: '+',
  expanded: '-',
  leaf: ' ',
  ok: '+',
  fail: 'x',
  warn: '!',
  info: 'i',
  moreLeft: '<',
  moreRight: '>',
  hint: '->',
};

export function terminalTheme(view: ThemeView): TerminalTheme {
  const tone = view.scheme === 'mono' ? MONO : view.scheme === 'light' ? LIGHT : DARK;
  return {
    scheme: view.scheme,
    ascii: view.ascii,
    tone,
    accent: view.scheme === 'mono' ? { bold: true } : { color: view.scheme === 'light' ? 'blue' : 'cyan', bold: true },
    glyphs: view.ascii ? ASCII_GLYPHS : UNICODE_GLYPHS,
  };
}

/** The marker glyph that says a tone without colour (toasts, banner, picker). */
export function toneGlyph(theme: TerminalTheme, tone: Tone): string {
  switch (tone) {
    case 'ok':
      return theme.glyphs.ok;
    case 'fail':
      return theme.glyphs.fail;
    case 'warn':
      return theme.glyphs.warn;
    case 'info':
      return theme.glyphs.info;
    case 'muted':
      return theme.glyphs.dot;
  }
}
