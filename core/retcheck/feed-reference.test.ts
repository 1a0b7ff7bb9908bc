import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { referenceFromFeedLookup } from './feed-reference.js';
import { makeFeedUpdateChunk, feedIdentifier } from '../swarm/feeds.js';
import { makeSingleOwnerChunk } from '../swarm/soc.js';
import { makeContentChunk } from '../swarm/chunk.js';
import { randomPrivateKey } from '../swarm/signer.js';
import { bytesToHex } from '../swarm/bytes.js';

const topic = new Uint8Array(32).fill(7);
const someRoot = makeContentChunk(new Uint8Array(100).fill(1)).data;

describe('referenceFromFeedLookup', () => {
  it('reads a v1 update’s reference from the update SOC, keeping the key of an encrypted reference', () => {
    fc.assert(
      fc.property(fc.constantFrom(32, 64), fc.uint8Array({ minLength: 64, maxLength: 64 }), (len, bytes) => {
        const ref = bytes.subarray(0, len);
        const soc = makeFeedUpdateChunk(randomPrivateKey(), topic, 3n, ref, 1_700_000_000n);
        return referenceFromFeedLookup({ rootChunk: someRoot, updateSoc: soc.data }) === bytesToHex(ref);
      }),
      { numRuns: 10 },
    );
  });
  it('reads a v2 update (wrapped content) as the wrapped chunk’s address, also for 40-byte content Bee marked v2', () => {
    const content = makeContentChunk(new Uint8Array(40).fill(9));
    const soc = makeSingleOwnerChunk(feedIdentifier(topic, 0n), content, randomPrivateKey());
    expect(referenceFromFeedLookup({ rootChunk: someRoot, updateSoc: soc.data, resolvedVersion: 'v2' })).toBe(bytesToHex(content.address));
    const big = makeContentChunk(new Uint8Array(1000).fill(2));
    const bigSoc = makeSingleOwnerChunk(feedIdentifier(topic, 1n), big, randomPrivateKey());
    expect(referenceFromFeedLookup({ rootChunk: someRoot, updateSoc: bigSoc.data })).toBe(bytesToHex(big.address));
  });
  it('without the update SOC, takes the address of the root chunk Bee returned', () => {
    const chunk = makeContentChunk(new Uint8Array(40).fill(5));
    expect(referenceFromFeedLookup({ rootChunk: chunk.data })).toBe(bytesToHex(chunk.address));
  });
});
