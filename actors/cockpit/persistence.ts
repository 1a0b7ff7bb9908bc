/**
 * What the cockpit keeps for next time, as an actor: the last screen, the log pane's height and filter (from
 * the UI session), the watchlist (which references, watched how often; state.json) and every durability check's
 * result (watch-history.json, through the store's `watchHistory`). It writes only when what it keeps
 * changed, and stops listening when stopped. The active node is not kept: at start it is the command line's,
 * else the config's `default`, else the first node (2-cockpit.md §2), so a switch lasts for the session.
 */
import { fromCallback, type AnyActorRef } from 'xstate';
import type { EngineStateStore, PersistedScreen, EnginePersistedState } from '../../core/cockpit/interaction/config.js';
import { screenInfo } from '../../core/cockpit/view/screens.js';
import type { UiSessionSnapshot } from '../../machines/cockpit/ui-session.machine.js';
import type { WatchlistSnapshot } from '../../machines/cockpit/watchlist.machine.js';

export interface PersistenceInput {
  readonly stateStore: EngineStateStore;
  /** What the store held at start (nothing is written until it changes). */
  readonly persisted: EnginePersistedState;
  readonly session: AnyActorRef;
  readonly watchlist: AnyActorRef | undefined;
}

export const persistenceLogic = fromCallback<{ type: string }, PersistenceInput>(({ input }) => {
  const { stateStore, persisted } = input;
  let sessionKey = JSON.stringify({ lastScreen: persisted.lastScreen, logPaneHeight: persisted.logPaneHeight, logFilter: persisted.logFilter ?? '' });
  const session = input.session.subscribe((snapshot: UiSessionSnapshot) => {
    const { context } = snapshot;
    const next = { lastScreen: `S${screenInfo(context.screen).number}` as PersistedScreen, logPaneHeight: context.log.height, logFilter: context.log.filter };
    const key = JSON.stringify(next);
    if (key === sessionKey) return;
    sessionKey = key;
    stateStore.update(next.logFilter ? next : { lastScreen: next.lastScreen, logPaneHeight: next.logPaneHeight, logFilter: '' }).catch(() => undefined);
  });
  // Each new result goes to watch-history.json once: the history list is newest first, so the results before
  // the head seen last are new. A reference removed from the watchlist is forgotten there too.
  let seenHead = input.watchlist?.getSnapshot()?.context.history[0];
  let seenRefs = new Set((input.watchlist?.getSnapshot() as WatchlistSnapshot | undefined)?.context.entries.map((e) => e.reference) ?? []);
  const history = stateStore.watchHistory;
  const keepHistory = history
    ? input.watchlist?.subscribe((snapshot: WatchlistSnapshot) => {
        const results = snapshot.context.history;
        const seen = seenHead === undefined ? -1 : results.indexOf(seenHead);
        const fresh = seen === -1 ? results : results.slice(0, seen);
        for (const result of [...fresh].reverse()) history.record(result);
        seenHead = results[0];
        const refs = new Set(snapshot.context.entries.map((e) => e.reference));
        for (const reference of seenRefs) if (!refs.has(reference)) history.forget(reference);
        seenRefs = refs;
      })
    : undefined;
  let watchlistKey = JSON.stringify(persisted.watchlist.map(({ reference, intervalSeconds }) => ({ reference, ...(intervalSeconds ? { intervalSeconds } : {}) })));
  const watchlist = input.watchlist?.subscribe((snapshot: WatchlistSnapshot) => {
    const entries = snapshot.context.entries.map(({ reference, intervalSeconds }) => ({ reference, ...(intervalSeconds === null ? {} : { intervalSeconds }) }));
    const key = JSON.stringify(entries);
    if (key === watchlistKey) return;
    watchlistKey = key;
    stateStore.update({ watchlist: entries }).catch(() => undefined);
  });
  return () => {
    session.unsubscribe();
    watchlist?.unsubscribe();
    keepHistory?.unsubscribe();
  };
});
