/**
 * Streaming splitter and hasher for Bee's file chunk tree (redundancy level 0, unencrypted).
 * The reference equals Bee's `/bytes` reference uploaded with `swarm-redundancy-level: 0` and bee-js's
 * `MerkleTree.root`.
 *
 * Tree rules (bee-api.md §3): data is cut into 4096-byte leaves; an intermediate chunk holds up to 128
 * child references and its span is the sum of its children's spans; at the end of the data, a level
 * whose last group holds a single reference carries that reference up unchanged instead of wrapping it;
 * the root is the single reference left at the top, and its span is the total length.
 *
 * Memory is bounded: the writer keeps one open leaf (4096 bytes) and one open intermediate chunk
 * (up to 128 references) per tree level, never the file. A level is wrapped as soon as it is full, so
 * chunks reach `onChunk` children first, and the root chunk is always the last one delivered.
 */
import { BRANCHES, CHUNK_SIZE, SEGMENT_SIZE, makeContentChunk, type Chunk } from './chunk.js';
import { InputError } from './input-error.js';

export interface ChunkTreeOptions {
  /** Receives every chunk of the tree (leaves and intermediates, root last), e.g. to store or upload it. */
  onChunk?: (chunk: Chunk) => void;
}

/** One open intermediate chunk: the references collected so far and the sum of their spans. */
interface OpenLevel {
  refs: Uint8Array;
  count: number;
  span: bigint;
}

export class ChunkTreeWriter {
  readonly #onChunk: (chunk: Chunk) => void;
  readonly #leaf = new Uint8Array(CHUNK_SIZE);
  #leafFill = 0;
  #leafCount = 0;
  /** #levels[0] collects leaf references; #levels[i] collects references to chunks of #levels[i-1]. */
  readonly #levels: OpenLevel[] = [];
  #finished = false;

  constructor(options: ChunkTreeOptions = {}) {
    this.#onChunk = options.onChunk ?? (() => {});
  }

  write(data: Uint8Array): void {
    if (this.#finished) throw new InputError('chunk tree write', 'after finish()', 'write() before finish()');
    if (!(data instanceof Uint8Array)) throw new InputError('chunk tree data', String(data), 'a Uint8Array');
    let offset = 0;
    while (offset < data.length) {
      const take = Math.min(CHUNK_SIZE - this.#leafFill, data.length - offset);
      this.#leaf.set(data.subarray(offset, offset + take), this.#leafFill);
      this.#leafFill += take;
      offset += take;
      if (this.#leafFill === CHUNK_SIZE) this.#flushLeaf();
    }
  }

  finish(): { reference: Uint8Array; span: bigint } {
    if (this.#finished) throw new InputError('chunk tree finish', 'called twice', 'a single finish() call');
    this.#finished = true;
    // An empty input still has one (empty) leaf: its address is the well-known empty-chunk address.
    if (this.#leafFill > 0 || this.#leafCount === 0) this.#flushLeaf();
    for (let i = 0; ; i++) {
      const level = this.#levels[i]!;
      const isTop = i === this.#levels.length - 1;
      if (isTop && level.count === 1) {
        return { reference: level.refs.slice(0, SEGMENT_SIZE), span: level.span };
      }
      if (level.count === 0) continue;
      if (level.count === 1) {
        // A lone trailing reference is carried up unchanged (Bee's hashtrie does the same).
        const ref = level.refs.slice(0, SEGMENT_SIZE);
        const span = level.span;
        resetLevel(level);
        this.#append(i + 1, ref, span);
      } else {
        this.#wrapLevel(i);
      }
    }
  }

  #flushLeaf(): void {
    const chunk = makeContentChunk(this.#leaf.subarray(0, this.#leafFill));
    this.#onChunk(chunk);
    this.#leafCount++;
    const span = BigInt(this.#leafFill);
    this.#leafFill = 0;
    this.#append(0, chunk.address, span);
  }

  /** Adds a child reference to level `index`, wrapping the level into a chunk once it is full. */
  #append(index: number, ref: Uint8Array, span: bigint): void {
    while (this.#levels.length <= index) {
      this.#levels.push({ refs: new Uint8Array(BRANCHES * SEGMENT_SIZE), count: 0, span: 0n });
    }
    const level = this.#levels[index]!;
    level.refs.set(ref, level.count * SEGMENT_SIZE);
    level.count++;
    level.span += span;
    if (level.count === BRANCHES) this.#wrapLevel(index);
  }

  /** Emits level `index` as an intermediate chunk and passes its reference one level up. */
  #wrapLevel(index: number): void {
    const level = this.#levels[index]!;
    const chunk = makeContentChunk(level.refs.subarray(0, level.count * SEGMENT_SIZE), level.span);
    const span = level.span;
    resetLevel(level);
    this.#onChunk(chunk);
    this.#append(index + 1, chunk.address, span);
  }
}

function resetLevel(level: OpenLevel): void {
  level.count = 0;
  level.span = 0n;
}

/** Root reference of `data`'s chunk tree (in-memory convenience over ChunkTreeWriter). */
export function chunkTreeRoot(data: Uint8Array): Uint8Array {
  const writer = new ChunkTreeWriter();
  writer.write(data);
  return writer.finish().reference;
}

/** Root reference plus every chunk of the tree (root last), for small in-memory data. */
export function splitIntoChunks(data: Uint8Array): { reference: Uint8Array; chunks: Chunk[] } {
  const chunks: Chunk[] = [];
  const writer = new ChunkTreeWriter({ onChunk: (chunk) => chunks.push(chunk) });
  writer.write(data);
  return { reference: writer.finish().reference, chunks };
}
