import { describe, expect, it } from 'vitest';
import { bytesToHex, concatBytes, hexToBytes, uint64BE, utf8Encode } from '../swarm/bytes.js';
import { makeContentChunk } from '../swarm/chunk.js';
import { feedIdentifier, topicFromString } from '../swarm/feeds.js';
import { InputError } from '../swarm/input-error.js';
import { makeSingleOwnerChunk } from '../swarm/soc.js';
import { feedEntryFromSoc } from './feed-entry.js';

const KEY = hexToBytes('11'.repeat(32));
const update = (index: bigint, payload: Uint8Array) => makeSingleOwnerChunk(feedIdentifier(topicFromString('once'), index), makeContentChunk(payload), KEY);

describe('feedEntryFromSoc (the --once verbs’ entry, read as S13 and Bee read an update)', () => {
  it('v1: timestamp, its ISO time and the reference; the payload length', () => {
    const reference = 'cd'.repeat(32);
    const soc = update(3n, concatBytes(uint64BE(1_767_225_600n), hexToBytes(reference)));
    expect(feedEntryFromSoc(3, soc.address, soc.data)).toEqual({
      index: 3,
      socAddress: bytesToHex(soc.address),
      version: 'v1',
      timestamp: 1_767_225_600,
      time: '2026-01-01T00:00:00.000Z',
      reference,
      payloadBytes: 40,
    });
  });

  it('v2: the content size; a 40-byte payload is v1 whatever its first bytes say, as Bee reads it', () => {
    const soc = update(0n, utf8Encode('hello feed'));
    expect(feedEntryFromSoc(0, soc.address, soc.data)).toEqual({ index: 0, socAddress: bytesToHex(soc.address), version: 'v2', payloadBytes: 10 });
    const forty = update(1n, new Uint8Array(40).fill(0xff));
    expect(feedEntryFromSoc(1, forty.address, forty.data)).toMatchObject({ version: 'v1', reference: 'ff'.repeat(32), payloadBytes: 40 });
    expect(feedEntryFromSoc(1, forty.address, forty.data)).not.toHaveProperty('time');
  });

  it('a chunk that is not the update at that address is refused', () => {
    const soc = update(0n, utf8Encode('x'));
    expect(() => feedEntryFromSoc(0, new Uint8Array(32), soc.data)).toThrow(InputError);
  });
});
