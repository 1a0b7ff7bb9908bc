/**
 * Single-owner chunks (bee-api.md §4): identifier(32) ‖ signature(65) ‖ span(8) ‖ payload(≤4096).
 * The address is keccak256(identifier ‖ owner address), so the owner can rewrite what lives there;
 * the signature over keccak256(identifier ‖ wrapped content address) proves who did.
 */
import { bmtChunkAddress } from './bmt.js';
import { bytesEqual, bytesToHex, concatBytes, readUint64LE } from './bytes.js';
import { CHUNK_SIZE, SPAN_SIZE, type Chunk } from './chunk.js';
import { InputError } from './input-error.js';
import { keccak256 } from './keccak.js';
import { ETH_ADDRESS_SIZE, SIGNATURE_SIZE, recoverMessageSigner, signerFor, signMessage, type Signer } from './signer.js';

export const SOC_IDENTIFIER_SIZE = 32;
/** Bee's SocMinChunkSize: an empty wrapped payload. */
export const SOC_MIN_SIZE = SOC_IDENTIFIER_SIZE + SIGNATURE_SIZE + SPAN_SIZE;
/** Bee's SocMaxChunkSize. */
export const SOC_MAX_SIZE = SOC_MIN_SIZE + CHUNK_SIZE;
/**
 * Owner of the dispersed root-chunk replicas of erasure-coded uploads. Bee accepts a SOC from this
 * owner only if identifier bytes 1..31 equal those of the wrapped address (`pkg/soc/validator.go`).
 */
export const REPLICAS_OWNER_HEX = 'dc5b20847f43d67928f49cd4f85d696b5a7617b5';

export interface SingleOwnerChunk {
  address: Uint8Array;
  /** identifier ‖ signature ‖ span ‖ payload, as stored and as POSTed to /chunks */
  data: Uint8Array;
  owner: Uint8Array;
  signature: Uint8Array;
  identifier: Uint8Array;
  /** span ‖ payload of the wrapped chunk (a view into `data`): the body of POST /soc/{owner}/{id}?sig= */
  wrappedData: Uint8Array;
}

export interface ParsedSingleOwnerChunk {
  identifier: Uint8Array;
  signature: Uint8Array;
  /** uint64 LE span of the wrapped content chunk */
  span: bigint;
  payload: Uint8Array;
  /** span ‖ payload: the body of POST /soc/{owner}/{id}?sig= */
  wrappedData: Uint8Array;
  /** 20-byte owner recovered from the signature */
  owner: Uint8Array;
  wrappedAddress: Uint8Array;
  address: Uint8Array;
}

export function socAddress(identifier: Uint8Array, owner: Uint8Array): Uint8Array {
  assertLength(identifier, SOC_IDENTIFIER_SIZE, 'SOC identifier');
  assertLength(owner, ETH_ADDRESS_SIZE, 'SOC owner');
  return keccak256(identifier, owner);
}

/**
 * Wraps a content chunk under `identifier`, signed as Bee's soc.Sign does. Pass a Signer (createSigner) to sign
 * many: its address is worked out once (a raw key's is cached for the last key seen). Everything returned was
 * made here, so nothing is recovered from the signature to read it back.
 */
export function makeSingleOwnerChunk(identifier: Uint8Array, wrappedChunk: Chunk, key: Signer | Uint8Array): SingleOwnerChunk {
  assertLength(identifier, SOC_IDENTIFIER_SIZE, 'SOC identifier');
  assertLength(wrappedChunk.address, 32, 'wrapped chunk address');
  const size = wrappedChunk.data.length;
  if (size < SPAN_SIZE || size > SPAN_SIZE + CHUNK_SIZE) {
    throw new InputError('wrapped chunk data', `${size} bytes`, `${SPAN_SIZE} to ${SPAN_SIZE + CHUNK_SIZE} bytes`);
  }
  const signer = signerFor(key);
  const signature = signMessage(signer.privateKey, concatBytes(identifier, wrappedChunk.address));
  const data = concatBytes(identifier, signature, wrappedChunk.data);
  return {
    address: socAddress(identifier, signer.address),
    data,
    owner: signer.address,
    signature,
    identifier: data.subarray(0, SOC_IDENTIFIER_SIZE),
    wrappedData: data.subarray(SOC_IDENTIFIER_SIZE + SIGNATURE_SIZE),
  };
}

/**
 * Splits and validates SOC bytes: recovers the owner, recomputes the address and, when
 * `expectedAddress` is given (the address the chunk was fetched under), insists they match.
 */
export function parseSingleOwnerChunk(data: Uint8Array, expectedAddress?: Uint8Array): ParsedSingleOwnerChunk {
  if (!(data instanceof Uint8Array) || data.length < SOC_MIN_SIZE || data.length > SOC_MAX_SIZE) {
    throw new InputError(
      'single-owner chunk',
      data instanceof Uint8Array ? `${data.length} bytes` : typeof data,
      `${SOC_MIN_SIZE} to ${SOC_MAX_SIZE} bytes (identifier 32 ‖ signature 65 ‖ span 8 ‖ payload ≤ ${CHUNK_SIZE})`,
    );
  }
  if (expectedAddress !== undefined) assertLength(expectedAddress, 32, 'SOC address');
  const identifier = data.slice(0, SOC_IDENTIFIER_SIZE);
  const signature = data.slice(SOC_IDENTIFIER_SIZE, SOC_IDENTIFIER_SIZE + SIGNATURE_SIZE);
  const wrappedData = data.slice(SOC_IDENTIFIER_SIZE + SIGNATURE_SIZE);
  const spanBytes = wrappedData.subarray(0, SPAN_SIZE);
  const payload = wrappedData.subarray(SPAN_SIZE);
  const wrappedAddress = bmtChunkAddress(spanBytes, payload);
  const owner = recoverMessageSigner(signature, concatBytes(identifier, wrappedAddress));
  const address = socAddress(identifier, owner);
  if (expectedAddress !== undefined && !bytesEqual(address, expectedAddress)) {
    throw new InputError(
      'single-owner chunk',
      `address ${bytesToHex(address)}`,
      `address ${bytesToHex(expectedAddress)} (the signature recovers a different owner or identifier)`,
    );
  }
  if (bytesToHex(owner) === REPLICAS_OWNER_HEX && !bytesEqual(identifier.subarray(1), wrappedAddress.subarray(1))) {
    throw new InputError('replica chunk', bytesToHex(identifier), 'identifier bytes 1..31 equal to the wrapped chunk address');
  }
  return { identifier, signature, span: readUint64LE(spanBytes), payload, wrappedData, owner, wrappedAddress, address };
}

function assertLength(value: Uint8Array, length: number, what: string): void {
  if (!(value instanceof Uint8Array) || value.length !== length) {
    throw new InputError(what, value instanceof Uint8Array ? `${value.length} bytes` : typeof value, `${length} bytes`);
  }
}
