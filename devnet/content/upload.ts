/**
 * The upload pipeline shared by /bytes, /bzz, /chunks, /soc and /feeds: read the upload headers the way
 * Bee does for that route, stamp and store each chunk locally, then push it to the network either now
 * (`swarm-deferred-upload: false`, the request waits) or after the network's push delay (deferred, the
 * default), updating the tag's counters as chunks land.
 */
import { bytesToHex, hexToBytes } from '../../core/swarm/bytes.js';
import { rootReplicas } from '../../core/swarm/replicas.js';
import type { RedundancyLevel } from '../../core/swarm/redundancy.js';
import { beeError, type DevnetRequest, type DevnetResponse } from '../http/router.js';
import type { DevnetNode } from '../node.js';
import { boolHeader, hexHeader, HeaderError, uintHeader } from './headers.js';
import { checkUploadBatch, stampChunk } from './postage.js';
import type { Tag } from './tags.js';

/** Redundancy levels 0..4 (NONE, MEDIUM, STRONG, INSANE, PARANOID). */
export const MAX_REDUNDANCY_LEVEL = 4;
/** Bee v2.8.1 uploads default to MEDIUM (bee-api.md §1.1). */
export const DEFAULT_UPLOAD_REDUNDANCY = 1;

/**
 * How each route decides deferral and tagging (bee-api.md §1.1, §2.6, §9):
 * - content (/bytes, /bzz, /feeds POST): deferred by default; a tag only when deferred or pinned.
 * - chunk (/chunks): the deferred header is ignored; a tag is used only when sent, and then the upload is deferred.
 * - soc (/soc): direct by default; an explicit deferred header wins, otherwise a sent tag means deferred.
 */
export type UploadKind = 'content' | 'chunk' | 'soc';

export interface UploadPlan {
  batchId: string;
  tag: Tag | undefined;
  deferred: boolean;
  pin: boolean;
  redundancyLevel: RedundancyLevel;
  /** `swarm-encrypt: true` (content routes): every chunk encrypted, references 128 hex. */
  encrypt: boolean;
}

export class UploadRefused extends Error {
  constructor(readonly response: DevnetResponse) {
    super(`upload refused with ${response.status}`);
  }
}

/** Parses the upload headers; throws HeaderError (400) or UploadRefused (404 tag / batch errors). */
export function readUploadPlan(req: DevnetRequest, node: DevnetNode, kind: UploadKind): UploadPlan {
  const batchId = hexHeader(req, 'swarm-postage-batch-id', 32);
  if (batchId === undefined) {
    if (req.headers['swarm-postage-stamp'] !== undefined && kind !== 'content') {
      throw new UploadRefused(beeError(400, 'pre-signed postage stamps are not supported by the devnet; send swarm-postage-batch-id'));
    }
    // Bee v2.8.1's /chunks answers a plain message here, not the header-validation `reasons` list.
    if (kind === 'chunk') throw new UploadRefused(beeError(400, "Either 'Swarm-Postage-Stamp' or 'Swarm-Postage-Batch-Id' header must be set in the request"));
    throw new HeaderError('swarm-postage-batch-id', 'want required:');
  }
  const pin = boolHeader(req, 'swarm-pin') ?? false;
  const deferredHeader = boolHeader(req, 'swarm-deferred-upload');
  const tagUid = uintHeader(req, 'swarm-tag', Number.MAX_SAFE_INTEGER);
  const redundancyLevel = (uintHeader(req, 'swarm-redundancy-level', MAX_REDUNDANCY_LEVEL) ?? DEFAULT_UPLOAD_REDUNDANCY) as RedundancyLevel;
  const encrypt = kind === 'content' && boolHeader(req, 'swarm-encrypt') === true;

  let deferred: boolean;
  let useTag: boolean;
  if (kind === 'content') {
    deferred = deferredHeader ?? true;
    useTag = deferred || pin;
  } else if (kind === 'chunk') {
    deferred = tagUid !== undefined && tagUid !== 0;
    useTag = deferred;
  } else {
    deferred = deferredHeader ?? (tagUid !== undefined && tagUid !== 0);
    useTag = deferred || pin || (tagUid !== undefined && tagUid !== 0);
  }

  let tag: Tag | undefined;
  if (useTag) {
    if (tagUid !== undefined && tagUid !== 0) {
      tag = node.tags.get(tagUid);
      if (tag === undefined) throw new UploadRefused(beeError(404, 'tag not found'));
    } else {
      tag = node.tags.create();
    }
  }

  const refusal = checkUploadBatch(node, batchId);
  if (refusal !== undefined) throw new UploadRefused(refusal);
  return { batchId, tag, deferred, pin, redundancyLevel, encrypt };
}

/** Collects the chunks of one upload, then pushes them (now or deferred) on `finish`. */
export class UploadSession {
  private readonly chunks: { addressHex: string; data: Uint8Array }[] = [];

  constructor(
    private readonly node: DevnetNode,
    private readonly plan: UploadPlan,
  ) {}

  /** Stamps and stores one chunk locally; throws UploadRefused when the batch refuses the stamp. */
  addChunk(address: Uint8Array, data: Uint8Array): void {
    const addressHex = bytesToHex(address);
    const refusal = stampChunk(this.node, this.plan.batchId, addressHex);
    if (refusal !== undefined) throw new UploadRefused(refusal);
    const tag = this.plan.tag;
    if (tag !== undefined) {
      tag.split++;
      if (this.node.store.has(addressHex)) tag.seen++;
      tag.stored++;
    }
    this.node.store.put(addressHex, data, 'upload');
    this.chunks.push({ addressHex, data });
  }

  /**
   * Adds Bee's dispersed replicas of a finished tree's root chunk (64- or 128-hex reference, its root chunk
   * already added), at the upload's redundancy level: none at level 0. See content/replicas.ts.
   */
  addRootReplicas(referenceHex: string): void {
    const level = this.plan.redundancyLevel;
    if (level === 0) return;
    const addressHex = referenceHex.slice(0, 64);
    const data = this.node.store.get(addressHex);
    if (data === undefined) throw new Error(`root chunk ${addressHex} is not in this upload`);
    for (const replica of rootReplicas({ address: hexToBytes(addressHex), data }, level)) this.addChunk(replica.address, replica.data);
  }

  get chunkCount(): number {
    return this.chunks.length;
  }

  /**
   * Records the root (if any) on the tag and the pin, then pushes. A direct upload waits for every push and fails
   * with 500 when a chunk could be stored nowhere (the node is isolated), as Bee's direct push would.
   */
  finish(rootHex: string | undefined): DevnetResponse | undefined {
    const { tag, pin, deferred } = this.plan;
    // A chunk stream has no root (Bee closes its session with the zero address, which leaves the tag's alone).
    if (tag !== undefined && rootHex !== undefined) tag.address = rootHex;
    if (pin && rootHex !== undefined) this.node.pins.add(rootHex, this.chunks.map((c) => c.addressHex));
    // `sent` counts deliveries as chunks go out, `synced` the receipts that come back (a tick later when the
    // network pushes at a rate), so a polled tag moves split → stored → sent → synced as on Bee.
    const onSent = (storedBy: number[]): void => {
      if (tag !== undefined) tag.sent += storedBy.length;
    };
    const onSynced = (): void => {
      if (tag !== undefined) tag.synced++;
    };
    const onPushed = (storedBy: number[]): void => {
      onSent(storedBy);
      onSynced();
    };
    if (deferred) {
      for (const chunk of this.chunks) {
        this.node.network.schedulePush(this.node, chunk.addressHex, chunk.data, onSynced, (receipt) => onSent(receipt.storedBy));
      }
      this.node.log.debug('node/pusher', 'upload queued for push', { reference: rootHex ?? '', chunks: this.chunks.length });
      return undefined;
    }
    for (const chunk of this.chunks) {
      const receipt = this.node.network.pushNow(this.node, chunk.addressHex, chunk.data);
      if (receipt.storedBy.length === 0) {
        this.node.log.error('node/pusher', 'direct push failed: no reachable peer', { address: chunk.addressHex });
        return beeError(500, 'upload failed: chunk could not be pushed to any peer');
      }
      onPushed(receipt.storedBy);
    }
    this.node.log.debug('node/pusher', 'upload pushed', { reference: rootHex ?? '', chunks: this.chunks.length });
    return undefined;
  }

  /** The `swarm-tag` response header Bee sends whenever the upload used a tag. */
  responseHeaders(): Record<string, string> {
    return this.plan.tag === undefined ? {} : { 'swarm-tag': String(this.plan.tag.uid) };
  }
}
