/**
 * Hand-written CockpitViews for the face's tests and the scripted terminal runs: every section kind, every
 * overlay, the log pane in its states, toasts, the banner, and node text carrying terminal escapes. They are
 * what an engine would give; the face must draw each without knowing more.
 */
import type {
  AlertsView,
  CockpitView,
  HelpView,
  PaletteView,
  PickerView,
  LogLineView,
  OverlayView,
  ScreenTabView,
  ScreenView,
  Section,
  TableSection,
} from '../../../core/cockpit/view/view-model.js';
import { SCREENS, type ScreenId } from '../../../core/cockpit/view/screens.js';
import { screenTabKey } from '../../../core/cockpit/bindings/resolve.js';
import { logPaneEmptyText } from '../../../core/cockpit/view/log-pane-view.js';

/** A string a hostile node could send: clear screen, retitle the window, ring, forge a line, reverse text. */
export const HOSTILE = 'bee\u001b[2J\u001b]0;pwned\u0007\r\nPASS  forged\u202eevil';

export function tabsFor(active: ScreenId): ScreenTabView[] {
  return SCREENS.map((screen) => ({ id: screen.id, number: screen.number, title: screen.title, key: screenTabKey('terminal', screen.id), active: screen.id === active }));
}

const GATES: [string, 'Pass' | 'Warn' | 'Fail', string][] = [
  ['API reachable', 'Pass', 'Bee 2.8.1-7cf53193, API 8.1.0'],
  ['chain RPC fresh', 'Pass', 'tip 30, synced 25: lag 5 blocks'],
  ['wallet funded', 'Pass', '10.5 xBZZ, 0.49 xDAI'],
  ['warmup complete', 'Pass', 'ready, not warming up'],
  ['peer count', 'Fail', '1 connected peer: too few to form a neighbourhood (need 4)'],
  ['reserve fill', 'Warn', '12,288 of 65,536 chunks at depth 8, pull-sync running'],
  ['bin saturation', 'Pass', 'every bin below depth 8 has 8 or more peers'],
  ['redistribution healthy', 'Pass', 'healthy, funded, fully synced'],
  ['not frozen', 'Pass', 'not frozen'],
  ['stamp TTL', 'Warn', 'batch 4a235821… expires in 19 h 11 min: top up within the day'],
  ['API version', 'Pass', 'API 8.1.0, same as expected'],
];

const TONE = { Pass: 'ok', Warn: 'warn', Fail: 'fail' } as const;

export function gatesTable(): TableSection {
  return {
    kind: 'table',
    id: 'gates',
    title: 'Gates',
    columns: [
      { id: 'state', label: 'state', align: 'left', priority: 1, kind: 'status' },
      { id: 'gate', label: 'gate', align: 'left', priority: 1, kind: 'name' },
      { id: 'reason', label: 'reason', align: 'left', priority: 2, kind: 'text' },
    ],
    rows: GATES.map(([gate, state, reason]) => ({
      key: gate,
      tone: TONE[state],
      cells: [{ text: state.toUpperCase(), tone: TONE[state] }, { text: gate }, { text: reason }],
    })),
    selectable: true,
    emptyText: 'no gates yet',
  };
}

export function healthScreen(): ScreenView {
  return {
    id: 'health',
    number: 1,
    title: 'Health',
    status: 'ready',
    subtitle: 'polled 3 s ago from http://127.0.0.1:1633',
    sections: [
      gatesTable(),
      {
        kind: 'facts',
        id: 'worstBatch',
        title: 'Worst batch',
        rows: [
          { label: 'batch', value: '4a235821…', full: '4a2358217d3c1f0e9b8a7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f', tone: 'warn' },
          { label: 'TTL', value: '19 h 11 min', tone: 'warn' },
          { label: 'depth', value: '22' },
          { label: 'utilization', value: '3 of 64 (peak bucket)' },
        ],
      },
    ],
    selection: { section: 'gates', index: 4 },
    drill: null,
  };
}

function batchRows(count: number): TableSection['rows'] {
  return Array.from({ length: count }, (_, i) => {
    const id = (i * 2654435761 >>> 0).toString(16).padStart(8, '0').repeat(8);
    const status = i % 7 === 3 ? 'Expiring' : i % 5 === 1 ? 'Skewed' : 'Healthy';
    const tone = status === 'Expiring' ? 'fail' : status === 'Skewed' ? 'warn' : 'ok';
    return {
      key: id,
      cells: [
        { text: `${id.slice(0, 8)}…`, full: id },
        { text: String(17 + (i % 8)), tone: undefined },
        { text: `${(i + 1) * 1000000}` },
        { text: `${(i % 30) + 1} d ${i % 24} h` },
        { text: `${(i * 3) % 64} of 64` },
        { text: status, tone },
      ],
    };
  });
}

export function stampsScreen(rows = 30, withDrill = false): ScreenView {
  return {
    id: 'stamps',
    number: 2,
    title: 'Stamps',
    status: 'ready',
    subtitle: `${rows} batches, polled 2 s ago`,
    sections: [
      {
        kind: 'table',
        id: 'batches',
        title: null,
        columns: [
          { id: 'batch', label: 'batch', align: 'left', priority: 1, kind: 'id' },
          { id: 'depth', label: 'depth', align: 'right', priority: 2, kind: 'number' },
          { id: 'amount', label: 'amount', align: 'right', priority: 4, kind: 'amount' },
          { id: 'ttl', label: 'TTL', align: 'right', priority: 1, kind: 'duration' },
          { id: 'util', label: 'utilization', align: 'right', priority: 3, kind: 'fill' },
          { id: 'status', label: 'status', align: 'left', priority: 1, kind: 'status' },
        ],
        rows: batchRows(rows),
        selectable: true,
        emptyText: 'no batches: buy one with :batch buy <depth>',
      },
    ],
    selection: { section: 'batches', index: Math.min(rows - 1, 21) },
    drill: withDrill
      ? {
          title: 'Batch 0000a4f1… bucket histogram',
          status: 'ready',
          subtitle: 'depth 22, bucket depth 16: 65,536 buckets of 64 slots',
          sections: [
            {
              kind: 'bars',
              id: 'fill',
              title: 'Bucket fill by bin',
              bars: [0, 1, 2, 3, 4, 5].map((bin) => ({ label: `bin ${bin}`, fraction: [0.05, 0.2, 0.45, 0.7, 0.92, 1][bin] ?? 0, text: `${[3, 13, 29, 45, 59, 64][bin]} of 64`, tone: bin >= 4 ? 'fail' : bin >= 3 ? 'warn' : 'ok' })),
            },
            {
              kind: 'table',
              id: 'worst',
              title: '10 worst buckets',
              columns: [
                { id: 'bucket', label: 'bucket', align: 'right', priority: 1, kind: 'number' },
                { id: 'count', label: 'collisions', align: 'right', priority: 1, kind: 'count' },
              ],
              rows: Array.from({ length: 10 }, (_, i) => ({ key: String(i), cells: [{ text: String(40000 + i * 17) }, { text: String(64 - i), tone: i < 2 ? 'fail' : 'warn' }] })),
              selectable: true,
              emptyText: 'no buckets',
            },
          ],
          selection: { section: 'worst', index: 0 },
        }
      : null,
  };
}

export function peersScreen(): ScreenView {
  return {
    id: 'peers',
    number: 6,
    title: 'Peers',
    status: 'ready',
    subtitle: 'depth 8, 41 connected',
    sections: [
      {
        kind: 'strip',
        id: 'bins',
        title: 'Bin saturation',
        cells: Array.from({ length: 32 }, (_, bin) => {
          const peers = bin < 8 ? [12, 9, 8, 7, 3, 2, 0, 1][bin] ?? 0 : 0;
          return { label: String(bin), value: String(peers), tone: bin >= 8 ? 'muted' : peers >= 8 ? 'ok' : peers === 0 ? 'fail' : 'warn' };
        }),
        legend: 'bins below depth 8 need 8 connected peers; STARVING: bins 3, 4, 5, 6, 7',
      },
      {
        kind: 'table',
        id: 'peers',
        title: 'Connected peers',
        columns: [
          { id: 'overlay', label: 'overlay', align: 'left', priority: 1, kind: 'id' },
          { id: 'bin', label: 'bin', align: 'right', priority: 1, kind: 'number' },
          { id: 'latency', label: 'latency', align: 'right', priority: 2, kind: 'latency' },
          { id: 'direction', label: 'direction', align: 'left', priority: 3, kind: 'label' },
        ],
        rows: Array.from({ length: 12 }, (_, i) => ({
          key: String(i),
          cells: [{ text: `${(0x1f3a5c00 + i * 977).toString(16)}…`, full: `${(0x1f3a5c00 + i * 977).toString(16)}${'ab'.repeat(28)}` }, { text: String(i % 8) }, { text: `${12 + i * 3} ms` }, { text: i % 2 ? 'inbound' : 'outbound' }],
        })),
        selectable: true,
        emptyText: 'no connected peers',
      },
    ],
    selection: { section: 'peers', index: 2 },
    drill: null,
  };
}

export function manifestScreen(): ScreenView {
  return {
    id: 'manifest',
    number: 11,
    title: 'Manifest',
    status: 'ready',
    subtitle: 'root 8f2c…a1 (mantaray v0.2)',
    sections: [
      { kind: 'form', id: 'root', title: null, fields: [{ id: 'ref', label: 'root reference', value: '8f2c4b0e', placeholder: '64 or 128 hex characters', error: 'a reference is 64 or 128 hex characters' }], submitLabel: 'Walk' },
      {
        kind: 'tree',
        id: 'forks',
        title: 'Forks',
        rows: [
          { key: '/', depth: 0, label: '/', detail: 'website-index-document: index.html', expandable: true, expanded: true, loading: false },
          { key: 'index.html', depth: 1, label: 'index.html', detail: 'text/html, 2.1 KiB', expandable: false, expanded: false, loading: false },
          { key: 'assets/', depth: 1, label: 'assets/', detail: null, expandable: true, expanded: true, loading: false },
          { key: 'assets/app.js', depth: 2, label: 'app.js', detail: 'text/javascript, 88.0 KiB', expandable: false, expanded: false, loading: false },
          { key: 'assets/img/', depth: 2, label: 'img/', detail: null, expandable: true, expanded: false, loading: true },
          { key: 'docs/', depth: 1, label: 'docs/', detail: null, expandable: true, expanded: false, loading: false, tone: 'warn' },
        ],
        selectable: true,
        emptyText: 'enter a root reference and walk',
      },
    ],
    selection: { section: 'forks', index: 2 },
    drill: null,
  };
}

export function pubsubScreen(): ScreenView {
  return {
    id: 'pubsub',
    number: 14,
    title: 'Pubsub',
    status: 'ready',
    subtitle: 'subscribed to PSS topic "chat"',
    sections: [
      {
        kind: 'form',
        id: 'subscribe',
        title: 'Subscription',
        fields: [
          { id: 'mode', label: 'mode', value: 'PSS', placeholder: '', options: ['PSS', 'GSOC'] },
          { id: 'topic', label: 'topic', value: 'chat', placeholder: 'a string or 64 hex' },
          { id: 'filter', label: 'filter', value: '', placeholder: 'case-insensitive substring' },
        ],
        submitLabel: 'Subscribe',
      },
      {
        kind: 'text',
        id: 'note',
        title: null,
        lines: [
          { text: 'Messages are kept in a ring of 200; the history file is /var/lib/cockpit/pubsub.jsonl (rotated at 64 MiB).', tone: 'muted' },
          { text: `last message from a node: ${HOSTILE}` },
        ],
      },
      {
        kind: 'actions',
        id: 'buttons',
        title: null,
        actions: [
          { id: 'clear', label: 'Clear ring', key: 'x', enabled: true },
          { id: 'export', label: 'Export', key: null, enabled: false },
          { id: 'mode', label: 'Toggle mode', key: 'm', enabled: true },
        ],
      },
    ],
    selection: null,
    drill: null,
  };
}

export function logLines(count: number, start = 0): LogLineView[] {
  const levels = ['info', 'debug', 'warning', 'error'] as const;
  return Array.from({ length: count }, (_, i) => {
    const n = start + i;
    const level = levels[n % 4] ?? 'info';
    return {
      seq: n,
      time: `14:03:${String(n % 60).padStart(2, '0')}.${String(n % 1000).padStart(3, '0')}`,
      level,
      text: `node/pullsync "msg"="sync batch" "peer"="${(n * 7919).toString(16)}" "bin"=${n % 8} "n"=${n}`,
      tone: level === 'error' ? 'fail' : level === 'warning' ? 'warn' : undefined,
    };
  });
}

export interface ViewOptions {
  readonly screen?: ScreenView;
  readonly overlay?: OverlayView | null;
  readonly logVisible?: boolean;
  readonly logFullscreen?: boolean;
  readonly logHeight?: number;
  readonly filter?: { committed: string; editing: string | null };
  readonly lines?: LogLineView[];
  readonly scheme?: 'light' | 'dark' | 'mono';
  readonly ascii?: boolean;
  readonly toasts?: CockpitView['toasts'];
  readonly banner?: CockpitView['banner'];
  readonly bell?: number;
  readonly exit?: CockpitView['exit'];
  readonly nodeName?: string;
  readonly fleetTotal?: number;
}

export function cockpitView(options: ViewOptions = {}): CockpitView {
  const screen = options.screen ?? healthScreen();
  const lines = options.lines ?? logLines(40);
  return {
    face: 'terminal',
    topBar: {
      app: { name: 'cockpit-tui', version: '0.1.0' },
      node: { name: options.nodeName ?? 'node-1', url: 'http://127.0.0.1:1633', tone: 'fail', status: '1 fail, 2 warn' },
      supervisor: { text: 'running 2 h 03 min, 1 restart', tone: 'ok' },
      watches: 2,
      alerts: { webhookConfigured: true, unseen: 3, worst: 'fail', sinkProblem: null },
      fleet: { total: options.fleetTotal ?? 3, pass: 1, warn: 1, fail: 1, unknown: 0 },
    },
    tabs: tabsFor(screen.id),
    screen,
    overlay: options.overlay ?? null,
    logPane: {
      visible: options.logVisible ?? true,
      fullscreen: options.logFullscreen ?? false,
      height: options.logHeight ?? 6,
      tabs: [
        { id: 'errors', label: 'Errors', count: 10 },
        { id: 'warning', label: 'Warning', count: 10 },
        { id: 'info', label: 'Info', count: 10 },
        { id: 'debug', label: 'Debug', count: 10 },
        { id: 'nodeHttp', label: 'Bee HTTP', count: 0 },
        { id: 'cockpitHttp', label: 'node::http', count: 120 },
        { id: 'cockpit', label: 'Cockpit', count: 14 },
      ],
      activeTab: 'info',
      filter: options.filter ?? { committed: '', editing: null },
      source: { origin: 'cli', label: 'file /var/log/bee/bee.log', tone: 'ok' },
      lines,
      matching: lines.length,
      empty: logPaneEmptyText({ activeTab: 'info', filter: options.filter ?? { committed: '', editing: null }, source: { origin: 'cli', label: 'file /var/log/bee/bee.log', tone: 'ok' } }),
    },
    banner: options.banner ?? null,
    toasts: options.toasts ?? [],
    bell: { count: options.bell ?? 0 },
    notifications: [],
    hints: [
      { keys: 'Alt+1..9', label: 'screens' },
      { keys: ':', label: 'palette' },
      { keys: 'Ctrl+N', label: 'nodes' },
      { keys: 'Enter', label: 'drill' },
      { keys: '/', label: 'filter log' },
      { keys: '?', label: 'help' },
    ],
    inputFocus: options.overlay?.kind === 'palette' ? { kind: 'palette' } : options.filter?.editing != null ? { kind: 'logFilter' } : null,
    theme: { scheme: options.scheme ?? 'dark', ascii: options.ascii ?? false },
    exit: options.exit ?? null,
  };
}

export const PALETTE: PaletteView = {
  kind: 'palette',
  input: 'ft 1f3a',
  suggestions: [
    { usage: ':feed-timeline <owner> <topic> [max]', description: 'open S13 and walk a feed' },
    { usage: ':feed-probe <owner> <topic>', description: 'fetch the latest feed update' },
    { usage: ':fleet', description: 'S15 Fleet' },
  ],
  highlighted: 0,
  error: 'owner must be 40 hex characters',
};

export const PICKER: PickerView = {
  kind: 'picker',
  nodes: [
    { name: 'node-1', url: 'http://127.0.0.1:1633', tone: 'fail', status: '1 fail, 2 warn', active: true },
    { name: 'node-2', url: 'http://127.0.0.1:1733', tone: 'ok', status: 'ok', active: false },
    { name: `evil-${HOSTILE}`, url: 'http://10.0.0.9:1633', tone: 'muted', status: 'needs a token (--token / NODE_TOKEN)', active: false },
  ],
  highlighted: 1,
};

export const HELP: HelpView = {
  kind: 'help',
  groups: [
    { title: 'Screens', entries: [{ keys: 'Alt+1..9', action: 'Health, Stamps, Swap, Lottery, Fleet, Peers, Network, API Health, Tags' }, { keys: 'Tab / Shift+Tab', action: 'next / previous screen' }] },
    { title: 'Rows', entries: [{ keys: 'Up/Down, j/k', action: 'move the selection' }, { keys: 'PgUp/PgDn', action: 'by 10 rows' }, { keys: 'Home/End', action: 'first / last row' }, { keys: 'Enter', action: 'drill into the row' }, { keys: 'Esc', action: 'close the drill or overlay' }] },
    { title: 'Overlays', entries: [{ keys: ': or Ctrl+P', action: 'command palette' }, { keys: 'Ctrl+N', action: 'node picker' }, { keys: 'Ctrl+Alt+N', action: 'notifications' }, { keys: '?', action: 'this help' }] },
    { title: 'Log pane', entries: [{ keys: 'Ctrl+L', action: 'show / hide' }, { keys: 'Shift+L', action: 'fullscreen' }, { keys: '/', action: 'filter' }, { keys: '+ / -', action: 'taller / shorter (4..24)' }] },
  ],
};

export const ALERTS: AlertsView = {
  kind: 'alerts',
  title: 'Notifications (last 200, newest first)',
  entries: Array.from({ length: 30 }, (_, i) => ({
    key: String(i),
    time: `14:${String(59 - i).padStart(2, '0')}:12`,
    node: i % 2 ? 'node-2' : 'node-1',
    gate: ['peer count', 'wallet funded', 'stamp TTL'][i % 3] ?? 'peer count',
    change: i % 3 === 0 ? 'Pass → Fail' : i % 3 === 1 ? 'Fail → Pass' : '— → Warn',
    reason: i % 3 === 0 ? '1 connected peer: too few to form a neighbourhood (need 4)' : i % 3 === 1 ? 'both balances above zero' : 'batch 4a235821… expires in 19 h 11 min',
    tone: i % 3 === 0 ? 'fail' : i % 3 === 1 ? 'ok' : 'warn',
  })),
  highlighted: 0,
};

/** Every section kind once, for the renderer tests. */
export function everySection(): Section[] {
  const kinds = [healthScreen(), peersScreen(), manifestScreen(), pubsubScreen(), stampsScreen(3, true)];
  const sections: Section[] = [];
  for (const screen of kinds) sections.push(...screen.sections, ...(screen.drill?.sections ?? []));
  return sections;
}
