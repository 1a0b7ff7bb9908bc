import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { chunkChildren, hasManifestVersionHash, manifestReferences, spanSize } from './chunk-children.js';
import { addPath } from '../swarm/mantaray-paths.js';
import { saveManifest } from '../swarm/manifest-hash.js';
import { createNode, parseNode, serializeNode } from '../swarm/mantaray.js';
import { splitIntoChunks } from '../swarm/chunk-tree.js';
import { bytesToHex, uint64LE } from '../swarm/bytes.js';

/** Breadth-first over chunkChildren, as the walk does: children are descended into, parity only reached. */
function walkFrom(root: string, byAddress: Map<string, { data: Uint8Array }>): Set<string> {
  const seen = new Set<string>();
  const queue = [root];
  while (queue.length) {
    const address = queue.shift()!;
    if (seen.has(address)) continue;
    seen.add(address);
    const { children, parity } = chunkChildren(byAddress.get(address)!.data);
    queue.push(...children);
    for (const p of parity) seen.add(p);
  }
  return seen;
}

describe('chunkChildren on file chunk trees', () => {
  it('lists an intermediate chunk’s references and treats leaves as leaves', () => {
    const data = new Uint8Array(3 * 4096 + 10).map((_, i) => i % 251);
    const { reference, chunks } = splitIntoChunks(data);
    const byAddress = new Map(chunks.map((c) => [bytesToHex(c.address), c]));
    const root = byAddress.get(bytesToHex(reference))!;
    const { kind, children } = chunkChildren(root.data);
    expect(kind).toBe('intermediate');
    expect(children).toHaveLength(4);
    for (const child of children) {
      expect(byAddress.has(child)).toBe(true);
      expect(chunkChildren(byAddress.get(child)!.data)).toEqual({ kind: 'leaf', children: [], parity: [] });
    }
  });

  it('walking from the root reaches every chunk of random files', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 140 * 4096 }), (size) => {
        const { reference, chunks } = splitIntoChunks(new Uint8Array(size).fill(7));
        const byAddress = new Map(chunks.map((c) => [bytesToHex(c.address), c]));
        const seen = walkFrom(bytesToHex(reference), byAddress);
        return [...byAddress.keys()].every((a) => seen.has(a));
      }),
      { numRuns: 15 },
    );
  });

  it('strips a redundancy level from the span', () => {
    const span = uint64LE(8192n);
    span[7] = 0x81;
    expect(spanSize(span)).toBe(8192n);
  });
});

describe('hasManifestVersionHash (the cheap pre-check before parsing a manifest node)', () => {
  it('accepts every serialized node whatever its obfuscation key', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.uint8Array({ minLength: 32, maxLength: 32 }), (key, entry) => {
        const node = createNode({ obfuscationKey: key });
        node.entry = entry;
        return hasManifestVersionHash(serializeNode(node));
      }),
      { numRuns: 50 },
    );
  });

  it('never rejects bytes parseNode would accept (random and truncated payloads)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 4096 }), (payload) => {
        if (hasManifestVersionHash(payload)) return true;
        expect(() => parseNode(payload)).toThrow();
        return true;
      }),
      { numRuns: 100 },
    );
    const real = serializeNode(createNode({ obfuscationKey: new Uint8Array(32).fill(9) }));
    for (let cut = 0; cut < 64; cut++) expect(hasManifestVersionHash(real.subarray(0, cut))).toBe(false);
  });
});

describe('chunkChildren on erasure-coded trees (Bee 2.8.1 default level 1)', () => {
  it('reaches every data and parity chunk from the root', () => {
    for (const size of [2 * 4096 + 1, 130 * 4096]) {
      const { reference, chunks } = splitIntoChunks(new Uint8Array(size).map((_, i) => i % 255), 1);
      const byAddress = new Map(chunks.map((c) => [bytesToHex(c.address), c]));
      const seen = walkFrom(bytesToHex(reference), byAddress);
      expect([...byAddress.keys()].filter((a) => !seen.has(a))).toEqual([]);
      expect([...seen].filter((a) => !byAddress.has(a))).toEqual([]);
    }
  });
});

describe('manifestReferences (the walk reads references in place)', () => {
  /** What parseNode gives: the entry, then each fork's reference, zero references left out. */
  function viaParse(payload: Uint8Array): string[] {
    const node = parseNode(payload);
    const refs: string[] = [];
    const add = (ref: Uint8Array | undefined) => {
      if (ref && ref.some((b) => b !== 0)) refs.push(bytesToHex(ref));
    };
    add(node.entry);
    for (const fork of node.forks?.values() ?? []) add(fork.node.reference);
    return [...new Set(refs)];
  }

  it('equals parseNode on every node of random manifests, metadata and long prefixes included', () => {
    const pathArb = fc.array(fc.constantFrom('a', 'ab', '/', 'dir/', 'index.html', 'é', 'x'.repeat(13), 'long-segment-name-over-thirty-bytes'), { minLength: 1, maxLength: 6 }).map((p) => p.join(''));
    const entryArb = fc.record({
      path: pathArb,
      ref: fc.uint8Array({ minLength: 32, maxLength: 32 }),
      metadata: fc.option(fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.string({ maxLength: 40 }), { minKeys: 1, maxKeys: 3 }), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(entryArb, { minLength: 1, maxLength: 12 }), (entries) => {
        const root = createNode();
        for (const e of entries) addPath(root, e.path, e.ref, e.metadata);
        const payloads: Uint8Array[] = [];
        saveManifest(root, { onChunk: (chunk) => payloads.push(chunk.data.subarray(8)) });
        for (const payload of payloads) {
          if (!hasManifestVersionHash(payload)) continue;
          expect(manifestReferences(payload)).toEqual(viaParse(payload));
        }
      }),
    );
  });

  it('refuses a truncated node', () => {
    const root = createNode();
    addPath(root, 'a/b.txt', new Uint8Array(32).fill(9), { 'Content-Type': 'text/plain' });
    const payloads: Uint8Array[] = [];
    saveManifest(root, { onChunk: (chunk) => payloads.push(chunk.data.subarray(8)) });
    const withForks = payloads.find((p) => (manifestReferences(p) ?? []).length > 0 && p.length > 100)!;
    expect(manifestReferences(withForks.subarray(0, withForks.length - 20))).toBeUndefined();
  });
});
