/**
 * Issue 23 item 4: a column shows its own field at every width. For every table of every screen (S1..S15 and
 * the drills, core/cockpit/screens/screen-gallery.ts) and every terminal width from 60 to 250 columns, the body
 * is laid out as the face lays it out (arrangeBody: one or two columns, a drill beside its screen), each
 * table's drawn rows are cut at its column boundaries, and every cell must be of its column's kind
 * (core/cockpit/view/column-kinds.ts): a TTL column holds durations, an ID column hex, a count column counts.
 * Before the fix, S15's "Worst TTL" held the worst batch's 64-hex ID from about 150 columns on, and S1's
 * worst-batch TTL, S2's batch label and S8's price (without its unit) were replaced the same way.
 */
import { describe, expect, it } from 'vitest';
import { screenGallery } from '../../core/cockpit/screens/screen-gallery.js';
import { cellFitsKind } from '../../core/cockpit/view/column-kinds.js';
import { fullTextOf } from '../../core/cockpit/view/cell-text.js';
import type { Section, TableSection } from '../../core/cockpit/view/view-model.js';
import { arrangeBody, WIDE_COLUMNS } from './body.js';
import type { Line } from './lines.js';
import { sectionLines, tableRowLineIndexes } from './sections.js';
import { COLUMN_GAP, fitTable } from './table-fit.js';
import { terminalTheme } from './theme.js';

const theme = terminalTheme({ scheme: 'dark', ascii: false });
const ELLIPSIS = theme.glyphs.ellipsis;
const text = (line: Line): string => line.map((part) => part.text).join('');

/** What the face drew for one table at one width: where it sits in its column and what each cell shows. */
function drawnCells(section: TableSection, width: number, columnLines: readonly string[]): { problems: string[]; found: boolean } {
  const ctx = { width, theme, selected: null, focusedField: null };
  const drawn = sectionLines(section, ctx).lines.map(text);
  const rowLines = tableRowLineIndexes(section, ctx);
  const at = columnLines.findIndex((_, i) => drawn.every((line, k) => columnLines[i + k] === line));
  if (at === -1) return { problems: [], found: false };
  const lead = section.selectable ? 2 : 0;
  const fit = fitTable(section, width, lead);
  const problems: string[] = [];
  section.rows.forEach((row, r) => {
    // A row's hint lines (what to do about it) follow the row: the row's own line is where the face drew it.
    const line = [...(drawn[rowLines[r] ?? -1] ?? '')];
    let start = lead;
    fit.shown.forEach((columnIndex, k) => {
      const column = section.columns[columnIndex]!;
      const w = fit.widths[k] ?? 0;
      const shown = line.slice(start, start + w).join('').trim();
      start += w + COLUMN_GAP;
      const cell = row.cells[columnIndex];
      const source = cell === undefined ? '' : fit.useFull ? (fullTextOf(cell, cell.text) ?? cell.text) : cell.text;
      const cut = shown.endsWith(ELLIPSIS) && shown !== source;
      const whole = cut ? source : shown;
      if (cut && !source.startsWith(shown.slice(0, -ELLIPSIS.length).trimEnd())) problems.push(`${column.label} row ${r}: shows "${shown}", not a cut of "${source}"`);
      else if (!cut && shown !== source.trim()) problems.push(`${column.label} row ${r}: shows "${shown}", the cell says "${source}"`);
      if (!cellFitsKind(column.kind, whole)) problems.push(`${column.label} (${column.kind}) row ${r}: "${whole}"`);
    });
  });
  return { problems, found: true };
}

const tablesOf = (sections: readonly Section[]): TableSection[] => sections.filter((s): s is TableSection => s.kind === 'table' && s.rows.length > 0);

describe('every table column holds its own kind at every width (60..250 columns)', () => {
  for (const { name, content } of screenGallery()) {
    const tables = [...tablesOf(content.sections), ...tablesOf(content.drill?.sections ?? [])];
    if (tables.length === 0) continue;
    it(`${name}: ${tables.map((t) => t.id).join(', ')}`, () => {
      const problems: string[] = [];
      for (let width = 60; width <= 250; width++) {
        const body = arrangeBody(
          { sections: content.sections, selection: null, drill: content.drill === null ? null : { ...content.drill, selection: null }, focus: null },
          width,
          theme,
        );
        for (const table of tables) {
          let found = 0;
          for (const { column, width: columnWidth } of body.columns) {
            const result = drawnCells(table, columnWidth, column.lines.map(text));
            if (!result.found) continue;
            found++;
            problems.push(...result.problems.map((p) => `${width} columns, ${table.id}: ${p}`));
          }
          // Below WIDE_COLUMNS an open drill replaces its screen: the screen's tables are not drawn then.
          const hidden = content.drill !== null && width < WIDE_COLUMNS && content.sections.includes(table);
          if (found !== (hidden ? 0 : 1)) problems.push(`${width} columns: table ${table.id} drawn ${found} times`);
        }
      }
      expect(problems.slice(0, 20)).toEqual([]);
    });
  }
});
