/**
 * One line builder per section kind of the view model (facts, table, bars, strip, tree, form, text,
 * actions): every screen and drill is drawn by these eight functions. Each returns the section's lines at an
 * exact width, which line is the selected row (so the body can keep it in view) and how many lines on top
 * (title, column header) stay pinned when the section scrolls.
 */
import type {
  ActionsSection,
  BarsSection,
  CellView,
  FactsSection,
  FormSection,
  RowHint,
  Section,
  StripSection,
  TableSection,
  TextSection,
  TreeSection,
} from '../../core/cockpit/view/view-model.js';
import { cell, fitLine, seg, space, textWidth, truncate, wrapWords, type Line, type Seg } from './lines.js';
import { inert } from './inert.js';
import { fullTextOf } from '../../core/cockpit/view/cell-text.js';
import { sparkText } from '../../core/cockpit/sparkline.js';
import { COLUMN_GAP, fitTable, shownText } from './table-fit.js';
import type { TerminalTheme } from './theme.js';

export interface SectionContext {
  readonly width: number;
  readonly theme: TerminalTheme;
  /** The selected row of this section, or null. */
  readonly selected: number | null;
  /** The form field of this section that has the text focus, or null. */
  readonly focusedField: string | null;
}

export interface SectionLines {
  readonly lines: Line[];
  /** Index into `lines` of the selected row, or null. */
  readonly selectedLine: number | null;
  /** Lines at the top (title, column header) worth keeping in view while the rows scroll. */
  readonly pinned: number;
}

const MARKER_WIDTH = 2;

function titleLines(title: string | null): Line[] {
  return title === null ? [] : [[seg(title, { accent: true })]];
}

function marker(ctx: SectionContext, selected: boolean): Seg {
  return selected ? { text: `${ctx.theme.glyphs.selected} `, inverse: true } : space(MARKER_WIDTH);
}

function invert(line: Line): Line {
  return line.map((part) => ({ ...part, inverse: true }));
}

export function factsLines(section: FactsSection, ctx: SectionContext): SectionLines {
  const { ellipsis } = ctx.theme.glyphs;
  const lines = titleLines(section.title);
  // A row's sparkline (its figure's last hour) sits between its label and its value, in one width per section.
  const sparkWidth = section.rows.reduce((max, row) => (row.spark ? Math.max(max, row.spark.trend?.length ?? textWidth(row.spark.text)) : max), 0);
  const sparkRoom = (row: FactsSection['rows'][number]) => (row.spark ? sparkWidth + 1 : 0);
  const longest = section.rows.reduce((max, row) => Math.max(max, textWidth(inert(row.label))), 0);
  const longestValue = section.rows.reduce((max, row) => Math.max(max, sparkRoom(row) + textWidth(inert(row.value))), 0);
  // Labels are cut only when label and value cannot both be whole: then to 40 % of the width at most.
  const labelWidth = Math.min(longest, Math.max(8, Math.floor(ctx.width * 0.4), ctx.width - 2 - longestValue));
  for (const row of section.rows) {
    const lead = sparkRoom(row);
    const valueWidth = Math.max(1, ctx.width - labelWidth - 2 - lead);
    // The unshortened value when it fits (never another field: cell-text.ts).
    const whole = fullTextOf(row, row.value);
    const full = whole !== undefined && textWidth(inert(whole)) <= valueWidth ? whole : row.value;
    // A value wider than its column wraps at word boundaries under itself instead of being cut.
    const [first = '', ...more] = textWidth(inert(full)) <= valueWidth ? [full] : wrapWords(full, valueWidth, ellipsis);
    const spark: Seg[] = row.spark ? [cell(sparkGlyphs(row.spark, ctx), sparkWidth, ellipsis, { tone: row.spark.tone ?? 'muted' }), space(1)] : [];
    lines.push([cell(row.label, labelWidth, ellipsis, { tone: 'muted' }), space(2), ...spark, cell(first, valueWidth, ellipsis, { tone: row.tone })]);
    for (const text of more) lines.push([space(labelWidth + 2 + lead), cell(text, valueWidth, ellipsis, { tone: row.tone })]);
    if (row.hint) lines.push(...hintLines(row.hint, labelWidth + 2, ctx));
  }
  return { lines: lines.map((line) => fitLine(line, ctx.width, ellipsis)), selectedLine: null, pinned: section.title === null ? 0 : 1 };
}

/** A sparkline cell's glyphs: ASCII steps under --ascii, the engine's Unicode blocks otherwise (`-` for no sample). */
function sparkGlyphs(spark: CellView, ctx: SectionContext): string {
  if (!ctx.theme.ascii) return spark.text;
  return spark.trend ? sparkText(spark.trend, true) : spark.text === '—' ? '-' : spark.text;
}

/**
 * A table's lines without any selection, remembered per section object, width and theme: moving the
 * selection through a 200-row table (the engine keeps the section's identity) re-inverts one row instead of
 * measuring and cutting every cell again.
 */
interface TableDrawing {
  readonly width: number;
  readonly theme: TerminalTheme;
  readonly lines: Line[];
  /** Index of each row's line (a row's hint lines follow it). */
  readonly rowLines: readonly number[];
  readonly pinned: number;
}

/**
 * A row's hint (what to do about it) under the row: indented past the selection marker, after the hint glyph,
 * wrapped rather than cut, in the hint's tone.
 */
function hintLines(hint: RowHint, indent: number, ctx: SectionContext): Line[] {
  const lead = `${ctx.theme.glyphs.hint} `;
  const room = Math.max(8, ctx.width - indent - textWidth(lead));
  return wrapWords(hint.text, room, ctx.theme.glyphs.ellipsis).map((text, i) => [space(indent), seg(i === 0 ? lead : ' '.repeat(textWidth(lead)), { tone: 'muted' }), seg(text, { tone: hint.tone ?? 'muted' })]);
}

const tableDrawings = new WeakMap<TableSection, TableDrawing>();

function drawTable(section: TableSection, ctx: SectionContext): TableDrawing {
  const cached = tableDrawings.get(section);
  if (cached !== undefined && cached.width === ctx.width && cached.theme === ctx.theme) return cached;
  const { ellipsis } = ctx.theme.glyphs;
  const lines = titleLines(section.title);
  if (section.rows.length === 0) {
    for (const text of wrapWords(section.emptyText, ctx.width, ellipsis)) lines.push([seg(text, { tone: 'muted' })]);
    const drawing = { width: ctx.width, theme: ctx.theme, lines, rowLines: [], pinned: lines.length };
    tableDrawings.set(section, drawing);
    return drawing;
  }
  const lead = section.selectable ? MARKER_WIDTH : 0;
  const fit = fitTable(section, ctx.width, lead);
  const gap = space(COLUMN_GAP);
  const header: Seg[] = section.selectable ? [space(MARKER_WIDTH)] : [];
  fit.shown.forEach((columnIndex, k) => {
    const column = section.columns[columnIndex];
    if (k > 0) header.push(gap);
    header.push(cell(column?.label ?? '', fit.widths[k] ?? 0, ellipsis, { bold: true }, column?.align ?? 'left'));
  });
  lines.push(fitLine(header, ctx.width, ellipsis));
  const firstRow = lines.length;
  const rowLines: number[] = [];
  for (const row of section.rows) {
    rowLines.push(lines.length);
    const line: Seg[] = section.selectable ? [space(MARKER_WIDTH)] : [];
    fit.shown.forEach((columnIndex, k) => {
      const column = section.columns[columnIndex];
      const value = row.cells[columnIndex];
      if (k > 0) line.push(gap);
      // A sparkline is drawn from its levels: ASCII steps under --ascii, the cell's Unicode blocks otherwise.
      const text = value === undefined ? '' : value.trend || (column?.kind === 'trend' && ctx.theme.ascii) ? sparkGlyphs(value, ctx) : shownText(value, fit.useFull);
      line.push(cell(text, fit.widths[k] ?? 0, ellipsis, { tone: value?.tone ?? row.tone }, column?.align ?? 'left'));
    });
    lines.push(fitLine(line, ctx.width, ellipsis));
    if (row.hint) for (const hint of hintLines(row.hint, lead + 2, ctx)) lines.push(fitLine(hint, ctx.width, ellipsis));
  }
  const drawing = { width: ctx.width, theme: ctx.theme, lines, rowLines, pinned: firstRow };
  tableDrawings.set(section, drawing);
  return drawing;
}

/** Where each row of the table is among its lines (hint lines sit between rows). */
export function tableRowLineIndexes(section: TableSection, ctx: SectionContext): readonly number[] {
  return drawTable(section, ctx).rowLines;
}

export function tableLines(section: TableSection, ctx: SectionContext): SectionLines {
  const drawing = drawTable(section, ctx);
  const selected = section.selectable && ctx.selected !== null && ctx.selected >= 0 && ctx.selected < section.rows.length ? ctx.selected : null;
  if (selected === null) return { lines: drawing.lines, selectedLine: null, pinned: drawing.pinned };
  const selectedLine = drawing.rowLines[selected] ?? 0;
  const lines = drawing.lines.slice();
  const row = lines[selectedLine] ?? [];
  lines[selectedLine] = invert([marker(ctx, true), ...row.slice(1)]);
  return { lines, selectedLine, pinned: drawing.pinned };
}

export function barsLines(section: BarsSection, ctx: SectionContext): SectionLines {
  const { ellipsis, barFull, barEmpty } = ctx.theme.glyphs;
  const lines = titleLines(section.title);
  const labelWidth = Math.min(
    section.bars.reduce((max, bar) => Math.max(max, textWidth(inert(bar.label))), 0),
    Math.floor(ctx.width * 0.35),
  );
  const textWidthMax = section.bars.reduce((max, bar) => Math.max(max, textWidth(inert(bar.text))), 0);
  const barWidth = Math.max(5, Math.min(50, ctx.width - labelWidth - Math.min(textWidthMax, 30) - 4));
  for (const bar of section.bars) {
    const fraction = Number.isFinite(bar.fraction) ? Math.min(1, Math.max(0, bar.fraction)) : 0;
    const filled = Math.round(fraction * barWidth);
    lines.push([
      cell(bar.label, labelWidth, ellipsis),
      space(1),
      { text: barFull.repeat(filled), tone: bar.tone ?? 'info' },
      { text: barEmpty.repeat(barWidth - filled), tone: 'muted' },
      space(1),
      seg(bar.text, { tone: bar.tone }),
    ]);
  }
  return { lines: lines.map((line) => fitLine(line, ctx.width, ellipsis)), selectedLine: null, pinned: section.title === null ? 0 : 1 };
}

export function stripLines(section: StripSection, ctx: SectionContext): SectionLines {
  const { ellipsis } = ctx.theme.glyphs;
  const lines = titleLines(section.title);
  const cells = section.cells.map((c) => ({ ...c, w: Math.max(textWidth(inert(c.label)), textWidth(inert(c.value))) }));
  let labels: Seg[] = [];
  let values: Seg[] = [];
  let used = 0;
  const flush = (): void => {
    if (labels.length === 0) return;
    lines.push(labels, values);
    labels = [];
    values = [];
    used = 0;
  };
  for (const c of cells) {
    const w = Math.min(c.w, ctx.width);
    if (used > 0 && used + 1 + w > ctx.width) flush();
    if (used > 0) {
      labels.push(space(1));
      values.push(space(1));
      used += 1;
    }
    labels.push(cell(c.label, w, ellipsis, { tone: 'muted' }, 'right'));
    values.push(cell(c.value, w, ellipsis, { tone: c.tone, bold: c.tone === 'fail' || c.tone === 'warn' }, 'right'));
    used += w;
  }
  flush();
  if (section.legend !== null) for (const text of wrapWords(section.legend, ctx.width, ellipsis)) lines.push([seg(text, { tone: 'muted' })]);
  return { lines: lines.map((line) => fitLine(line, ctx.width, ellipsis)), selectedLine: null, pinned: section.title === null ? 0 : 1 };
}

export function treeLines(section: TreeSection, ctx: SectionContext): SectionLines {
  const { ellipsis, expanded, collapsed, leaf } = ctx.theme.glyphs;
  const lines = titleLines(section.title);
  const pinned = lines.length;
  if (section.rows.length === 0) {
    for (const text of wrapWords(section.emptyText, ctx.width, ellipsis)) lines.push([seg(text, { tone: 'muted' })]);
    return { lines, selectedLine: null, pinned: lines.length };
  }
  let selectedLine: number | null = null;
  section.rows.forEach((row, index) => {
    const isSelected = section.selectable && ctx.selected === index;
    const indent = Math.min(row.depth * 2, Math.max(0, ctx.width - 12));
    const glyph = row.expandable ? (row.expanded ? expanded : collapsed) : leaf;
    const line: Seg[] = [marker(ctx, isSelected), space(indent), { text: `${glyph} `, tone: 'muted' }, seg(row.label, { tone: row.tone })];
    if (row.detail !== null) line.push(space(2), seg(row.detail, { tone: 'muted' }));
    if (row.loading) line.push(space(1), { text: `loading${ellipsis}`, tone: 'muted' });
    if (isSelected) selectedLine = lines.length;
    lines.push(isSelected ? invert(line) : line);
  });
  return { lines: lines.map((line) => fitLine(line, ctx.width, ellipsis)), selectedLine, pinned };
}

export function formLines(section: FormSection, ctx: SectionContext): SectionLines {
  const { ellipsis, cursor, selected } = ctx.theme.glyphs;
  const lines = titleLines(section.title);
  const labelWidth = Math.min(
    section.fields.reduce((max, field) => Math.max(max, textWidth(inert(field.label))), 0),
    Math.floor(ctx.width * 0.3),
  );
  const valueWidth = Math.max(4, ctx.width - MARKER_WIDTH - labelWidth - 2);
  let selectedLine: number | null = null;
  for (const field of section.fields) {
    const focused = ctx.focusedField === field.id;
    const line: Seg[] = [focused ? { text: `${selected} `, accent: true } : space(MARKER_WIDTH), cell(field.label, labelWidth, ellipsis, { bold: focused }), space(2)];
    if (field.options !== undefined) {
      field.options.forEach((option, i) => {
        if (i > 0) line.push({ text: ` ${ctx.theme.glyphs.separator} `, tone: 'muted' });
        line.push(seg(option, option === field.value ? { inverse: true, bold: true } : { tone: 'muted' }));
      });
    } else if (field.value === '' && !focused) {
      line.push(seg(truncate(inert(field.placeholder), valueWidth, ellipsis), { tone: 'muted' }));
    } else {
      // While typing, the end of the value (where the cursor is) is what must stay visible.
      const shown = inert(field.value);
      const room = valueWidth - (focused ? 1 : 0);
      const tail = textWidth(shown) <= room ? shown : ellipsis + Array.from(shown).slice(-(room - 1)).join('');
      line.push({ text: tail, ...(focused ? { accent: true } : {}) });
      if (focused) line.push({ text: cursor, accent: true });
    }
    if (focused) selectedLine = lines.length;
    lines.push(line);
    if (field.error !== undefined) lines.push([space(MARKER_WIDTH + labelWidth + 2), seg(field.error, { tone: 'fail' })]);
  }
  lines.push([space(MARKER_WIDTH + labelWidth + 2), seg(`[ ${section.submitLabel} ]`, { tone: ctx.focusedField === null ? 'muted' : 'info', bold: true })]);
  return { lines: lines.map((line) => fitLine(line, ctx.width, ellipsis)), selectedLine, pinned: section.title === null ? 0 : 1 };
}

export function textLines(section: TextSection, ctx: SectionContext): SectionLines {
  const { ellipsis } = ctx.theme.glyphs;
  const lines = titleLines(section.title);
  for (const line of section.lines) {
    const wrapped = wrapWords(line.text, ctx.width, ellipsis);
    if (wrapped.length === 0) lines.push([]);
    for (const text of wrapped) lines.push([{ text, tone: line.tone }]);
  }
  return { lines, selectedLine: null, pinned: section.title === null ? 0 : 1 };
}

export function actionsLines(section: ActionsSection, ctx: SectionContext): SectionLines {
  const { ellipsis } = ctx.theme.glyphs;
  const lines = titleLines(section.title);
  let current: Seg[] = [];
  let used = 0;
  for (const action of section.actions) {
    const chip: Seg[] = [];
    if (action.key) chip.push(seg(`[${action.key}]`, { bold: action.enabled, tone: action.enabled ? 'info' : 'muted' }), space(1));
    chip.push(seg(action.label, action.enabled ? {} : { tone: 'muted' }));
    const w = chip.reduce((sum, part) => sum + textWidth(part.text), 0);
    if (used > 0 && used + 3 + w > ctx.width) {
      lines.push(current);
      current = [];
      used = 0;
    }
    if (used > 0) {
      current.push(space(3));
      used += 3;
    }
    current.push(...chip);
    used += w;
  }
  if (current.length > 0) lines.push(current);
  return { lines: lines.map((line) => fitLine(line, ctx.width, ellipsis)), selectedLine: null, pinned: section.title === null ? 0 : 1 };
}

export function sectionLines(section: Section, ctx: SectionContext): SectionLines {
  switch (section.kind) {
    case 'facts':
      return factsLines(section, ctx);
    case 'table':
      return tableLines(section, ctx);
    case 'bars':
      return barsLines(section, ctx);
    case 'strip':
      return stripLines(section, ctx);
    case 'tree':
      return treeLines(section, ctx);
    case 'form':
      return formLines(section, ctx);
    case 'text':
      return textLines(section, ctx);
    case 'actions':
      return actionsLines(section, ctx);
  }
}
