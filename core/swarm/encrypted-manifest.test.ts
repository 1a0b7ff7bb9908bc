import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes, utf8Decode, utf8Encode } from './bytes.js';
import type { Chunk } from './chunk.js';
import { buildCollectionManifest, buildFileManifest } from './collection.js';
import { joinEncryptedTree, splitIntoEncryptedChunks } from './encrypted-chunk-tree.js';
import { saveEncryptedManifest } from './encrypted-manifest.js';
import { keccak256 } from './keccak.js';
import { loadManifest } from './manifest-hash.js';
import { lookupPath } from './mantaray-paths.js';
import type { MantarayNode } from './mantaray.js';
import fixtures from './encryption.bee-fixtures.json' with { type: 'json' };

function counterKeys(): () => Uint8Array {
  let n = 0;
  return () => keccak256(utf8Encode(`key-${n++}`));
}

function fetcherOf(chunks: Map<string, Uint8Array>) {
  return async (reference: Uint8Array): Promise<Uint8Array> => joinEncryptedTree(reference, (address) => chunks.get(bytesToHex(address)));
}

function allNodes(node: MantarayNode): MantarayNode[] {
  return [node, ...[...(node.forks?.values() ?? [])].flatMap((fork) => allNodes(fork.node))];
}

describe('encrypted manifests', () => {
  it("reads Bee v2.8.1's own encrypted file manifest: 64-byte references, obfuscated nodes, entry joins to the file", async () => {
    const { manifest } = fixtures;
    const chunks = new Map(Object.entries(manifest.chunks).map(([address, data]) => [address, hexToBytes(data)]));
    const root = await loadManifest(manifest.reference, fetcherOf(chunks), { depth: 'full' });
    expect(root.refBytesSize).toBe(64);
    expect(root.obfuscationKey.some((b) => b !== 0)).toBe(true);
    const entry = lookupPath(root, manifest.path)!;
    expect(entry.entry.length).toBe(64);
    expect(entry.metadata).toEqual({ 'Content-Type': 'text/plain', Filename: manifest.path });
    expect(utf8Decode(joinEncryptedTree(entry.entry, (address) => chunks.get(bytesToHex(address))))).toBe(manifest.content);
  });

  it('saves a Bee-shaped file manifest encrypted: every node its own obfuscation key, round trip by path', async () => {
    const randomKey = counterKeys();
    const stored: Chunk[] = [];
    const file = splitIntoEncryptedChunks(utf8Encode('page'), { randomKey });
    stored.push(...file.chunks);
    const manifest = buildFileManifest({ fileRef: file.reference, filename: 'index.html', contentType: 'text/html' });
    const reference = saveEncryptedManifest(manifest, { randomKey, onChunk: (chunk) => stored.push(chunk) });
    expect(reference.length).toBe(64);
    const keys = allNodes(manifest).map((node) => bytesToHex(node.obfuscationKey));
    expect(keys.every((key) => key !== '00'.repeat(32))).toBe(true);
    expect(new Set(keys).size).toBe(keys.length);
    const chunks = new Map(stored.map((chunk) => [bytesToHex(chunk.address), chunk.data]));
    const loaded = await loadManifest(reference, fetcherOf(chunks), { depth: 'full' });
    expect(lookupPath(loaded, '/')?.metadata).toEqual({ 'website-index-document': 'index.html' });
    expect(lookupPath(loaded, 'index.html')?.entry).toEqual(file.reference);
  });

  it('a collection with enough paths to need a multi-chunk node still round-trips', async () => {
    const randomKey = counterKeys();
    // 90 distinct first bytes: the root node gets 90 forks with metadata, far more than one chunk.
    const files = Array.from({ length: 90 }, (_, i) => ({ path: `${String.fromCharCode(0x21 + i)}/file-${i}.txt`, reference: keccak256(utf8Encode(String(i))).slice(0, 32), contentType: 'text/plain' }));
    const refs = files.map((f) => new Uint8Array([...f.reference, ...f.reference]));
    const manifest = buildCollectionManifest({ files: files.map((f, i) => ({ ...f, reference: refs[i]! })) });
    const stored: Chunk[] = [];
    const reference = saveEncryptedManifest(manifest, { randomKey, onChunk: (chunk) => stored.push(chunk), redundancyLevel: 1 });
    expect(stored.length).toBeGreaterThan(allNodes(manifest).length);
    const loaded = await loadManifest(reference, fetcherOf(new Map(stored.map((c) => [bytesToHex(c.address), c.data]))), { depth: 'full' });
    for (const [i, f] of files.entries()) expect(lookupPath(loaded, f.path)?.entry).toEqual(refs[i]);
  });
});
