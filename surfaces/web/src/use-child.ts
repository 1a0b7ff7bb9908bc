/**
 * Narrow subscriptions to child actors that may or may not exist (the running check, its chunk walk, the
 * re-seed run). useSelector needs an actor, so these read through a stable empty store when there is none.
 */
import { useSyncExternalStore } from 'react';
import type { AnyActorRef, SnapshotFrom } from 'xstate';

const noop = () => () => undefined;

export function useChildSnapshot<T extends AnyActorRef>(actor: T | undefined): SnapshotFrom<T> | undefined {
  return useSyncExternalStore(
    actor ? (listener) => { const sub = actor.subscribe(listener); return () => sub.unsubscribe(); } : noop,
    () => actor?.getSnapshot() as SnapshotFrom<T> | undefined,
  );
}
