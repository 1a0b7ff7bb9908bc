/** The portable engine: @noble/secp256k1 in BigInt JavaScript. Runs anywhere; the fallback and the oracle. */
import * as secp from '@noble/secp256k1';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import type { Secp256k1Engine } from './engine.js';

// noble-secp256k1 v3 ships without hash functions; RFC 6979 deterministic nonces need HMAC-SHA256.
secp.hashes.hmacSha256 = (key, message) => hmac(sha256, key, message);
secp.hashes.sha256 = sha256;

export function nobleEngine(): Secp256k1Engine {
  return {
    kind: 'noble',
    sign(digest, privateKey, out64) {
      // noble's 'recovered' layout is recovery ‖ r ‖ s; extraEntropy stays off, so the nonce is RFC 6979's.
      const recovered = secp.sign(digest, privateKey, { prehash: false, format: 'recovered' });
      out64.set(recovered.subarray(1, 65));
      return recovered[0]!;
    },
    recover(signature64, recovery, digest, out65) {
      const recovered = new Uint8Array(65);
      recovered[0] = recovery;
      recovered.set(signature64, 1);
      out65.set(secp.recoverPublicKey(recovered, digest, { prehash: false, isCompressed: false }));
    },
    publicKey: (privateKey, out65) => out65.set(secp.getPublicKey(privateKey, false)),
    uncompressed: (publicKey, out65) => out65.set(secp.Point.fromBytes(publicKey).toBytes(false)),
  };
}
