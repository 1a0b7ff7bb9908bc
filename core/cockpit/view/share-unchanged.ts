/**
 * Structural sharing between two views: `shareUnchanged(previous, next)` is deep-equal to `next`, but every
 * part of it that is deep-equal to the same part of `previous` IS that part of `previous` (the same object),
 * and when nothing changed it is `previous` itself. A composer that builds each CockpitView afresh passes its
 * result through this, so faces can skip every region whose slice is the same object (the contract's
 * identity rule, view-model.ts): a new log line then redraws the log pane, not a 200-row table.
 *
 * For JSON values (the view model is JSON): plain objects, arrays and primitives. Cost: one walk of `next`.
 */
export function shareUnchanged<T>(previous: T, next: T): T {
  return share(previous, next) as T;
}

function share(previous: unknown, next: unknown): unknown {
  if (Object.is(previous, next)) return previous;
  if (typeof previous !== 'object' || typeof next !== 'object' || previous === null || next === null) return next;
  if (Array.isArray(next)) {
    if (!Array.isArray(previous)) return next;
    let same = previous.length === next.length;
    const out = new Array<unknown>(next.length);
    for (let i = 0; i < next.length; i++) {
      const value = share(previous[i], next[i]);
      out[i] = value;
      if (value !== previous[i]) same = false;
    }
    return same ? previous : out;
  }
  if (Array.isArray(previous)) return next;
  const before = previous as Record<string, unknown>;
  const after = next as Record<string, unknown>;
  const keys = Object.keys(after);
  let same = keys.length === Object.keys(before).length;
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    const had = Object.hasOwn(before, key);
    const value = share(had ? before[key] : undefined, after[key]);
    // A key named __proto__ (JSON.parse makes it an own property) must stay an own property: plain
    // assignment would set the copy's prototype instead and drop the key.
    if (key === '__proto__') Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
    else out[key] = value;
    if (!had || value !== before[key]) same = false;
  }
  return same ? before : out;
}
