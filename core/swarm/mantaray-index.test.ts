/**
 * The path index answers every lookup as the walk does: against bee-js 12.1.0's MantarayNode.find on tries both
 * build (bee-js style adds), and against our own byte walk on Bee-style tries edited by adds and removes, with
 * lookups between edits so the index is built early and then kept by the edits.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MantarayNode as BeeJsNode } from '@ethersphere/bee-js';
import { bytesToHex, utf8Encode } from './bytes.js';
import { createNode, type MantarayNode } from './mantaray.js';
import { hasPathIndex } from './mantaray-index.js';
import { addPath, lookupNode, lookupPath, removePath } from './mantaray-paths.js';
import { loadManifest, saveManifest } from './manifest-hash.js';

const FRAGMENTS = ['a', 'ab', 'abc', 'b', '/', 'dir/', 'img/', 'index.html', 'é', 'è', '日本', '🦀', '-', 'x'.repeat(13), 'long-segment-name-over-thirty-bytes'];
const pathArb = fc.array(fc.constantFrom(...FRAGMENTS), { minLength: 1, maxLength: 5 }).map((parts) => parts.join(''));
const refArb = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((r) => (r.every((b) => b === 0) ? r.fill(1) : r));

/** Queries: every path added, each of its prefixes (ends inside characters too), and some that were never added. */
function queriesFor(paths: readonly string[], extra: readonly string[]): string[] {
  const out = new Set<string>(extra);
  for (const p of paths) {
    out.add(p);
    for (let i = 1; i < p.length; i++) out.add(p.slice(0, i));
    out.add(`${p}x`);
  }
  return [...out];
}

/** Looks every query up twice by text (so the index is built) and compares with the byte walk. */
function sameAsWalk(root: MantarayNode, queries: readonly string[]): void {
  for (let round = 0; round < 2; round++) {
    for (const q of queries) expect(lookupNode(root, q), q).toBe(lookupNode(root, utf8Encode(q)));
  }
}

describe('mantaray path index', () => {
  it('answers as bee-js MantarayNode.find does, on tries both build from the same adds (bee-js style)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(pathArb, refArb), { minLength: 1, maxLength: 25 }), fc.array(pathArb, { maxLength: 10 }), (adds, misses) => {
        const ours = createNode();
        const theirs = new BeeJsNode();
        const added: string[] = [];
        for (const [i, [path, ref]] of adds.entries()) {
          addPath(ours, path, ref, undefined, { style: 'bee-js' });
          theirs.addFork(path, ref);
          added.push(path);
          // Look up between adds: the index exists from the second lookup on and must follow later adds.
          if (i % 3 === 0) for (const q of queriesFor(added.slice(-2), misses.slice(0, 2))) lookupNode(ours, q);
        }
        for (const q of queriesFor(added, misses)) {
          const found = lookupNode(ours, q);
          // bee-js's find compares the matched byte length with a string's UTF-16 length: give it the bytes.
          const expected = theirs.find(utf8Encode(q));
          expect(found !== undefined, q).toBe(expected !== null);
          if (found && expected) expect(bytesToHex(found.entry ?? new Uint8Array(32)), q).toBe(bytesToHex(expected.targetAddress));
        }
        expect(hasPathIndex(ours)).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it('answers as the byte walk does on Bee-style tries edited by adds and removes, the index kept by each edit', () => {
    const opArb = fc.oneof(
      fc.tuple(fc.constant<'add'>('add'), pathArb, refArb),
      fc.tuple(fc.constant<'remove'>('remove'), pathArb, refArb),
    );
    fc.assert(
      fc.property(fc.array(opArb, { minLength: 1, maxLength: 30 }), (ops) => {
        const root = createNode();
        const paths: string[] = [];
        for (const [op, path, ref] of ops) {
          if (op === 'add') {
            addPath(root, path, ref);
            paths.push(path);
          } else {
            removePath(root, paths.length > 0 ? paths[ref[0]! % paths.length]! : path);
          }
          sameAsWalk(root, queriesFor(paths.slice(-3), ['', 'zz']));
          expect(hasPathIndex(root)).toBe(true);
        }
        sameAsWalk(root, queriesFor(paths, ['']));
      }),
      { numRuns: 150 },
    );
  });

  it('is kept from the first add on a trie built in memory; for a parsed trie, built lazily: not for a single lookup, and not while it still has unloaded nodes', async () => {
    const root = createNode();
    addPath(root, 'index.html', new Uint8Array(32).fill(7));
    expect(hasPathIndex(root)).toBe(true);
    for (const p of ['img/a.png', 'img/b.png']) addPath(root, p, new Uint8Array(32).fill(7));
    expect(hasPathIndex(root)).toBe(true);
    expect(lookupPath(root, 'img/a.png')).toBeDefined();
    expect(lookupPath(root, 'img/b.png')).toBeDefined();

    const store = new Map<string, Uint8Array>();
    const reference = saveManifest(root, { onChunk: (c) => store.set(bytesToHex(c.address), c.data) });
    const fetchBytes = async (ref: Uint8Array) => {
      // The manifest is small: one chunk per node, span first.
      return store.get(bytesToHex(ref))!.subarray(8);
    };
    const shallow = await loadManifest(reference, fetchBytes);
    for (let i = 0; i < 3; i++) expect(() => lookupPath(shallow, 'img/a.png')).toThrow(/not loaded/);
    expect(hasPathIndex(shallow)).toBe(false);
    const full = await loadManifest(reference, fetchBytes, { depth: 'full' });
    lookupPath(full, 'index.html');
    expect(hasPathIndex(full)).toBe(false);
    expect(bytesToHex(lookupPath(full, 'img/b.png')!.entry)).toBe('07'.repeat(32));
    expect(hasPathIndex(full)).toBe(true);
    expect(lookupPath(full, 'img/c.png')).toBeUndefined();
  });

  it('a change to a subtree or a path with a lone surrogate is answered as the walk answers it', () => {
    const root = createNode();
    for (const p of ['a/b', 'a/c', '\uFFFD']) addPath(root, p, new Uint8Array(32).fill(3));
    lookupNode(root, 'a/b');
    lookupNode(root, 'a/b');
    expect(hasPathIndex(root)).toBe(true);
    const sub = lookupNode(root, 'a/')!;
    addPath(sub, 'd', new Uint8Array(32).fill(4));
    expect(hasPathIndex(root)).toBe(false);
    expect(bytesToHex(lookupPath(root, 'a/d')!.entry)).toBe('04'.repeat(32));
    expect(lookupPath(root, 'a/d')).toBeDefined();
    // utf8Encode turns a lone surrogate into U+FFFD's bytes; the walk then finds that entry.
    expect(lookupPath(root, '\uD800')).toEqual(lookupPath(root, utf8Encode('\uD800')));
    expect(lookupPath(root, '\uD800')).toBeDefined();
  });
});
