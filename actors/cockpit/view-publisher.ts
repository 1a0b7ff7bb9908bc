/**
 * The engine's view publisher: the view is composed only when some actor it reads changed since the last one,
 * and listeners hear of it in batching windows, so `getView()` is cheap to call as often as a face likes and a
 * flood (a 200-node fleet answering at once, a log burst) becomes one view per window.
 * - VIEW_NOTIFY_MS (50 ms): any change; FLEET_VIEW_NOTIFY_MS (250 ms): a fleet poller's answer alone.
 * - `notifySoon`: what a person did (a key, a click) goes out on the next tick, not at the window's end.
 * `follow(root)` marks the view dirty on every snapshot of the root, its children and the alert sinks (a
 * subscription per actor, kept in step with the children, costs far less than inspecting every event), except
 * a child's snapshot its `unchanged` test says no face shows (the log pane's book waiting for its publish
 * window: under a log flood that was a second view per published revision).
 */
import type { AnyActorRef } from 'xstate';
import type { CockpitView } from '../../core/cockpit/view/view-model.js';

/** View notifications are coalesced to at most one per this many milliseconds (20 a second). */
export const VIEW_NOTIFY_MS = 50;
/**
 * A fleet poller's answer is shown within this many milliseconds (at most 4 views a second from polls alone).
 * 200 nodes on a 10 s cycle land 20 polls a second; at the 50 ms window each one composed a view of the whole
 * fleet for the face (10 a second, over 1 point of a core in bench:cockpit-fleet), for rows a person reads at
 * human speed. Any other change (a key, the log pane, a screen's own data) still goes out within 50 ms, and
 * carries every poll that landed before it.
 */
export const FLEET_VIEW_NOTIFY_MS = 250;

export interface ViewPublisher {
  /** The current view, composed again only when something changed since the last one. */
  getView(): CockpitView;
  subscribe(listener: (view: CockpitView) => void): () => void;
  /** Something the view reads changed: publish within VIEW_NOTIFY_MS. */
  markDirty(): void;
  /** A fleet poller answered: publish within FLEET_VIEW_NOTIFY_MS. */
  markFleetDirty(): void;
  /** A person acted: publish on the next tick. */
  notifySoon(): void;
  /**
   * Marks the view dirty on every change of the root, its children (fleet pollers, whose ids start with
   * `fleetIdPrefix`, at the fleet window) and the alert sinks (children of `alerts`). Returns the unfollow.
   * `onFleetSnapshot` hears every fleet poller's snapshot first (the engine's trend rings). `unchanged[id]`
   * (previous, next) true: that child's new snapshot changes nothing a face shows, and marks nothing.
   */
  follow(root: AnyActorRef, fleetIdPrefix: string, onFleetSnapshot?: (snapshot: unknown) => void, unchanged?: ChildUnchanged): () => void;
  /** No more views go out. */
  stop(): void;
}

/** Per child id: true when the child's next snapshot shows nothing its previous one did not. */
export type ChildUnchanged = Readonly<Record<string, (previous: unknown, next: unknown) => boolean>>;

export function createViewPublisher(compose: () => CockpitView): ViewPublisher {
  let dirty = true;
  let view: CockpitView | null = null;
  const listeners = new Set<(view: CockpitView) => void>();
  let notifyTimer: ReturnType<typeof setTimeout> | null = null;
  /** When the pending notifyTimer fires (Date.now() time): a nearer deadline replaces it, a later one waits. */
  let notifyDueAt = 0;
  let lastNotified = 0;
  let lastSent: CockpitView | null = null;
  let stopped = false;

  const getView = (): CockpitView => {
    if (view && !dirty) return view;
    dirty = false;
    view = compose();
    return view;
  };
  const flush = () => {
    notifyTimer = null;
    if (stopped) return;
    lastNotified = Date.now();
    const current = getView();
    if (current === lastSent) return;
    lastSent = current;
    for (const listener of [...listeners]) listener(current);
  };
  const scheduleFlush = (windowMs: number) => {
    if (listeners.size === 0 || stopped) return;
    const nowMs = Date.now();
    const due = Math.max(nowMs, lastNotified + windowMs);
    if (notifyTimer) {
      if (notifyDueAt <= due) return;
      clearTimeout(notifyTimer);
    }
    notifyDueAt = due;
    notifyTimer = setTimeout(flush, due - nowMs);
  };
  const markDirty = () => {
    dirty = true;
    scheduleFlush(VIEW_NOTIFY_MS);
  };
  const markFleetDirty = () => {
    dirty = true;
    scheduleFlush(FLEET_VIEW_NOTIFY_MS);
  };
  // A timer of 0 (not a synchronous flush) lets the keys of one read coalesce into one view: under a log flood a
  // view goes out every 50 ms, and waiting for the window added up to 50 ms to every key press.
  const notifySoon = () => {
    if (listeners.size === 0 || stopped) return;
    if (notifyTimer) clearTimeout(notifyTimer);
    notifyDueAt = Date.now();
    notifyTimer = setTimeout(flush, 0);
  };

  const follow = (root: AnyActorRef, fleetIdPrefix: string, onFleetSnapshot?: (snapshot: unknown) => void, unchanged: ChildUnchanged = {}) => {
    const fleetChanged = onFleetSnapshot
      ? (snapshot: unknown) => {
          onFleetSnapshot(snapshot);
          markFleetDirty();
        }
      : markFleetDirty;
    /** A child's `next` that marks the view dirty unless its `unchanged` test says the new snapshot shows nothing new. */
    const nextOf = (ref: AnyActorRef, same: ((previous: unknown, next: unknown) => boolean) | undefined) => {
      if (!same) return markDirty;
      let previous: unknown = ref.getSnapshot();
      return (snapshot: unknown) => {
        const skip = same(previous, snapshot);
        previous = snapshot;
        if (!skip) markDirty();
      };
    };
    const watched = new Map<AnyActorRef, { unsubscribe(): void }>();
    const watchActors = () => {
      const live = new Set<AnyActorRef>();
      const children = root.getSnapshot().children as Record<string, AnyActorRef | undefined>;
      const alerts = children.alerts?.getSnapshot() as { children?: Record<string, AnyActorRef | undefined> } | undefined;
      const watch = (ref: AnyActorRef | undefined, mark: (snapshot?: unknown) => void, next?: (ref: AnyActorRef) => (snapshot: unknown) => void) => {
        if (!ref) return;
        live.add(ref);
        if (!watched.has(ref)) watched.set(ref, ref.subscribe({ next: next ? next(ref) : mark, error: mark, complete: mark }));
      };
      for (const id in children) {
        if (id.startsWith(fleetIdPrefix)) watch(children[id], fleetChanged);
        else watch(children[id], markDirty, (ref) => nextOf(ref, unchanged[id]));
      }
      for (const ref of Object.values(alerts?.children ?? {})) watch(ref, markDirty);
      for (const [ref, subscription] of watched) {
        if (live.has(ref)) continue;
        subscription.unsubscribe();
        watched.delete(ref);
      }
    };
    const rootSubscription = root.subscribe({
      next: () => {
        markDirty();
        watchActors();
      },
      error: markDirty,
    });
    watchActors();
    return () => {
      rootSubscription.unsubscribe();
      for (const subscription of watched.values()) subscription.unsubscribe();
      watched.clear();
    };
  };

  return {
    getView,
    subscribe(listener) {
      listeners.add(listener);
      markDirty();
      return () => listeners.delete(listener);
    },
    markDirty,
    markFleetDirty,
    notifySoon,
    follow,
    stop() {
      stopped = true;
      if (notifyTimer) clearTimeout(notifyTimer);
    },
  };
}
