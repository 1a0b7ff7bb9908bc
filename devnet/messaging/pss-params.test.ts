/** PSS path/query parsing: Go's hex decoding rules, target limits, recipient keys; fuzzed for crash-freedom. */
import { getPublicKey } from '@noble/secp256k1';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bytesToHex } from '../../core/swarm/bytes.js';
import { ParamError } from '../routes/params.js';
import { goHexDecode, overlayMatchesTarget, parsePssRecipient, parsePssTargets } from './pss-params.js';

describe('goHexDecode', () => {
  it('decodes even-length hex exactly as Buffer does, in either case', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), fc.boolean(), (bytes, upper) => {
        const hex = Buffer.from(bytes).toString('hex');
        const decoded = goHexDecode(upper ? hex.toUpperCase() : hex);
        return 'bytes' in decoded && bytesToHex(decoded.bytes) === hex;
      }),
      { numRuns: 100 },
    );
  });

  it('reports the first invalid byte before an odd length, as Go does', () => {
    expect(goHexDecode('abc')).toEqual({ error: 'odd length hex string' });
    expect(goHexDecode('abg')).toEqual({ error: "invalid hex byte: U+0067 'g'" });
    expect(goHexDecode('zzz')).toEqual({ error: "invalid hex byte: U+007A 'z'" });
    expect(goHexDecode('')).toEqual({ bytes: new Uint8Array(0) });
  });
});

describe('parsePssTargets and parsePssRecipient', () => {
  it('accept up to 3-byte targets and throw only ParamError on anything else', () => {
    expect(parsePssTargets('ab,CDEF,012345').map(bytesToHex)).toEqual(['ab', 'cdef', '012345']);
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), fc.string({ maxLength: 140 }), (targets, recipient) => {
        for (const run of [() => parsePssTargets(targets), () => parsePssRecipient(recipient)]) {
          try {
            run();
          } catch (error) {
            if (!(error instanceof ParamError)) return false;
          }
        }
        return true;
      }),
      { numRuns: 200 },
    );
  });

  it('normalises a valid public key to compressed hex and ignores an empty recipient', () => {
    const key = new Uint8Array(32).fill(7);
    const compressed = bytesToHex(getPublicKey(key, true));
    expect(parsePssRecipient(compressed)).toBe(compressed);
    expect(parsePssRecipient(bytesToHex(getPublicKey(key, false)))).toBe(compressed);
    expect(parsePssRecipient('')).toBeUndefined();
    expect(parsePssRecipient(null)).toBeUndefined();
    expect(() => parsePssRecipient(compressed.slice(0, 64))).toThrow(ParamError);
  });

  it('matches overlays by byte prefix', () => {
    const overlay = Uint8Array.from([0xab, 0xcd, 0xef, 1]);
    expect(overlayMatchesTarget(overlay, Uint8Array.from([0xab, 0xcd]))).toBe(true);
    expect(overlayMatchesTarget(overlay, Uint8Array.from([0xab, 0xce]))).toBe(false);
    expect(overlayMatchesTarget(overlay, new Uint8Array(0))).toBe(true);
  });
});
