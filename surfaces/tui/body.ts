/**
 * The screen body: a screen's (or a drill's) sections stacked into lines, arranged for the terminal's size,
 * and windowed to the rows available so the selected row is always in view.
 *
 * - Narrow terminals: one column, sections in the engine's order, a blank line between them.
 * - Wide terminals (WIDE_COLUMNS and up): the room is used. Rows-and-columns sections (tables, trees, forms,
 *   and the actions on them) go on the left, the small ones (facts, bars, strips, text) on the right, shared so
 *   that neither pane cuts text while the other has room (splitWidth); an open drill goes on the right of its
 *   screen instead of replacing it.
 * - A section longer than the rows left scrolls with the selection, and its title and column header stay on
 *   top ("sticky") while its rows scroll; clipped content says how many lines are out of view.
 */
import type { InputTarget, Section, SelectionView, TableSection } from '../../core/cockpit/view/view-model.js';
import { COLUMN_GAP, fitTable, naturalColumnWidths } from './table-fit.js';
import { fitLine, seg, sideBySide, textWidth, type Line } from './lines.js';
import { sectionLines } from './sections.js';
import type { TerminalTheme } from './theme.js';

/** From this many columns on, screens use two columns and drills open beside their screen. */
export const WIDE_COLUMNS = 150;

export interface ComposedColumn {
  readonly lines: readonly Line[];
  readonly selectedLine: number | null;
  /** The sticky lines of the section holding the selection: first index and count. */
  readonly pinned: { readonly start: number; readonly count: number } | null;
  /** Lines at the very top that never scroll (a drill's title). */
  readonly fixed?: number;
}

/** Sections that go on the left in the wide layout; actions stay with them (they act on the rows). */
const PRIMARY_KINDS: ReadonlySet<Section['kind']> = new Set(['table', 'tree', 'form', 'actions']);

function focusedFieldOf(focus: InputTarget | null, section: Section): string | null {
  return focus !== null && focus.kind === 'form' && focus.section === section.id ? focus.field : null;
}

/** Sections stacked in one column of `width`. */
export function composeColumn(
  sections: readonly Section[],
  selection: SelectionView | null,
  focus: InputTarget | null,
  width: number,
  theme: TerminalTheme,
): ComposedColumn {
  const lines: Line[] = [];
  let selectedLine: number | null = null;
  let pinned: ComposedColumn['pinned'] = null;
  for (const section of sections) {
    if (lines.length > 0) lines.push([]);
    const start = lines.length;
    const rendered = sectionLines(section, {
      width,
      theme,
      selected: selection !== null && selection.section === section.id ? selection.index : null,
      focusedField: focusedFieldOf(focus, section),
    });
    lines.push(...rendered.lines);
    if (rendered.selectedLine !== null) {
      selectedLine = start + rendered.selectedLine;
      pinned = rendered.pinned > 0 ? { start, count: rendered.pinned } : null;
    }
  }
  return { lines, selectedLine, pinned };
}

export interface BodyWindow {
  readonly lines: Line[];
  /** The first content line shown under the sticky lines (kept by the face to scroll smoothly). */
  readonly top: number;
}

/**
 * `height` rows of a composed column. `previousTop` is where the window was last time, so moving the
 * selection scrolls by as little as needed instead of jumping.
 */
export function windowColumn(column: ComposedColumn, height: number, previousTop: number, theme: TerminalTheme): BodyWindow {
  const fixed = Math.min(column.fixed ?? 0, Math.max(0, height - 2));
  if (fixed > 0) {
    const rest = windowColumn(
      {
        lines: column.lines.slice(fixed),
        selectedLine: column.selectedLine === null ? null : column.selectedLine - fixed,
        pinned: column.pinned === null ? null : { start: column.pinned.start - fixed, count: column.pinned.count },
      },
      height - fixed,
      previousTop,
      theme,
    );
    return { lines: [...column.lines.slice(0, fixed), ...rest.lines], top: rest.top };
  }
  const { lines, selectedLine, pinned } = column;
  if (height <= 0) return { lines: [], top: 0 };
  if (lines.length <= height) return { lines: [...lines], top: 0 };
  const moreLine = (count: number, up: boolean): Line => {
    const arrow = theme.ascii ? (up ? '^' : 'v') : up ? '↑' : '↓';
    return [seg(`${arrow} ${count} more line${count === 1 ? '' : 's'}`, { tone: 'muted' })];
  };
  if (selectedLine === null) {
    const shown = lines.slice(0, height - 1);
    return { lines: [...shown, moreLine(lines.length - shown.length, false)], top: 0 };
  }
  const clampTop = (top: number, rows: number, floor: number): number => {
    let t = Math.max(top, selectedLine - rows + 1, floor);
    t = Math.min(t, selectedLine);
    return Math.max(floor, Math.min(t, lines.length - rows));
  };
  let top = clampTop(previousTop, height, 0);
  let sticky: Line[] = [];
  if (pinned !== null && top > pinned.start && pinned.count < height - 1) {
    // The selected section's title and header scrolled away: keep them on top, scroll only the rows below.
    sticky = lines.slice(pinned.start, pinned.start + pinned.count);
    top = clampTop(previousTop, height - sticky.length, pinned.start + pinned.count);
  }
  const rows = height - sticky.length;
  const shown = lines.slice(top, top + rows);
  const below = lines.length - (top + shown.length);
  if (below > 0 && selectedLine < top + shown.length - 1) shown[shown.length - 1] = moreLine(below, false);
  const above = sticky.length > 0 ? top - (pinned?.start ?? 0) - sticky.length : top;
  if (above > 0 && selectedLine > top && shown.length > 1) shown[0] = moreLine(above, true);
  return { lines: [...sticky, ...shown], top };
}

export interface BodyInput {
  readonly sections: readonly Section[];
  readonly selection: SelectionView | null;
  readonly drill: { readonly title: string; readonly subtitle: string | null; readonly status: string; readonly sections: readonly Section[]; readonly selection: SelectionView | null } | null;
  readonly focus: InputTarget | null;
}

export interface BodyColumns {
  /** One or two columns, each with its width. */
  readonly columns: readonly { readonly column: ComposedColumn; readonly width: number }[];
}

function drillHeader(drill: NonNullable<BodyInput['drill']>, width: number, theme: TerminalTheme): Line[] {
  const head: Line = [seg(drill.title, { accent: true })];
  const lines: Line[] = [fitLine(head, width, theme.glyphs.ellipsis)];
  if (drill.subtitle !== null) lines.push(fitLine([seg(drill.subtitle, { tone: drill.status === 'error' ? 'fail' : 'muted' })], width, theme.glyphs.ellipsis));
  else if (drill.status === 'loading') lines.push([seg(`loading${theme.glyphs.ellipsis}`, { tone: 'muted' })]);
  lines.push([]);
  return lines;
}

function withHeader(header: Line[], column: ComposedColumn): ComposedColumn {
  const shift = header.length;
  return {
    lines: [...header, ...column.lines],
    selectedLine: column.selectedLine === null ? null : column.selectedLine + shift,
    pinned: column.pinned === null ? null : { start: column.pinned.start + shift, count: column.pinned.count },
    fixed: shift,
  };
}

/** How the body is split for this width. */
export function arrangeBody(input: BodyInput, width: number, theme: TerminalTheme): BodyColumns {
  const wide = width >= WIDE_COLUMNS;
  const split = (total: number): [number, number] => {
    const left = Math.floor((total - 3) * 0.6);
    return [left, total - 3 - left];
  };
  if (input.drill !== null) {
    const drillColumn = (w: number): ComposedColumn =>
      withHeader(drillHeader(input.drill!, w, theme), composeColumn(input.drill!.sections, input.drill!.selection, input.focus, w, theme));
    if (!wide) return { columns: [{ column: drillColumn(width), width }] };
    const [left, right] = split(width);
    // The screen stays visible on the left, without its selection marker stealing the scroll.
    return {
      columns: [
        { column: composeColumn(input.sections, input.selection, input.focus, left, theme), width: left },
        { column: drillColumn(right), width: right },
      ],
    };
  }
  const onLeft = (section: Section) => PRIMARY_KINDS.has(section.kind) || section.withRows === true;
  const primary = input.sections.filter(onLeft);
  const side = input.sections.filter((section) => !onLeft(section));
  if (!wide || primary.length === 0 || side.length === 0) {
    return { columns: [{ column: composeColumn(input.sections, input.selection, input.focus, width, theme), width }] };
  }
  const [left, right] = splitWidth(width - 3, naturalWidth(primary, theme, true), naturalWidth(primary, theme, false), naturalWidth(side, theme, true));
  return {
    columns: [
      { column: composeColumn(primary, input.selection, input.focus, left, theme), width: left },
      { column: composeColumn(side, input.selection, input.focus, right, theme), width: right },
    ],
  };
}

/**
 * How `room` columns are shared between the rows pane (left) and the facts pane (right), so that neither cuts
 * text while the other has columns to spare (issue 28 item 1):
 * 1. both fit (the left's tables with their full values, or else with their shortened ones): the facts pane gets
 *    what it needs, the tables the rest (they widen before they cut);
 * 2. neither fits: the left gets what its shortened values need, between 40 % and 70 % of the room, the right
 *    the rest.
 */
export function splitWidth(room: number, leftFull: number, leftShort: number, right: number): [number, number] {
  const floor = Math.floor(room * 0.4);
  if (Math.min(leftFull, leftShort) + right <= room) {
    const left = Math.max(room - right, Math.min(floor, leftShort));
    return [left, room - left];
  }
  const left = Math.max(floor, Math.min(leftShort, Math.floor(room * 0.7)));
  return [left, room - left];
}

/** The narrowest a column of these sections can be without cutting or wrapping anything (tables: with or without full values). */
function naturalWidth(sections: readonly Section[], theme: TerminalTheme, full: boolean): number {
  let widest = 0;
  for (const section of sections) {
    if (section.kind === 'table') {
      widest = Math.max(widest, naturalTableWidth(section, full));
      continue;
    }
    // Drawn on an unbounded line: the widest line is what the section needs (text does not wrap, bars are whole).
    const drawn = sectionLines(section, { width: UNBOUNDED, theme, selected: null, focusedField: null });
    for (const line of drawn.lines) widest = Math.max(widest, trimmedWidth(line));
  }
  return widest;
}

const UNBOUNDED = 10_000;

function trimmedWidth(line: Line): number {
  return textWidth(line.map((part) => part.text).join('').trimEnd());
}

/** The width a table takes when nothing is cut or dropped: with its full values (`full`), or its shortened texts. */
function naturalTableWidth(section: TableSection, full: boolean): number {
  const lead = section.selectable ? 2 : 0;
  const widths = full ? fitTable(section, Number.MAX_SAFE_INTEGER, lead).widths : naturalColumnWidths(section);
  return widths.reduce((sum, w) => sum + w, lead) + Math.max(0, widths.length - 1) * COLUMN_GAP;
}

/** The body's lines: each column windowed to `height`, then joined side by side. */
export function bodyLines(columns: BodyColumns, height: number, previousTops: readonly number[], theme: TerminalTheme): { lines: Line[]; tops: number[] } {
  const windows = columns.columns.map((entry, i) => windowColumn(entry.column, height, previousTops[i] ?? 0, theme));
  const tops = windows.map((w) => w.top);
  const first = windows[0];
  if (windows.length === 1 || first === undefined) return { lines: first?.lines ?? [], tops };
  const [left, right] = columns.columns;
  const gap = { text: ` ${theme.glyphs.separator} `, tone: 'muted' as const };
  return { lines: sideBySide(first.lines, windows[1]?.lines ?? [], left?.width ?? 0, gap, theme.glyphs.ellipsis).map((line) => fitLine(line, (left?.width ?? 0) + 3 + (right?.width ?? 0), theme.glyphs.ellipsis)), tops };
}
