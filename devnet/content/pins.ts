/**
 * Pinned root references. Bee keeps pinned chunks in a separate pin store; the devnet keeps them in the
 * node's chunk store and records which roots are pinned. `/pins/check` reports what is actually still there.
 */

export class PinRegistry {
  private readonly roots = new Set<string>();

  /** Returns false when the reference was already pinned (Bee answers 200 instead of 201). */
  add(referenceHex: string): boolean {
    if (this.roots.has(referenceHex)) return false;
    this.roots.add(referenceHex);
    return true;
  }

  has(referenceHex: string): boolean {
    return this.roots.has(referenceHex);
  }

  delete(referenceHex: string): boolean {
    return this.roots.delete(referenceHex);
  }

  list(): string[] {
    return [...this.roots];
  }
}
