/**
 * Small wire formats Bee's node endpoints use: EIP-55 checksummed addresses, libp2p peer IDs inside
 * underlay multiaddrs, Go duration strings (pingpong rtt) and Bee's padded base64url logger IDs.
 */
import { bytesToHex, hexToBytes, utf8Encode } from '../../core/swarm/bytes.js';
import { keccak256 } from '../../core/swarm/keccak.js';

/** Lowercase 0x address, go-ethereum's JSON form of common.Address. */
export function lowerAddress(address: string): string {
  return `0x${address.replace(/^0x/i, '').toLowerCase()}`;
}

/** EIP-55 mixed-case checksum (what Bee's common.Address.String() prints). */
export function checksumAddress(address: string): string {
  const lower = address.replace(/^0x/i, '').toLowerCase();
  const hash = bytesToHex(keccak256(utf8Encode(lower)));
  let out = '0x';
  for (let i = 0; i < lower.length; i++) out += parseInt(hash[i]!, 16) >= 8 ? lower[i]!.toUpperCase() : lower[i]!;
  return out;
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

export function base58Encode(bytes: Uint8Array): string {
  let value = BigInt(`0x${bytesToHex(bytes) || '0'}`);
  let out = '';
  while (value > 0n) {
    out = BASE58[Number(value % 58n)]! + out;
    value /= 58n;
  }
  for (let i = 0; i < bytes.length && bytes[i] === 0; i++) out = `1${out}`;
  return out;
}

/**
 * libp2p peer ID of a secp256k1 key: identity multihash of the protobuf PublicKey{Type: Secp256k1, Data}.
 * For a 33-byte compressed key this gives the familiar "16Uiu2HAm…" IDs Bee prints.
 */
export function libp2pPeerId(compressedPublicKeyHex: string): string {
  const key = hexToBytes(compressedPublicKeyHex);
  const protobuf = new Uint8Array([0x08, 0x02, 0x12, key.length, ...key]);
  return base58Encode(new Uint8Array([0x00, protobuf.length, ...protobuf]));
}

/** Go's time.Duration.String() for a non-negative duration given in nanoseconds. */
export function goDuration(nanoseconds: number): string {
  const ns = Math.round(nanoseconds);
  if (ns === 0) return '0s';
  if (ns < 1_000) return `${ns}ns`;
  if (ns < 1_000_000) return `${trimFraction(ns / 1_000)}µs`;
  if (ns < 1_000_000_000) return `${trimFraction(ns / 1_000_000)}ms`;
  let seconds = ns / 1_000_000_000;
  let out = '';
  if (seconds >= 3600) {
    const hours = Math.floor(seconds / 3600);
    out += `${hours}h`;
    seconds -= hours * 3600;
  }
  if (out || seconds >= 60) {
    const minutes = Math.floor(seconds / 60);
    out += `${minutes}m`;
    seconds -= minutes * 60;
  }
  return `${out}${trimFraction(seconds)}s`;
}

/** Up to 9 fractional digits without trailing zeros, as Go prints them. */
function trimFraction(value: number): string {
  return value.toFixed(9).replace(/\.?0+$/, '');
}

/** Bee encodes logger IDs with the URL-safe base64 alphabet and padding. */
export function base64UrlPadded(text: string): string {
  const raw = Buffer.from(text, 'utf8').toString('base64url');
  return raw + '='.repeat((4 - (raw.length % 4)) % 4);
}

/** Decodes padded or unpadded base64url; undefined when the input is not base64url. */
export function decodeBase64Url(encoded: string): string | undefined {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(encoded) || encoded.replace(/=+$/, '').length % 4 === 1) return undefined;
  return Buffer.from(encoded.replace(/=+$/, ''), 'base64url').toString('utf8');
}
