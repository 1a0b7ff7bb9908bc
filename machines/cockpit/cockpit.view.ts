/**
 * Reading the root actor's snapshot (and its children's) into the parts of the view: a pure selector, so the
 * engine composes a view by `composeView(selectViewParts(root.getSnapshot(), env).parts)` and nothing else.
 * It sends nothing: a screen's banner (a result to announce once) comes back as data, and the engine hands it
 * to the UI session. (It lives beside the machine, not in core/, because it reads machine snapshots: core
 * imports no machine, test/layering.test.ts.) The memo caches below only skip allocations; the answer
 * depends on the snapshot and env alone.
 */
import type { AnyActorRef, AnyMachineSnapshot } from 'xstate';
import type { ViewParts } from '../../core/cockpit/interaction/compose-view.js';
import type { EngineNodeRef, FleetNodeFacts, ScreenEnv, WatchlistFacts } from '../../core/cockpit/interaction/screen-env.js';
import type { TrendReader } from '../../core/cockpit/node-trends.js';
import type { ScreenId } from '../../core/cockpit/view/screens.js';
import type { ScreenContent } from '../../core/cockpit/view/screen-contract.js';
import type { Face, ThemeView } from '../../core/cockpit/view/view-model.js';
import { alertmanagerActorId, type AlertsSnapshot } from './alerts.machine.js';
import { selectAlertmanagerProblem, type AlertmanagerSinkSnapshot } from './alertmanager-sink.machine.js';
import { fleetActorId, PROMETHEUS_FLEET_ID, screenActorId, type CockpitContext } from './cockpit.contracts.js';
import { selectGates, type GatesSnapshot } from './gates.machine.js';
import type { LogPaneSnapshot } from './log-pane.machine.js';
import { logFacts } from './log-view.js';
import type { PrometheusFleetSnapshot } from './prometheus-fleet.machine.js';
import type { PromFleetReading } from '../../core/cockpit/prometheus-fleet.js';
import { SCREEN_REGISTRY } from './screens/index.js';
import { selectSupervisorChip, type SupervisorSnapshotLike } from './supervisor.view.js';
import { selectUiSessionState, type UiSessionSnapshot } from './ui-session.machine.js';
import type { WatchlistSnapshot } from './watchlist.machine.js';
import { selectSinkProblem, type WebhookSinkSnapshot } from './webhook-sink.machine.js';

/** The root snapshot as this selector reads it (CockpitSnapshot fits). */
export interface CockpitSnapshotLike {
  readonly context: CockpitContext;
  readonly children: unknown;
}

/** What the view needs besides snapshots: the face, the app, the theme and the time. */
export interface ViewEnv {
  readonly face: Face;
  readonly app: ViewParts['app'];
  readonly theme: ThemeView;
  readonly nowMs: number;
  /** `[fleet] prometheus_url`, when the fleet comes from Prometheus. */
  readonly prometheusUrl: string | null;
  /** The engine's trend rings (core/cockpit/node-trends.ts), by node name; absent, no trends are drawn. */
  readonly trends?: TrendLookup;
}

/** A node's trend ring by node name. */
export type TrendLookup = (node: string) => TrendReader | undefined;

/** A screen's banner to announce once (the engine sends it to the session when its id is new). */
export interface ScreenBanner {
  readonly screen: ScreenId;
  readonly id: number;
  readonly text: string;
  readonly tone: 'ok' | 'fail';
}

const CHIP_TONE = { green: 'ok', grey: 'muted', amber: 'warn', red: 'fail' } as const;
type Children = Record<string, AnyActorRef | undefined>;

// A poller's actor id per node name, built once rather than 200 strings per view.
const fleetIds = new Map<string, string>();
const fleetIdOf = (name: string) => {
  let id = fleetIds.get(name);
  if (id === undefined) fleetIds.set(name, (id = fleetActorId(name)));
  return id;
};

/** Every fleet poller's facts, in node order (S15, the picker, `--serve-metrics`). */
export function selectFleet(snapshot: CockpitSnapshotLike, prometheusUrl: string | null, trends?: TrendLookup): FleetNodeFacts[] {
  const ctx = snapshot.context;
  const children = snapshot.children as Children;
  if (ctx.prometheusFleet && prometheusUrl) return prometheusFleetOf(ctx, children, prometheusUrl, trends);
  return ctx.nodes.map((node) => {
    const gates = children[fleetIdOf(node.name)]?.getSnapshot() as GatesSnapshot | undefined;
    const isDefault = node.name === ctx.defaultNode;
    return gates ? factsOf(node, gates, node.name === ctx.activeNode, isDefault, trends) : { ...node, active: node.name === ctx.activeNode, isDefault, snapshot: null, gates: null, pollError: null, polling: false };
  });
}

/**
 * The fleet from Prometheus: a row per node of the reading (the configured ones, or every node Prometheus
 * knows), the active node's with its direct poll as well. A node with a URL (configured, or named by one)
 * can be switched to.
 */
function prometheusFleetOf(ctx: CockpitContext, children: Children, url: string, trends?: TrendLookup): FleetNodeFacts[] {
  const fleet = children[PROMETHEUS_FLEET_ID]?.getSnapshot() as PrometheusFleetSnapshot | undefined;
  const reading = fleet?.context.reading ?? null;
  const error = fleet?.context.error ?? null;
  const own = children[fleetIdOf(ctx.activeNode)]?.getSnapshot() as GatesSnapshot | undefined;
  const trend = trends?.(ctx.activeNode);
  // Nothing the rows read changed since the last call (a view for a key, the log, a screen; `engine.fleet()`):
  // the same array, so S15 and the top bar skip their work too.
  const key = [reading, error, ctx.nodes, ctx.activeNode, ctx.defaultNode, own, trend, url] as const;
  if (lastFleet && key.every((part, i) => part === lastFleet!.key[i])) return lastFleet.rows;
  const rows = prometheusRows(ctx, children, url, reading, error, trends);
  lastFleet = { key, rows };
  return rows;
}

let lastFleet: { key: readonly unknown[]; rows: FleetNodeFacts[] } | null = null;

function prometheusRows(ctx: CockpitContext, children: Children, url: string, reading: PromFleetReading | null, error: string | null, trends?: TrendLookup): FleetNodeFacts[] {
  const configured = new Map(ctx.nodes.map((node) => [node.name, node]));
  const names = reading ? reading.nodes.map((node) => node.name) : ctx.nodes.map((node) => node.name);
  if (!names.includes(ctx.activeNode)) names.unshift(ctx.activeNode);
  const rows = new Map((reading?.nodes ?? []).map((node) => [node.name, node]));
  const readAtMs = reading?.atMs ?? null;
  return names.map((name) => {
    const facts = rows.get(name) ?? null;
    const active = name === ctx.activeNode;
    const isDefault = name === ctx.defaultNode;
    const own = active ? (children[fleetIdOf(name)]?.getSnapshot() as GatesSnapshot | undefined) : undefined;
    const node = configured.get(name);
    const cached = facts && !own ? remoteRows.get(facts) : undefined;
    // The row of the same reading's facts, asked again (views between two rounds): the same object.
    if (cached && cached.node === node && cached.url === url && cached.error === error && cached.readAtMs === readAtMs && cached.row.active === active && cached.row.isDefault === isDefault) return cached.row;
    const ref: EngineNodeRef = node ?? { name, url: /^https?:\/\//.test(name) ? name : '' };
    const remote = { prometheusUrl: url, facts, error, readAtMs };
    if (own) return { ...factsOf(ref, own, true, isDefault, trends), remote };
    const row: FleetNodeFacts = { ...ref, active, isDefault, snapshot: null, gates: facts && !facts.stale && !error ? facts.gates : null, pollError: null, polling: false, remote };
    if (facts) remoteRows.set(facts, { row, node, url, error, readAtMs });
    return row;
  });
}

// One row per node of a reading, kept while neither the reading nor the row's flags change: a fleet of 1000
// rows from Prometheus is built once per round, not once per view (the active node's poll, a key, the log).
const remoteRows = new WeakMap<object, { row: FleetNodeFacts; node: EngineNodeRef | undefined; url: string; error: string | null; readAtMs: number | null }>();

// One facts object per poller snapshot (and active flag): a view of 200 nodes allocates nothing for the
// nodes whose poll has not changed since the last view.
const factsCache = new WeakMap<GatesSnapshot, FleetNodeFacts>();
function factsOf(node: EngineNodeRef, gates: GatesSnapshot, active: boolean, isDefault: boolean, trends?: TrendLookup): FleetNodeFacts {
  const cached = factsCache.get(gates);
  const trend = trends?.(node.name);
  if (cached && cached.active === active && cached.name === node.name && cached.isDefault === isDefault && cached.trend === trend) return cached;
  const facts: FleetNodeFacts = {
    ...(trend ? { trend } : {}),
    stampFill: gates.context.stampFill,
    name: node.name,
    url: node.url,
    active,
    isDefault,
    snapshot: gates.context.snapshot,
    gates: selectGates(gates),
    pollError: gates.context.pollError,
    polling: gates.value === 'polling',
  };
  factsCache.set(gates, facts);
  return facts;
}

/** S12's facts: the engine-wide watchlist's references, results and availability records. */
export function selectWatchlist(snapshot: CockpitSnapshotLike): WatchlistFacts {
  const watchlist = (snapshot.children as Children).watchlist?.getSnapshot() as WatchlistSnapshot | undefined;
  return {
    entries: watchlist?.context.entries ?? [],
    history: watchlist?.context.history ?? [],
    queue: watchlist?.context.queue ?? [],
    checking: watchlist?.matches('checking') ?? false,
    availability: watchlist?.context.availability ?? {},
  };
}

/** The view's parts, and the shown screen's banner if it has one (announcing it is the caller's). */
export function selectViewParts(snapshot: CockpitSnapshotLike, env: ViewEnv): { parts: ViewParts; banner: ScreenBanner | null } {
  const ctx = snapshot.context;
  const children = snapshot.children as Children;
  const session = selectUiSessionState(children.session!.getSnapshot() as UiSessionSnapshot);
  const activeNode = ctx.nodes.find((node) => node.name === ctx.activeNode)!;
  const fleet = selectFleet(snapshot, env.prometheusUrl, env.trends);
  const screenEnv: ScreenEnv = {
    face: env.face,
    ascii: env.theme.ascii,
    nowMs: env.nowMs,
    node: activeNode,
    fleet,
    watchlist: selectWatchlist(snapshot),
  };
  const shown = session.context.screen;
  const screenSnapshot = children[screenActorId(ctx.generation, shown)]?.getSnapshot() as AnyMachineSnapshot | undefined;
  const screen: ScreenContent = screenSnapshot ? SCREEN_REGISTRY[shown].select(screenSnapshot, screenEnv) : { status: 'loading', subtitle: null, sections: [], drill: null };
  const logPane = children.logPane?.getSnapshot() as LogPaneSnapshot | undefined;
  const supervisor = children.supervisor?.getSnapshot() as SupervisorSnapshotLike | undefined;
  const chip = supervisor ? selectSupervisorChip(supervisor, env.nowMs) : null;
  const parts: ViewParts = {
    face: env.face,
    app: env.app,
    theme: env.theme,
    session,
    activeNode,
    fleet,
    screen,
    alerts: selectAlertFacts(children.alerts?.getSnapshot() as AlertsSnapshot | undefined, ctx.alerts, ctx.alertsSeenAtMs),
    log: logFacts(logPane ?? null, session.context.log),
    watches: Object.keys(ctx.watches).length,
    supervisor: chip ? { text: chip.detail ? `${chip.text} · ${chip.detail}` : chip.text, tone: CHIP_TONE[chip.tone] } : null,
  };
  return { parts, banner: screen.banner ? { screen: shown, ...screen.banner } : null };
}

export function selectAlertFacts(alerts: AlertsSnapshot | undefined, entries: ViewParts['alerts']['entries'], seenAtMs: number): ViewParts['alerts'] {
  const sinks = alerts ? (['webhook', 'fleetWebhook'] as const).map((id) => alerts.children[id]?.getSnapshot() as WebhookSinkSnapshot | undefined) : [];
  const managers = alerts ? (alerts.context.alertmanagers ?? []).map((_url, i) => (alerts.children as Children)[alertmanagerActorId(i)]?.getSnapshot() as AlertmanagerSinkSnapshot | undefined) : [];
  const problems = [...sinks.flatMap((sink) => (sink ? [selectSinkProblem(sink)] : [])), ...managers.flatMap((sink) => (sink ? [selectAlertmanagerProblem(sink)] : []))].filter((p): p is string => p !== null);
  return {
    entries,
    seenAtMs,
    webhookConfigured: sinks.some((sink) => sink !== undefined),
    sinkProblem: problems.length ? problems.join('; ') : null,
    toasts: alerts?.context.toasts ?? [],
    bellCount: alerts?.context.bellCount ?? 0,
    notifications: alerts?.context.notifications ?? [],
  };
}
