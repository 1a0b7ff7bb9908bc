/**
 * The view contract over every screen (screen-gallery.ts), whatever the face: each table cell is of its
 * column's kind (the desktop window shows `text`, the terminal `text` or `full`), a `full` is always its
 * cell's text unshortened (never another field: issue 23 item 4), and an amount column reads in one unit
 * (issue 23 item 8: `405 M PLUR` never beside `0 xBZZ`). surfaces/tui/table-columns.test.ts checks what the
 * terminal draws of the same tables at every width. Every line a screen writes follows the number rules of
 * test/number-text.ts (grouped thousands, xBZZ, no `41 of 16`).
 */
import { describe, expect, it } from 'vitest';
import { numberProblems } from '../../../test/number-text.js';
import { isShortenedFrom } from '../view/cell-text.js';
import { cellFitsKind } from '../view/column-kinds.js';
import type { Section } from '../view/view-model.js';
import { screenGallery } from './screen-gallery.js';

const sectionsOf = (content: { sections: readonly Section[]; drill: { sections: readonly Section[] } | null }) => [...content.sections, ...(content.drill?.sections ?? [])];
const unitOf = (text: string): string | null => /\s(xBZZ|PLUR|gwei|wei|xDAI|native)$/.exec(text)?.[1] ?? null;

describe('every screen keeps the view contract', () => {
  for (const { name, content } of screenGallery()) {
    it(name, () => {
      const problems: string[] = [];
      for (const section of sectionsOf(content)) {
        if (section.kind === 'facts') {
          for (const row of section.rows) {
            if (row.full !== undefined && !isShortenedFrom(row.value, row.full)) problems.push(`${section.id} ${row.label}: full "${row.full}" is not "${row.value}" unshortened`);
          }
        }
        if (section.kind !== 'table') continue;
        section.columns.forEach((column, c) => {
          const units = new Set<string>();
          section.rows.forEach((row, r) => {
            const cell = row.cells[c];
            if (cell === undefined) return problems.push(`${section.id} ${column.label} row ${r}: no cell`);
            if (!cellFitsKind(column.kind, cell.text)) problems.push(`${section.id} ${column.label} (${column.kind}) row ${r}: "${cell.text}"`);
            if (cell.full !== undefined) {
              if (!isShortenedFrom(cell.text, cell.full)) problems.push(`${section.id} ${column.label} row ${r}: full "${cell.full}" is not "${cell.text}" unshortened`);
              else if (!cellFitsKind(column.kind, cell.full)) problems.push(`${section.id} ${column.label} (${column.kind}) row ${r}: full "${cell.full}"`);
            }
            const unit = column.kind === 'amount' ? unitOf(cell.text) : null;
            if (unit !== null) units.add(unit);
          });
          if (units.size > 1) problems.push(`${section.id} ${column.label}: mixes ${[...units].join(' and ')}`);
        });
      }
      expect(problems).toEqual([]);
    });
  }
});

/** Every piece of text a screen gives a face. */
function textsOf(content: { subtitle: string | null; sections: readonly Section[]; drill: { title: string; subtitle: string | null; sections: readonly Section[] } | null; banner?: { text: string } | null }): string[] {
  const out: string[] = [content.subtitle ?? '', content.banner?.text ?? '', content.drill?.title ?? '', content.drill?.subtitle ?? ''];
  for (const section of sectionsOf(content)) {
    out.push(section.title ?? '');
    if (section.kind === 'facts') for (const row of section.rows) out.push(`${row.label}: ${row.value}`);
    // Identifiers (a feed index, a tag uid, a depth) are kept as the node gives them.
    if (section.kind === 'table') for (const row of section.rows) out.push(...row.cells.filter((_, c) => !['number', 'id', 'time'].includes(section.columns[c]?.kind ?? '')).map((c) => c.text));
    if (section.kind === 'bars') for (const bar of section.bars) out.push(`${bar.label}: ${bar.text}`);
    if (section.kind === 'strip') out.push(section.legend ?? '');
    if (section.kind === 'text') out.push(...section.lines.map((l) => l.text));
    if (section.kind === 'tree') for (const row of section.rows) out.push(`${row.label} ${row.detail ?? ''}`);
  }
  return out.filter(Boolean);
}

describe('every screen writes numbers people can read (issue 23 item 8)', () => {
  for (const { name, content } of screenGallery()) {
    it(name, () => {
      expect(textsOf(content).flatMap(numberProblems)).toEqual([]);
    });
  }
});
