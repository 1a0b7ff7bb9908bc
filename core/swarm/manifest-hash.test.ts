import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MantarayNode as BeeJsNode } from '@ethersphere/bee-js';
import { bytesToHex } from './bytes.js';
import { isValidContentChunk, type Chunk } from './chunk.js';
import { chunkTreeRoot } from './chunk-tree.js';
import { InputError } from './input-error.js';
import { createNode, serializeNode, type MantarayNode } from './mantaray.js';
import { addPath, enumerateForks, listEntries, lookupPath } from './mantaray-paths.js';
import { loadChildren, loadManifest, manifestReferenceHex, saveManifest } from './manifest-hash.js';

/** A content-addressed store built from saveManifest's chunks: joins a node's chunk tree on fetch. */
function chunkStore() {
  const chunks = new Map<string, Uint8Array>();
  const fetches: string[] = [];
  const join = (address: Uint8Array): Uint8Array => {
    const data = chunks.get(bytesToHex(address));
    if (!data) throw new Error(`missing chunk ${bytesToHex(address)}`);
    const span = Number(new DataView(data.buffer, data.byteOffset).getBigUint64(0, true));
    const payload = data.subarray(8);
    if (span <= 4096) return payload;
    const parts: Uint8Array[] = [];
    for (let i = 0; i < payload.length; i += 32) parts.push(join(payload.subarray(i, i + 32)));
    return Uint8Array.from(parts.flatMap((p) => [...p]));
  };
  return {
    chunks,
    fetches,
    onChunk: (chunk: Chunk) => void chunks.set(bytesToHex(chunk.address), chunk.data),
    fetch: async (reference: Uint8Array) => {
      fetches.push(bytesToHex(reference));
      return join(reference);
    },
  };
}

const ref = (n: number) => new Uint8Array(32).fill(n);

function siteWithBigNode(): MantarayNode {
  // 200 siblings with long metadata make the root node far larger than one 4 KiB chunk.
  const root = createNode();
  for (let i = 0; i < 200; i++) addPath(root, String.fromCharCode(0x30 + (i % 64)) + `file-${i}.txt`, ref(i + 1), { Filename: `file-${i}.txt`, note: 'n'.repeat(40) });
  return root;
}

describe('saveManifest', () => {
  it('stores each node like /bytes content: the reference is the chunk-tree root of its bytes', () => {
    const root = siteWithBigNode();
    const store = chunkStore();
    const reference = saveManifest(root, { onChunk: store.onChunk });
    const bytes = serializeNode(root);
    expect(bytes.length).toBeGreaterThan(4096);
    expect(bytesToHex(reference)).toBe(bytesToHex(chunkTreeRoot(bytes)));
    for (const [address, data] of store.chunks) expect(isValidContentChunk(Uint8Array.from(Buffer.from(address, 'hex')), data)).toBe(true);
    expect(store.chunks.has(bytesToHex(reference))).toBe(true);
  });

  it('gives bee-js calculateSelfAddress\'s reference in the bee-js dialect, also for multi-chunk nodes', async () => {
    const theirs = new BeeJsNode();
    const ours = createNode();
    for (let i = 0; i < 150; i++) {
      const path = `dir-${i % 7}/page-${i}.html`;
      theirs.addFork(path, ref(i + 1), { 'Content-Type': 'text/html', Filename: `page-${i}.html` });
      addPath(ours, path, ref(i + 1), { 'Content-Type': 'text/html', Filename: `page-${i}.html` }, { style: 'bee-js' });
    }
    expect(manifestReferenceHex(ours, 'bee-js')).toBe((await theirs.calculateSelfAddress()).toHex());
  });
});

describe('loadManifest', () => {
  it('loads a saved trie back, lazily node by node or all at once, with the same lookups', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ path: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 45 }), n: fc.integer({ min: 1, max: 255 }) }), { minLength: 1, maxLength: 12 }),
        async (files) => {
          const root = createNode();
          for (const f of files) addPath(root, f.path, ref(f.n), { Filename: f.path });
          const store = chunkStore();
          const reference = saveManifest(root, { onChunk: store.onChunk });
          const full = await loadManifest(reference, store.fetch, { depth: 'full' });
          expect(listEntries(full).map((e) => [e.path, bytesToHex(e.entry), e.metadata])).toEqual(
            listEntries(root).map((e) => [e.path, bytesToHex(e.entry), e.metadata]),
          );
          expect(bytesToHex(saveManifest(full))).toBe(bytesToHex(reference));
          const lazy = await loadManifest(bytesToHex(reference), store.fetch);
          expect(enumerateForks(lazy)).toEqual(enumerateForks(root));
          for (const f of files) expect(lookupPath(full, f.path)).toBeDefined();
        },
      ),
      { numRuns: 40 },
    );
  });

  it('fetches only what a lazy walk asks for', async () => {
    const root = createNode();
    addPath(root, 'a/one', ref(1));
    addPath(root, 'a/two', ref(2));
    addPath(root, 'b/three', ref(3));
    const store = chunkStore();
    const reference = saveManifest(root, { onChunk: store.onChunk });
    const lazy = await loadManifest(reference, store.fetch);
    expect(store.fetches).toHaveLength(1);
    const [a] = [...lazy.forks!.values()];
    expect(a!.node.forks).toBeUndefined();
    await loadChildren(lazy, store.fetch);
    expect(store.fetches).toHaveLength(3);
    expect(enumerateForks(a!.node).map((f) => f.prefix)).toEqual(['one', 'two']);
  });

  it('rejects a malformed reference and propagates a malformed node as InputError', async () => {
    await expect(loadManifest('abc', async () => new Uint8Array(0))).rejects.toThrow(InputError);
    await expect(loadManifest('00'.repeat(32), async () => new Uint8Array(70))).rejects.toThrow(InputError);
  });
});
