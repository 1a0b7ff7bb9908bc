/**
 * Lines of everything around the screen body: the top bar with its chips, the screen tabs, the title line,
 * the banner, the key hints and the toasts. Pure functions of view slices and a width.
 *
 * When a line does not fit, the least important part goes first (a chip's priority), never the middle of a
 * word: at 80 columns the top bar keeps the node, its status and the supervisor chip; at 200 it shows all.
 */
import type { BannerView, KeyHintView, ScreenTabView, ScreenView, ToastView, TopBarView, Tone } from '../../core/cockpit/view/view-model.js';
import { fitLine, lineWidth, seg, space, truncate, wrapWords, type Line, type Seg } from './lines.js';
import { toneGlyph, type TerminalTheme } from './theme.js';

interface Chip {
  readonly segs: Seg[];
  /** 1 = always shown; higher numbers are dropped first when the line is too narrow. */
  readonly priority: number;
  /** Before it is dropped, its last segment may be cut (with an ellipsis) down to this many columns. */
  readonly keep?: number;
}

/** Chips joined by separators, dropping the highest priority numbers (the last of equals first) until they fit. */
export function fitChips(chips: readonly Chip[], width: number, theme: TerminalTheme): Line {
  const separator: Seg = { text: ` ${theme.glyphs.separator} `, tone: 'muted' };
  const shown = [...chips];
  const join = (list: readonly Chip[]): Seg[] => list.flatMap((chip, i) => (i === 0 ? chip.segs : [separator, ...chip.segs]));
  while (shown.length > 1 && lineWidth(join(shown)) > width) {
    let drop = -1;
    shown.forEach((chip, i) => {
      if (chip.priority > 1 && (drop === -1 || chip.priority >= (shown[drop]?.priority ?? 0))) drop = i;
    });
    if (drop === -1) break;
    const cut = cutToFit(shown[drop]!, lineWidth(join(shown)) - width, theme.glyphs.ellipsis);
    if (cut) shown[drop] = cut;
    else shown.splice(drop, 1);
  }
  return fitLine(join(shown), width, theme.glyphs.ellipsis);
}

/** The chip with its last segment `overflow` columns shorter, if that leaves at least its `keep` columns. */
function cutToFit(chip: Chip, overflow: number, ellipsis: string): Chip | null {
  const last = chip.segs.at(-1);
  if (chip.keep === undefined || !last) return null;
  const room = lineWidth([last]) - overflow;
  if (room < chip.keep) return null;
  return { segs: [...chip.segs.slice(0, -1), { ...last, text: truncate(last.text, room, ellipsis) }], priority: chip.priority };
}

function worstOf(fleet: TopBarView['fleet']): Tone {
  if (fleet.fail > 0) return 'fail';
  if (fleet.warn > 0) return 'warn';
  return fleet.pass > 0 ? 'ok' : 'muted';
}

export function topBarLine(bar: TopBarView, width: number, theme: TerminalTheme): Line {
  const chips: Chip[] = [
    { segs: [seg(bar.app.name, { accent: true }), seg(` ${bar.app.version}`, { tone: 'muted' })], priority: 5 },
    { segs: [{ text: `${theme.glyphs.dot} `, tone: bar.node.tone }, seg(bar.node.name, { bold: true }), space(1), seg(bar.node.status, { tone: bar.node.tone })], priority: 1 },
  ];
  // An ad-hoc node is named by its URL: shown once, as its name.
  if (!bar.node.nameIsUrl) chips.push({ segs: [seg(bar.node.url, { tone: 'muted' })], priority: 6 });
  // The chip's state (`draining (reveal ends in ~N blocks)`) stays whole; its detail after ` · ` is cut before the chip goes.
  if (bar.supervisor !== null) chips.push({ segs: [seg('node ', { tone: 'muted' }), seg(bar.supervisor.text, { tone: bar.supervisor.tone })], priority: 2, keep: (bar.supervisor.text.split(' · ')[0] ?? '').length + 1 });
  if (bar.watches > 0) chips.push({ segs: [seg(`watch ${bar.watches}`, { tone: 'info' })], priority: 3 });
  const alerts = bar.alerts;
  if (alerts.webhookConfigured || alerts.unseen > 0 || alerts.sinkProblem !== null) {
    const segs: Seg[] = [seg('alerts', { tone: 'muted' })];
    if (alerts.webhookConfigured) segs.push(seg(' webhook', { tone: 'muted' }));
    if (alerts.unseen > 0) segs.push(seg(` ${alerts.unseen} new`, { tone: alerts.worst ?? 'info', bold: true }));
    if (alerts.sinkProblem !== null) segs.push(seg(` ${alerts.sinkProblem}`, { tone: 'fail' }));
    chips.push({ segs, priority: alerts.unseen > 0 || alerts.sinkProblem !== null ? 2 : 4 });
  }
  const fleet = bar.fleet;
  if (fleet.total > 1) {
    const parts = [`fleet ${fleet.total}: ${fleet.pass} ok`];
    if (fleet.warn > 0) parts.push(`${fleet.warn} warn`);
    if (fleet.fail > 0) parts.push(`${fleet.fail} fail`);
    if (fleet.unknown > 0) parts.push(`${fleet.unknown} not measured`);
    chips.push({ segs: [seg(parts.join(', '), { tone: worstOf(fleet) })], priority: 3 });
  }
  return fitChips(chips, width, theme);
}

/** The screen tabs: with their keys when there is room, without them when not, else a window around the active one. */
export function tabsLine(tabs: readonly ScreenTabView[], width: number, theme: TerminalTheme): Line {
  const label = (tab: ScreenTabView, withKey: boolean): Seg[] => {
    const style = tab.active ? { inverse: true, bold: true } : {};
    const key = withKey && tab.key !== null ? [seg(`${tab.key} `, tab.active ? style : { tone: 'muted' as const })] : [];
    return [...key, seg(tab.title, style)];
  };
  const join = (list: readonly ScreenTabView[], withKey: boolean): Seg[] =>
    list.flatMap((tab, i) => (i === 0 ? label(tab, withKey) : [space(2), ...label(tab, withKey)]));
  const withKeys = join(tabs, true);
  if (lineWidth(withKeys) <= width) return withKeys;
  const plain = join(tabs, false);
  if (lineWidth(plain) <= width) return plain;
  // A window of tabs around the active one, with markers for the tabs out of view.
  const active = Math.max(0, tabs.findIndex((tab) => tab.active));
  let from = active;
  let to = active + 1;
  const fits = (a: number, b: number): boolean => lineWidth(join(tabs.slice(a, b), false)) + 4 <= width;
  for (let grew = true; grew; ) {
    grew = false;
    if (to < tabs.length && fits(from, to + 1)) {
      to += 1;
      grew = true;
    }
    if (from > 0 && fits(from - 1, to)) {
      from -= 1;
      grew = true;
    }
  }
  const line: Seg[] = [{ text: from > 0 ? `${theme.glyphs.moreLeft} ` : '  ', tone: 'muted' }, ...join(tabs.slice(from, to), false)];
  if (to < tabs.length) line.push({ text: ` ${theme.glyphs.moreRight}`, tone: 'muted' });
  return fitLine(line, width, theme.glyphs.ellipsis);
}

export function titleLine(screen: ScreenView, width: number, theme: TerminalTheme): Line {
  const line: Seg[] = [seg(`S${screen.number} ${screen.title}`, { accent: true })];
  if (screen.status === 'loading' && screen.subtitle === null) line.push(seg(`  loading${theme.glyphs.ellipsis}`, { tone: 'muted' }));
  if (screen.subtitle !== null) line.push(space(2), seg(screen.subtitle, { tone: screen.status === 'error' ? 'fail' : 'muted' }));
  return fitLine(line, width, theme.glyphs.ellipsis);
}

export function bannerLine(banner: BannerView, width: number, theme: TerminalTheme): Line {
  return fitLine([{ text: `${toneGlyph(theme, banner.tone)} `, tone: banner.tone, bold: true }, seg(banner.text, { tone: banner.tone, bold: true })], width, theme.glyphs.ellipsis);
}

export function hintsLine(hints: readonly KeyHintView[], width: number, theme: TerminalTheme): Line {
  const line: Seg[] = [];
  let used = 0;
  for (const hint of hints) {
    const parts: Seg[] = [seg(hint.keys, { bold: true }), space(1), seg(hint.label, { tone: 'muted' })];
    const w = lineWidth(parts) + (line.length > 0 ? 2 : 0);
    if (used + w > width) break;
    if (line.length > 0) line.push(space(2));
    line.push(...parts);
    used += w;
  }
  return line;
}

/** The toasts box content: each toast (newest last, at most three) on up to two lines. */
export function toastLines(toasts: readonly ToastView[], width: number, theme: TerminalTheme): Line[] {
  const lines: Line[] = [];
  for (const toast of toasts.slice(-3)) {
    const glyph = `${toneGlyph(theme, toast.tone)} `;
    const wrapped = wrapWords(toast.text, width - glyph.length, theme.glyphs.ellipsis);
    const shown = wrapped.length > 2 ? [wrapped[0] ?? '', truncate(`${wrapped[1] ?? ''} ${wrapped.slice(2).join(' ')}`, width - glyph.length, theme.glyphs.ellipsis)] : wrapped;
    shown.forEach((text, i) => {
      lines.push(fitLine([{ text: i === 0 ? glyph : ' '.repeat(glyph.length), tone: toast.tone, bold: true }, { text, tone: toast.tone }], width, theme.glyphs.ellipsis, true));
    });
  }
  return lines;
}

/** Shown instead of the cockpit when the terminal is smaller than it can be drawn in. */
export function tooSmallLines(columns: number, rows: number, minColumns: number, minRows: number, width: number): Line[] {
  const words = [
    `The terminal is ${columns}x${rows};`,
    `cockpit-tui needs at least ${minColumns}x${minRows}.`,
    'Enlarge the window, or press Ctrl+C to quit.',
  ];
  return words.map((text) => fitLine([seg(text, { bold: true })], width, '~'));
}
