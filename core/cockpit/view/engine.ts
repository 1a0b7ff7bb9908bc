/**
 * The face-side handle of a running cockpit engine: the one small surface every face and every bridge
 * adapter uses (in-process for `cockpit-tui`, Electron IPC for the desktop window, a WebSocket for
 * `cockpit --serve`). The engine itself (actors/cockpit/engine.ts) is one root XState actor system; this
 * handle is its public face: snapshots out as CockpitView, events in as CockpitUiEvent.
 */
import type { CockpitUiEvent } from './ui-events.js';
import type { CockpitView } from './view-model.js';

export interface CockpitEngineHandle {
  /** The current view (cheap: memoised per snapshot). */
  getView(): CockpitView;
  /**
   * Called with each new view, at most 20 times a second (log floods and 200-node fleets are coalesced).
   * Returns the unsubscribe function.
   */
  subscribe(listener: (view: CockpitView) => void): () => void;
  send(event: CockpitUiEvent): void;
  /**
   * Stops everything the engine started: pollers, watch-refs, pubsub sockets, tailers, and the supervised
   * node (SIGTERM to its group, up to 5 s, then SIGKILL). Resolves with the supervisor's final status line
   * (`exited (0)`, `killed (sig 9)`) or null when the cockpit did not run the node.
   */
  stop(): Promise<{ readonly finalStatus: string | null }>;
}
