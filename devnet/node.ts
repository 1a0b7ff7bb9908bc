/**
 * What a route handler knows about the node it runs on. One DevnetNode per simulated Bee; the HTTP server
 * passes it to every handler. Chain state (`chain`) belongs to devnet/chain (SimChain).
 */
import type { NodeChain } from './chain/node-chain.js';
import type { PinRegistry } from './content/pins.js';
import type { TagRegistry } from './content/tags.js';
import type { NodeFaults } from './faults.js';
import type { NodeLog } from './log/node-log.js';
import type { SimNetwork } from './network/sim-network.js';
import type { ChunkStore } from './store/chunk-store.js';

export interface DevnetNode {
  index: number;
  /** 32-byte overlay address, in the same space as chunk addresses. */
  overlay: Uint8Array;
  /** Lower-case hex, no 0x (how Bee prints overlays). */
  overlayHex: string;
  /** secp256k1 private key (32 bytes), deterministic from the devnet seed. */
  privateKey: Uint8Array;
  /** 0x-prefixed lower-case Ethereum address of the node's key. */
  ethAddress: string;
  /** Compressed secp256k1 public key, 66 hex chars, no 0x. */
  publicKeyHex: string;
  /** Base URL of the node's API, e.g. http://127.0.0.1:1633 (no trailing slash). */
  apiUrl: string;
  store: ChunkStore;
  faults: NodeFaults;
  log: NodeLog;
  network: SimNetwork;
  tags: TagRegistry;
  pins: PinRegistry;
  /** This node's view of the shared simulated chain: wallet, postage, stake, redistribution, status. */
  chain: NodeChain;
  /** Bee's `--swap-enable` / `--storage-incentives-enable`; absent means both on (Bee's defaults). */
  features?: NodeFeatures;
}

export interface NodeFeatures {
  swap: boolean;
  storageIncentives: boolean;
}

/** The node's feature switches with Bee's defaults filled in. */
export function nodeFeatures(node: Pick<DevnetNode, 'features'>): NodeFeatures {
  return node.features ?? { swap: true, storageIncentives: true };
}
