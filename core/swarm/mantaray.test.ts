import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MantarayNode as BeeJsNode } from '@ethersphere/bee-js';
import { bytesToHex, utf8Encode } from './bytes.js';
import { InputError } from './input-error.js';
import { keccak256 } from './keccak.js';
import {
  NODE_TYPE_EDGE,
  NODE_TYPE_VALUE,
  NODE_TYPE_WITH_METADATA,
  VERSION_02_HASH,
  createNode,
  encodeMetadataField,
  goJsonStringify,
  parseNode,
  serializeNode,
  type MantarayNode,
} from './mantaray.js';
import { addPath, listEntries, lookupPath } from './mantaray-paths.js';
import { saveManifest } from './manifest-hash.js';

/** Path pieces chosen so random paths share prefixes, cross the 30-byte limit and hold '/' and non-ASCII. */
const FRAGMENTS = ['a', 'ab', 'abc', 'b', '/', 'dir/', 'index.html', 'é', '日本', '🦀', '-', '.', 'x'.repeat(13), 'long-segment-name-over-thirty-bytes'];
const pathArb = fc.oneof(
  fc.array(fc.constantFrom(...FRAGMENTS), { minLength: 1, maxLength: 7 }).map((parts) => parts.join('')),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }),
);
const metadataArb = fc.option(fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), fc.string({ maxLength: 60 }), { minKeys: 1, maxKeys: 4 }), { nil: undefined });
const refArb = fc.uint8Array({ minLength: 32, maxLength: 32 });
const entriesArb = fc.array(fc.record({ path: pathArb, ref: refArb, metadata: metadataArb }), { minLength: 1, maxLength: 14 });

async function beeJsTree(entries: { path: string; ref: Uint8Array; metadata: Record<string, string> | undefined }[]): Promise<BeeJsNode> {
  const node = new BeeJsNode();
  for (const e of entries) node.addFork(e.path, e.ref, e.metadata);
  await node.calculateSelfAddress();
  return node;
}

function ourTree(entries: { path: string; ref: Uint8Array; metadata: Record<string, string> | undefined }[], style: 'bee' | 'bee-js'): MantarayNode {
  const root = createNode();
  for (const e of entries) addPath(root, e.path, e.ref, e.metadata, { style });
  return root;
}

/** Every bee-js node with the prefix it hangs under, root first. */
function* beeJsNodes(node: BeeJsNode, prefix: Uint8Array = new Uint8Array(0)): Generator<[BeeJsNode, Uint8Array]> {
  yield [node, prefix];
  for (const fork of node.forks.values()) yield* beeJsNodes(fork.node, fork.prefix);
}

describe('mantaray constants and metadata encoding', () => {
  it('version hash is the first 31 bytes of keccak256("mantaray:0.2")', () => {
    expect(bytesToHex(VERSION_02_HASH)).toBe(bytesToHex(keccak256(utf8Encode('mantaray:0.2')).subarray(0, 31)));
    expect(bytesToHex(VERSION_02_HASH)).toBe('5768b3b6a7db56d21d1abff40d41cebfc83448fed8d7e9b06ec0d3b073f28f');
  });

  it('pads metadata like Go (extra 32 at exact multiples above 32) and like bee-js (exact multiple)', () => {
    // JSON {"k":"vvv"} is 8 + len(v) bytes; choose v so that 2 + len(JSON) hits 30, 32, 64 and 65.
    const sizes = (jsonLength: number) => {
      const metadata = { k: 'v'.repeat(jsonLength - 8) };
      return [encodeMetadataField(metadata, 'bee').length, encodeMetadataField(metadata, 'bee-js').length];
    };
    expect(sizes(28)).toEqual([32, 32]);
    expect(sizes(30)).toEqual([32, 32]);
    expect(sizes(62)).toEqual([96, 64]);
    expect(sizes(63)).toEqual([96, 96]);
    const field = encodeMetadataField({ k: 'v'.repeat(54) }, 'bee');
    expect((field[0]! << 8) | field[1]!).toBe(94);
    expect(field.subarray(64).every((b) => b === 0x0a)).toBe(true);
  });

  it('writes metadata JSON the way Go does: sorted keys, HTML-safe escapes', () => {
    expect(goJsonStringify({ b: '1', a: '<&>', 'é': '\u2028', Z: 'x"\n' })).toBe('{"Z":"x\\"\\n","a":"\\u003c\\u0026\\u003e","b":"1","é":"\\u2028"}');
  });
});

describe('mantaray serialization against bee-js 12.1.0 MantarayNode', () => {
  it('bee-js style tries give the same root reference, root bytes and lookups as bee-js', async () => {
    await fc.assert(
      fc.asyncProperty(entriesArb, fc.array(pathArb, { maxLength: 5 }), async (entries, probes) => {
        const theirs = await beeJsTree(entries);
        const ours = ourTree(entries, 'bee-js');
        const reference = saveManifest(ours, { dialect: 'bee-js' });
        expect(bytesToHex(reference)).toBe((await theirs.calculateSelfAddress()).toHex());
        expect(bytesToHex(serializeNode(ours, { dialect: 'bee-js' }))).toBe(bytesToHex(await theirs.marshal()));
        for (const path of [...entries.map((e) => e.path), ...probes]) {
          // bee-js find() compares the matched byte count with the string's UTF-16 length, so a non-ASCII
          // string never matches; bytes work.
          const found = theirs.find(utf8Encode(path));
          const theirTarget = found && found.targetAddress.some((b) => b !== 0) ? bytesToHex(found.targetAddress) : undefined;
          const hit = lookupPath(ours, path);
          const ourTarget = hit && hit.entry.some((b) => b !== 0) ? bytesToHex(hit.entry) : undefined;
          expect(ourTarget).toBe(theirTarget);
        }
        const theirMap = theirs.collectAndMap();
        // bee-js fills its map with obj[path] = ..., so a path named "__proto__" sets the prototype and vanishes
        // from bee-js's map (found by this property); our listing keeps it, and lookups above cover it.
        const ourMap = Object.fromEntries(
          listEntries(ours)
            .filter((e) => e.entry.some((b) => b !== 0) && e.path !== '__proto__')
            .map((e) => [e.path, bytesToHex(e.entry)]),
        );
        expect(ourMap).toEqual(theirMap);
      }),
      { numRuns: 60 },
    );
  });

  it('parsing every bee-js node and writing it back in the bee-js dialect gives the same bytes', async () => {
    await fc.assert(
      fc.asyncProperty(entriesArb, async (entries) => {
        const theirs = await beeJsTree(entries);
        for (const [node, prefix] of beeJsNodes(theirs)) {
          const bytes = await node.marshal();
          const parsed = parseNode(bytes, { dialect: 'bee-js' });
          expect(bytesToHex(serializeNode(parsed, { dialect: 'bee-js', prefix }))).toBe(bytesToHex(bytes));
        }
      }),
      { numRuns: 40 },
    );
  });

  it('bee-js parses our bee-js-dialect bytes back to the same forks', async () => {
    await fc.assert(
      fc.asyncProperty(entriesArb, async (entries) => {
        const ours = ourTree(entries, 'bee-js');
        saveManifest(ours, { dialect: 'bee-js' });
        const bytes = serializeNode(ours, { dialect: 'bee-js' });
        const theirs = BeeJsNode.unmarshalFromData(bytes, ours.reference!);
        expect([...theirs.forks.keys()].sort((a, b) => a - b)).toEqual([...ours.forks!.keys()].sort((a, b) => a - b));
        for (const [key, fork] of theirs.forks) {
          const mine = ours.forks!.get(key)!;
          expect(bytesToHex(fork.prefix)).toBe(bytesToHex(mine.prefix));
          expect(bytesToHex(fork.node.selfAddress!)).toBe(bytesToHex(mine.node.reference!));
          expect(fork.node.metadata ?? undefined).toEqual(mine.node.metadata);
        }
      }),
      { numRuns: 30 },
    );
  });
});

describe('Bee-vs-bee-js interoperability findings', () => {
  it('bee-js writes a target-less node under prefix "/" with reference size 0, so Bee sees none of its forks', async () => {
    const theirs = new BeeJsNode();
    theirs.addFork('a/x', new Uint8Array(32).fill(1));
    theirs.addFork('a/y', new Uint8Array(32).fill(2));
    theirs.addFork('a', new Uint8Array(32).fill(3)); // splits "a/" into "a" -> "/" -> {x, y}
    await theirs.calculateSelfAddress();
    const slash = theirs.find('a/')!;
    const bytes = await slash.marshal();
    expect(bytes[63]).toBe(0);
    expect(parseNode(bytes).forks!.size).toBe(0); // what Bee reads
    expect(parseNode(bytes, { dialect: 'bee-js' }).forks!.size).toBe(2); // what bee-js reads
  });

  it('reads format 0.1 nodes (no metadata)', () => {
    const v01 = keccak256(utf8Encode('mantaray:0.1')).subarray(0, 31);
    const fork = new Uint8Array(64);
    fork.set([NODE_TYPE_VALUE, 3, 0x61, 0x62, 0x63]);
    fork.fill(9, 32);
    const bitmap = new Uint8Array(32);
    bitmap[0x61 >> 3] = 1 << (0x61 & 7);
    const bytes = new Uint8Array([...new Uint8Array(32), ...v01, 32, ...new Uint8Array(32).fill(5), ...bitmap, ...fork]);
    const node = parseNode(bytes);
    expect(bytesToHex(node.entry!)).toBe('05'.repeat(32));
    const child = node.forks!.get(0x61)!;
    expect(new TextDecoder().decode(child.prefix)).toBe('abc');
    expect(bytesToHex(child.node.reference!)).toBe('09'.repeat(32));
  });
});

/** A random Bee-style trie with a random obfuscation key, saved so every node has a reference. */
const beeTrieArb = fc
  .record({ entries: entriesArb, key: fc.option(fc.uint8Array({ minLength: 32, maxLength: 32 }), { nil: undefined }) })
  .map(({ entries, key }) => {
    const root = createNode(key ? { obfuscationKey: key } : {});
    for (const e of entries) addPath(root, e.path, e.ref, e.metadata);
    saveManifest(root);
    return root;
  });

function* allNodes(node: MantarayNode): Generator<MantarayNode> {
  yield node;
  for (const fork of node.forks?.values() ?? []) yield* allNodes(fork.node);
}

describe('mantaray round trip', () => {
  it('parse(serialize(node)) keeps key, reference size, entry and every fork record (Bee dialect)', () => {
    fc.assert(
      fc.property(beeTrieArb, (root) => {
        for (const node of allNodes(root)) {
          const parsed = parseNode(serializeNode(node));
          expect(bytesToHex(parsed.obfuscationKey)).toBe(bytesToHex(node.obfuscationKey));
          expect(parsed.refBytesSize).toBe(node.refBytesSize);
          expect(bytesToHex(parsed.entry ?? new Uint8Array(0))).toBe(bytesToHex(padTo(node.entry, node.refBytesSize)));
          if (node.refBytesSize === 0) continue; // Bee reads no forks from a node without a reference size
          expect([...parsed.forks!.keys()]).toEqual([...node.forks!.keys()].sort((a, b) => a - b));
          for (const [key, fork] of node.forks!) {
            const back = parsed.forks!.get(key)!;
            expect(bytesToHex(back.prefix)).toBe(bytesToHex(fork.prefix));
            expect(back.node.type).toBe(fork.node.type);
            expect(back.node.metadata).toEqual(fork.node.metadata);
            expect(bytesToHex(back.node.reference!)).toBe(bytesToHex(fork.node.reference!));
          }
          expect(bytesToHex(serializeNode({ ...parsed, forks: parsed.forks }))).toBe(bytesToHex(serializeNode(node)));
        }
      }),
      { numRuns: 60 },
    );
  });

  it('a random obfuscation key hides the version hash and is undone on parse', () => {
    const node = createNode({ obfuscationKey: new Uint8Array(32).fill(0x5a), refBytesSize: 32 });
    node.entry = new Uint8Array(32).fill(7);
    const bytes = serializeNode(node);
    expect(bytesToHex(bytes.subarray(32, 63))).not.toBe(bytesToHex(VERSION_02_HASH));
    expect(bytesToHex(parseNode(bytes).entry!)).toBe(bytesToHex(node.entry));
  });

  it('marks a parsed root with forks as an edge, and its children with value and metadata flags', () => {
    const root = createNode();
    addPath(root, 'a.txt', new Uint8Array(32).fill(1), { 'Content-Type': 'text/plain' });
    saveManifest(root);
    const parsed = parseNode(serializeNode(root));
    expect(parsed.type).toBe(NODE_TYPE_EDGE);
    expect(parsed.forks!.get(0x61)!.node.type).toBe(NODE_TYPE_VALUE | NODE_TYPE_WITH_METADATA);
  });
});

function padTo(entry: Uint8Array | undefined, size: number): Uint8Array {
  const out = new Uint8Array(size);
  if (entry) out.set(entry.subarray(0, size));
  return out;
}

describe('parseNode rejects malformed input with InputError only', () => {
  const expectInputErrorOrNode = (bytes: Uint8Array) => {
    try {
      parseNode(bytes);
    } catch (error) {
      expect(error).toBeInstanceOf(InputError);
    }
  };

  it('names a bad version hash, a truncated node, a bad prefix length and bad metadata JSON', () => {
    const root = createNode();
    addPath(root, 'file', new Uint8Array(32).fill(9), { a: 'b' });
    saveManifest(root);
    const good = serializeNode(root);
    const badVersion = good.slice();
    badVersion[40]! ^= 1;
    expect(() => parseNode(badVersion)).toThrow(/version hash/);
    expect(() => parseNode(good.subarray(0, 100))).toThrow(/truncated/);
    const forkStart = 64 + 32 + 32;
    const badPrefix = good.slice();
    badPrefix[forkStart + 1] = 31;
    expect(() => parseNode(badPrefix)).toThrow(/prefix length/);
    const badBitmap = good.slice();
    badBitmap[64 + 32 + (0x62 >> 3)] = 1 << (0x62 & 7); // claims fork 'b' while the record says 'f'
    expect(() => parseNode(badBitmap)).toThrow(InputError);
    const badJson = good.slice();
    badJson[forkStart + 64 + 2] = 0x5b; // '{' becomes '['
    expect(() => parseNode(badJson)).toThrow(/metadata/);
  });

  it('survives random bytes, truncations and bit flips of valid nodes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), (bytes) => expectInputErrorOrNode(bytes)),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(beeTrieArb, fc.nat(), fc.nat(), fc.integer({ min: 0, max: 7 }), (root, cut, flipAt, bit) => {
        const bytes = serializeNode(root);
        expectInputErrorOrNode(bytes.subarray(0, cut % (bytes.length + 1)));
        const flipped = bytes.slice();
        flipped[flipAt % flipped.length]! ^= 1 << bit;
        expectInputErrorOrNode(flipped);
      }),
      { numRuns: 150 },
    );
  });
});
