/**
 * GSOC on the devnet: GET /gsoc/subscribe/{address} (bee-api.md §2.7) fires when a single-owner chunk with
 * that address arrives at the node, and sends its wrapped payload without the span as one binary frame.
 *
 * "Arrives" means the node's chunk store takes a new version of the chunk through an upload on this node
 * (the receiving node) or a push into its reserve (the closest nodes, as SimNetwork's push decides, now or
 * after the deferred-upload delay). A byte-identical copy of what the node already holds does not fire again
 * (e.g. the uploader that is also among the closest nodes fires once), and pin copies never fire.
 *
 * The chunk store has no listener API, so the first GSOC subscription on a node wraps that store's `put`
 * (once per store): the store's own code stays untouched and nodes without GSOC subscribers pay nothing.
 */
import { bytesEqual, bytesToHex } from '../../core/swarm/bytes.js';
import { parseSingleOwnerChunk, SOC_MAX_SIZE, SOC_MIN_SIZE } from '../../core/swarm/soc.js';
import type { DevnetNode } from '../node.js';
import type { ChunkStore } from '../store/chunk-store.js';
import { canServeSubscriptions, SubscriptionRegistry, subscriptionsOf } from './subscriptions.js';

const watchedStores = new WeakSet<ChunkStore>();

/** Starts turning SOC arrivals in this node's store into GSOC frames (idempotent). */
export function watchSocArrivals(node: DevnetNode): void {
  const store = node.store;
  if (watchedStores.has(store)) return;
  watchedStores.add(store);
  const put = store.put.bind(store);
  store.put = (addressHex, data, origin) => {
    const before = store.get(addressHex);
    put(addressHex, data, origin);
    if (origin === 'pin' || (before !== undefined && bytesEqual(before, data))) return;
    deliverSocArrival(node, addressHex, data);
  };
}

/** Sends the SOC's payload to the node's subscribers of its address; returns how many sockets took it. */
export function deliverSocArrival(node: DevnetNode, addressHex: string, data: Uint8Array): number {
  if (!canServeSubscriptions(node)) return 0;
  const subscribers = subscriptionsOf(node.network).on(node, 'gsoc', addressHex);
  if (subscribers.length === 0) return 0;
  const payload = socPayload(addressHex, data);
  if (payload === undefined) return 0;
  const sent = SubscriptionRegistry.sendFrame(subscribers, payload);
  node.log.debug('node/gsoc', 'soc delivered to subscribers', { address: addressHex, subscribers: sent });
  return sent;
}

/** The wrapped chunk's payload when `data` is a valid SOC living at `addressHex`; undefined for a content chunk. */
export function socPayload(addressHex: string, data: Uint8Array): Uint8Array | undefined {
  if (data.length < SOC_MIN_SIZE || data.length > SOC_MAX_SIZE) return undefined;
  try {
    const soc = parseSingleOwnerChunk(data);
    return bytesToHex(soc.address) === addressHex ? soc.payload : undefined;
  } catch {
    // a content chunk (or a SOC whose signature does not recover this address) is no GSOC message
    return undefined;
  }
}
