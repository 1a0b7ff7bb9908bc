/** XOR-distance ordering of overlays relative to an address (Kademlia's metric, which proximity order coarsens). */

/** Negative when `a` is closer to `target` than `b`, positive when farther, 0 when equally close. */
export function compareDistance(target: Uint8Array, a: Uint8Array, b: Uint8Array): number {
  for (let i = 0; i < target.length; i++) {
    const da = (target[i]! ^ (a[i] ?? 0)) & 0xff;
    const db = (target[i]! ^ (b[i] ?? 0)) & 0xff;
    if (da !== db) return da - db;
  }
  return 0;
}
