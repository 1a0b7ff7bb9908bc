/**
 * The view composer: every fact the engine's actors hold, in one plain CockpitView (view/view-model.ts). Pure
 * and cheap: the engine calls it when something changed, faces draw the result. Decisions that are the same
 * for both faces live here (selection clamping, overlay contents, tab keys, hints, the top bar's counts).
 *
 * Selection: a screen's selection is kept per screen in the UI session; here it is clamped to the rows there
 * are now (a shrinking table never leaves it dangling), and a table with rows but no selection yet selects its
 * first row, so Enter works at once on both faces.
 */
import { LOG_TAB_TITLES } from '../../log/log-book.js';
import { causedSummary, isOwnAlert } from '../alerts.js';
import { GATE_NAMES } from '../gate-definitions.js';
import type { GateTransition } from '../gate-transitions.js';
import { clockTime } from '../format.js';
import { fleetNodeStatus, gateTone, nodeStatus } from '../node-status.js';
import { helpView } from './help.js';
import { suggestions } from './palette-suggestions.js';
import type { EngineNodeRef, FleetNodeFacts } from './screen-env.js';
import type { UiSessionState } from './session-state.js';
import type { ScreenContent } from '../view/screen-contract.js';
import { buttonKey, footerHints, screenTabKey } from '../bindings/resolve.js';
import { SCREENS, screenInfo, type ScreenId } from '../view/screens.js';
import {
  LOG_TAB_IDS,
  logPaneEmptyText,
  type AlertEntryView,
  type ChipView,
  type CockpitView,
  type Face,
  type InputTarget,
  type KeyHintView,
  type LogLineView,
  type LogPaneView,
  type LogTabId,
  type OsNotificationView,
  type OverlayView,
  type ScreenTabView,
  type Section,
  type SelectionView,
  type ThemeView,
  type ToastView,
  type Tone,
  type TopBarView,
} from '../view/view-model.js';

/**
 * One alert of one node, as the alerts ring keeps it: a gate transition of its own (`causedBy` null) with the
 * transitions of the same poll recorded under it (`caused`: one cause, one alert), or a transition recorded
 * under a cause that did not change in that poll (`causedBy` set; no sink hears it).
 */
export interface AlertRecord extends GateTransition {
  readonly node: string;
  /** Increases with every alert the engine records (the key of the alert views). */
  readonly seq: number;
  /** The transitions of the same poll recorded under this one (its gate inhibits theirs), in ladder order. */
  readonly caused: readonly GateTransition[];
}

export interface AlertFacts {
  /** Newest first, at most 200. */
  readonly entries: readonly AlertRecord[];
  /** Transitions newer than this (atMs) are unseen until the alerts or notifications list is opened. */
  readonly seenAtMs: number;
  readonly webhookConfigured: boolean;
  readonly sinkProblem: string | null;
  readonly toasts: readonly ToastView[];
  readonly bellCount: number;
  readonly notifications: readonly OsNotificationView[];
}

export interface LogFacts {
  readonly source: LogPaneView['source'];
  /** Lines held per tab. */
  readonly counts: Readonly<Record<LogTabId, number>>;
  /** The newest matching lines of the active tab, oldest first. */
  readonly lines: readonly LogLineView[];
  readonly matching: number;
}

export interface ViewParts {
  readonly face: Face;
  readonly app: { readonly name: string; readonly version: string };
  readonly theme: ThemeView;
  readonly session: UiSessionState;
  readonly activeNode: EngineNodeRef;
  readonly fleet: readonly FleetNodeFacts[];
  /** The shown screen's content, from its registry selector. */
  readonly screen: ScreenContent;
  readonly alerts: AlertFacts;
  readonly log: LogFacts;
  readonly watches: number;
  readonly supervisor: ChipView | null;
}

/** Tab labels: `Errors`, `Warning`, `Info`, `Debug`, `Bee HTTP`, `node::http`, `Cockpit` (one table, in core/log). */
export const LOG_TAB_LABELS: Readonly<Record<LogTabId, string>> = LOG_TAB_TITLES;

export const NO_LOG_LINES: Readonly<Record<LogTabId, number>> = Object.fromEntries(LOG_TAB_IDS.map((id) => [id, 0])) as Record<LogTabId, number>;

export function composeView(parts: ViewParts): CockpitView {
  const { session, face } = parts;
  const ctx = session.context;
  const info = screenInfo(ctx.screen);
  const selection = clampSelection(parts.screen.sections, ctx.selections[ctx.screen] ?? null);
  const drill = parts.screen.drill ? { ...parts.screen.drill, selection: clampSelection(parts.screen.drill.sections, ctx.drillSelection) } : null;
  const overlay = overlayView(parts);
  const view: CockpitView = {
    face,
    topBar: topBar(parts),
    tabs: tabs(face, ctx.screen),
    screen: {
      id: ctx.screen,
      number: info.number,
      title: info.title,
      status: parts.screen.status,
      subtitle: parts.screen.subtitle,
      sections: withButtonKeys(face, ctx.screen, parts.screen.sections),
      selection,
      drill,
    },
    overlay,
    logPane: logPaneView(ctx, parts, session.mode === 'filtering'),
    banner: ctx.banner,
    toasts: face === 'terminal' ? parts.alerts.toasts : [],
    bell: { count: face === 'terminal' ? parts.alerts.bellCount : 0 },
    notifications: face === 'desktop' ? parts.alerts.notifications : [],
    hints: [],
    inputFocus: inputFocus(parts),
    theme: parts.theme,
    exit: session.mode === 'closed' ? { code: 0, finalStatus: null } : null,
  };
  // The footer is the binding table's rows for what this view shows (a closed session has none).
  return view.exit ? view : { ...view, hints: footerHints(view) };
}

function logPaneView(ctx: UiSessionState['context'], parts: ViewParts, filtering: boolean): LogPaneView {
  const filter = { committed: ctx.log.filter, editing: filtering ? ctx.log.editing : null };
  const pane = { filter, source: parts.log.source, activeTab: ctx.log.tab };
  return {
    visible: ctx.log.visible,
    fullscreen: ctx.log.fullscreen,
    height: ctx.log.height,
    tabs: LOG_TAB_IDS.map((id) => ({ id, label: LOG_TAB_LABELS[id], count: parts.log.counts[id] })),
    ...pane,
    lines: parts.log.lines,
    matching: parts.log.matching,
    empty: logPaneEmptyText(pane),
  };
}

/** Each screen button with the key that presses it on this face (`[r] Re-poll`), from the binding table. */
function withButtonKeys(face: Face, screen: ScreenId, sections: readonly Section[]): readonly Section[] {
  if (!sections.some((section) => section.kind === 'actions')) return sections;
  return sections.map((section) =>
    section.kind === 'actions' ? { ...section, actions: section.actions.map((action) => ({ ...action, key: buttonKey(face, screen, action.id) })) } : section,
  );
}

// ------------------------------------------------------------------------------------------------ selection

function selectableRows(section: Section): number {
  return (section.kind === 'table' || section.kind === 'tree') && section.selectable ? section.rows.length : 0;
}

export function clampSelection(sections: readonly Section[], wanted: SelectionView | null): SelectionView | null {
  const chosen = wanted ? sections.find((s) => s.id === wanted.section && selectableRows(s) > 0) : undefined;
  if (chosen && wanted) return { section: chosen.id, index: Math.min(Math.max(0, wanted.index), selectableRows(chosen) - 1) };
  const first = sections.find((s) => selectableRows(s) > 0);
  return first ? { section: first.id, index: 0 } : null;
}

// ------------------------------------------------------------------------------------------------ top bar, tabs

// The fleet chip's counts per fleet array: the engine keeps the array while no row changed (a fleet of 1000 read
// from Prometheus is counted once per round, not once per view).
const fleetTonesOf = new WeakMap<readonly FleetNodeFacts[], { tones: Record<Tone, number>; unknown: number }>();

function fleetTones(fleet: readonly FleetNodeFacts[]): { tones: Record<Tone, number>; unknown: number } {
  const known = fleetTonesOf.get(fleet);
  if (known) return known;
  // One pass over the fleet, no per-view array of 200 statuses (a view goes out up to 20 times a second).
  const tones: Record<Tone, number> = { ok: 0, warn: 0, fail: 0, info: 0, muted: 0 };
  let unknown = 0;
  for (const node of fleet) {
    const each = fleetNodeStatus(node);
    tones[each.tone]++;
    if (each.worst === 'Unknown') unknown++;
  }
  const counts = { tones, unknown };
  fleetTonesOf.set(fleet, counts);
  return counts;
}

function topBar(parts: ViewParts): TopBarView {
  const active = parts.fleet.find((node) => node.active);
  const status = nodeStatus(active?.snapshot ?? null, active?.gates ?? null, active?.pollError ?? null);
  const { tones, unknown } = fleetTones(parts.fleet);
  const unseen = parts.alerts.entries.filter((entry) => entry.atMs > parts.alerts.seenAtMs && isOwnAlert(entry));
  return {
    app: parts.app,
    node: { name: parts.activeNode.name, url: parts.activeNode.url, nameIsUrl: parts.activeNode.name === parts.activeNode.url, tone: status.tone, status: status.text },
    supervisor: parts.supervisor,
    watches: parts.watches,
    alerts: {
      webhookConfigured: parts.alerts.webhookConfigured,
      unseen: unseen.length,
      worst: worstTone(unseen.filter((entry) => !entry.recovery).map((entry) => gateTone(entry.to))),
      sinkProblem: parts.alerts.sinkProblem,
    },
    fleet: {
      total: parts.fleet.length,
      pass: tones.ok,
      warn: tones.warn,
      fail: tones.fail,
      unknown,
    },
  };
}

function worstTone(tones: readonly Tone[]): Tone | null {
  if (tones.includes('fail')) return 'fail';
  if (tones.includes('warn')) return 'warn';
  return tones.length ? 'info' : null;
}

function tabs(face: Face, shown: ScreenId): ScreenTabView[] {
  return SCREENS.map((screen) => ({ id: screen.id, number: screen.number, title: screen.title, key: screenTabKey(face, screen.id), active: screen.id === shown }));
}

// ------------------------------------------------------------------------------------------------ overlays

function clampIndex(index: number, count: number): number {
  return count === 0 ? 0 : Math.min(Math.max(0, index), count - 1);
}

function overlayView(parts: ViewParts): OverlayView | null {
  const { mode, context } = parts.session;
  switch (mode) {
    case 'palette': {
      const matches = suggestions(context.palette.input, parts.face).map(({ usage, description }) => ({ usage, description }));
      return { kind: 'palette', input: context.palette.input, suggestions: matches, highlighted: clampIndex(context.palette.highlighted, matches.length), error: context.palette.error };
    }
    case 'picker': {
      const nodes = parts.fleet.map((node) => {
        const status = fleetNodeStatus(node);
        return { name: node.name, url: node.url, tone: status.tone, status: status.text, active: node.active };
      });
      const highlighted = context.pickerHighlighted ?? Math.max(0, nodes.findIndex((node) => node.active));
      return { kind: 'picker', nodes, highlighted: clampIndex(highlighted, nodes.length) };
    }
    case 'help': {
      const help = helpView(parts.face);
      const count = help.groups.reduce((sum, group) => sum + group.entries.length, 0);
      return { ...help, top: Math.min(parts.session.context.helpTop, Math.max(0, count - 1)) };
    }
    case 'alerts': {
      const entries = parts.alerts.entries.map(alertEntry);
      return {
        kind: 'alerts',
        title: context.alerts.kind === 'alerts' ? 'Alerts' : 'Notifications',
        entries,
        highlighted: clampIndex(context.alerts.highlighted, entries.length),
      };
    }
    default:
      return null;
  }
}

export function alertEntry(record: AlertRecord): AlertEntryView {
  return {
    key: String(record.seq),
    time: clockTime(record.atMs),
    node: record.node,
    // A transition kept under a cause that did not change is no alert of its own: muted, naming its cause.
    gate: record.causedBy ? `${record.gateName} (under ${GATE_NAMES[record.causedBy]})` : record.gateName,
    change: `${record.from ?? '—'} → ${record.to}`,
    reason: record.caused.length ? `${record.reason} (with it: ${causedSummary(record.caused)})` : record.reason,
    tone: record.causedBy ? 'muted' : gateTone(record.to),
  };
}

function inputFocus(parts: ViewParts): InputTarget | null {
  const { mode, context } = parts.session;
  if (mode === 'palette') return { kind: 'palette' };
  if (mode === 'filtering') return { kind: 'logFilter' };
  if (mode === 'editingForm' && context.form) {
    const form = parts.screen.sections.find((s) => s.kind === 'form' && s.id === context.form!.section);
    if (form?.kind === 'form' && form.fields.some((f) => f.id === context.form!.field)) return { kind: 'form', section: context.form.section, field: context.form.field };
  }
  return null;
}
