/**
 * PSS sending (bee-api.md §2.8): `POST /pss/send/{topic}/{targets}` with the message as the body and the batch
 * in `swarm-postage-batch-id`; `recipient` (the receiver's PSS public key) encrypts it for one node. Bee answers
 * 201; the message is mined into a trojan chunk for the first target and pushed. Subscribing is a WebSocket
 * (the S14 actors), not this client.
 */
import type { CallOptions, RequestBody, Transport } from '../http.js';
import { emptyCall } from '../readers.js';
import { hexParam } from '../url.js';

export interface PssSendOptions extends CallOptions {
  readonly batchId: string;
  /** The receiver's PSS public key (compressed secp256k1, hex). */
  readonly recipient?: string;
}

export function messagingEndpoints(t: Transport) {
  return {
    /** `topic` is the 64-hex topic (core/swarm/topic.ts); `targets` comma-separated hex prefixes of 1..3 bytes. */
    pssSend: (topic: string, targets: string, message: RequestBody, o: PssSendOptions) =>
      emptyCall(
        t,
        {
          method: 'POST',
          template: '/pss/send/{topic}/{targets}',
          params: { topic: hexParam('topic', topic, 64), targets },
          query: { recipient: o.recipient },
          headers: { 'swarm-postage-batch-id': o.batchId, 'content-type': 'application/octet-stream' },
          body: message,
        },
        o,
      ),
  };
}
