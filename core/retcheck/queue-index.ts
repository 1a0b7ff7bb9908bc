/**
 * Where each address sits in the chunk walk's discovery queue, derived from the queue itself instead of kept
 * in the machine's context. The walk's queue only grows, and each new version is `queue.concat(added)`; copying
 * an address -> index record for every version made a walk of a collection (hundreds of chunks with children)
 * quadratic. Here the versions of one queue share one Map, extended in place while each new version descends
 * from the newest one (a walk's single line of snapshots). A version made from an older one (the model-based
 * tests explore several answers from one snapshot) gets a Map of its own.
 *
 * Lookups stay exact for every version: an index counts only if it lies inside that version and the queue
 * holds the address there, so entries appended for later or sibling versions are never mistaken for its own.
 */

interface SharedIndex {
  readonly map: Map<string, number>;
  /** The newest queue version the map was extended for: only it may extend the map in place. */
  tip: readonly string[];
}

const indexes = new WeakMap<readonly string[], SharedIndex>();

function indexFor(queue: readonly string[]): SharedIndex {
  let shared = indexes.get(queue);
  if (!shared) {
    const map = new Map<string, number>();
    queue.forEach((address, i) => {
      if (!map.has(address)) map.set(address, i);
    });
    shared = { map, tip: queue };
    indexes.set(queue, shared);
  }
  return shared;
}

/** The index of `address` in `queue`, or undefined when this version of the queue does not hold it. */
export function queuePosition(queue: readonly string[], address: string): number | undefined {
  const index = indexFor(queue).map.get(address);
  return index !== undefined && index < queue.length && queue[index] === address ? index : undefined;
}

/** `queue` with `added` appended (a new array; `queue` is unchanged), its index carried over without a copy when it can be. */
export function appendToQueue(queue: readonly string[], added: readonly string[]): string[] {
  const next = queue.concat(added);
  const shared = indexFor(queue);
  if (shared.tip === queue) {
    added.forEach((address, i) => {
      if (!shared.map.has(address)) shared.map.set(address, queue.length + i);
    });
    shared.tip = next;
    indexes.set(next, shared);
  }
  // Otherwise `next` builds its own index on first lookup.
  return next;
}
