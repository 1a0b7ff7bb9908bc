/**
 * ACT grantee lists as Bee v2.8.1 serves them (pkg/api/accesscontrol.go; bee-api.md §2.7):
 * - POST /grantee `{grantees: [66-hex pubkey]}` -> 201 `{ref, historyref}`: the list (65-byte uncompressed keys,
 *   concatenated, duplicates dropped) is stored as encrypted content (128-hex reference), and that reference is
 *   encrypted for the publisher (this node), so `ref` is 128 hex that only this node can read; `historyref` is
 *   the 64-hex reference of a new ACT history.
 * - GET /grantee/{ref} -> 200 `[66-hex compressed pubkey]`; a reference this node cannot decrypt or load: 404
 *   "granteelist not found" (another node's list, an unknown reference).
 * - PATCH /grantee/{ref} `{add: [], revoke: []}` with `swarm-act-history-address` -> 200 `{ref, historyref}`;
 *   revoking from an empty list: 400 "remove from empty grantee list"; an unknown history: 500. Removal keeps Bee's order quirk: a
 *   removed key is replaced by the last one (and the key moved there is not re-checked).
 * Bee's checks in Bee's order: no body 400, header params 400 (batch required; history required on PATCH), a
 * body that is not JSON 500, keys that are not secp256k1 points 400, then the batch (404 unknown, 422 unusable).
 *
 * The devnet stands in for Bee's ACT key derivation with a keccak keystream from the node's private key, and
 * stores the history as a small content record instead of Bee's history manifest and ACT trie: the shapes,
 * statuses and who-can-read-what match; the bytes behind the references do not.
 */
import { Point } from '@noble/secp256k1';
import { bytesToHex, concatBytes, hexToBytes, utf8Decode, utf8Encode } from '../../core/swarm/bytes.js';
import { keccak256 } from '../../core/swarm/keccak.js';
import { checkUploadBatch } from '../content/postage.js';
import { HeaderError, hexHeader } from '../content/headers.js';
import { readAll } from '../content/joiner.js';
import { splitIntoSession } from '../content/split.js';
import { readUploadPlan, UploadSession, type UploadPlan } from '../content/upload.js';
import { beeError, beeJson, type DevnetRequest, type DevnetResponse, type RouteDef } from '../http/router.js';
import type { DevnetNode } from '../node.js';
import { downloadSource } from './bytes.js';
import { guarded } from './guard.js';
import { contentReferenceParam } from './params.js';

const UNCOMPRESSED_KEY = 65;

class GranteeRefused extends Error {
  constructor(readonly response: DevnetResponse) {
    super('grantee request refused');
  }
}

/** Bee's parseKeys: hex of a compressed or uncompressed secp256k1 point; answers uncompressed bytes. */
function parseKeys(list: unknown, message: string): Uint8Array[] {
  if (list === undefined || list === null) return [];
  if (!Array.isArray(list)) throw new GranteeRefused(beeError(500, 'error unmarshaling request body'));
  return list.map((entry) => {
    if (typeof entry !== 'string') throw new GranteeRefused(beeError(500, 'error unmarshaling request body'));
    try {
      return Point.fromHex(entry).toBytes(false);
    } catch {
      throw new GranteeRefused(beeError(400, message));
    }
  });
}

/** Keystream XOR standing in for Bee's publisher-keyed reference encryption (symmetric: encrypts and decrypts). */
function cryptRefForPublisher(node: DevnetNode, ref: Uint8Array): Uint8Array {
  const out = new Uint8Array(ref.length);
  for (let block = 0; block * 32 < ref.length; block++) {
    const pad = keccak256(node.privateKey, utf8Encode('devnet act grantee list'), Uint8Array.of(block));
    for (let i = 0; i < 32 && block * 32 + i < ref.length; i++) out[block * 32 + i] = ref[block * 32 + i]! ^ pad[i]!;
  }
  return out;
}

function sameKey(a: Uint8Array, b: Uint8Array): boolean {
  return bytesToHex(a) === bytesToHex(b);
}

/** GranteeList.Add: appends keys not already listed (nor repeated in the list being added). */
function addKeys(list: Uint8Array[], add: Uint8Array[]): Uint8Array[] {
  const out = [...list];
  for (const key of add) if (!out.some((k) => sameKey(k, key))) out.push(key);
  return out;
}

/** GranteeList.Remove, including its order quirk (swap with the last, index not revisited). */
function removeKeys(list: Uint8Array[], remove: Uint8Array[]): Uint8Array[] {
  if (list.length === 0) throw new GranteeRefused(beeError(400, 'remove from empty grantee list'));
  const grantees = [...list];
  for (const key of remove) {
    for (let i = 0; i < grantees.length; i++) {
      if (sameKey(grantees[i]!, key)) {
        grantees[i] = grantees[grantees.length - 1]!;
        grantees.pop();
      }
    }
  }
  return grantees;
}

/** The publisher's list behind an encrypted reference, or undefined when this node cannot read it. */
function loadList(node: DevnetNode, encryptedRef: string): Uint8Array[] | undefined {
  if (encryptedRef.length !== 128) return undefined;
  const listRef = bytesToHex(cryptRefForPublisher(node, hexToBytes(encryptedRef)));
  let data: Uint8Array;
  try {
    data = readAll(downloadSource(node), listRef);
  } catch {
    return undefined;
  }
  if (data.length % UNCOMPRESSED_KEY !== 0) return undefined;
  const keys: Uint8Array[] = [];
  for (let at = 0; at < data.length; at += UNCOMPRESSED_KEY) keys.push(data.slice(at, at + UNCOMPRESSED_KEY));
  return keys;
}

/** Stores the list (encrypted content) and a history record; answers `{ref, historyref}`. */
function saveList(node: DevnetNode, plan: UploadPlan, keys: Uint8Array[], previousHistory: string | undefined, status: 200 | 201): DevnetResponse {
  const session = new UploadSession(node, { ...plan, encrypt: false, redundancyLevel: 0 });
  const listRef = splitIntoSession(session, concatBytes(...keys), 0, true);
  const ref = bytesToHex(cryptRefForPublisher(node, hexToBytes(listRef)));
  const record = utf8Encode(JSON.stringify({ act: 'devnet', previous: previousHistory ?? null, encryptedglref: ref, timestamp: Date.now() }));
  const historyref = splitIntoSession(session, record, 0, false);
  const failure = session.finish(historyref);
  if (failure !== undefined) return failure;
  return beeJson(status, { ref, historyref });
}

async function readJsonBody(req: DevnetRequest): Promise<Record<string, unknown> | undefined> {
  const body = await req.body();
  if (body.length === 0) return undefined;
  try {
    const parsed = JSON.parse(utf8Decode(body)) as unknown;
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
    return parsed as Record<string, unknown>;
  } catch {
    throw new GranteeRefused(beeError(500, 'error unmarshaling request body'));
  }
}

function refusals(handler: (req: DevnetRequest, node: DevnetNode) => Promise<DevnetResponse>): RouteDef['handle'] {
  return guarded(async (req, node) => {
    try {
      return await handler(req, node);
    } catch (error) {
      if (error instanceof GranteeRefused) return error.response;
      throw error;
    }
  });
}

/** Bee answers "could not validate request" when the request has no body at all. */
function hasBody(req: DevnetRequest): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

export const granteeRoutes: RouteDef[] = [
  {
    method: 'POST',
    path: '/grantee',
    handle: refusals(async (req, node) => {
      if (!hasBody(req)) return beeError(400, 'could not validate request');
      const plan = readUploadPlan(req, node, 'content');
      const previousHistory = hexHeader(req, 'swarm-act-history-address', 32);
      const body = (await readJsonBody(req)) ?? {};
      const keys = parseKeys(body.grantees, 'invalid grantee list');
      const batch = checkUploadBatch(node, plan.batchId);
      if (batch !== undefined) return batch;
      return saveList(node, plan, addKeys([], keys), previousHistory, 201);
    }),
  },
  {
    method: 'GET',
    path: '/grantee/:address',
    handle: refusals(async (req, node) => {
      const ref = contentReferenceParam(req.params.address);
      const keys = loadList(node, ref);
      if (keys === undefined) return beeError(404, 'granteelist not found');
      return beeJson(
        200,
        keys.map((key) => bytesToHex(Point.fromBytes(key).toBytes(true))),
      );
    }),
  },
  {
    method: 'PATCH',
    path: '/grantee/:address',
    handle: refusals(async (req, node) => {
      if (!hasBody(req)) return beeError(400, 'could not validate request');
      const ref = contentReferenceParam(req.params.address);
      const plan = readUploadPlan(req, node, 'content');
      const history = hexHeader(req, 'swarm-act-history-address', 32);
      if (history === undefined) throw new HeaderError('swarm-act-history-address', 'want required:');
      const body = (await readJsonBody(req)) ?? {};
      const add = parseKeys(body.add, 'invalid add list');
      const revoke = parseKeys(body.revoke, 'invalid revoke list');
      const batch = checkUploadBatch(node, plan.batchId);
      if (batch !== undefined) return batch;
      // An unknown history fails while loading it, not as "entry not found": Bee v2.8.1 answers 500 (conformance).
      try {
        readAll(downloadSource(node), history);
      } catch {
        return beeError(500, 'failed to create or update grantee list');
      }
      const list = loadList(node, ref);
      if (list === undefined) return beeError(500, 'failed to create or update grantee list');
      let keys = add.length ? addKeys(list, add) : list;
      if (revoke.length) keys = removeKeys(keys, revoke);
      return saveList(node, plan, keys, history, 200);
    }),
  },
];
