/**
 * Every secp256k1 engine gives the same bytes: RFC 6979 signatures equal to @noble/secp256k1's and to Bee's own
 * Go signer's (vectors below), recoverable by bee-js, bee-js signatures recovered, the same public keys and
 * addresses; and the choice falls back in order when an engine cannot load. (bee-js's own signatures are not
 * byte-comparable: its curve, cafe-utility's, derives the nonce as keccak256(keccak256(key) ‖ hash), not by
 * RFC 6979; with it the test checks recovery both ways.) Each engine is forced in turn (useSecp256k1Engine), so a machine where the
 * addon loads still tests the WebAssembly and noble paths the browser app and other platforms take.
 */
import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PrivateKey, Signature } from '@ethersphere/bee-js';
import * as noble from '@noble/secp256k1';
import { bytesToHex, hexToBytes, utf8Encode } from '../bytes.js';
import { InputError } from '../input-error.js';
import { privateKeyToAddress, publicKeyToAddress, recoverAddress, recoverMessageSigner, signDigest, signMessage, useSecp256k1Engine } from '../signer.js';
import { SECP256K1_ENGINE_KINDS, type Secp256k1Engine } from './engine.js';
import { nobleEngine } from './noble-engine.js';
import { engineNamedBy, loadSecp256k1Engine, pickSecp256k1Engine, secp256k1 } from './select.js';

const CURVE_ORDER = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const toScalar = (bytes: Uint8Array): bigint => BigInt(`0x${bytesToHex(bytes) || '0'}`);
const privateKeyArb = fc.uint8Array({ minLength: 32, maxLength: 32 }).filter((k) => toScalar(k) > 0n && toScalar(k) < CURVE_ORDER);
const digestArb = fc.uint8Array({ minLength: 32, maxLength: 32 });
const nobleOracle = nobleEngine();
const picked = secp256k1().kind;

afterAll(() => {
  useSecp256k1Engine(picked);
});

describe('which engine runs', () => {
  it('on linux-x64 (this project\'s machines and CI) the native addon loads and is picked; WebAssembly loads too', () => {
    if (process.platform === 'linux' && process.arch === 'x64') {
      expect(pickSecp256k1Engine().kind).toBe('native');
      expect(loadSecp256k1Engine('wasm').kind).toBe('wasm');
    } else {
      expect(SECP256K1_ENGINE_KINDS).toContain(pickSecp256k1Engine().kind);
    }
  });

  it('falls back in order when engines cannot load: no addon gives WebAssembly, neither gives noble', () => {
    const broken = () => {
      throw new Error('cannot load here');
    };
    const wasm = { kind: 'wasm', sign: broken, recover: broken, publicKey: broken, uncompressed: broken } as unknown as Secp256k1Engine;
    expect(pickSecp256k1Engine({ native: broken, wasm: () => wasm, noble: nobleEngine }).kind).toBe('wasm');
    expect(pickSecp256k1Engine({ native: broken, wasm: broken, noble: nobleEngine }).kind).toBe('noble');
    expect(pickSecp256k1Engine({}).kind).toBe('noble');
  });

  it('NODE_TOOLKIT_SECP256K1 forces an engine; an unknown name or one that cannot load is an error, not a silent fallback', () => {
    expect(engineNamedBy(undefined)).toBeUndefined();
    expect(engineNamedBy('noble')!.kind).toBe('noble');
    expect(() => engineNamedBy('openssl')).toThrow(/must be one of native, wasm, noble/);
    expect(() => engineNamedBy('native', { noble: nobleEngine })).toThrow(/not available/);
  });
});

/**
 * Bee v2.8.1's pkg/crypto defaultSigner.Sign(keccak256(message)) with the private key of 32 equal bytes: what
 * signMessage(key, message) must give. Produced once by a throwaway Go program against Bee's module (the same
 * packages the benchmark's Go runner uses).
 */
const BEE_GO_VECTORS: readonly (readonly [keyByte: string, message: string, signature: string])[] = [
  ['11', '', 'a4b2fd09dc29f4b9741941676fa3446fb54077a997ca4fee4e0ff557460c218c4e13d3da3ddf6ca1ef7ec1055e41fbb0713afa8b652d2eacb114a3e3e4ef45261b'],
  ['11', 'swarm', '80a58e970de763ca11beda7346d32e4469755d7032c825a9b7d1081aaca45fcc68e8eb042565552f41f5ae4e2b337dafb6d989fa45dd86902c817816518b4ccd1c'],
  ['a5', 'bee 2.8.1 signer vector', '2f89ca4e24cbe94ac2da3dc50a1e145626becb0e5158234002b6cdc2ca398e5363edbaa410af7e5692b31443589196d2d7d182ece0168757f778697f6804e59e1b'],
  ['3c', 'swarm', '62dc5bdf46b7e4dd3cf00eee547ed9182782f3372db5412b1fb36ca7df0338fa1f7c8c1578f480dae15b648481c0b153c4fbb28e3dcc74bf7dfd241f36e89a0e1b'],
  ['3c', 'bee 2.8.1 signer vector', '24a2779636e2eff7595a4dcf3d552488dfc568687bc7aa39f57f5a2f8c12fbc46212d4f0e942c4d11ad93bf727b91e14ccc5b05033584caed11a08d53fe879e21c'],
];

describe.each(SECP256K1_ENGINE_KINDS)('engine %s', (kind) => {
  const use = () => useSecp256k1Engine(kind);

  it("signs exactly as Bee's own Go signer does (pkg/crypto, RFC 6979)", () => {
    use();
    for (const [keyByte, message, signature] of BEE_GO_VECTORS) {
      const key = hexToBytes(keyByte.repeat(32));
      expect(bytesToHex(signMessage(key, utf8Encode(message))), `${keyByte} "${message}"`).toBe(signature);
    }
  });

  it('signs byte for byte as @noble/secp256k1 does (RFC 6979, low s), and recovers the signer', () => {
    use();
    fc.assert(
      fc.property(privateKeyArb, digestArb, (key, digest) => {
        const ours = signDigest(key, digest);
        const theirs = noble.sign(digest, key, { prehash: false, format: 'recovered' });
        expect(bytesToHex(ours.subarray(0, 64))).toBe(bytesToHex(theirs.subarray(1)));
        expect(ours[64]).toBe(27 + theirs[0]!);
        expect(toScalar(ours.subarray(32, 64)) <= CURVE_ORDER / 2n).toBe(true);
        expect(bytesToHex(recoverAddress(ours, digest))).toBe(bytesToHex(privateKeyToAddress(key)));
      }),
      { numRuns: 60 },
    );
  });

  it('gives the public keys and addresses noble and bee-js give, from every encoding', () => {
    use();
    fc.assert(
      fc.property(privateKeyArb, (key) => {
        const [ours, theirs] = [new Uint8Array(65), new Uint8Array(65)];
        secp256k1().publicKey(key, ours);
        nobleOracle.publicKey(key, theirs);
        expect(bytesToHex(ours)).toBe(bytesToHex(theirs));
        const publicKey = new PrivateKey(key).publicKey();
        const expected = publicKey.address().toHex();
        expect(bytesToHex(privateKeyToAddress(key))).toBe(expected);
        expect(bytesToHex(publicKeyToAddress(publicKey.toUint8Array()))).toBe(expected);
        expect(bytesToHex(publicKeyToAddress(publicKey.toCompressedUint8Array()))).toBe(expected);
      }),
      { numRuns: 10 },
    );
  });

  it("recovers bee-js's PrivateKey.sign signatures, and bee-js recovers this engine's", () => {
    use();
    fc.assert(
      fc.property(privateKeyArb, fc.uint8Array({ maxLength: 200 }), (key, message) => {
        const signer = new PrivateKey(key);
        const owner = signer.publicKey().address().toHex();
        const ours = signMessage(key, message);
        const theirs = signer.sign(message).toUint8Array();
        expect(new Signature(ours).recoverPublicKey(message).address().toHex()).toBe(owner);
        expect(bytesToHex(recoverMessageSigner(theirs, message))).toBe(owner);
      }),
      { numRuns: 4 }, // bee-js's BigInt curve takes ~0.3 s per signature
    );
  });

  it('refuses malformed signatures and points with InputError (random 65 bytes: an address or InputError)', () => {
    use();
    const key = new Uint8Array(32).fill(0x11);
    const digest = new Uint8Array(32).fill(0x22);
    const zeroR = signDigest(key, digest);
    zeroR.fill(0, 0, 32);
    expect(() => recoverAddress(zeroR, digest)).toThrow(InputError);
    expect(() => publicKeyToAddress(new Uint8Array(33))).toThrow(InputError);
    expect(() => privateKeyToAddress(new Uint8Array(32))).toThrow(InputError);
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 65, maxLength: 65 }), digestArb, (sig, d) => {
        sig[64] = 27 + (sig[64]! & 1);
        try {
          expect(recoverAddress(sig, d)).toHaveLength(20);
        } catch (error) {
          expect(error).toBeInstanceOf(InputError);
        }
      }),
      { numRuns: 100 },
    );
  });
});
