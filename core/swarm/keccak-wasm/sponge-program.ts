/**
 * Generates the keccak256 sponge kernel: one function, `absorb(ptr, blocks)`, for messages of any length
 * (sponge.ts drives it: copies the message into the input buffer, pads the last block, reads the first 32
 * state bytes). It loads the 25-lane state from memory into locals once, then for each 136-byte block XORs the
 * block's 17 lanes into the locals and runs keccak-f[1600] on them (keccak-program.ts's rounds, inlined), and
 * stores the state back once at the end: the state stays in locals across every block of a call, and in memory
 * between calls, so one message may be absorbed in several calls.
 * Scalar only: a SIMD variant hashing two equal-length messages per permutation was tried and measured at most
 * 1.3x the scalar one on 4 KiB inputs here, too little to carry a batch API for.
 */
import { SPONGE_EXPORTS, SPONGE_LAYOUT as L } from './layout.js';
import { loadState, permutationLocals, permutationLocalTypes, permuteLocals, roundConstantBytes, scalarOps, simdOps, storeState } from './keccak-program.js';
import { encodeModule, I32, op, type Code, type FunctionDef } from './wasm-writer.js';

const RATE_LANES = L.rate / 8;

function absorbInLocals(): FunctionDef {
  const [ptr, blocks] = [0, 1];
  const at = permutationLocals(2);
  const body: Code = [...loadState(scalarOps, at.A)];
  body.push(...op.block(), ...op.loop(), ...op.localGet(blocks), ...op.i32Eqz(), ...op.brIf(1));
  for (let i = 0; i < RATE_LANES; i++) {
    body.push(...op.localGet(at.A + i), ...op.localGet(ptr), ...op.i64Load(8 * i), ...op.i64Xor(), ...op.localSet(at.A + i));
  }
  body.push(...permuteLocals(scalarOps, at));
  body.push(...op.localGet(ptr), ...op.i32Const(L.rate), ...op.i32Add(), ...op.localSet(ptr));
  body.push(...op.localGet(blocks), ...op.i32Const(1), ...op.i32Sub(), ...op.localSet(blocks), ...op.br(0), ...op.end(), ...op.end());
  body.push(...storeState(scalarOps, at.A));
  return { params: [I32, I32], results: [], locals: permutationLocalTypes(scalarOps), body, exportAs: SPONGE_EXPORTS.absorb };
}

/** The sponge kernel binary. Deterministic: the committed base64 is checked against it. */
export function generateSponge(): Uint8Array {
  return encodeModule({
    functions: [absorbInLocals()],
    memoryPages: L.pages,
    memoryExport: SPONGE_EXPORTS.memory,
    data: [{ offset: L.roundConstants, bytes: roundConstantBytes(1) }],
  });
}

/**
 * absorb2(ptrA, ptrB, blocks): two messages of the same length at once, one in each 64-bit half of 25 v128
 * locals (two independent keccak states), block i of each at ptrA/ptrB + 136i. The state sits at L.state as
 * 25 lane pairs (16 bytes each: message A's lane, then B's).
 */
function absorbPairInLocals(): FunctionDef {
  const [ptrA, ptrB, blocks] = [0, 1, 2];
  const at = permutationLocals(3);
  const body: Code = [...loadState(simdOps, at.A)];
  body.push(...op.block(), ...op.loop(), ...op.localGet(blocks), ...op.i32Eqz(), ...op.brIf(1));
  for (let i = 0; i < RATE_LANES; i++) {
    body.push(
      ...op.localGet(at.A + i),
      ...op.localGet(ptrB), ...op.localGet(ptrA), ...op.v128Load64Zero(8 * i), ...op.v128Load64Lane(8 * i, 1),
      ...op.v128Xor(), ...op.localSet(at.A + i),
    );
  }
  body.push(...permuteLocals(simdOps, at));
  body.push(...op.localGet(ptrA), ...op.i32Const(L.rate), ...op.i32Add(), ...op.localSet(ptrA));
  body.push(...op.localGet(ptrB), ...op.i32Const(L.rate), ...op.i32Add(), ...op.localSet(ptrB));
  body.push(...op.localGet(blocks), ...op.i32Const(1), ...op.i32Sub(), ...op.localSet(blocks), ...op.br(0), ...op.end(), ...op.end());
  body.push(...storeState(simdOps, at.A));
  return { params: [I32, I32, I32], results: [], locals: permutationLocalTypes(simdOps), body, exportAs: SPONGE_EXPORTS.absorbPair };
}

/** The two-message sponge kernel (WebAssembly SIMD). Deterministic: the committed base64 is checked against it. */
export function generatePairSponge(): Uint8Array {
  return encodeModule({
    functions: [absorbPairInLocals()],
    memoryPages: L.pages,
    memoryExport: SPONGE_EXPORTS.memory,
    data: [{ offset: L.roundConstantsX2, bytes: roundConstantBytes(2) }],
  });
}
