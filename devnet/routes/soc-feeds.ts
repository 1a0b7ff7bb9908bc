/** POST/GET /soc/{owner}/{id} and GET /feeds/{owner}/{topic} (bee-api.md §2.6, §4, §5.1). */
import { bytesToHex, concatBytes, hexToBytes } from '../../core/swarm/bytes.js';
import { CHUNK_SIZE, SPAN_SIZE } from '../../core/swarm/chunk.js';
import { formatFeedIndexHeader, nextFeedIndex } from '../../core/swarm/feeds.js';
import { InputError } from '../../core/swarm/input-error.js';
import { parseSingleOwnerChunk, socAddress } from '../../core/swarm/soc.js';
import { boolHeader } from '../content/headers.js';
import { resolveFeed } from '../content/feed-resolve.js';
import { readUploadPlan, UploadSession } from '../content/upload.js';
import { beeError, beeJson, type RouteDef } from '../http/router.js';
import { downloadSource, serveContent } from './bytes.js';
import { guarded } from './guard.js';
import { hexParam, ParamError } from './params.js';
import { invalidParams } from '../content/headers.js';

const OCTET = 'application/octet-stream';

export const socFeedRoutes: RouteDef[] = [
  {
    method: 'POST',
    path: '/soc/:owner/:id',
    handle: guarded(async (req, node) => {
      const owner = hexParam(req.params.owner, 'owner', 20);
      const id = hexParam(req.params.id, 'id', 32);
      const sig = (req.query.get('sig') ?? '').toLowerCase();
      if (!/^[0-9a-f]{130}$/.test(sig)) throw new ParamError(invalidParams('invalid query params', 'sig', 'want 130 hex characters'));
      const plan = readUploadPlan(req, node, 'soc');
      const body = await req.body();
      if (body.length > SPAN_SIZE + CHUNK_SIZE) return beeError(413, 'Request Entity Too Large');
      if (body.length < SPAN_SIZE) return beeError(400, 'short chunk data');
      const expected = socAddress(hexToBytes(id), hexToBytes(owner));
      const data = concatBytes(hexToBytes(id), hexToBytes(sig), body);
      try {
        parseSingleOwnerChunk(data, expected);
      } catch (error) {
        if (error instanceof InputError) return beeError(401, 'invalid chunk');
        throw error;
      }
      const session = new UploadSession(node, plan);
      session.addChunk(expected, data);
      const reference = bytesToHex(expected);
      const failure = session.finish(reference);
      if (failure !== undefined) return failure;
      return beeJson(201, { reference }, session.responseHeaders());
    }),
  },
  {
    method: 'GET',
    path: '/soc/:owner/:id',
    handle: guarded((req, node) => {
      const owner = hexParam(req.params.owner, 'owner', 20);
      const id = hexParam(req.params.id, 'id', 32);
      const address = socAddress(hexToBytes(id), hexToBytes(owner));
      const source = downloadSource(node);
      const data = source(bytesToHex(address));
      if (data === undefined) return beeError(404, 'chunk not found');
      const soc = parseSingleOwnerChunk(data, address);
      const headers = { 'content-type': OCTET, 'swarm-soc-signature': bytesToHex(soc.signature) };
      if (boolHeader(req, 'swarm-only-root-chunk') === true) return { status: 200, headers, body: soc.wrappedData };
      // Like Bee (checked against v2.8.1): the joined content is served with ETag = wrapped chunk address and Range support.
      const wrappedHex = bytesToHex(soc.wrappedAddress);
      return serveContent(node, wrappedHex, req.headers, headers, (a) => (a === wrappedHex ? soc.wrappedData : source(a)));
    }),
  },
  {
    method: 'GET',
    path: '/feeds/:owner/:topic',
    handle: guarded((req, node) => {
      const owner = hexParam(req.params.owner, 'owner', 20);
      const topic = hexParam(req.params.topic, 'topic', 32);
      const afterText = req.query.get('after');
      if (afterText !== null && !/^\d+$/.test(afterText)) throw new ParamError(invalidParams('invalid query params', 'after', 'invalid syntax'));
      const after = afterText === null ? 0n : BigInt(afterText);
      const resolved = resolveFeed(downloadSource(node), hexToBytes(owner), hexToBytes(topic), after);
      if (resolved === undefined) return beeError(404, 'lookup at failed: no update found');
      if (resolved.kind === 'dangling') return beeError(404, 'wrapped chunk cannot be retrieved');
      const { update } = resolved;
      const headers = {
        'content-type': OCTET,
        'swarm-feed-index': formatFeedIndexHeader(update.index),
        'swarm-feed-index-next': formatFeedIndexHeader(nextFeedIndex(update.index)),
        'swarm-soc-signature': bytesToHex(update.soc.signature),
        'swarm-feed-resolved-version': resolved.version,
      };
      // Bee v2.8.1 answers only-root-chunk with the root chunk of the *resolved* content: for a v1 update the
      // chunk its reference points at (not the update's timestamp ‖ reference payload), for v2 the wrapped chunk.
      if (boolHeader(req, 'swarm-only-root-chunk') === true) {
        const root = resolved.source(resolved.contentHex);
        if (root === undefined) return beeError(404, 'chunk not found');
        return { status: 200, headers, body: root };
      }
      // The full answer carries ETag = resolved reference and honours Range, as Bee's does.
      return serveContent(node, resolved.contentHex, req.headers, headers, resolved.source);
    }),
  },
];
