import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MerkleTree } from '@ethersphere/bee-js';
import { makeChunkedFile } from '@fairdatasociety/bmt-js';
import { bytesToHex, readUint64LE } from './bytes.js';
import { isValidContentChunk, parseChunkData, type Chunk } from './chunk.js';
import { ChunkTreeWriter, chunkTreeRoot, splitIntoChunks } from './chunk-tree.js';
import { createBmt, portablePairHasher } from './bmt.js';
import { InputError } from './input-error.js';

/** Bee's pkg/file/testing vector data: byte i is i mod 255. */
function vectorData(length: number): Uint8Array {
  const data = new Uint8Array(length);
  for (let i = 0; i < length; i++) data[i] = i % 255;
  return data;
}

function randomishData(length: number, seed: number): Uint8Array {
  const data = new Uint8Array(length);
  let x = seed | 1;
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    data[i] = x & 0xff;
  }
  return data;
}

/** bee-js MerkleTree: root address and every chunk address it emits. */
async function beeJsTree(data: Uint8Array): Promise<{ root: string; chunks: string[] }> {
  const chunks: string[] = [];
  const tree = new MerkleTree(async (chunk) => {
    chunks.push(bytesToHex(chunk.hash()));
  });
  await tree.append(data);
  const root = await tree.finalize();
  return { root: bytesToHex(root.hash()), chunks };
}

const EDGE_SIZES = [0, 1, 4095, 4096, 4097, 8192, 128 * 4096, 128 * 4096 + 1, 129 * 4096];

describe('chunk tree vectors (Bee pkg/file/testing, data i mod 255)', () => {
  const vectors: Array<[number, string]> = [
    [31, 'ece86edb'],
    [4096, 'c1009096'],
    [4127, '91699c83'],
    [8192, '29a5fb12'],
    [4096 * 128, '3047d841'],
    [4096 * 129, 'b8e1804e'],
    [4096 * 130, '59de730b'],
  ];
  for (const [length, prefix] of vectors) {
    it(`${length} bytes → ${prefix}…, equal in full to bee-js MerkleTree.root`, async () => {
      const data = vectorData(length);
      const mine = bytesToHex(chunkTreeRoot(data));
      expect(mine.startsWith(prefix)).toBe(true);
      expect(mine).toBe(bytesToHex((await MerkleTree.root(data)).hash()));
    });
  }

  it('empty input gives the empty-chunk address and span 0', () => {
    const writer = new ChunkTreeWriter();
    const { reference, span } = writer.finish();
    expect(bytesToHex(reference)).toBe('b34ca8c22b9e982354f9c7f50b470d66db428d880c8a904d5fe4ec9713171526');
    expect(span).toBe(0n);
  });
});

describe('against bee-js and bmt-js on random data', () => {
  it('matches at the edge sizes, chunk by chunk', async () => {
    for (const size of EDGE_SIZES) {
      const data = randomishData(size, size + 11);
      const { reference, chunks } = splitIntoChunks(data);
      const oracle = await beeJsTree(data);
      expect(bytesToHex(reference), `size ${size}`).toBe(oracle.root);
      expect(chunks.map((c) => bytesToHex(c.address)).sort()).toEqual([...oracle.chunks].sort());
      if (size > 0) expect(bytesToHex(reference)).toBe(bytesToHex(makeChunkedFile(data).address()));
    }
  });

  it('matches for random sizes up to 2 MB (few runs: the oracles are slow)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 2 * 1024 * 1024 }), fc.integer(), async (size, seed) => {
        const data = randomishData(size, seed);
        const mine = bytesToHex(chunkTreeRoot(data));
        expect(mine).toBe(bytesToHex((await MerkleTree.root(data)).hash()));
      }),
      { numRuns: 6 },
    );
  });

  it('matches bmt-js for random small files', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 40_000 }), (data) => {
        expect(bytesToHex(chunkTreeRoot(data))).toBe(bytesToHex(makeChunkedFile(data).address()));
      }),
      { numRuns: 40 },
    );
  });
});

describe('streaming', () => {
  it('any fragmentation of write() calls gives the same root and span', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40 * 4096 }),
        // Steps of 0 are allowed (empty writes) but at least one step must advance.
        fc.array(fc.integer({ min: 0, max: 9000 }), { minLength: 1, maxLength: 40 }).map((s) => [...s, 1 + (s[0] ?? 0)]),
        (size, cuts) => {
          const data = randomishData(size, size);
          const expected = chunkTreeRoot(data);
          const writer = new ChunkTreeWriter();
          let offset = 0;
          for (let i = 0; offset < size; i++) {
            const step = cuts[i % cuts.length]!;
            writer.write(data.subarray(offset, offset + step));
            offset += step;
          }
          const { reference, span } = writer.finish();
          expect(reference).toEqual(expected);
          expect(span).toBe(BigInt(size));
        },
      ),
      { numRuns: 25 },
    );
  });

  it('refuses writes after finish and a second finish with InputError', () => {
    const writer = new ChunkTreeWriter();
    writer.write(new Uint8Array(10));
    writer.finish();
    expect(() => writer.write(new Uint8Array(1))).toThrow(InputError);
    expect(() => writer.finish()).toThrow(InputError);
  });
});

describe('onChunk', () => {
  it('delivers only valid chunks, children before parents, root last, spans summing to the size', () => {
    fc.assert(
      fc.property(fc.constantFrom(...EDGE_SIZES, 3 * 4096 + 5, 130 * 4096 + 77), (size) => {
        const chunks: Chunk[] = [];
        const writer = new ChunkTreeWriter({ onChunk: (c) => chunks.push(c) });
        writer.write(randomishData(size, 5));
        const { reference, span } = writer.finish();
        const seen = new Set<string>();
        for (const chunk of chunks) {
          expect(isValidContentChunk(chunk.address, chunk.data)).toBe(true);
          seen.add(bytesToHex(chunk.address));
        }
        // Every reference inside an intermediate chunk was delivered before that chunk.
        const delivered = new Set<string>();
        let leafBytes = 0n;
        for (const chunk of chunks) {
          const { span: chunkSpan, payload } = parseChunkData(chunk.data);
          const isLeaf = readUint64LE(chunkSpan) <= 4096n && readUint64LE(chunkSpan) === BigInt(payload.length);
          if (isLeaf) leafBytes += BigInt(payload.length);
          else for (let i = 0; i < payload.length; i += 32) expect(delivered.has(bytesToHex(payload.subarray(i, i + 32)))).toBe(true);
          delivered.add(bytesToHex(chunk.address));
        }
        expect(leafBytes).toBe(BigInt(size));
        expect(chunks.at(-1)!.address).toEqual(reference);
        expect(readUint64LE(chunks.at(-1)!.data)).toBe(span);
        expect(span).toBe(BigInt(size));
      }),
      { numRuns: 12 },
    );
  });

  it('carries a lone trailing leaf up unchanged: 129 leaves give a root with 2 refs', () => {
    const { chunks } = splitIntoChunks(randomishData(129 * 4096, 3));
    const root = parseChunkData(chunks.at(-1)!.data);
    expect(root.payload.length).toBe(64);
    expect(readUint64LE(root.span)).toBe(129n * 4096n);
    // Order: 128 leaves, their parent (index 128) wrapped eagerly, the 129th leaf, then the root.
    expect(root.payload.subarray(0, 32)).toEqual(chunks[128]!.address);
    expect(root.payload.subarray(32)).toEqual(chunks[129]!.address);
    expect(chunks.length).toBe(129 + 2);
  });
});

describe('bmt engine option', () => {
  it('builds the same tree through a supplied engine, which addresses every chunk including parity', () => {
    let calls = 0;
    const engine = createBmt(portablePairHasher);
    const counting = {
      chunkAddress(span: Uint8Array, payload: Uint8Array) {
        calls++;
        return engine.chunkAddress(span, payload);
      },
    };
    const data = randomishData(130 * 4096 + 9, 4);
    const chunks: Chunk[] = [];
    const writer = new ChunkTreeWriter({ bmt: counting, onChunk: (c) => chunks.push(c), redundancyLevel: 1 });
    writer.write(data);
    expect(writer.finish().reference).toEqual(chunkTreeRoot(data, 1));
    expect(calls).toBe(chunks.length);
  });
});
