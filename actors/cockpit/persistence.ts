/**
 * What the cockpit keeps for next time, as an actor: the last screen, the log pane's height and filter (from
 * the UI session) and the watchlist (which references, watched how often). It writes only when what it keeps
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
  };
});
