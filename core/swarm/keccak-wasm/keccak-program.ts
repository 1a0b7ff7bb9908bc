/**
 * Generates the keccak kernel as a WebAssembly binary: keccak-f[1600] specialised for the two message
 * shapes of a BMT (a 64-byte pair and a 40-byte span ‖ root), plus a loop that hashes a run of pairs in
 * place. Two variants share one generator:
 * - scalar: 25 i64 locals, one state per permutation;
 * - simd: 25 v128 locals, two independent states per permutation (i64x2 lanes), so a BMT level hashes two
 *   pairs at once. Rotations become shl|shr and chi uses v128.andnot.
 * One round per loop turn (permuteLocals says why) keeps the modules small (under 4 KiB, the size browsers
 * allow for synchronous compilation) while leaving the inner code straight-line.
 */
import { KERNEL_EXPORTS, KERNEL_LAYOUT as L } from './layout.js';
import { encodeModule, I32, I64, op, V128, type Code, type FunctionDef } from './wasm-writer.js';

export type KernelVariant = 'scalar' | 'simd';

export const ROUND_CONSTANTS: readonly bigint[] = [
  0x0000000000000001n, 0x0000000000008082n, 0x800000000000808an, 0x8000000080008000n,
  0x000000000000808bn, 0x0000000080000001n, 0x8000000080008081n, 0x8000000000008009n,
  0x000000000000008an, 0x0000000000000088n, 0x0000000080008009n, 0x000000008000000an,
  0x000000008000808bn, 0x800000000000008bn, 0x8000000000008089n, 0x8000000000008003n,
  0x8000000000008002n, 0x8000000000000080n, 0x000000000000800an, 0x800000008000000an,
  0x8000000080008081n, 0x8000000000008080n, 0x0000000080000001n, 0x8000000080008008n,
];

/** Rotation offsets r[x][y] of the rho step. */
const ROTATIONS: readonly (readonly number[])[] = [
  [0, 36, 3, 41, 18],
  [1, 44, 10, 45, 2],
  [62, 6, 43, 15, 61],
  [28, 55, 25, 21, 56],
  [27, 20, 39, 8, 14],
];

/** Padding of a one-block keccak256 message of `lanes` 8-byte lanes: 0x01 after it, 0x80 at byte 135. */
const PAD_FIRST = 1n;
const PAD_LAST_LANE = 16;
const PAD_LAST = 0x8000000000000000n;

/** The few operations where the scalar and SIMD kernels differ. */
export interface LaneOps {
  type: number;
  laneBytes: number;
  xor(): Code;
  /** Pushes chi of one lane: b0 ^ (~b1 & b2), reading the three B locals. */
  chi(b0: number, b1: number, b2: number): Code;
  /** Rotates the value held in local `l` left by n (0 < n < 64) and leaves it on the stack. */
  rotl(l: number, n: number): Code;
  load(offset: number): Code;
  store(offset: number): Code;
  /** Pushes a lane constant (both lanes for SIMD). */
  constant(value: bigint): Code;
  roundConstants: number;
}

export const scalarOps: LaneOps = {
  type: I64,
  laneBytes: 8,
  xor: op.i64Xor,
  chi: (b0, b1, b2) => [...op.localGet(b0), ...op.localGet(b1), ...op.i64Const(-1n), ...op.i64Xor(), ...op.localGet(b2), ...op.i64And(), ...op.i64Xor()],
  rotl: (l, n) => [...op.localGet(l), ...op.i64Const(BigInt(n)), ...op.i64Rotl()],
  load: op.i64Load,
  store: op.i64Store,
  constant: (v) => op.i64Const(v),
  roundConstants: L.roundConstants,
};

export const simdOps: LaneOps = {
  type: V128,
  laneBytes: 16,
  xor: op.v128Xor,
  chi: (b0, b1, b2) => [...op.localGet(b0), ...op.localGet(b2), ...op.localGet(b1), ...op.v128AndNot(), ...op.v128Xor()],
  rotl: (l, n) => [
    ...op.localGet(l), ...op.i32Const(n), ...op.i64x2Shl(),
    ...op.localGet(l), ...op.i32Const(64 - n), ...op.i64x2ShrU(),
    ...op.v128Or(),
  ],
  load: op.v128Load,
  store: op.v128Store,
  constant: (v) => [...op.i64Const(v), ...op.i64x2Splat()],
  roundConstants: L.roundConstantsX2,
};

/**
 * Where the permutation's locals sit in a function: the state A (25 lanes), the second state E (25), the column
 * parities C (5), D (5), one row B (5), and the i32 round counter. `base` is the index of A's first lane: 0 in
 * the permutation function (no parameters), after the parameters elsewhere.
 */
export interface PermutationLocals {
  readonly A: number;
  readonly E: number;
  readonly C: number;
  readonly D: number;
  readonly B: number;
  readonly ROUND: number;
}

export function permutationLocals(base: number): PermutationLocals {
  return { A: base, E: base + 25, C: base + 50, D: base + 55, B: base + 60, ROUND: base + 65 };
}

/** The local types of permutationLocals, in order (append them to a function's locals). */
export function permutationLocalTypes(ops: LaneOps): number[] {
  return [...Array<number>(65).fill(ops.type), I32];
}

/** One round from state locals `src` to `dst`; `rc` pushes the round constant. */
function round(ops: LaneOps, { C, D, B }: PermutationLocals, src: number, dst: number, rc: Code): Code {
  const code: Code = [];
  for (let x = 0; x < 5; x++) {
    code.push(...op.localGet(src + x));
    for (let y = 1; y < 5; y++) code.push(...op.localGet(src + x + 5 * y), ...ops.xor());
    code.push(...op.localSet(C + x));
  }
  for (let x = 0; x < 5; x++) {
    code.push(...op.localGet(C + ((x + 4) % 5)), ...ops.rotl(C + ((x + 1) % 5), 1), ...ops.xor(), ...op.localSet(D + x));
  }
  for (let yOut = 0; yOut < 5; yOut++) {
    // pi: output lane (xOut, yOut) comes from input (x, y) with y = xOut and 2x + 3y ≡ yOut (mod 5).
    for (let xOut = 0; xOut < 5; xOut++) {
      const y = xOut;
      const x = (((yOut - 3 * xOut) * 3) % 5 + 5) % 5;
      code.push(...op.localGet(src + x + 5 * y), ...op.localGet(D + x), ...ops.xor());
      const r = ROTATIONS[x]![y]!;
      if (r !== 0) code.push(...op.localSet(B + xOut), ...ops.rotl(B + xOut, r));
      code.push(...op.localSet(B + xOut));
    }
    for (let xOut = 0; xOut < 5; xOut++) {
      code.push(...ops.chi(B + xOut, B + ((xOut + 1) % 5), B + ((xOut + 2) % 5)));
      if (xOut === 0 && yOut === 0) code.push(...rc, ...ops.xor());
      code.push(...op.localSet(dst + xOut + 5 * yOut));
    }
  }
  return code;
}

/**
 * keccak-f[1600]'s 24 rounds on the state held in locals `at.A`, one round per loop turn: A→E, then E copied
 * back to A (local copies cost nothing once compiled; the loop's back edge carries A). Two rounds per turn
 * (A→E, E→A) measured 4–15 % slower on every kernel here (the sponge, the pair sponge and both BMT kernels),
 * and makes the modules ~30 % larger.
 */
export function permuteLocals(ops: LaneOps, at: PermutationLocals): Code {
  const { A, E, ROUND } = at;
  const body: Code = [...op.i32Const(0), ...op.localSet(ROUND), ...op.loop()];
  body.push(...round(ops, at, A, E, [...op.localGet(ROUND), ...ops.load(ops.roundConstants)]));
  for (let i = 0; i < 25; i++) body.push(...op.localGet(E + i), ...op.localSet(A + i));
  body.push(
    ...op.localGet(ROUND), ...op.i32Const(ops.laneBytes), ...op.i32Add(), ...op.localTee(ROUND),
    ...op.i32Const(24 * ops.laneBytes), ...op.i32LtU(), ...op.brIf(0), ...op.end(),
  );
  return body;
}

/** Loads (or stores) the 25 state lanes between memory at L.state and the locals from `A`. */
export function loadState(ops: LaneOps, A: number): Code {
  const code: Code = [];
  for (let i = 0; i < 25; i++) code.push(...op.i32Const(0), ...ops.load(L.state + ops.laneBytes * i), ...op.localSet(A + i));
  return code;
}

export function storeState(ops: LaneOps, A: number): Code {
  const code: Code = [];
  for (let i = 0; i < 25; i++) code.push(...op.i32Const(0), ...op.localGet(A + i), ...ops.store(L.state + ops.laneBytes * i));
  return code;
}

/** keccak-f[1600] over the state in memory at L.state (loaded into locals, permuted, stored back). */
export function permutation(ops: LaneOps): FunctionDef {
  const at = permutationLocals(0);
  const body: Code = [...loadState(ops, at.A), ...permuteLocals(ops, at), ...storeState(ops, at.A)];
  return { params: [], results: [], locals: permutationLocalTypes(ops), body };
}

/**
 * Writes the padded one-block state: lanes [0, n) from `message(i)`, then keccak's 0x01 and 0x80 padding,
 * the rest zero. The state must be written whole (the previous permutation left its output there); one
 * memory.fill clears it, which keeps the module small.
 */
function absorbOneBlock(ops: LaneOps, messageLanes: number, message: (i: number) => Code): Code {
  const code: Code = [...op.i32Const(L.state), ...op.i32Const(0), ...op.i32Const(25 * ops.laneBytes), ...op.memoryFill()];
  const store = (lane: number, value: Code) => code.push(...op.i32Const(0), ...value, ...ops.store(L.state + ops.laneBytes * lane));
  for (let i = 0; i < messageLanes; i++) store(i, message(i));
  store(messageLanes, ops.constant(PAD_FIRST));
  store(PAD_LAST_LANE, ops.constant(PAD_LAST));
  return code;
}

const PERMUTE = 0, HASH_PAIR = 1;

/** Function 1: hash one pair (scalar) or two pairs (SIMD) from source to destination pointers. */
function hashPairFunction(variant: KernelVariant): FunctionDef {
  if (variant === 'scalar') {
    const [src, dst] = [0, 1];
    const body = absorbOneBlock(scalarOps, 8, (i) => [...op.localGet(src), ...op.i64Load(8 * i)]);
    body.push(...op.call(PERMUTE));
    for (let i = 0; i < 4; i++) body.push(...op.localGet(dst), ...op.i32Const(0), ...op.i64Load(L.state + 8 * i), ...op.i64Store(8 * i));
    return { params: [I32, I32], results: [], locals: [], body };
  }
  const [srcA, srcB, dstA, dstB] = [0, 1, 2, 3];
  const body = absorbOneBlock(simdOps, 8, (i) => [
    ...op.localGet(srcB), ...op.localGet(srcA), ...op.v128Load64Zero(8 * i), ...op.v128Load64Lane(8 * i, 1),
  ]);
  body.push(...op.call(PERMUTE));
  for (let i = 0; i < 4; i++) {
    body.push(...op.localGet(dstA), ...op.i32Const(0), ...op.v128Load(L.state + 16 * i), ...op.v128Store64Lane(8 * i, 0));
    body.push(...op.localGet(dstB), ...op.i32Const(0), ...op.v128Load(L.state + 16 * i), ...op.v128Store64Lane(8 * i, 1));
  }
  return { params: [I32, I32, I32, I32], results: [], locals: [], body };
}

/** hash_pairs(ptr, count): pair i at ptr+64i → digest at ptr+32i, ascending (safe in place). */
function hashPairsFunction(variant: KernelVariant): FunctionDef {
  const [ptr, count, src, dst, end, srcB, dstB] = [0, 1, 2, 3, 4, 5, 6];
  const step = variant === 'simd' ? 2 : 1;
  const body: Code = [
    ...op.localGet(ptr), ...op.localTee(src), ...op.localSet(dst),
    ...op.localGet(ptr), ...op.localGet(count), ...op.i32Const(6), ...op.i32Shl(), ...op.i32Add(), ...op.localSet(end),
  ];
  body.push(...op.block(), ...op.loop(), ...op.localGet(src), ...op.localGet(end), ...op.i32GeU(), ...op.brIf(1));
  if (variant === 'scalar') {
    body.push(...op.localGet(src), ...op.localGet(dst), ...op.call(HASH_PAIR));
  } else {
    // An odd last pair is hashed in both lanes (same source, same destination).
    body.push(
      ...op.localGet(src), ...op.i32Const(64), ...op.i32Add(), ...op.localSet(srcB),
      ...op.localGet(dst), ...op.i32Const(32), ...op.i32Add(), ...op.localSet(dstB),
      ...op.localGet(srcB), ...op.localGet(end), ...op.i32GeU(), ...op.if(),
      ...op.localGet(src), ...op.localSet(srcB), ...op.localGet(dst), ...op.localSet(dstB), ...op.end(),
      ...op.localGet(src), ...op.localGet(srcB), ...op.localGet(dst), ...op.localGet(dstB), ...op.call(HASH_PAIR),
    );
  }
  body.push(
    ...op.localGet(src), ...op.i32Const(64 * step), ...op.i32Add(), ...op.localSet(src),
    ...op.localGet(dst), ...op.i32Const(32 * step), ...op.i32Add(), ...op.localSet(dst),
    ...op.br(0), ...op.end(), ...op.end(),
  );
  return { params: [I32, I32], results: [], locals: [I32, I32, I32, I32, I32], body, exportAs: KERNEL_EXPORTS.hashPairs };
}

/** hash_span(spanPtr, rootPtr, outPtr): the chunk address keccak256(span ‖ root). */
function hashSpanFunction(variant: KernelVariant): FunctionDef {
  const [span, root, out] = [0, 1, 2];
  const ops = variant === 'simd' ? simdOps : scalarOps;
  const load: (offset: number) => Code = variant === 'simd' ? op.v128Load64Splat : op.i64Load;
  const body = absorbOneBlock(ops, 5, (i) => (i === 0 ? [...op.localGet(span), ...load(0)] : [...op.localGet(root), ...load(8 * (i - 1))]));
  body.push(...op.call(PERMUTE));
  for (let i = 0; i < 4; i++) {
    body.push(...op.localGet(out), ...op.i32Const(0), ...ops.load(L.state + ops.laneBytes * i));
    body.push(...(variant === 'simd' ? op.v128Store64Lane(8 * i, 0) : op.i64Store(8 * i)));
  }
  return { params: [I32, I32, I32], results: [], locals: [], body, exportAs: KERNEL_EXPORTS.hashSpan };
}

export function roundConstantBytes(copies: number): Uint8Array {
  const bytes = new Uint8Array(24 * 8 * copies);
  const view = new DataView(bytes.buffer);
  ROUND_CONSTANTS.forEach((rc, i) => {
    for (let c = 0; c < copies; c++) view.setBigUint64((i * copies + c) * 8, rc, true);
  });
  return bytes;
}

/** The kernel binary of one variant. Deterministic: the committed base64 is checked against it. */
export function generateKernel(variant: KernelVariant): Uint8Array {
  const ops = variant === 'simd' ? simdOps : scalarOps;
  return encodeModule({
    functions: [permutation(ops), hashPairFunction(variant), hashPairsFunction(variant), hashSpanFunction(variant)],
    memoryPages: L.pages,
    memoryExport: KERNEL_EXPORTS.memory,
    data: [
      { offset: L.roundConstants, bytes: roundConstantBytes(1) },
      { offset: L.roundConstantsX2, bytes: roundConstantBytes(2) },
    ],
  });
}
