/**
 * Lines inside the overlay box (palette, node picker, help, notifications), at the box's inner width and at
 * most `rows` lines. Long lists are windowed around the highlighted entry, which the engine moves.
 */
import type { AlertsView, HelpView, OverlayView, PaletteView, PickerView } from '../../core/cockpit/view/view-model.js';
import { cell, fitLine, padTo, seg, space, textWidth, type Line, type Seg } from './lines.js';
import { inert } from './inert.js';
import { fitTable } from './table-fit.js';
import type { TerminalTheme } from './theme.js';

/** The rows of a list of `count` entries that fit in `rows`, keeping `highlighted` in view. */
export function listWindow(count: number, rows: number, highlighted: number): { from: number; to: number } {
  if (count <= rows) return { from: 0, to: count };
  const h = Math.min(Math.max(highlighted, 0), count - 1);
  const from = Math.max(0, Math.min(h - Math.floor(rows / 2), count - rows));
  return { from, to: from + rows };
}

function moreLine(hidden: number, theme: TerminalTheme): Line {
  return [seg(`${theme.ascii ? '...' : '⋯'} ${hidden} more`, { tone: 'muted' })];
}

export function paletteLines(palette: PaletteView, width: number, rows: number, theme: TerminalTheme): Line[] {
  const { ellipsis, cursor } = theme.glyphs;
  const out: Line[] = [];
  // The end of the input (where the cursor is) stays visible while typing a long reference.
  const input = inert(palette.input);
  const room = width - 2;
  const tail = textWidth(input) <= room ? input : ellipsis + Array.from(input).slice(-(room - 1)).join('');
  // The palette's input is what follows the colon that opened it.
  out.push([seg(':', { accent: true }), { text: tail, bold: true }, { text: cursor, accent: true }]);
  if (palette.error !== null) out.push(fitLine([seg(palette.error, { tone: 'fail' })], width, ellipsis));
  out.push([]);
  const listRows = Math.max(1, rows - out.length);
  if (palette.suggestions.length === 0) {
    out.push([seg('no matching verb', { tone: 'muted' })]);
    return out;
  }
  const usageWidth = Math.min(
    palette.suggestions.reduce((max, s) => Math.max(max, textWidth(inert(s.usage))), 0),
    Math.floor(width * 0.55),
  );
  const { from, to } = listWindow(palette.suggestions.length, palette.suggestions.length > listRows ? listRows - 1 : listRows, palette.highlighted);
  palette.suggestions.slice(from, to).forEach((s, k) => {
    const active = from + k === palette.highlighted;
    const line: Seg[] = [cell(s.usage, usageWidth, ellipsis, { bold: true }), space(2), seg(s.description, { tone: 'muted' })];
    out.push(fitLine(active ? line.map((part) => ({ ...part, inverse: true })) : line, width, ellipsis, active));
  });
  const hidden = palette.suggestions.length - (to - from);
  if (hidden > 0) out.push(moreLine(hidden, theme));
  return out;
}

export function pickerLines(picker: PickerView, width: number, rows: number, theme: TerminalTheme): Line[] {
  const { ellipsis, selected, dot } = theme.glyphs;
  const table = {
    columns: [
      { id: 'name', label: 'node', align: 'left' as const, priority: 1 },
      { id: 'status', label: 'status', align: 'left' as const, priority: 1 },
      { id: 'url', label: 'url', align: 'left' as const, priority: 2 },
    ],
    rows: picker.nodes.map((node, i) => ({ key: String(i), cells: [{ text: node.name }, { text: node.status, tone: node.tone }, { text: node.url }] })),
  };
  const lead = 4;
  const fit = fitTable(table, width, lead);
  const out: Line[] = [];
  const { from, to } = listWindow(picker.nodes.length, Math.max(1, rows), picker.highlighted);
  picker.nodes.slice(from, to).forEach((node, k) => {
    const index = from + k;
    const active = index === picker.highlighted;
    const line: Seg[] = [{ text: active ? `${selected} ` : '  ' }, { text: `${dot} `, tone: node.tone }];
    fit.shown.forEach((columnIndex, c) => {
      const text = [node.name, node.status, node.url][columnIndex] ?? '';
      if (c > 0) line.push(space(2));
      line.push(cell(text, fit.widths[c] ?? 0, ellipsis, columnIndex === 1 ? { tone: node.tone } : columnIndex === 2 ? { tone: 'muted' } : { bold: node.active }));
    });
    if (node.active) line.push(seg('  (active)', { tone: 'muted' }));
    out.push(fitLine(active ? line.map((part) => ({ ...part, inverse: true })) : line, width, ellipsis, active));
  });
  return out;
}

/** Words to lines of at most `width` columns; a word longer than a line is broken, never cut. */
function wrapWhole(text: string, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  const push = (word: string) => {
    for (let rest = word; rest !== ''; ) {
      const chars = Array.from(rest);
      let take = 0;
      let used = 0;
      while (take < chars.length && used + textWidth(chars[take]!) <= width) used += textWidth(chars[take++]!);
      lines.push(chars.slice(0, Math.max(1, take)).join(''));
      rest = chars.slice(Math.max(1, take)).join('');
    }
  };
  for (const word of inert(text).split(' ')) {
    const candidate = current === '' ? word : `${current} ${word}`;
    if (textWidth(candidate) <= width) {
      current = candidate;
      continue;
    }
    if (current !== '') lines.push(current);
    current = '';
    if (textWidth(word) <= width) current = word;
    else push(word);
  }
  if (current !== '' || lines.length === 0) lines.push(current);
  return lines;
}

/**
 * One help entry at `width` columns: the keys (bold) in a column of `keysWidth`, the text beside them, both
 * wrapped onto further lines under themselves; keys wider than their column take a line of their own. No line
 * is ever cut.
 */
function helpEntryLines(entry: { keys: string; action: string }, width: number, keysWidth: number): Line[] {
  const gap = 2;
  const textWidthLeft = Math.max(1, width - keysWidth - gap);
  const action = wrapWhole(entry.action, textWidthLeft);
  const keys = wrapWhole(entry.keys, width);
  const out: Line[] = [];
  if (keys.length === 1 && textWidth(keys[0]!) <= keysWidth) {
    out.push([seg(padTo(keys[0]!, keysWidth), { bold: true }), space(gap), seg(action[0] ?? '')]);
  } else {
    for (const line of keys) out.push([seg(line, { bold: true })]);
    out.push([space(keysWidth + gap), seg(action[0] ?? '')]);
  }
  for (const line of action.slice(1)) out.push([space(keysWidth + gap), seg(line)]);
  return out;
}

/** Each group's lines at `width`: its title, then its entries; `entryAt[i]` is the first line of entry i. */
function helpGroupLines(help: HelpView, width: number): { groups: Line[][]; entryAt: { group: number; line: number }[] } {
  const widest = help.groups.reduce((max, group) => group.entries.reduce((m, e) => Math.max(m, textWidth(inert(e.keys))), max), 0);
  const keysWidth = Math.max(1, Math.min(widest, 24, Math.floor(width * 0.4)));
  const entryAt: { group: number; line: number }[] = [];
  const groups = help.groups.map((group, g) => {
    const lines: Line[] = [[seg(group.title, { accent: true })]];
    for (const entry of group.entries) {
      entryAt.push({ group: g, line: lines.length });
      lines.push(...helpEntryLines(entry, width, keysWidth));
    }
    return lines;
  });
  return { groups, entryAt };
}

export function helpLines(help: HelpView, width: number, rows: number, theme: TerminalTheme): Line[] {
  // With room, every group at once, in as many columns as the width allows (about 60 columns each), filled
  // top to bottom: a group may go on in the next column, an entry never breaks, a title stays with its first entry.
  const columns = Math.max(1, Math.min(3, Math.floor((width + 3) / 60)));
  if (columns > 1) {
    const columnWidth = Math.floor((width - (columns - 1) * 3) / columns);
    const { groups, entryAt } = helpGroupLines(help, columnWidth);
    const units: Line[][] = [];
    groups.forEach((lines, g) => {
      const starts = entryAt.filter((at) => at.group === g).map((at) => at.line);
      starts.forEach((start, i) => units.push([...(i === 0 ? (g > 0 ? [[], ...lines.slice(0, start)] : lines.slice(0, start)) : []), ...lines.slice(start, starts[i + 1] ?? lines.length)]));
    });
    const stacks: Line[][] = [[]];
    for (const unit of units) {
      let stack = stacks[stacks.length - 1]!;
      if (stack.length > 0 && stack.length + unit.length > rows) {
        stack = [];
        stacks.push(stack);
      }
      // A group's blank separator is not drawn at the top of a column.
      stack.push(...(stack.length === 0 && unit[0]?.length === 0 ? unit.slice(1) : unit));
    }
    if (stacks.length <= columns && stacks.every((stack) => stack.length <= rows)) {
      const height = Math.max(...stacks.map((stack) => stack.length));
      const out: Line[] = [];
      for (let row = 0; row < height; row++) {
        const line: Seg[] = [];
        stacks.forEach((stack, k) => {
          if (k > 0) line.push({ text: ` ${theme.glyphs.separator} `, tone: 'muted' });
          line.push(...fitLine(stack[row] ?? [], columnWidth, theme.glyphs.ellipsis, true));
        });
        out.push(line);
      }
      return out;
    }
  }
  // One column: everything if it fits, else from the entry the engine scrolled to (HelpView.top), under its
  // group's title when it is the group's first entry.
  const { groups, entryAt } = helpGroupLines(help, width);
  const flat: Line[] = [];
  const startOf: number[] = [];
  groups.forEach((lines, g) => {
    if (g > 0) flat.push([]);
    startOf.push(flat.length);
    flat.push(...lines);
  });
  if (flat.length <= rows) return flat;
  const at = entryAt[Math.min(help.top ?? 0, entryAt.length - 1)];
  const topLine = at ? startOf[at.group]! + at.line : 0;
  const titled = at && at.line === 1 ? topLine - 1 : topLine;
  // Near the end the window is filled back upwards rather than left half empty.
  const start = Math.max(0, Math.min(titled, flat.length - (rows - 1)));
  const up = start > 0 ? 1 : 0;
  const down = start + rows - up < flat.length ? 1 : 0;
  const room = rows - up - down;
  const arrow = (toTop: boolean) => (theme.ascii ? (toTop ? '^' : 'v') : toTop ? '↑' : '↓');
  const shown: Line[] = flat.slice(start, start + room);
  if (up) shown.unshift([seg(`${arrow(true)} ${start} more line${start === 1 ? '' : 's'}`, { tone: 'muted' })]);
  const below = flat.length - (start + room);
  if (down) shown.push([seg(`${arrow(false)} ${below} more line${below === 1 ? '' : 's'}`, { tone: 'muted' })]);
  return shown;
}

export function alertsLines(alerts: AlertsView, width: number, rows: number, theme: TerminalTheme): Line[] {
  const { ellipsis } = theme.glyphs;
  if (alerts.entries.length === 0) return [[seg('no gate transitions yet', { tone: 'muted' })]];
  const table = {
    columns: [
      // The reason is cut to fit rather than dropped; every row names its node, at every width.
      { id: 'time', label: 'time', align: 'left' as const, priority: 1 },
      { id: 'node', label: 'node', align: 'left' as const, priority: 1 },
      { id: 'gate', label: 'gate', align: 'left' as const, priority: 1 },
      { id: 'change', label: 'change', align: 'left' as const, priority: 1 },
      { id: 'reason', label: 'reason', align: 'left' as const, priority: 1 },
    ],
    rows: alerts.entries.map((e) => ({ key: e.key, cells: [{ text: e.time }, { text: e.node }, { text: e.gate }, { text: e.change }, { text: e.reason }] })),
  };
  const fit = fitTable(table, width, 2);
  const header: Seg[] = [space(2)];
  fit.shown.forEach((columnIndex, c) => {
    if (c > 0) header.push(space(2));
    header.push(cell(table.columns[columnIndex]?.label ?? '', fit.widths[c] ?? 0, ellipsis, { bold: true }));
  });
  const out: Line[] = [header];
  const listRows = Math.max(1, rows - 1);
  const { from, to } = listWindow(alerts.entries.length, listRows, alerts.highlighted);
  alerts.entries.slice(from, to).forEach((entry, k) => {
    const active = from + k === alerts.highlighted;
    const values = [entry.time, entry.node, entry.gate, entry.change, entry.reason];
    const line: Seg[] = [{ text: active ? `${theme.glyphs.selected} ` : '  ' }];
    fit.shown.forEach((columnIndex, c) => {
      if (c > 0) line.push(space(2));
      line.push(cell(values[columnIndex] ?? '', fit.widths[c] ?? 0, ellipsis, columnIndex === 3 ? { tone: entry.tone, bold: true } : columnIndex === 0 ? { tone: 'muted' } : {}));
    });
    out.push(fitLine(active ? line.map((part) => ({ ...part, inverse: true })) : line, width, ellipsis, active));
  });
  return out;
}

export function overlayTitle(overlay: OverlayView): string {
  switch (overlay.kind) {
    case 'palette':
      return 'Command';
    case 'picker':
      return 'Switch node';
    case 'help':
      return 'Keys and verbs';
    case 'alerts':
      return overlay.title;
  }
}

export function overlayLines(overlay: OverlayView, width: number, rows: number, theme: TerminalTheme): Line[] {
  switch (overlay.kind) {
    case 'palette':
      return paletteLines(overlay, width, rows, theme);
    case 'picker':
      return pickerLines(overlay, width, rows, theme);
    case 'help':
      return helpLines(overlay, width, rows, theme);
    case 'alerts':
      return alertsLines(overlay, width, rows, theme);
  }
}
