/**
 * Both ends of the bridge's view stream (protocol.ts): the sender keeps the last view it sent and sends only
 * the top-level slices that are new objects; the receiver merges them into its last view. Both pass values
 * through shareUnchanged, so identity means "unchanged" on each side of the wire, as the contract promises.
 */
import { shareUnchanged } from '../view/share-unchanged.js';
import type { CockpitView } from '../view/view-model.js';
import type { BridgeServerMessage, ViewSlices } from './protocol.js';

export interface ViewSender {
  /** The message for this view: the whole view first, then patches; null when nothing changed. */
  next(view: CockpitView): Extract<BridgeServerMessage, { t: 'view' | 'patch' }> | null;
  /** Forget what was sent: the next view goes whole (a renderer that reloaded says `hello`). */
  reset(): void;
}

export function createViewSender(): ViewSender {
  let last: CockpitView | null = null;
  return {
    next(view) {
      if (last === null) {
        last = view;
        return { t: 'view', view };
      }
      const shared = shareUnchanged(last, view);
      if (shared === last) return null;
      const slices: Record<string, unknown> = {};
      for (const key of Object.keys(shared) as (keyof CockpitView)[]) {
        if (shared[key] !== last[key]) slices[key] = shared[key];
      }
      last = shared;
      return { t: 'patch', slices: slices as ViewSlices };
    },
    reset() {
      last = null;
    },
  };
}

/** The receiver's view after a message; `previous` null before the first whole view (a patch then is ignored). */
export function applyViewMessage(previous: CockpitView | null, message: BridgeServerMessage): CockpitView | null {
  if (message.t === 'view') return previous === null ? message.view : shareUnchanged(previous, message.view);
  if (message.t !== 'patch' || previous === null) return previous;
  const next: Record<string, unknown> = { ...previous };
  for (const [key, slice] of Object.entries(message.slices)) {
    next[key] = shareUnchanged((previous as unknown as Record<string, unknown>)[key], slice);
  }
  return next as unknown as CockpitView;
}
