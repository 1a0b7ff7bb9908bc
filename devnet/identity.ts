/**
 * Deterministic node identities. The same `--seed` always gives the same keys and overlays, so demos,
 * screenshots and tests can name nodes by overlay. Overlays follow Bee's derivation:
 * keccak256(ethereum address (20) ‖ network id (uint64 LE) ‖ nonce (32)).
 */
import { getPublicKey } from '@noble/secp256k1';
import { bytesToHex, concatBytes, uint64LE, utf8Encode } from '../core/swarm/bytes.js';
import { keccak256 } from '../core/swarm/keccak.js';
import { privateKeyToAddress } from '../core/swarm/signer.js';

/** The devnet's network id: not mainnet (1) or testnet (10), so a devnet overlay never matches a real one. */
export const DEVNET_NETWORK_ID = 1633n;

export interface NodeIdentity {
  privateKey: Uint8Array;
  publicKeyHex: string;
  /** 20 raw bytes. */
  ethAddressBytes: Uint8Array;
  ethAddress: string;
  overlay: Uint8Array;
  overlayHex: string;
}

export function deriveIdentity(seed: string, index: number): NodeIdentity {
  const privateKey = keccak256(utf8Encode(`devnet key ${seed} ${index}`));
  const nonce = keccak256(utf8Encode(`devnet nonce ${seed} ${index}`));
  const ethAddressBytes = privateKeyToAddress(privateKey);
  const overlay = keccak256(concatBytes(ethAddressBytes, uint64LE(DEVNET_NETWORK_ID), nonce));
  return {
    privateKey,
    publicKeyHex: bytesToHex(getPublicKey(privateKey, true)),
    ethAddressBytes,
    ethAddress: `0x${bytesToHex(ethAddressBytes)}`,
    overlay,
    overlayHex: bytesToHex(overlay),
  };
}
