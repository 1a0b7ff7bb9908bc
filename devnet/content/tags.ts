/**
 * Upload tags (bee-api.md §9). Counters move as the devnet works: `split` per chunk produced, `seen` when
 * the chunk was already in the local store, `stored` per local write, `sent` per push delivery to a peer,
 * `synced` once a chunk's push landed (its "receipt").
 */

export interface Tag {
  uid: number;
  address: string;
  startedAt: string;
  split: number;
  seen: number;
  stored: number;
  sent: number;
  synced: number;
}

export class TagRegistry {
  private readonly tags = new Map<number, Tag>();
  private nextUid = 1;

  constructor(private readonly now: () => Date = () => new Date()) {}

  create(): Tag {
    const tag: Tag = {
      uid: this.nextUid++,
      address: '',
      startedAt: this.now().toISOString(),
      split: 0,
      seen: 0,
      stored: 0,
      sent: 0,
      synced: 0,
    };
    this.tags.set(tag.uid, tag);
    return tag;
  }

  get(uid: number): Tag | undefined {
    return this.tags.get(uid);
  }

  /** Tags in creation order, paged like Bee's `GET /tags?offset=&limit=`. */
  list(offset: number, limit: number): Tag[] {
    return [...this.tags.values()].slice(offset, offset + limit);
  }

  delete(uid: number): boolean {
    return this.tags.delete(uid);
  }
}

/** A copy safe to serialise (the live object keeps changing while pushes land). */
export function tagJson(tag: Tag): Tag {
  return { ...tag };
}
