/**
 * Builders shared by the chain tests: a SimChain without a scheduler (blocks only move on advance)
 * and NodeChains with deterministic keys-shaped identities.
 */
import { bytesToHex, uint64BE } from '../../core/swarm/bytes.js';
import { keccak256 } from '../../core/swarm/keccak.js';
import type { ChainFaults } from './faults.js';
import { NodeChain, type ChainPeer, type NodeChainInit } from './node-chain.js';
import { SimChain, type SimChainOptions } from './sim-chain.js';

export function testChain(options: SimChainOptions = {}): SimChain {
  return new SimChain({ startBlock: 1000, ...options });
}

export function testNode(
  chain: SimChain,
  index: number,
  extra: Partial<NodeChainInit> & { peers?: () => readonly ChainPeer[]; faults?: Partial<ChainFaults> } = {},
): NodeChain {
  const seed = keccak256(uint64BE(index + 1));
  return new NodeChain({
    chain,
    index,
    overlayHex: bytesToHex(keccak256(seed, new Uint8Array([1]))),
    ethAddress: `0x${bytesToHex(keccak256(seed).subarray(12))}`,
    publicKeyHex: `02${bytesToHex(keccak256(seed, new Uint8Array([2])))}`,
    ...extra,
  });
}

/** A 32-byte chunk address whose bucket (first two bytes) is `bucket`. */
export function addressInBucket(bucket: number, salt: number): Uint8Array {
  const address = keccak256(uint64BE(salt));
  address[0] = bucket >> 8;
  address[1] = bucket & 0xff;
  return address;
}
