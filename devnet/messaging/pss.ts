/**
 * PSS on the devnet: POST /pss/send/{topic}/{targets} (bee-api.md §2.7) and delivery to the WebSocket
 * subscribers of GET /pss/subscribe/{topic}.
 *
 * Answers follow Bee's pss.go: body over 4096 bytes → 413 (its max-body middleware runs first); bad
 * targets or recipient → 400 with reasons; no batch header → 400 invalid header params; batch unknown or
 * not usable → 400 "batch not found" / "batch not usable yet"; a message over the trojan limit (4000 bytes)
 * or targets of mixed lengths → 500 "pss send failed" (Bee's trojan.Wrap refuses them); bucket full → 402.
 *
 * Delivery, the devnet's model of "the trojan chunk is pushed to the target neighbourhood and unwrapped
 * there": every node whose overlay starts with one of the target prefixes receives the message, provided
 * the network connects it to the sender (both up and not isolated; the sender itself always reaches its own
 * subscribers), it can serve subscriptions (not under error500), and it can decrypt the message (no
 * recipient, i.e. the topic key; or the recipient is its PSS key or the topic key). Bee mines the trojan
 * address for one of the targets, so only that one neighbourhood gets it; the devnet delivers to all of
 * them, which keeps tests deterministic. The trojan chunk is stamped on the batch (it spends a slot of the
 * bucket its address falls in) but not stored.
 */
import { randomBytes } from 'node:crypto';
import { getPublicKey } from '@noble/secp256k1';
import { bytesToHex, concatBytes, hexToBytes } from '../../core/swarm/bytes.js';
import { CHUNK_SIZE } from '../../core/swarm/chunk.js';
import { topicFromString } from '../../core/swarm/feeds.js';
import { hexHeader, HeaderError } from '../content/headers.js';
import { checkUploadBatch, stampChunk } from '../content/postage.js';
import { beeError, beeJson, type RouteDef } from '../http/router.js';
import type { DevnetNode } from '../node.js';
import { guarded } from '../routes/guard.js';
import { describeTargets, overlayMatchesTarget, parsePssRecipient, parsePssTargets } from './pss-params.js';
import { canServeSubscriptions, SubscriptionRegistry, subscriptionsOf } from './subscriptions.js';

/** Bee's trojan MaxPayloadSize: a chunk minus the nonce, the ephemeral key and the integrity segment. */
export const PSS_MAX_MESSAGE_SIZE = CHUNK_SIZE - 3 * 32;

export interface PssMessage {
  /** keccak256 of the topic string. */
  topic: Uint8Array;
  payload: Uint8Array;
  targets: Uint8Array[];
  /** 66-hex compressed public key, or undefined for topic-key encryption. */
  recipient: string | undefined;
}

export const pssSendRoute: RouteDef = {
  method: 'POST',
  path: '/pss/send/:topic/:targets',
  handle: guarded(async (req, node) => {
    const declared = Number(req.headers['content-length'] ?? '0');
    if (declared > CHUNK_SIZE) return beeError(413, 'Request Entity Too Large');
    const topicText = req.params.topic ?? '';
    const targets = parsePssTargets(req.params.targets ?? '');
    const recipient = parsePssRecipient(req.query.get('recipient'));
    const batchId = hexHeader(req, 'swarm-postage-batch-id', 32);
    if (batchId === undefined) throw new HeaderError('swarm-postage-batch-id', 'want required:');
    const payload = await req.body();
    if (payload.length > CHUNK_SIZE) return beeError(413, 'Request Entity Too Large');

    const refusal = checkUploadBatch(node, batchId);
    if (refusal !== undefined) return beeError(400, refusal.status === 404 ? 'batch not found' : 'batch not usable yet');
    if (payload.length > PSS_MAX_MESSAGE_SIZE || targets.some((t) => t.length !== targets[0]!.length)) {
      node.log.debug('node/pss', 'send payload failed', { topic: topicText, size: payload.length, targets: describeTargets(targets) });
      return beeError(500, 'pss send failed');
    }
    const stampRefusal = stampChunk(node, batchId, trojanAddressHex(targets));
    if (stampRefusal !== undefined) {
      return stampRefusal.status === 402 ? beeError(402, 'batch is overissued') : beeError(500, 'pss send failed');
    }

    const deliveredTo = deliverPssMessage(node, { topic: topicFromString(topicText), payload, targets, recipient });
    node.log.debug('node/pss', 'message sent', { topic: topicText, targets: describeTargets(targets), deliveredTo: deliveredTo.join(',') });
    return beeJson(201, { message: 'Created', code: 201 });
  }),
};

/**
 * Hands the message to the PSS subscribers of every node that would unwrap it (see the file comment).
 * Returns the indices of the nodes that received it, whether or not anyone there was subscribed.
 */
export function deliverPssMessage(sender: DevnetNode, message: PssMessage): number[] {
  const network = sender.network;
  const registry = subscriptionsOf(network);
  const topicHex = bytesToHex(message.topic);
  const topicKey = topicPublicKeyHex(message.topic);
  const receivers = network.nodes.filter((node) => {
    if (!message.targets.some((target) => overlayMatchesTarget(node.overlay, target))) return false;
    const connected = node === sender || (network.isReachable(sender) && network.isReachable(node));
    if (!connected || !canServeSubscriptions(node)) return false;
    const recipient = message.recipient ?? topicKey;
    return recipient === topicKey || recipient === node.chain.pssPublicKeyHex.toLowerCase();
  });
  for (const node of receivers) {
    const sent = SubscriptionRegistry.sendFrame(registry.on(node, 'pss', topicHex), message.payload);
    if (sent > 0) node.log.debug('node/pss', 'message delivered to subscribers', { topic: topicHex, subscribers: sent });
  }
  return receivers.map((node) => node.index);
}

/** The subscription key of a topic string: what GET /pss/subscribe/{topic} listens on. */
export function pssTopicKey(topicText: string): string {
  return bytesToHex(topicFromString(topicText));
}

const SECP256K1_ORDER = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

/**
 * The public key of the topic used as a private key (Bee's Secp256k1PrivateKeyFromBytes, which reduces
 * modulo the curve order): the recipient Bee encrypts for when no recipient is given, so any node can read it.
 */
export function topicPublicKeyHex(topic: Uint8Array): string {
  const scalar = BigInt(`0x${bytesToHex(topic)}`) % SECP256K1_ORDER;
  // A topic hash equal to a multiple of the order has probability ~2^-256; fall back to 1 to stay total.
  const key = scalar === 0n ? 1n : scalar;
  return bytesToHex(getPublicKey(hexToBytes(key.toString(16).padStart(64, '0')), true));
}

/** A stand-in for the mined trojan address: one of the targets as prefix, random after it. */
function trojanAddressHex(targets: readonly Uint8Array[]): string {
  const target = targets[Math.floor(Math.random() * targets.length)]!;
  return bytesToHex(concatBytes(target, new Uint8Array(randomBytes(32 - target.length))));
}
