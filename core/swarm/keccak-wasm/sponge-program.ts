/**
 * Generates the keccak256 sponge kernel: the keccak-f[1600] permutation of keccak-program.ts plus one absorb
 * loop, for messages of any length (keccak.ts drives it: copies the message into the input buffer, pads the
 * last block, reads the first 32 state bytes): `absorb(ptr, blocks)` XORs each 136-byte block into the state
 * and permutes. The state is left in memory between calls, so one message may be absorbed in several calls.
 * Scalar only: a SIMD variant hashing two equal-length messages per permutation was tried and measured at most
 * 1.3x the scalar one on 4 KiB inputs here, too little to carry a batch API for.
 */
import { SPONGE_EXPORTS, SPONGE_LAYOUT as L } from './layout.js';
import { permutation, roundConstantBytes, scalarOps } from './keccak-program.js';
import { encodeModule, I32, op, type Code, type FunctionDef } from './wasm-writer.js';

const PERMUTE = 0;
const RATE_LANES = L.rate / 8;

/** The loop around a block: stop when `blocks` is 0, else absorb one, advance the pointers, count down. */
function blockLoop(blocks: number, pointers: number[], absorbBlock: Code): Code {
  const code: Code = [...op.block(), ...op.loop(), ...op.localGet(blocks), ...op.i32Eqz(), ...op.brIf(1), ...absorbBlock, ...op.call(PERMUTE)];
  for (const p of pointers) code.push(...op.localGet(p), ...op.i32Const(L.rate), ...op.i32Add(), ...op.localSet(p));
  code.push(...op.localGet(blocks), ...op.i32Const(1), ...op.i32Sub(), ...op.localSet(blocks), ...op.br(0), ...op.end(), ...op.end());
  return code;
}

function absorbScalar(): FunctionDef {
  const [ptr, blocks] = [0, 1];
  const block: Code = [];
  for (let i = 0; i < RATE_LANES; i++) {
    block.push(...op.i32Const(0), ...op.i32Const(0), ...op.i64Load(L.state + 8 * i), ...op.localGet(ptr), ...op.i64Load(8 * i), ...op.i64Xor(), ...op.i64Store(L.state + 8 * i));
  }
  return { params: [I32, I32], results: [], locals: [], body: blockLoop(blocks, [ptr], block), exportAs: SPONGE_EXPORTS.absorb };
}

/** The sponge kernel binary. Deterministic: the committed base64 is checked against it. */
export function generateSponge(): Uint8Array {
  return encodeModule({
    functions: [permutation(scalarOps), absorbScalar()],
    memoryPages: L.pages,
    memoryExport: SPONGE_EXPORTS.memory,
    data: [{ offset: L.roundConstants, bytes: roundConstantBytes(1) }],
  });
}
