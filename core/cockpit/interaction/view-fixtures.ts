/**
 * Test support: cockpit views built the way the engine builds them (composeView over parts), so interpreter and
 * face tests start from a view a real engine could show. `viewFor({ mode: 'palette', ... })` changes one thing.
 */
import { computeGates } from '../gates.js';
import { healthySnapshot } from '../snapshot-fixtures.js';
import { composeView, NO_LOG_LINES, type ViewParts } from './compose-view.js';
import type { FleetNodeFacts } from './screen-env.js';
import type { UiMode, UiSessionContext } from './session-state.js';
import type { ScreenContent } from '../view/screen-contract.js';
import type { CockpitView, Face } from '../view/view-model.js';

export function fleetFacts(names: readonly string[], active = names[0]): FleetNodeFacts[] {
  return names.map((name, i) => {
    const snapshot = healthySnapshot(1_700_000_000_000 + i);
    return { name, url: `http://127.0.0.1:${1633 + i * 100}`, active: name === active, snapshot, gates: computeGates(snapshot), pollError: null, polling: false };
  });
}

export function sessionContext(face: Face, patch: Partial<UiSessionContext> = {}): UiSessionContext {
  return {
    face,
    screen: 'health',
    selections: {},
    drillSelection: null,
    palette: { input: '', highlighted: 0, error: null },
    pickerHighlighted: null,
    alerts: { kind: 'alerts', highlighted: 0 },
    helpTop: 0,
    log: { visible: false, fullscreen: false, height: 8, tab: 'errors', filter: '', editing: '' },
    form: null,
    banner: null,
    bannerSeq: 0,
    ...patch,
  };
}

/** A table screen with `rows` selectable rows (keys r0, r1, …) and, optionally, a form. */
export function tableScreen(rows: number, extra: Partial<ScreenContent> = {}): ScreenContent {
  return {
    status: 'ready',
    subtitle: null,
    sections: [
      {
        kind: 'table',
        id: 'rows',
        title: null,
        columns: [{ id: 'c', label: 'C', align: 'left', priority: 1, kind: 'text' }],
        rows: Array.from({ length: rows }, (_, i) => ({ key: `r${i}`, cells: [{ text: `row ${i}` }] })),
        selectable: true,
        emptyText: 'none',
      },
    ],
    drill: null,
    ...extra,
  };
}

export interface ViewForOptions {
  readonly face?: Face;
  readonly mode?: UiMode;
  readonly session?: Partial<UiSessionContext>;
  readonly screen?: ScreenContent;
  readonly nodes?: readonly string[];
  readonly parts?: Partial<ViewParts>;
}

export function viewPartsFor(options: ViewForOptions = {}): ViewParts {
  const face = options.face ?? 'desktop';
  const fleet = fleetFacts(options.nodes ?? ['n1', 'n2', 'n3']);
  return {
    face,
    app: { name: 'cockpit', version: '0.1.0' },
    theme: { scheme: 'dark', ascii: false },
    session: { mode: options.mode ?? 'browsing', context: sessionContext(face, options.session) },
    activeNode: fleet.find((node) => node.active)!,
    fleet,
    screen: options.screen ?? tableScreen(25),
    alerts: { entries: [], seenAtMs: 0, webhookConfigured: false, sinkProblem: null, toasts: [], bellCount: 0, notifications: [] },
    log: { source: { origin: 'none', label: 'no log source', tone: 'muted' }, counts: NO_LOG_LINES, lines: [], matching: 0 },
    watches: 0,
    supervisor: null,
    ...options.parts,
  };
}

export function viewFor(options: ViewForOptions = {}): CockpitView {
  return composeView(viewPartsFor(options));
}
