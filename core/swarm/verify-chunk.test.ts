import { describe, expect, it } from 'vitest';
import { bytesToHex, utf8Encode } from './bytes.js';
import { makeContentChunk } from './chunk.js';
import { makeSingleOwnerChunk } from './soc.js';
import { createChunkVerifier, verifyChunk } from './verify-chunk.js';

const content = makeContentChunk(utf8Encode('hello swarm '.repeat(100)));
const key = new Uint8Array(32).fill(7);
const soc = makeSingleOwnerChunk(new Uint8Array(32).fill(1), content, key);

describe('verifyChunk', () => {
  it('accepts a content chunk whose BMT address is the one asked for', () => {
    expect(verifyChunk(content.address, content.data)).toEqual({ kind: 'content', data: content.data });
  });

  it('accepts a single-owner chunk signed for its address, giving the wrapped chunk', () => {
    const verdict = verifyChunk(soc.address, soc.data);
    expect(verdict.kind).toBe('soc');
    expect(verdict.kind === 'soc' && bytesToHex(verdict.data)).toBe(bytesToHex(content.data));
  });

  it('refuses a changed byte, another chunk, an HTML page and a SOC fetched under another address', () => {
    const tampered = content.data.slice();
    tampered[100]! ^= 1;
    expect(verifyChunk(content.address, tampered)).toMatchObject({ kind: 'mismatch', reason: 'the body does not hash to the chunk address' });
    expect(verifyChunk(content.address, soc.data).kind).toBe('mismatch');
    expect(verifyChunk(soc.address, content.data).kind).toBe('mismatch');
    expect(verifyChunk(content.address, utf8Encode('<html><body>404</body></html>')).kind).toBe('mismatch');
    expect(verifyChunk(content.address, new Uint8Array(3))).toMatchObject({ reason: 'a 3-byte body is not a chunk' });
    expect(verifyChunk(content.address, new Uint8Array(5000))).toMatchObject({ reason: 'a 5000-byte body is not a chunk' });
  });
});

describe('createChunkVerifier', () => {
  it('gives the same verdicts, and never accepts a different body for a verified address', () => {
    const verifier = createChunkVerifier();
    const hex = bytesToHex(content.address);
    expect(verifier.verify(hex, content.data).kind).toBe('content');
    expect(verifier.verify(hex, content.data.slice()).kind).toBe('content');
    const tampered = content.data.slice();
    tampered[9]! ^= 0x80;
    expect(verifier.verify(hex, tampered).kind).toBe('mismatch');
    expect(verifier.verify(hex, content.data).kind).toBe('content');
  });

  it('hashes a body that differs from the one verified for its address: a tampered copy is refused, another valid single-owner chunk accepted', () => {
    const verifier = createChunkVerifier();
    const hex = bytesToHex(soc.address);
    expect(verifier.verify(hex, soc.data).kind).toBe('soc');
    // Same identifier and owner, another payload: the same SOC address, a different body that verifies.
    const otherPayload = makeContentChunk(utf8Encode('another update'));
    const other = makeSingleOwnerChunk(new Uint8Array(32).fill(1), otherPayload, key);
    expect(bytesToHex(other.address)).toBe(hex);
    const verdict = verifier.verify(hex, other.data);
    expect(verdict.kind).toBe('soc');
    expect(verdict.kind === 'soc' && bytesToHex(verdict.data)).toBe(bytesToHex(otherPayload.data));
    // A flipped payload byte keeps the length: only hashing (the signature no longer matches) can refuse it.
    const tampered = soc.data.slice();
    tampered[tampered.length - 1]! ^= 1;
    expect(verifier.verify(hex, tampered).kind).toBe('mismatch');
    expect(verifier.verify(hex, soc.data).kind).toBe('soc');
  });
});
