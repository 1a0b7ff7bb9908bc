/**
 * Operator rule (2-cockpit.md §1): "A tag on a streaming endpoint that does not declare chunk count stays
 * Pending." Bee learns how many chunks an upload has only when the upload declares its root: `/bytes`, `/bzz`
 * and `/feeds` set the tag's `address` when their splitter finishes ("done split"; `PATCH /tags/{uid}` does the
 * same for a client that splits itself). Until then `split` is only the chunks seen so far, so no percentage
 * can be honest: the tag is Pending, whatever `synced` says. A `/chunks` or `/chunks/stream` upload never
 * declares a root, so its tag stays Pending for good.
 *
 * Once the root is declared, progress is (synced + seen) / split: `seen` chunks were already in the node with
 * the same stamp and need no push (bee-api.md §9: the usual client heuristic; Bee does not define one). It is
 * capped at 100 %, because `sent` and `synced` count retries and the devnet counts `seen` loosely.
 */
import { formatCount } from '../format.js';

export type TagState = 'Pending' | 'Syncing' | 'Synced';

export interface TagCounters {
  readonly uid: number;
  /** Root reference, `""` until the split is done. */
  readonly address?: string;
  readonly split: number;
  readonly seen: number;
  readonly stored: number;
  readonly sent: number;
  readonly synced: number;
}

export interface TagProgress {
  readonly state: TagState;
  /** 0..1 once the chunk count is declared; null while Pending. */
  readonly fraction: number | null;
  /** e.g. `132/400 chunks synced`, `chunk count not declared yet (12 chunks so far)`. */
  readonly text: string;
}

export function tagProgress(tag: TagCounters): TagProgress {
  const declared = typeof tag.address === 'string' && tag.address !== '';
  const split = Math.max(0, tag.split);
  if (!declared) {
    const sofar = split === 0 ? 'nothing split yet' : `${formatCount(split)} chunk${split === 1 ? '' : 's'} so far, ${formatCount(tag.synced)} synced`;
    return { state: 'Pending', fraction: null, text: `chunk count not declared (${sofar})` };
  }
  if (split === 0) return { state: 'Synced', fraction: 1, text: 'no chunks to sync' };
  const done = Math.min(split, Math.max(0, tag.synced) + Math.max(0, tag.seen));
  const fraction = done / split;
  const text = `${formatCount(done)}/${formatCount(split)} chunks synced${tag.seen > 0 ? ` (${formatCount(Math.min(tag.seen, split))} already there)` : ''}`;
  return { state: done >= split ? 'Synced' : 'Syncing', fraction, text };
}
