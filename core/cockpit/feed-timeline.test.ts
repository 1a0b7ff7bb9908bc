import { describe, expect, it } from 'vitest';
import { bytesToHex, concatBytes, hexToBytes, uint64BE, utf8Encode } from '../swarm/bytes.js';
import { contentAddressOf, makeContentChunk } from '../swarm/chunk.js';
import { feedIdentifier, topicFromString } from '../swarm/feeds.js';
import { parseTimelineQuery, readFeedUpdate, timelineIndices, updateIdentifierHex } from './feed-timeline.js';

describe('feed timeline', () => {
  it('parses owner, topic (hex as given, text hashed) and max (default 20, 1..1000)', () => {
    const q = parseTimelineQuery(`0x${'AA'.repeat(20)}`, 'my feed');
    expect(q).toEqual({ owner: 'aa'.repeat(20), topic: bytesToHex(topicFromString('my feed')), topicHashed: true, max: 20 });
    expect(parseTimelineQuery('aa'.repeat(20), 'bb'.repeat(32), '5')).toMatchObject({ topic: 'bb'.repeat(32), topicHashed: false, max: 5 });
    expect(() => parseTimelineQuery('aa'.repeat(20), 't', '0')).toThrow(/max entries/);
    expect(() => parseTimelineQuery('aa'.repeat(20), 't', '1001')).toThrow(/max entries/);
    expect(() => parseTimelineQuery('abc', 't')).toThrow(/feed owner/);
  });

  it('walks newest first, at most max, never below 0', () => {
    expect(timelineIndices(5n, 3)).toEqual([5n, 4n, 3n]);
    expect(timelineIndices(1n, 10)).toEqual([1n, 0n]);
    expect(updateIdentifierHex('bb'.repeat(32), 7n)).toBe(bytesToHex(feedIdentifier(hexToBytes('bb'.repeat(32)), 7n)));
  });

  it('reads a v1 update as timestamp and reference', () => {
    const reference = 'cd'.repeat(32);
    const wrapped = makeContentChunk(concatBytes(uint64BE(1_767_225_600n), hexToBytes(reference))).data;
    expect(readFeedUpdate(3n, wrapped)).toEqual({ index: '3', found: true, version: 'v1', reference, timestampSeconds: 1_767_225_600, size: null, preview: null });
  });

  it('reads a v2 update as the wrapped content: its address, size and a text preview', () => {
    const wrapped = makeContentChunk(utf8Encode('hello\nfeed')).data;
    expect(readFeedUpdate(0n, wrapped)).toEqual({
      index: '0',
      found: true,
      version: 'v2',
      reference: bytesToHex(contentAddressOf(wrapped)),
      timestampSeconds: null,
      size: 10,
      preview: 'hello feed',
    });
    const binary = makeContentChunk(Uint8Array.of(0, 1, 2, 3)).data;
    expect(readFeedUpdate(1n, binary)).toMatchObject({ preview: null, size: 4 });
    expect(() => readFeedUpdate(0n, new Uint8Array(4))).toThrow(/feed update chunk/);
  });
});
