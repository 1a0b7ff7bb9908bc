/** What `startCockpitEngine` takes and what it hands back (actors/cockpit/engine.ts). */
import type { ActorOptions, AnyActorLogic, AnyActorRef } from 'xstate';
import type { CallRecord, CallStats } from '../node-client/index.js';
import type { CockpitEngineConfig, EngineStateStore } from '../../core/cockpit/interaction/config.js';
import type { FleetNodeFacts, WatchlistFacts } from '../../core/cockpit/interaction/screen-env.js';
import type { CockpitEngineHandle } from '../../core/cockpit/view/engine.js';
import type { Face } from '../../core/cockpit/view/view-model.js';
import type { VerbInput, VerbOutcome } from '../../machines/cockpit/cockpit.contracts.js';
import type { SupervisorSnapshotLike } from '../../machines/cockpit/supervisor.view.js';
import type { CockpitStoryLine } from './cockpit-story.js';
import type { LiveInspection } from '../inspection/live-inspection.js';

export type EngineClock = NonNullable<ActorOptions<AnyActorLogic>['clock']>;

export interface StartCockpitEngineOptions {
  readonly face: Face;
  /** The resolved configuration (ResolvedCockpitConfig fits). */
  readonly config: CockpitEngineConfig;
  /** The data-directory state store (CockpitStateStore fits); default: memory. */
  readonly stateStore?: EngineStateStore;
  /**
   * Restart the persisted `:watch-ref`s at start: default for the terminal face only (the desktop window has no
   * `:watch-ref`); `cockpit --serve-metrics` sets it, so a headless cockpit keeps watching and exports them.
   */
  readonly restoreWatches?: boolean;
  /** Drives every machine delay (polls, banners); tests pass xstate's SimulatedClock. */
  readonly clock?: EngineClock;
  /** Wall clock for snapshot times; default Date.now (or the SimulatedClock's now). */
  readonly now?: () => number;
  readonly app?: { readonly name: string; readonly version: string };
  /**
   * Whether the log pane is open at start when `[ui] log_pane` does not say: the terminal face opens it in a
   * terminal of LOG_PANE_OPEN_ROWS rows or more (issue 28 item 1); absent, closed.
   */
  readonly logPaneOpen?: boolean;
  /** Fleet poll interval; default 15 s desktop, 10 s terminal (2-cockpit.md §8). */
  readonly fleetPollIntervalMs?: number;
  /** With the fleet from Prometheus: how often its PromQL round runs (default 5 s, never slower than the fleet poll). */
  readonly prometheusQueryIntervalMs?: number;
  /**
   * Per-request timeout of every node call, the whole transfer included (default 8 s): a hanging node, or one
   * dripping a byte a second, fails its own row within one poll instead of holding it forever.
   */
  readonly requestTimeoutMs?: number;
  /** Replaces the one-shot verb runner entirely (tests). */
  readonly runVerb?: (input: VerbInput & { readonly token?: string }, signal: AbortSignal) => Promise<VerbOutcome>;
  /** The OS colour scheme, when the face knows it (Electron's nativeTheme); `[ui].theme = auto` follows it. */
  readonly systemScheme?: 'light' | 'dark';
  readonly platform?: string;
  /** The connection pool of every node client (an undici Agent); default the node client's own. */
  readonly dispatcher?: import('undici').Dispatcher;
  /** How long a webhook post may take before it counts as failed (default 10 s). */
  readonly webhookTimeoutMs?: number;
  /** First retry delay of a failed webhook post, doubling up to 60 s (default 1 s). */
  readonly webhookRetryBaseMs?: number;
  /** Alertmanager resend interval (tests); default 60 s, Prometheus's resend delay. */
  readonly alertmanagerResendMs?: number;
  /**
   * `--inspect`: the whole actor system's inspection events go there (createActor's `inspect`); where to look and
   * its notes (the inspector lost, back) are told on the Cockpit tab as `cockpit::inspect`. The engine stops it
   * after the root.
   */
  readonly inspection?: Pick<LiveInspection, 'inspect' | 'notes' | 'stop' | 'where'>;
  /** Replaces the log pane's or the supervisor's actors (tests). */
  readonly overrides?: { readonly logPaneActors?: Record<string, AnyActorLogic>; readonly supervisorActors?: Record<string, AnyActorLogic> };
}

export interface CockpitEngine extends CockpitEngineHandle {
  /** The root actor, for tests and bridges that need more than views (never for faces). */
  readonly root: AnyActorRef;
  /** The cockpit's own outbound call statistics (S8, `--serve-metrics`). */
  readonly callStats: CallStats;
  /** Every fleet node's latest facts (headless modes: `--serve-metrics`). */
  fleet(): FleetNodeFacts[];
  /** S12's watched references and their availability records (headless modes: `--serve-metrics`). */
  watchlist(): WatchlistFacts;
  /** Bytes held by the trend rings of every polled node (bench:cockpit-fleet prints it). */
  trendBytes(): number;
  /**
   * Called after every node call the cockpit makes (success or failure), with the name of the node it went to;
   * returns the unsubscribe function.
   */
  onCall(listener: (record: CallRecord, node: string) => void): () => void;
  /**
   * Settles when the desktop window may open (2-cockpit.md §3: "the cockpit window opens" once the supervised
   * node's /health answers 200): at once without supervision; else when the node runs, or cannot be waited for
   * any longer (no 200 within 60 s, an exit, a refused start-up check), where the window's red chip says why.
   */
  whenNodeAnswers(): Promise<void>;
  /**
   * The Cockpit tab's story (the supervisor's changes, the state store's problems) as it is told, the lines so
   * far first: the headless modes print it on stderr. Returns the unsubscribe function.
   */
  onCockpitEvent(listener: (line: CockpitStoryLine) => void): () => void;
  /** The supervisor's snapshot (`--node-bin`), or null when the cockpit does not run the node. */
  supervisor(): SupervisorSnapshotLike | null;
}
