/**
 * The face draws every region as lines of styled segments, computed by pure functions at the region's exact
 * width, then handed to Ink as one <Text> per line (Line.tsx). Ink re-renders the whole tree on each view, so
 * few nodes and exact widths keep a frame cheap and the layout predictable at any terminal size.
 *
 * `seg()` is the only way text enters a line, and it makes the text inert (inert.ts) before measuring it,
 * so a node string can neither act on the terminal nor throw the measurements off.
 */
import stringWidth from 'string-width';
import type { Tone } from '../../core/cockpit/view/view-model.js';
import { inert } from './inert.js';

export interface SegStyle {
  readonly tone?: Tone | undefined;
  /** Titles, headers, the active tab. */
  readonly accent?: boolean;
  readonly bold?: boolean;
  readonly dim?: boolean;
  /** The selected row, the highlighted suggestion. */
  readonly inverse?: boolean;
}

export interface Seg extends SegStyle {
  readonly text: string;
}

export type Line = readonly Seg[];

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** Columns a string takes on a terminal (wide East Asian characters take two, combining marks none). */
export function textWidth(text: string): number {
  return PRINTABLE_ASCII.test(text) ? text.length : stringWidth(text);
}

/** `text` cut to at most `width` columns, ending in `ellipsis` when it was cut. */
export function truncate(text: string, width: number, ellipsis: string): string {
  if (width <= 0) return '';
  if (textWidth(text) <= width) return text;
  if (PRINTABLE_ASCII.test(text) && PRINTABLE_ASCII.test(ellipsis)) {
    return width <= ellipsis.length ? ellipsis.slice(0, width) : text.slice(0, width - ellipsis.length) + ellipsis;
  }
  const room = width - textWidth(ellipsis);
  if (room <= 0) return ellipsis.slice(0, width);
  let out = '';
  let used = 0;
  for (const char of text) {
    const w = textWidth(char);
    if (used + w > room) break;
    out += char;
    used += w;
  }
  return out + ellipsis;
}

export function padTo(text: string, width: number, align: 'left' | 'right' = 'left'): string {
  const gap = width - textWidth(text);
  if (gap <= 0) return text;
  return align === 'right' ? ' '.repeat(gap) + text : text + ' '.repeat(gap);
}

/** A segment of view text, made inert. */
export function seg(text: string, style: SegStyle = {}): Seg {
  return { ...style, text: inert(text) };
}

/** A segment of view text, made inert, cut and padded to exactly `width` columns. */
export function cell(text: string, width: number, ellipsis: string, style: SegStyle = {}, align: 'left' | 'right' = 'left'): Seg {
  return { ...style, text: padTo(truncate(inert(text), width, ellipsis), width, align) };
}

/** Our own spacing (never view text). */
export function space(width: number, style: SegStyle = {}): Seg {
  return { ...style, text: ' '.repeat(Math.max(0, width)) };
}

export function lineWidth(line: Line): number {
  let width = 0;
  for (const part of line) width += textWidth(part.text);
  return width;
}

/** A line cut to `width` columns (the last visible segment ends in the ellipsis) and, with `fill`, padded. */
export function fitLine(line: Line, width: number, ellipsis: string, fill = false): Line {
  const out: Seg[] = [];
  let used = 0;
  for (const part of line) {
    const w = textWidth(part.text);
    if (used + w <= width) {
      out.push(part);
      used += w;
      continue;
    }
    const room = width - used;
    if (room > 0) {
      out.push({ ...part, text: truncate(part.text, room, ellipsis) });
      used += textWidth(out[out.length - 1]?.text ?? '');
    }
    break;
  }
  if (fill && used < width) {
    const last = out[out.length - 1];
    // An inverse line (the selection) is highlighted to its end.
    out.push(space(width - used, last?.inverse ? { inverse: true } : {}));
  }
  return out;
}

/** Prose broken into lines of at most `width` columns at spaces (a word longer than a line is cut). */
export function wrapWords(text: string, width: number, ellipsis: string): string[] {
  if (width <= 0) return [];
  const clean = inert(text);
  if (textWidth(clean) <= width) return [clean];
  const lines: string[] = [];
  let current = '';
  for (const word of clean.split(' ')) {
    const candidate = current === '' ? word : `${current} ${word}`;
    if (textWidth(candidate) <= width) {
      current = candidate;
      continue;
    }
    if (current !== '') lines.push(current);
    current = textWidth(word) <= width ? word : truncate(word, width, ellipsis);
  }
  if (current !== '') lines.push(current);
  return lines;
}

/** Joins lines side by side: `left` padded to `leftWidth`, then `gap` columns, then `right`. */
export function sideBySide(left: readonly Line[], right: readonly Line[], leftWidth: number, gap: Seg, ellipsis: string): Line[] {
  const rows = Math.max(left.length, right.length);
  const out: Line[] = [];
  for (let i = 0; i < rows; i++) {
    out.push([...fitLine(left[i] ?? [], leftWidth, ellipsis, true), gap, ...(right[i] ?? [])]);
  }
  return out;
}
