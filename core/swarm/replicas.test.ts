/**
 * Root replicas against Bee v2.8.1. The pinned vectors came from Bee's own `replicas.NewPutter` (a
 * throwaway Go program importing github.com/ethersphere/bee/v2@v2.8.1, not committed): every replica's
 * address and bytes, signatures included, for 40 chunks at levels 1–4 were equal when this was written;
 * one chunk is pinned here. That Bee pads the wrapped root to a full payload was seen on live nodes, and
 * the real-Bee conformance tier fetches replicas from live nodes and compares them with the devnet's.
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bytesToHex } from './bytes.js';
import { makeContentChunk } from './chunk.js';
import type { RedundancyLevel } from './redundancy.js';
import { REPLICA_COUNTS, REPLICA_PRIVATE_KEY, REPLICAS_OWNER, replicaSlots, rootReplicas } from './replicas.js';
import { privateKeyToAddress } from './signer.js';
import { parseSingleOwnerChunk } from './soc.js';

const root = makeContentChunk(new TextEncoder().encode('a root chunk with dispersed replicas'));

/** Bee's level-4 replica addresses of `root`, sorted. */
const BEE_LEVEL_4 = [
  '04180fa106f00c5a414772968d6c3a2fc4f3b75e0612b18f55cd14fa316e7610',
  '1d3a6174a786f42fb561f8b2e5395511c08c6616adb723c5ae28689d75c431d6',
  '2b6fc3ff1b4bc275361f9ef029944187e8323609f184861cb5423c9f675a2088',
  '301c888f62c494f83c2e79ad0965417895d8214e0d9d858558d7cd0a4379a15b',
  '474f26e02f9e1bbc2c34222e3ffe6caa0b22378f3443843bc1739dd7991d0615',
  '5e05dd5f51d552de522c36616341d1639c5b2ccb6fd4a844e1446aaf73f2e3ef',
  '61b15a5af3e2efafa77a3057fb4fb0d3360a5b433773ff1653f74c8c6350ddd8',
  '7a7a3e829c56aaea8c07b6e74c3426d2202e395556e3867bf68a75d8d076c01c',
  '868d79604e81fd067a6c194c3b47c1ca0d332a256056a9566e2851d6f70b8a35',
  '9820777cfa375721c4aa1aac9eaa8ecdcc125b947048cdcded33711747893faf',
  'afe34491dff4d1bc14a52d7b86dce71fca46cde09e2438e8460e836fc26d8dcc',
  'bd1c950b12b6cb95d954de1a6e8164fb4b694a67f30c6cce5fba6a7a95ab0713',
  'c0e15deb212a7cb69d21f81e660defc94fa3ad00b81678d91f1505fa112289d8',
  'd75da90b5b45dfd5509239b9b173719e0d2342876ea177c9654dbde8ffdc0974',
  'e1d196bc96106892d7439db9730a4a9a983c0d0d0efbcad3ec25e51eb4dfb12c',
  'fe03a3e3ef6d791491df7c1acecd7249837dee3789b01e960bf59e6bee1c5b09',
];

/**
 * Bee's two level-1 replicas of `root`: address, and the SHA-256 of every byte (identifier ‖ signature ‖
 * the root chunk with its payload zero-padded to 4096 bytes, as Bee's pipeline wraps it).
 */
const BEE_LEVEL_1: Record<string, string> = {
  '474f26e02f9e1bbc2c34222e3ffe6caa0b22378f3443843bc1739dd7991d0615': 'd90359c0c329f629c36455c3e5327df00f05830d26edfe7f677fc85f93205ed6',
  d75da90b5b45dfd5509239b9b173719e0d2342876ea177c9654dbde8ffdc0974: '4bf182765a49de2c0c60a5e8e177553f7b0a7783fa46344a4206d259617e0aff',
};

const levels: RedundancyLevel[] = [1, 2, 3, 4];

describe('root replicas (Bee pkg/replicas)', () => {
  it("signs with Bee's replica owner", () => {
    expect(bytesToHex(REPLICAS_OWNER)).toBe('dc5b20847f43d67928f49cd4f85d696b5a7617b5');
    // The owner is written out in replicas.ts; it is the address of the replica key.
    expect(bytesToHex(privateKeyToAddress(REPLICA_PRIVATE_KEY))).toBe(bytesToHex(REPLICAS_OWNER));
  });

  it('derives the addresses Bee stores, and byte-identical replica chunks', () => {
    expect(bytesToHex(root.address)).toBe('d08082121910e4b65918ce49ed8a1c713bab7ab65da2b0dd0cecb2cbf51af1bc');
    expect(replicaSlots(root.address, 4).map((s) => bytesToHex(s.address)).sort()).toEqual(BEE_LEVEL_4);
    const level1 = Object.fromEntries(rootReplicas(root, 1).map((r) => [bytesToHex(r.address), createHash('sha256').update(r.data).digest('hex')]));
    expect(level1).toEqual(BEE_LEVEL_1);
    expect(rootReplicas(root, 1).every((r) => r.data.length === 32 + 65 + 8 + 4096)).toBe(true);
  });

  it('none at level 0; 2, 4, 8, 16 at levels 1–4, in distinct neighbourhoods, each a valid SOC wrapping the root', () => {
    expect(rootReplicas(root, 0)).toEqual([]);
    for (const level of levels) {
      const replicas = rootReplicas(root, level);
      expect(replicas).toHaveLength(REPLICA_COUNTS[level]);
      expect(new Set(replicas.map((r) => r.address[0]! >> (8 - level))).size).toBe(REPLICA_COUNTS[level]);
      for (const replica of replicas) {
        const parsed = parseSingleOwnerChunk(replica.data, replica.address);
        expect(bytesToHex(parsed.owner)).toBe(bytesToHex(REPLICAS_OWNER));
        expect(bytesToHex(parsed.wrappedAddress)).toBe(bytesToHex(root.address));
        expect(bytesToHex(parsed.identifier.subarray(1))).toBe(bytesToHex(root.address.subarray(1)));
      }
    }
  });

  it('a lower level stores a prefix of the higher levels\' order (a retriever tries 2, then 4, 8, 16)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (address) => {
        const all = replicaSlots(address, 4).map((s) => bytesToHex(s.address));
        for (const level of levels) expect(replicaSlots(address, level).map((s) => bytesToHex(s.address))).toEqual(all.slice(0, REPLICA_COUNTS[level]));
      }),
      { numRuns: 200 },
    );
  });
});
