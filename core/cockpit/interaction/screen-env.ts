/**
 * What every screen's selector may read besides its own actor's snapshot: the face, the time, the active node,
 * and the engine-wide facts (the fleet pollers of every node). S1 Health and S15 Fleet are built from these
 * alone; a node screen (S2 Stamps, ...) usually needs only `node` and `nowMs`.
 */
import type { Gate } from '../gate-definitions.js';
import type { NodeHealthSnapshot } from '../health-snapshot.js';
import type { TrendReader } from '../node-trends.js';
import type { RemoteFleetFacts } from '../prometheus-fleet.js';
import type { StampFillHistory } from '../stamp-fill.js';
import type { Face } from '../view/view-model.js';
import type { DurabilityResult, WatchlistEntry } from '../watchlist.js';
import type { AvailabilityBook } from '../availability.js';

export interface EngineNodeRef {
  readonly name: string;
  readonly url: string;
}

/** One node's fleet poller, as the fleet row, the picker and S1 read it. */
export interface FleetNodeFacts extends EngineNodeRef {
  readonly active: boolean;
  /** The node the cockpit started on (`default = true`, `--node`, or the first): S15 marks it ★. */
  readonly isDefault?: boolean;
  /** The latest poll, null before the first answered. */
  readonly snapshot: NodeHealthSnapshot | null;
  /** Derived from the snapshot (null with it). */
  readonly gates: readonly Gate[] | null;
  /** An unexpected poll failure (a bug, not a node fault: node faults are inside the snapshot). */
  readonly pollError: string | null;
  /** A poll is running now. */
  readonly polling: boolean;
  /** The poller's utilisation samples per batch (stamp-fill.ts): S2 forecasts fill from the same as the gate. */
  readonly stampFill?: StampFillHistory;
  /** This node's trend ring (node-trends.ts), absent before the engine recorded a poll of it. */
  readonly trend?: TrendReader;
  /** The fleet comes from Prometheus (`[fleet] prometheus_url`): what it says of this node. */
  readonly remote?: RemoteFleetFacts;
}

export interface ScreenEnv {
  readonly face: Face;
  /** Draw with ASCII only (`--ascii`, `[ui] ascii_fallback`): a screen's own marks (S15's ★, S2's fill bar) follow it. */
  readonly ascii?: boolean;
  readonly nowMs: number;
  /** The active node: screen actors run against it only. */
  readonly node: EngineNodeRef;
  /** Every configured node in configuration order, the active one included. */
  readonly fleet: readonly FleetNodeFacts[];
  /** S12's engine-wide watchlist (it survives node switches). */
  readonly watchlist: WatchlistFacts;
}

export interface WatchlistFacts {
  readonly entries: readonly WatchlistEntry[];
  /** Newest first, at most 50. */
  readonly history: readonly DurabilityResult[];
  /** The reference being checked now, and those waiting. */
  readonly queue: readonly string[];
  readonly checking: boolean;
  /** Per reference: every check kept across restarts (core/cockpit/availability.ts); absent before the first. */
  readonly availability: AvailabilityBook;
}

export function activeFleetNode(env: ScreenEnv): FleetNodeFacts | undefined {
  return env.fleet.find((node) => node.active);
}
