import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createRequire } from 'node:module';
import path from 'node:path';
import { EthAddress, FeedIndex, Identifier, Topic } from '@ethersphere/bee-js';
import { bytesToHex, hexToBytes } from './bytes.js';
import { InputError } from './input-error.js';
import {
  FEED_INDEX_NONE,
  decodeFeedUpdatePayload,
  encodeFeedUpdatePayload,
  feedIdentifier,
  feedIndexBytes,
  feedUpdateAddress,
  formatFeedIndexHeader,
  makeFeedUpdateChunk,
  nextFeedIndex,
  parseFeedIndexHeader,
  topicFromString,
} from './feeds.js';
import { privateKeyToAddress } from './signer.js';
import { parseSingleOwnerChunk } from './soc.js';

// bee-js keeps its feed helpers out of the package's export map; load the built files directly.
const require = createRequire(import.meta.url);
const beeJsDist = path.dirname(require.resolve('@ethersphere/bee-js'));
const beeJsFeed = require(path.join(beeJsDist, 'feed/index.js')) as typeof import('../../node_modules/@ethersphere/bee-js/dist/types/feed/index.js');
const beeJsIdentifier = require(path.join(beeJsDist, 'feed/identifier.js')) as typeof import('../../node_modules/@ethersphere/bee-js/dist/types/feed/identifier.js');

const uint64 = fc.bigInt({ min: 0n, max: 2n ** 64n - 1n });
const bytes = (n: number) => fc.uint8Array({ minLength: n, maxLength: n });

describe('feed addressing', () => {
  it('topicFromString matches bee-js Topic.fromString (and Identifier.fromString)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 100 }), (text) => {
        expect(bytesToHex(topicFromString(text))).toBe(Topic.fromString(text).toHex());
        expect(bytesToHex(topicFromString(text))).toBe(Identifier.fromString(text).toHex());
      }),
    );
  });

  it('index bytes are 8-byte big-endian like bee-js FeedIndex', () => {
    fc.assert(
      fc.property(uint64, (index) => {
        expect(bytesToHex(feedIndexBytes(index))).toBe(FeedIndex.fromBigInt(index).toHex());
      }),
    );
    expect(() => feedIndexBytes(-1n)).toThrow(InputError);
    expect(() => feedIndexBytes(2n ** 64n)).toThrow(InputError);
  });

  it('identifier and update address match bee-js makeFeedIdentifier / getFeedUpdateChunkReference', () => {
    fc.assert(
      fc.property(bytes(20), bytes(32), uint64, (owner, topic, index) => {
        const beeIndex = FeedIndex.fromBigInt(index);
        expect(bytesToHex(feedIdentifier(topic, index))).toBe(beeJsIdentifier.makeFeedIdentifier(new Topic(topic), beeIndex).toHex());
        expect(bytesToHex(feedUpdateAddress(owner, topic, index))).toBe(
          beeJsFeed.getFeedUpdateChunkReference(new EthAddress(owner), new Topic(topic), beeIndex).toHex(),
        );
      }),
      { numRuns: 100 },
    );
  });

  it('next index follows bee-js FeedIndex.next, including the all-ones "none yet" index', () => {
    fc.assert(
      fc.property(uint64, (index) => {
        expect(nextFeedIndex(index)).toBe(FeedIndex.fromBigInt(index).next().toBigInt());
      }),
    );
    expect(nextFeedIndex(FEED_INDEX_NONE)).toBe(0n);
  });
});

describe('v1 update payload', () => {
  it('round-trips timestamp ‖ reference for 32- and 64-byte references', () => {
    fc.assert(
      fc.property(uint64, fc.oneof(bytes(32), bytes(64)), (timestamp, reference) => {
        const payload = encodeFeedUpdatePayload(timestamp, reference);
        expect(payload).toHaveLength(8 + reference.length);
        expect(bytesToHex(payload.subarray(0, 8))).toBe(FeedIndex.fromBigInt(timestamp).toHex()); // same 8-byte BE encoding
        const decoded = decodeFeedUpdatePayload(payload);
        expect(decoded.timestampSeconds).toBe(timestamp);
        expect(decoded.reference.hex).toBe(bytesToHex(reference));
      }),
    );
  });

  it('fuzz: decoding random bytes returns a v1 update or throws InputError', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 100 }), (payload) => {
        try {
          expect([40, 72]).toContain(8 + decodeFeedUpdatePayload(payload).reference.bytes.length);
        } catch (error) {
          expect(error).toBeInstanceOf(InputError);
        }
      }),
    );
    expect(() => encodeFeedUpdatePayload(1n, new Uint8Array(33))).toThrow(InputError);
    expect(() => encodeFeedUpdatePayload(-1n, new Uint8Array(32))).toThrow(InputError);
  });

  it('makeFeedUpdateChunk signs a SOC at the feed update address that parses back to the reference', () => {
    const key = hexToBytes('3c'.repeat(32));
    const topic = topicFromString('my-site');
    const reference = hexToBytes('ab'.repeat(32));
    const soc = makeFeedUpdateChunk(key, topic, 7n, reference, 1_700_000_000n);
    const owner = privateKeyToAddress(key);
    expect(bytesToHex(soc.address)).toBe(bytesToHex(feedUpdateAddress(owner, topic, 7n)));
    const parsed = parseSingleOwnerChunk(soc.data, soc.address);
    expect(bytesToHex(parsed.identifier)).toBe(bytesToHex(feedIdentifier(topic, 7n)));
    const update = decodeFeedUpdatePayload(parsed.payload);
    expect(update).toMatchObject({ timestampSeconds: 1_700_000_000n, reference: { hex: 'ab'.repeat(32) } });
  });
});

describe('swarm-feed-index header', () => {
  it('format and parse are inverse, 16 hex characters', () => {
    fc.assert(
      fc.property(uint64, (index) => {
        const header = formatFeedIndexHeader(index);
        expect(header).toMatch(/^[0-9a-f]{16}$/);
        expect(parseFeedIndexHeader(header)).toBe(index);
        expect(parseFeedIndexHeader(` ${header.toUpperCase()} `)).toBe(index);
      }),
    );
    expect(parseFeedIndexHeader('0000000000000005')).toBe(5n);
  });

  it('fuzz: parsing random text returns a uint64 or throws InputError', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 30 }), fc.stringMatching(/^[0-9a-fA-Fx ]{0,20}$/)), (text) => {
        try {
          const index = parseFeedIndexHeader(text);
          expect(index >= 0n && index < 2n ** 64n).toBe(true);
        } catch (error) {
          expect(error).toBeInstanceOf(InputError);
        }
      }),
      { numRuns: 300 },
    );
    expect(() => parseFeedIndexHeader('5')).toThrow(/16 hex characters.*found 1 character/);
  });
});
