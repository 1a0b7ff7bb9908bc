/**
 * Systematic Reed-Solomon erasure code over GF(2^8), matching the default encoder of the Go library
 * that Bee uses for redundancy (klauspost/reedsolomon `New(data, parity)`):
 * - field GF(2^8) with reducing polynomial x^8+x^4+x^3+x^2+1 (0x11d) and generator 2;
 * - encoding matrix = Vandermonde matrix V (row r, column c = r^c, with 0^0 = 1) of (data+parity) × data,
 *   multiplied on the right by the inverse of its top data × data square, so the top rows are the
 *   identity (data shards pass through unchanged) and every data × data row subset stays invertible;
 * - parity shard p, byte i = Σ_j M[data+p][j] · data_j[i].
 * Any `data` of the `data+parity` shards recover the rest.
 *
 * Bee feeds whole chunks as shards: each child's span ‖ payload zero-padded to 4104 bytes; a parity
 * shard becomes a parity chunk whose first 8 bytes act as its span (see chunk-tree.ts).
 */
import { InputError } from './input-error.js';

const EXP = new Uint8Array(510);
const LOG = new Uint8Array(256);
{
  let x = 1;
  for (let i = 0; i < 255; i++) {
    EXP[i] = x;
    EXP[i + 255] = x;
    LOG[x] = i;
    x <<= 1;
    if (x & 0x100) x ^= 0x11d;
  }
}

/** Full multiplication table: MUL[a << 8 | b] = a·b. 64 KiB, built once, keeps the inner loops to one lookup. */
const MUL = new Uint8Array(256 * 256);
for (let a = 1; a < 256; a++) for (let b = 1; b < 256; b++) MUL[(a << 8) | b] = EXP[LOG[a]! + LOG[b]!]!;

export function gfMul(a: number, b: number): number {
  return MUL[((a & 0xff) << 8) | (b & 0xff)]!;
}

function gfInverse(a: number): number {
  if (a === 0) throw new Error('GF(2^8): zero has no inverse');
  return EXP[255 - LOG[a]!]!;
}

function gfPow(a: number, n: number): number {
  if (n === 0) return 1;
  if (a === 0) return 0;
  return EXP[(LOG[a]! * n) % 255]!;
}

type Matrix = Uint8Array[];

/** Inverts a square matrix by Gauss-Jordan elimination; throws if singular. */
function invert(matrix: Matrix): Matrix {
  const n = matrix.length;
  const work = matrix.map((row, r) => {
    const wide = new Uint8Array(2 * n);
    wide.set(row);
    wide[n + r] = 1;
    return wide;
  });
  for (let col = 0; col < n; col++) {
    const pivotRow = work.findIndex((row, r) => r >= col && row[col] !== 0);
    if (pivotRow < 0) throw new Error('Reed-Solomon: singular matrix');
    [work[col], work[pivotRow]] = [work[pivotRow]!, work[col]!];
    const pivot = work[col]!;
    const scale = gfInverse(pivot[col]!) << 8;
    for (let c = 0; c < 2 * n; c++) pivot[c] = MUL[scale | pivot[c]!]!;
    for (let r = 0; r < n; r++) {
      const row = work[r]!;
      const factor = row[col]! << 8;
      if (r === col || factor === 0) continue;
      for (let c = 0; c < 2 * n; c++) row[c]! ^= MUL[factor | pivot[c]!]!;
    }
  }
  return work.map((row) => row.slice(n));
}

function multiply(left: Matrix, right: Matrix): Matrix {
  const cols = right[0]!.length;
  return left.map((row) => {
    // out = Σ row[i] · right[i], accumulated row by row so the inner loop is one table lookup.
    const out = new Uint8Array(cols);
    for (let i = 0; i < row.length; i++) {
      const factor = row[i]! << 8;
      if (factor === 0) continue;
      const source = right[i]!;
      for (let c = 0; c < cols; c++) out[c]! ^= MUL[factor | source[c]!]!;
    }
    return out;
  });
}

const matrixCache = new Map<string, Matrix>();

/** The (data+parity) × data encoding matrix; memoised because Bee reuses a few shapes all the time. */
function encodingMatrix(dataCount: number, parityCount: number): Matrix {
  const key = `${dataCount}/${parityCount}`;
  const cached = matrixCache.get(key);
  if (cached) return cached;
  const total = dataCount + parityCount;
  const vandermonde: Matrix = Array.from({ length: total }, (_, r) =>
    Uint8Array.from({ length: dataCount }, (_, c) => gfPow(r, c)),
  );
  const matrix = multiply(vandermonde, invert(vandermonde.slice(0, dataCount)));
  matrixCache.set(key, matrix);
  return matrix;
}

function checkShape(dataCount: number, parityCount: number): void {
  if (!Number.isInteger(dataCount) || dataCount < 1 || !Number.isInteger(parityCount) || parityCount < 1 || dataCount + parityCount > 256) {
    throw new InputError('Reed-Solomon shape', `${dataCount}+${parityCount}`, 'at least 1 data and 1 parity shard, 256 shards at most');
  }
}

/** Accumulates Σ coefficient[j] · sources[j] into `target` (all the same length). */
function combine(target: Uint8Array, coefficients: Uint8Array, sources: Uint8Array[]): void {
  for (let j = 0; j < sources.length; j++) {
    const c = coefficients[j]!;
    if (c === 0) continue;
    const source = sources[j]!;
    const base = c << 8;
    for (let i = 0; i < target.length; i++) target[i]! ^= MUL[base | source[i]!]!;
  }
}

/** Computes `parityCount` parity shards for equally long data shards (the data shards are not changed). */
export function encodeParity(dataShards: Uint8Array[], parityCount: number): Uint8Array[] {
  checkShape(dataShards.length, parityCount);
  const size = dataShards[0]!.length;
  if (dataShards.some((s) => !(s instanceof Uint8Array) || s.length !== size)) {
    throw new InputError('Reed-Solomon data shards', dataShards.map((s) => s?.length).join(','), 'shards of equal length');
  }
  const matrix = encodingMatrix(dataShards.length, parityCount);
  return Array.from({ length: parityCount }, (_, p) => {
    const parity = new Uint8Array(size);
    combine(parity, matrix[dataShards.length + p]!, dataShards);
    return parity;
  });
}

/**
 * Rebuilds the data shards from any `dataCount` surviving shards. `shards` lists data shards then
 * parity shards, `undefined` where a shard is missing. Returns all data shards (survivors are
 * returned as given). Throws InputError when fewer than `dataCount` shards survive.
 */
export function recoverDataShards(shards: ReadonlyArray<Uint8Array | undefined>, dataCount: number): Uint8Array[] {
  const parityCount = shards.length - dataCount;
  checkShape(dataCount, parityCount);
  const present: number[] = [];
  shards.forEach((s, i) => {
    if (s !== undefined) present.push(i);
  });
  if (present.length < dataCount) {
    throw new InputError('Reed-Solomon shards', `${present.length} of ${shards.length} present`, `at least ${dataCount} shards`);
  }
  const size = shards[present[0]!]!.length;
  if (present.some((i) => shards[i]!.length !== size)) {
    throw new InputError('Reed-Solomon shards', present.map((i) => shards[i]!.length).join(','), 'shards of equal length');
  }
  const missingData = Array.from({ length: dataCount }, (_, i) => i).filter((i) => shards[i] === undefined);
  const result = shards.slice(0, dataCount) as Array<Uint8Array | undefined>;
  if (missingData.length === 0) return result as Uint8Array[];
  // Rows of the encoding matrix for the first `dataCount` surviving shards, inverted, map survivors back to data.
  const used = present.slice(0, dataCount);
  const matrix = encodingMatrix(dataCount, parityCount);
  const decode = invert(used.map((i) => matrix[i]!));
  const survivors = used.map((i) => shards[i]!);
  for (const i of missingData) {
    const rebuilt = new Uint8Array(size);
    combine(rebuilt, decode[i]!, survivors);
    result[i] = rebuilt;
  }
  return result as Uint8Array[];
}
