/**
 * A minimal WebAssembly binary writer: just enough of the format (types, functions, one memory, exports,
 * one data segment, and the instructions the keccak kernel uses) to emit the kernel without a toolchain.
 * Instructions are plain byte arrays so that code generators can splice them together freely.
 */

export type Code = number[];

/** Unsigned LEB128. */
export function uleb(value: number): Code {
  const out: Code = [];
  let v = value >>> 0;
  do {
    let byte = v & 0x7f;
    v >>>= 7;
    if (v !== 0) byte |= 0x80;
    out.push(byte);
  } while (v !== 0);
  return out;
}

/** Signed LEB128 of a 64-bit value (bigint, so that every i64 constant is exact). */
export function sleb64(value: bigint): Code {
  const out: Code = [];
  let v = BigInt.asIntN(64, value);
  for (;;) {
    const byte = Number(v & 0x7fn);
    v >>= 7n;
    const signBitSet = (byte & 0x40) !== 0;
    if ((v === 0n && !signBitSet) || (v === -1n && signBitSet)) {
      out.push(byte);
      return out;
    }
    out.push(byte | 0x80);
  }
}

export const I32 = 0x7f,
  I64 = 0x7e,
  V128 = 0x7b;

const SIMD = 0xfd;
const simd = (op: number): Code => [SIMD, ...uleb(op)];
/** Memory argument: alignment exponent and constant offset. */
const memarg = (align: number, offset: number): Code => [...uleb(align), ...uleb(offset)];

/** Instruction builders. Each returns the bytes of one instruction. */
export const op = {
  localGet: (i: number): Code => [0x20, ...uleb(i)],
  localSet: (i: number): Code => [0x21, ...uleb(i)],
  localTee: (i: number): Code => [0x22, ...uleb(i)],
  call: (fn: number): Code => [0x10, ...uleb(fn)],
  block: (): Code => [0x02, 0x40],
  loop: (): Code => [0x03, 0x40],
  if: (): Code => [0x04, 0x40],
  else: (): Code => [0x05],
  end: (): Code => [0x0b],
  br: (depth: number): Code => [0x0c, ...uleb(depth)],
  brIf: (depth: number): Code => [0x0d, ...uleb(depth)],
  i32Const: (v: number): Code => [0x41, ...sleb64(BigInt(v | 0))],
  i32Add: (): Code => [0x6a],
  i32Sub: (): Code => [0x6b],
  i32Eqz: (): Code => [0x45],
  i32Shl: (): Code => [0x74],
  i32GeU: (): Code => [0x4f],
  i32LtU: (): Code => [0x49],
  /** Bulk memory: pops destination, byte value, length. */
  memoryFill: (): Code => [0xfc, ...uleb(11), 0x00],
  i64Const: (v: bigint): Code => [0x42, ...sleb64(v)],
  i64Load: (offset: number): Code => [0x29, ...memarg(3, offset)],
  i64Store: (offset: number): Code => [0x37, ...memarg(3, offset)],
  i64And: (): Code => [0x83],
  i64Or: (): Code => [0x84],
  i64Xor: (): Code => [0x85],
  i64Rotl: (): Code => [0x89],
  v128Load: (offset: number): Code => [...simd(0x00), ...memarg(4, offset)],
  v128Store: (offset: number): Code => [...simd(0x0b), ...memarg(4, offset)],
  v128Load64Splat: (offset: number): Code => [...simd(0x0a), ...memarg(3, offset)],
  v128Load64Zero: (offset: number): Code => [...simd(0x5d), ...memarg(3, offset)],
  v128Load64Lane: (offset: number, lane: number): Code => [...simd(0x57), ...memarg(3, offset), lane],
  v128Store64Lane: (offset: number, lane: number): Code => [...simd(0x5b), ...memarg(3, offset), lane],
  v128And: (): Code => simd(0x4e),
  v128AndNot: (): Code => simd(0x4f),
  v128Or: (): Code => simd(0x50),
  v128Xor: (): Code => simd(0x51),
  i64x2Splat: (): Code => simd(0x12),
  i64x2Shl: (): Code => simd(0xcb),
  i64x2ShrU: (): Code => simd(0xcd),
};

export interface FunctionDef {
  params: number[];
  results: number[];
  /** Types of the locals that follow the parameters. */
  locals: number[];
  body: Code;
  /** Export name, if the function is visible to JavaScript. */
  exportAs?: string;
}

export interface ModuleDef {
  functions: FunctionDef[];
  memoryPages: number;
  /** Exported under this name so the host can read and write the kernel's buffers. */
  memoryExport: string;
  /** Bytes placed in memory at instantiation. */
  data: Array<{ offset: number; bytes: Uint8Array }>;
}

function vector(items: Code[]): Code {
  return [...uleb(items.length), ...items.flat()];
}

function section(id: number, content: Code): Code {
  return [id, ...uleb(content.length), ...content];
}

function name(text: string): Code {
  const bytes = [...new TextEncoder().encode(text)];
  return [...uleb(bytes.length), ...bytes];
}

/** Locals are declared as runs of equal types. */
function localRuns(types: number[]): Code {
  const runs: Code[] = [];
  let i = 0;
  while (i < types.length) {
    let j = i;
    while (j < types.length && types[j] === types[i]) j++;
    runs.push([...uleb(j - i), types[i]!]);
    i = j;
  }
  return vector(runs);
}

export function encodeModule(def: ModuleDef): Uint8Array {
  // One type per function keeps the writer simple; duplicate signatures cost a few bytes.
  const types = def.functions.map((f) => [0x60, ...vector(f.params.map((t) => [t])), ...vector(f.results.map((t) => [t]))]);
  const functionIndexes = def.functions.map((_, i) => uleb(i));
  const exports: Code[] = [[...name(def.memoryExport), 0x02, 0x00]];
  def.functions.forEach((f, i) => {
    if (f.exportAs) exports.push([...name(f.exportAs), 0x00, ...uleb(i)]);
  });
  const bodies = def.functions.map((f) => {
    const content = [...localRuns(f.locals), ...f.body, 0x0b];
    return [...uleb(content.length), ...content];
  });
  const data = def.data.map((d) => [0x00, 0x41, ...sleb64(BigInt(d.offset)), 0x0b, ...uleb(d.bytes.length), ...d.bytes]);
  const bytes = [
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
    ...section(1, vector(types)),
    ...section(3, vector(functionIndexes)),
    ...section(5, vector([[0x00, ...uleb(def.memoryPages)]])),
    ...section(7, vector(exports)),
    ...section(10, vector(bodies)),
    ...section(11, vector(data)),
  ];
  return Uint8Array.from(bytes);
}
