/**
 * Just enough Solidity ABI encoding to deploy and drive the Swarm contracts from raw JSON-RPC:
 * static types (address, bool, uintN, bytesN) plus dynamic `string`/`bytes` at the top level.
 * Every encoder checks the call against the contract's own ABI JSON, so a wrong argument count or
 * a misspelt function fails here rather than as an opaque on-chain revert.
 */
import { bytesToHex, concatBytes, hexToBytes, utf8Encode } from '../core/swarm/bytes.js';
import { keccak256 } from '../core/swarm/keccak.js';

export type AbiValue = string | bigint | number | boolean | Uint8Array;

export interface AbiParam {
  name: string;
  type: string;
}

export interface AbiEntry {
  type: string;
  name?: string;
  inputs?: AbiParam[];
  outputs?: AbiParam[];
}

const WORD = 32;

function word(value: bigint): Uint8Array {
  if (value < 0n || value >= 1n << 256n) throw new Error(`value ${value} does not fit in uint256`);
  return hexToBytes(value.toString(16).padStart(64, '0'));
}

function padRight(bytes: Uint8Array): Uint8Array {
  const padded = new Uint8Array(Math.ceil(bytes.length / WORD) * WORD);
  padded.set(bytes);
  return padded;
}

function toBigInt(value: AbiValue, type: string): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
  if (typeof value === 'string' && /^(0x[0-9a-fA-F]+|[0-9]+)$/.test(value)) return BigInt(value);
  throw new Error(`${type} expects an integer, got ${String(value)}`);
}

function isDynamic(type: string): boolean {
  return type === 'string' || type === 'bytes';
}

function encodeStatic(type: string, value: AbiValue): Uint8Array {
  if (type === 'address') {
    if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(value)) throw new Error(`address expects 0x + 40 hex, got ${String(value)}`);
    return word(BigInt(value));
  }
  if (type === 'bool') {
    if (typeof value !== 'boolean') throw new Error(`bool expects a boolean, got ${String(value)}`);
    return word(value ? 1n : 0n);
  }
  const uint = /^uint(\d+)$/.exec(type);
  if (uint) {
    const bits = Number(uint[1]);
    const n = toBigInt(value, type);
    if (n < 0n || n >= 1n << BigInt(bits)) throw new Error(`${type} out of range: ${n}`);
    return word(n);
  }
  const fixed = /^bytes(\d+)$/.exec(type);
  if (fixed) {
    const size = Number(fixed[1]);
    const bytes = typeof value === 'string' ? hexToBytes(value) : value;
    if (!(bytes instanceof Uint8Array) || bytes.length !== size) throw new Error(`${type} expects ${size} bytes`);
    return padRight(bytes);
  }
  throw new Error(`unsupported ABI type ${type}`);
}

function encodeDynamic(type: string, value: AbiValue): Uint8Array {
  let bytes: Uint8Array;
  if (type === 'string') {
    if (typeof value !== 'string') throw new Error(`string expects a string, got ${String(value)}`);
    bytes = utf8Encode(value);
  } else {
    bytes = typeof value === 'string' ? hexToBytes(value) : (value as Uint8Array);
    if (!(bytes instanceof Uint8Array)) throw new Error('bytes expects hex or a Uint8Array');
  }
  return concatBytes(word(BigInt(bytes.length)), padRight(bytes));
}

/** Head/tail encoding of a flat parameter list (no tuples, no arrays). */
export function encodeParams(types: readonly string[], values: readonly AbiValue[]): Uint8Array {
  if (types.length !== values.length) throw new Error(`expected ${types.length} arguments, got ${values.length}`);
  const heads: Uint8Array[] = [];
  const tails: Uint8Array[] = [];
  let tailOffset = types.length * WORD;
  types.forEach((type, i) => {
    const value = values[i]!;
    if (isDynamic(type)) {
      const tail = encodeDynamic(type, value);
      heads.push(word(BigInt(tailOffset)));
      tails.push(tail);
      tailOffset += tail.length;
    } else {
      heads.push(encodeStatic(type, value));
    }
  });
  return concatBytes(...heads, ...tails);
}

export function functionSelector(signature: string): Uint8Array {
  return keccak256(utf8Encode(signature)).slice(0, 4);
}

function findFunction(abi: readonly AbiEntry[], name: string): AbiEntry {
  const matches = abi.filter((e) => e.type === 'function' && e.name === name);
  if (matches.length !== 1) throw new Error(`ABI has ${matches.length} functions named ${name}, expected exactly one`);
  return matches[0]!;
}

/** Calldata for `name(args)`, with parameter types taken from the ABI. Returns 0x-hex. */
export function encodeFunctionCall(abi: readonly AbiEntry[], name: string, values: readonly AbiValue[]): string {
  const types = (findFunction(abi, name).inputs ?? []).map((p) => p.type);
  const signature = `${name}(${types.join(',')})`;
  return '0x' + bytesToHex(concatBytes(functionSelector(signature), encodeParams(types, values)));
}

/** Creation code followed by the ABI-encoded constructor arguments. Returns 0x-hex. */
export function encodeDeployment(bin: string, abi: readonly AbiEntry[], values: readonly AbiValue[]): string {
  const ctor = abi.find((e) => e.type === 'constructor');
  const types = (ctor?.inputs ?? []).map((p) => p.type);
  return '0x' + bytesToHex(concatBytes(hexToBytes(bin), encodeParams(types, values)));
}

/** Reads one 32-byte word of an eth_call result as an unsigned integer. */
export function decodeUintWord(resultHex: string, index = 0): bigint {
  const clean = resultHex.startsWith('0x') ? resultHex.slice(2) : resultHex;
  const slice = clean.slice(index * 64, index * 64 + 64);
  if (slice.length !== 64) throw new Error(`eth_call result too short for word ${index}: ${resultHex}`);
  return BigInt('0x' + slice);
}
