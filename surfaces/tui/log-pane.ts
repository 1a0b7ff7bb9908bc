/**
 * Lines of the bottom log pane (2-cockpit.md §4 "Bee-log source"): a tab line (the seven tabs with their
 * line counts), a header line (the resolved source and its origin, the filter or the `/` prompt being typed,
 * how many lines match), then the newest lines of the active tab that fit, oldest first.
 */
import type { LogLineView, LogPaneView, Tone } from '../../core/cockpit/view/view-model.js';
import { cell, fitLine, lineWidth, seg, space, type Line, type Seg } from './lines.js';
import type { TerminalTheme } from './theme.js';

/** Lines the pane takes above its log lines (tabs, header). */
export const LOG_PANE_CHROME = 2;

const LEVEL_TAG: Readonly<Record<NonNullable<LogLineView['level']>, { text: string; tone: Tone }>> = {
  error: { text: 'ERR', tone: 'fail' },
  warning: { text: 'WRN', tone: 'warn' },
  info: { text: 'INF', tone: 'info' },
  debug: { text: 'DBG', tone: 'muted' },
};

function tabsLine(pane: LogPaneView, width: number, theme: TerminalTheme): Line {
  const label = (tab: LogPaneView['tabs'][number], withCount: boolean): Seg[] => {
    const active = tab.id === pane.activeTab;
    const style = active ? { inverse: true, bold: true } : {};
    return [seg(tab.label, style), ...(withCount ? [seg(` ${tab.count}`, active ? style : { tone: 'muted' as const })] : [])];
  };
  const lead: Seg = { text: theme.ascii ? '-- ' : '── ', tone: 'muted' };
  const join = (withCount: boolean): Seg[] => pane.tabs.flatMap((tab, i) => (i === 0 ? label(tab, withCount) : [space(2), ...label(tab, withCount)]));
  const full = [lead, ...join(true)];
  if (lineWidth(full) <= width) return full;
  const compact = [lead, ...join(false)];
  if (lineWidth(compact) <= width) return compact;
  // Very narrow: the active tab with its count, then as many others as fit.
  return fitLine([lead, ...join(false)], width, theme.glyphs.ellipsis);
}

function headerLine(pane: LogPaneView, width: number, theme: TerminalTheme): Line {
  const left: Seg[] = [seg(pane.source.label, { tone: pane.source.tone })];
  if (pane.source.origin !== 'none') left.push(seg(` (${pane.source.origin})`, { tone: 'muted' }));
  const right: Seg[] = [];
  if (pane.filter.editing !== null) {
    right.push(seg('/', { accent: true }), seg(pane.filter.editing, { accent: true }), { text: theme.glyphs.cursor, accent: true });
  } else if (pane.filter.committed !== '') {
    right.push(seg('filter ', { tone: 'muted' }), seg(pane.filter.committed, { bold: true }));
  }
  if (pane.filter.committed !== '' || pane.filter.editing !== null) right.push(seg(`  ${pane.matching} matching`, { tone: 'muted' }));
  const rightWidth = lineWidth(right);
  if (rightWidth === 0) return fitLine(left, width, theme.glyphs.ellipsis);
  // The prompt being typed matters more than the source label: the label gives way first.
  const leftRoom = Math.max(0, width - rightWidth - 2);
  return fitLine([...fitLine(left, leftRoom, theme.glyphs.ellipsis, true), space(2), ...right], width, theme.glyphs.ellipsis);
}

/** A leading date (`2026-11-24 `) in a line's time: dropped below WIDE_LOG columns, where the line's text needs the room. */
const DATE_PREFIX = /^\d{4}-\d{2}-\d{2}[ T]/;
const WIDE_LOG = 120;

function logLine(line: LogLineView, width: number, theme: TerminalTheme): Line {
  const tag = line.level === null ? null : LEVEL_TAG[line.level];
  const time = width < WIDE_LOG ? line.time.replace(DATE_PREFIX, '') : line.time;
  const parts: Seg[] = [seg(time, { tone: 'muted' }), space(1)];
  parts.push(tag === null ? space(3) : { text: tag.text, tone: tag.tone, bold: line.level === 'error' });
  parts.push(space(1), seg(line.text, { tone: line.tone }));
  return fitLine(parts, width, theme.glyphs.ellipsis);
}

/** The pane's lines: its chrome, then `rows` log lines (blank-filled so the pane keeps its height). */
export function logPaneLines(pane: LogPaneView, width: number, rows: number, theme: TerminalTheme): Line[] {
  const out: Line[] = [tabsLine(pane, width, theme), headerLine(pane, width, theme)];
  if (rows <= 0) return out;
  const shown = pane.lines.slice(-rows);
  if (shown.length === 0) {
    out.push([cell(pane.empty, width, theme.glyphs.ellipsis, { tone: 'muted' })]);
    return out;
  }
  for (const line of shown) out.push(logLine(line, width, theme));
  return out;
}
