/**
 * Deterministic inputs of the conformance scenario: the same bytes, key, topic and tar on every run and
 * every node, so content addresses can be compared between real Bee and the devnet (and with the
 * recorded Bee transcript).
 */
import { bytesToHex, concatBytes, hexToBytes, uint64BE, utf8Encode } from '../../../core/swarm/bytes.js';
import { contentAddressOf, makeContentChunk } from '../../../core/swarm/chunk.js';
import { feedIdentifier, makeFeedUpdateChunk, topicFromString } from '../../../core/swarm/feeds.js';
import { keccak256 } from '../../../core/swarm/keccak.js';
import { privateKeyToAddress } from '../../../core/swarm/signer.js';
import { makeSingleOwnerChunk } from '../../../core/swarm/soc.js';
import { makeTar } from '../../../devnet/testing/make-tar.js';

/** `size` pseudo-random bytes from keccak256(label ‖ counter): fixed per label, incompressible. */
export function seededBytes(label: string, size: number): Uint8Array {
  const out = new Uint8Array(size);
  const seed = utf8Encode(label);
  for (let offset = 0, counter = 0n; offset < size; offset += 32, counter++) {
    out.set(keccak256(seed, uint64BE(counter)).subarray(0, Math.min(32, size - offset)), offset);
  }
  return out;
}

export const scenarioKey = keccak256(utf8Encode('conformance scenario signing key'));
export const scenarioOwnerHex = bytesToHex(privateKeyToAddress(scenarioKey));
export const scenarioTopic = topicFromString('conformance scenario feed');
export const scenarioTopicHex = bytesToHex(scenarioTopic);
/** A topic nobody writes to: its lookup must fail the same way on both nodes. */
export const emptyTopicHex = bytesToHex(topicFromString('conformance scenario silent feed'));
/** Feed update time, fixed so the update chunk (and its address) is the same on every run. */
const FEED_UPDATE_SECONDS = 1_767_225_600n;

/** A content chunk (span ‖ payload) for POST /chunks. */
export function scenarioContentChunk(): { address: string; data: Uint8Array } {
  const chunk = makeContentChunk(seededBytes('conformance chunk', 1000));
  return { address: bytesToHex(chunk.address), data: chunk.data };
}

export interface SocUpload {
  owner: string;
  identifier: string;
  signature: string;
  /** span ‖ payload of the wrapped chunk: the body of POST /soc/{owner}/{id}?sig= */
  body: Uint8Array;
  /** Every byte of the SOC (identifier ‖ signature ‖ span ‖ payload), as a client might POST it to /chunks. */
  data: Uint8Array;
  address: string;
}

function socUpload(identifier: Uint8Array, soc: { address: Uint8Array; data: Uint8Array; signature: Uint8Array }): SocUpload {
  return {
    owner: scenarioOwnerHex,
    identifier: bytesToHex(identifier),
    signature: bytesToHex(soc.signature),
    body: soc.data.subarray(32 + 65),
    data: soc.data,
    address: bytesToHex(soc.address),
  };
}

export function scenarioSoc(): SocUpload {
  const identifier = keccak256(utf8Encode('conformance soc identifier'));
  const wrapped = makeContentChunk(utf8Encode('a single-owner chunk from the conformance scenario'));
  return socUpload(identifier, makeSingleOwnerChunk(identifier, wrapped, scenarioKey));
}

/** A SOC wrapping a full 4096-byte payload: 4201 bytes, too long for a content chunk. */
export function scenarioFullSizeSoc(): SocUpload {
  const identifier = keccak256(utf8Encode('conformance full-size soc identifier'));
  return socUpload(identifier, makeSingleOwnerChunk(identifier, makeContentChunk(seededBytes('conformance full-size soc', 4096)), scenarioKey));
}

/** 4105 bytes (one more than a content chunk holds) that are no SOC either: the signature's v byte is 0. */
export function scenarioNeitherChunkNorSoc(): Uint8Array {
  const bytes = seededBytes('conformance neither chunk nor soc', 4105);
  bytes[32 + 64] = 0;
  return bytes;
}

/** The feed's update at index 0, pointing at `referenceHex` (a v1 payload: timestamp ‖ reference). */
export function scenarioFeedUpdate(referenceHex: string): SocUpload {
  const update = makeFeedUpdateChunk(scenarioKey, scenarioTopic, 0n, hexToBytes(referenceHex), FEED_UPDATE_SECONDS);
  return socUpload(feedIdentifier(scenarioTopic, 0n), update);
}

/** A topic whose update at index 0 points at a reference nobody uploaded. */
export const danglingTopic = topicFromString('conformance scenario dangling feed');
export const danglingTopicHex = bytesToHex(danglingTopic);

/** The dangling feed's update at index 0 (v1 payload), with the content address of the chunk it wraps. */
export function scenarioDanglingFeedUpdate(): SocUpload & { wrappedAddress: string } {
  const nobody = keccak256(utf8Encode('conformance: no feed target was ever uploaded here'));
  const update = makeFeedUpdateChunk(scenarioKey, danglingTopic, 0n, nobody, FEED_UPDATE_SECONDS);
  const upload = socUpload(feedIdentifier(danglingTopic, 0n), update);
  return { ...upload, wrappedAddress: bytesToHex(contentAddressOf(upload.body)) };
}

/** A website as a tar: index document at the top, an index document in a folder, a binary file. */
export function scenarioTar(): Uint8Array {
  return makeTar([
    { path: 'index.html', data: '<html><body>conformance index</body></html>' },
    { path: 'sub/index.html', data: '<html><body>sub index</body></html>' },
    { path: 'img/logo.bin', data: seededBytes('conformance logo', 5000) },
    { path: 'notes.txt', data: concatBytes(utf8Encode('plain text\n'), seededBytes('notes', 100)) },
  ]);
}
