/**
 * The content half of the conformance scenario: /bytes at redundancy levels 0, default and 1, /bzz file
 * and tar collection, /chunks, /soc, feeds, tags, pins and stewardship, each with the refusals clients meet.
 */
import { bytesToHex, hexToBytes, utf8Encode } from '../../../core/swarm/bytes.js';
import { replicaSlots } from '../../../core/swarm/replicas.js';
import { keccak256 } from '../../../core/swarm/keccak.js';
import { danglingTopicHex, emptyTopicHex, scenarioContentChunk, scenarioDanglingFeedUpdate, scenarioFeedUpdate, scenarioFullSizeSoc, scenarioNeitherChunkNorSoc, scenarioOwnerHex, scenarioSoc, scenarioTar, scenarioTopicHex, seededBytes } from './fixtures.js';
import type { ScenarioRecorder, StepResponse } from './recorder.js';
import { bodyDigest } from './transcript.js';

const OCTETS = 'application/octet-stream';
/** A reference nobody uploaded (fixed, so the transcript path is the same on every node). */
export const UNKNOWN_REF = bytesToHex(keccak256(utf8Encode('conformance: nobody uploaded this')));
const ref = (r: StepResponse) => ({ reference: r.field('reference') });
/** Hash of a successful body (error bodies are compared by shape: their wording may differ). */
const digest = (r: StepResponse): Record<string, string> => (r.status < 300 ? { body: bodyDigest(r.body) } : {});
/** The verdict itself must agree, not only its type. */
const verdict = (r: StepResponse) => ({ isRetrievable: String(r.json()?.['isRetrievable']) });
/** The header as sent (the recorder reads HEAD answers as text, so a value clients refuse still arrives). */
const contentLength = (r: StepResponse) => ({ 'content-length': r.headers.get('content-length') ?? '(none)' });
/** An error's own words, where they are the point of the step. */
const message = (r: StepResponse) => ({ message: r.field('message') });

export interface ContentRefs {
  /** 10 kB at level 0, the one pinned and re-seeded. */
  small0: string;
  /** 600 kB at the default level, pushed directly, retrieved from node 1. */
  large: string;
  file: string;
  collection: string;
}

export async function bytesSteps(run: ScenarioRecorder, batchId: string): Promise<Pick<ContentRefs, 'small0' | 'large'>> {
  const small = seededBytes('conformance bytes 10k', 10_000);
  const large = seededBytes('conformance bytes 600k', 600_000);
  const upload = (level: string | undefined, extra: Record<string, string> = {}) => ({
    'swarm-postage-batch-id': batchId,
    'content-type': OCTETS,
    ...(level === undefined ? {} : { 'swarm-redundancy-level': level }),
    ...extra,
  });
  const small0 = (await run.step('bytes upload, level 0', { method: 'POST', path: '/bytes', headers: upload('0'), body: small, addresses: ref })).field('reference');
  const defaultRef = (await run.step('bytes upload, default level', { method: 'POST', path: '/bytes', headers: upload(undefined), body: small, addresses: ref })).field('reference');
  await run.step('bytes upload, level 1', { method: 'POST', path: '/bytes', headers: upload('1'), body: small, addresses: ref });
  await run.step('bytes upload, level 2', { method: 'POST', path: '/bytes', headers: upload('2'), body: small, addresses: ref });
  const bigRef = (
    await run.step('bytes upload 600 kB, default level, direct', { method: 'POST', path: '/bytes', headers: upload(undefined, { 'swarm-deferred-upload': 'false' }), body: large, addresses: ref, timeoutMs: 120_000 })
  ).field('reference');
  // Bee also stores dispersed replicas of the root (SOCs under a fixed owner): fetch both level-1 replicas from another node.
  for (const [i, slot] of replicaSlots(hexToBytes(bigRef), 1).entries()) {
    await run.step(`root replica ${i} of the 600 kB upload, from another node`, { node: 1, method: 'GET', path: '/chunks/{address}', params: { address: bytesToHex(slot.address) }, addresses: digest });
  }
  await run.step('bytes upload 600 kB, level 0', { method: 'POST', path: '/bytes', headers: upload('0'), body: large, addresses: ref, timeoutMs: 120_000 });
  await run.step('bytes upload, pinned', { method: 'POST', path: '/bytes', headers: upload('0', { 'swarm-pin': 'true' }), body: seededBytes('pinned', 3000), addresses: ref });
  await run.step('bytes download', { method: 'GET', path: '/bytes/{ref}', params: { ref: small0 }, addresses: digest });
  await run.step('bytes download, range', { method: 'GET', path: '/bytes/{ref}', params: { ref: small0 }, headers: { range: 'bytes=100-4199' }, addresses: digest });
  await run.step('bytes download, unsatisfiable range', { method: 'GET', path: '/bytes/{ref}', params: { ref: small0 }, headers: { range: 'bytes=20000-20010' } });
  await run.step('bytes head', { method: 'HEAD', path: '/bytes/{ref}', params: { ref: small0 } });
  // Bee v2.8.1 prints the root span as a signed int64, level byte and all: negative for a level-1 root.
  await run.step('bytes head, default level', { method: 'HEAD', path: '/bytes/{ref}', params: { ref: defaultRef }, addresses: contentLength });
  await run.step('bytes head, unknown reference', { method: 'HEAD', path: '/bytes/{ref}', params: { ref: UNKNOWN_REF } });
  const encrypted = (await run.step('bytes upload, encrypted', { method: 'POST', path: '/bytes', headers: upload('0', { 'swarm-encrypt': 'true' }), body: small })).field('reference', `${UNKNOWN_REF}${UNKNOWN_REF}`);
  await run.step('bytes head, encrypted reference', { method: 'HEAD', path: '/bytes/{ref}', params: { ref: encrypted } });
  await run.step('bytes download from another node, erasure-coded tree', { node: 1, method: 'GET', path: '/bytes/{ref}', params: { ref: bigRef }, addresses: digest, timeoutMs: 120_000 });
  await run.step('bytes upload without batch', { method: 'POST', path: '/bytes', headers: { 'content-type': OCTETS }, body: small });
  await run.step('bytes upload with unknown batch', { method: 'POST', path: '/bytes', headers: { ...upload('0'), 'swarm-postage-batch-id': UNKNOWN_REF }, body: small });
  await run.step('bytes upload with malformed batch', { method: 'POST', path: '/bytes', headers: { ...upload('0'), 'swarm-postage-batch-id': 'zz' }, body: small });
  await run.step('bytes download, unknown reference', { method: 'GET', path: '/bytes/{ref}', params: { ref: UNKNOWN_REF } });
  await run.step('bytes download, malformed reference', { method: 'GET', path: '/bytes/{ref}', params: { ref: 'not-a-reference' } });
  return { small0, large: bigRef };
}

export async function bzzSteps(run: ScenarioRecorder, batchId: string): Promise<Pick<ContentRefs, 'file' | 'collection'>> {
  const stamp = { 'swarm-postage-batch-id': batchId };
  const file = (
    await run.step('bzz upload, single file', {
      method: 'POST',
      path: '/bzz',
      query: 'name=hello.txt',
      headers: { ...stamp, 'content-type': 'text/plain' },
      body: 'Hello from the conformance scenario.\n',
      addresses: ref,
    })
  ).field('reference');
  await run.step('bzz file, no trailing slash', { method: 'GET', path: '/bzz/{ref}', params: { ref: file } });
  await run.step('bzz file download', { method: 'GET', path: '/bzz/{ref}/', params: { ref: file }, addresses: digest });
  const collection = (
    await run.step('bzz upload, tar collection with index document', {
      method: 'POST',
      path: '/bzz',
      // Direct push: the stewardship step later checks it from another node.
      headers: { ...stamp, 'content-type': 'application/x-tar', 'swarm-collection': 'true', 'swarm-index-document': 'index.html', 'swarm-deferred-upload': 'false' },
      body: scenarioTar(),
      addresses: ref,
    })
  ).field('reference');
  const manifestReplica = replicaSlots(hexToBytes(collection), 1)[0]!;
  await run.step('root replica of the collection manifest, from another node', { node: 1, method: 'GET', path: '/chunks/{address}', params: { address: bytesToHex(manifestReplica.address) }, addresses: digest });
  const get = (name: string, path: string) => run.step(name, { method: 'GET', path: `/bzz/{ref}/${path}`, params: { ref: collection }, addresses: digest });
  await get('bzz collection, index document', '');
  await get('bzz collection, binary file', 'img/logo.bin');
  await get('bzz collection, text file', 'notes.txt');
  await get('bzz collection, folder index document', 'sub/');
  await get('bzz collection, folder without slash', 'sub');
  await get('bzz collection, missing path', 'nothing-here.html');
  await run.step('bzz collection without content type', { method: 'POST', path: '/bzz', headers: { ...stamp, 'swarm-collection': 'true' }, body: scenarioTar() });
  return { file, collection };
}

export async function chunkAndSocSteps(run: ScenarioRecorder, batchId: string): Promise<void> {
  const stamp = { 'swarm-postage-batch-id': batchId };
  const chunk = scenarioContentChunk();
  await run.step('chunk upload', { method: 'POST', path: '/chunks', headers: { ...stamp, 'content-type': OCTETS }, body: chunk.data, addresses: ref });
  await run.step('chunk download', { method: 'GET', path: '/chunks/{address}', params: { address: chunk.address }, addresses: digest });
  await run.step('chunk head', { method: 'HEAD', path: '/chunks/{address}', params: { address: chunk.address } });
  await run.step('chunk download, unknown address', { method: 'GET', path: '/chunks/{address}', params: { address: UNKNOWN_REF } });
  await run.step('chunk upload, too short', { method: 'POST', path: '/chunks', headers: { ...stamp, 'content-type': OCTETS }, body: new Uint8Array(4) });
  await run.step('chunk upload without batch', { method: 'POST', path: '/chunks', headers: { 'content-type': OCTETS }, body: chunk.data });
  const soc = scenarioSoc();
  const socPath = '/soc/{owner}/{id}';
  const params = { owner: soc.owner, id: soc.identifier };
  await run.step('soc upload', { method: 'POST', path: socPath, params, query: `sig=${soc.signature}`, headers: { ...stamp, 'content-type': OCTETS }, body: soc.body, addresses: ref });
  await run.step('soc download', { method: 'GET', path: socPath, params, addresses: digest });
  await run.step('soc download, only root chunk', { method: 'GET', path: socPath, params, headers: { 'swarm-only-root-chunk': 'true' }, addresses: digest });
  const badSignature = soc.signature.slice(0, 10) + (soc.signature[10] === '0' ? '1' : '0') + soc.signature.slice(11);
  await run.step('soc upload, wrong signature', { method: 'POST', path: socPath, params, query: `sig=${badSignature}`, headers: { ...stamp, 'content-type': OCTETS }, body: soc.body });
  // POST /chunks reads bodies up to 4104 bytes as content chunks, whatever they hold, and only longer ones as SOCs.
  const chunkUpload = (body: Uint8Array) => ({ method: 'POST' as const, path: '/chunks', headers: { ...stamp, 'content-type': OCTETS }, body, addresses: ref });
  await run.step('chunk upload of soc bytes (read as a content chunk)', chunkUpload(soc.data));
  await run.step('chunk upload of a full-size soc (read as a soc)', chunkUpload(scenarioFullSizeSoc().data));
  await run.step('chunk upload, neither content chunk nor soc', chunkUpload(scenarioNeitherChunkNorSoc()));
}

export async function feedSteps(run: ScenarioRecorder, batchId: string, fileRef: string): Promise<void> {
  const stamp = { 'swarm-postage-batch-id': batchId };
  const params = { owner: scenarioOwnerHex, topic: scenarioTopicHex };
  const manifest = (await run.step('feed manifest create', { method: 'POST', path: '/feeds/{owner}/{topic}', params, headers: stamp, addresses: ref })).field('reference');
  const update = scenarioFeedUpdate(fileRef);
  // A signed feed update goes up as a single-owner chunk, pushed at once so the lookups below can find it.
  const socUpload = (soc: { owner: string; identifier: string; signature: string; body: Uint8Array }) => ({
    method: 'POST' as const,
    path: '/soc/{owner}/{id}',
    params: { owner: soc.owner, id: soc.identifier },
    query: `sig=${soc.signature}`,
    headers: { ...stamp, 'content-type': OCTETS, 'swarm-deferred-upload': 'false' },
    body: soc.body,
    addresses: ref,
  });
  await run.step('feed update upload (soc)', socUpload(update));
  await run.step('feed lookup', { method: 'GET', path: '/feeds/{owner}/{topic}', params, addresses: digest });
  await run.step('feed lookup, only root chunk', { method: 'GET', path: '/feeds/{owner}/{topic}', params, headers: { 'swarm-only-root-chunk': 'true' }, addresses: digest });
  await run.step('feed lookup, no updates', { method: 'GET', path: '/feeds/{owner}/{topic}', params: { owner: scenarioOwnerHex, topic: emptyTopicHex } });
  const dangling = scenarioDanglingFeedUpdate();
  await run.step('feed update pointing at a reference nobody uploaded (soc)', socUpload(dangling));
  // Bee resolves a v1-length update two ways at once (bzz.go resolveFeed): the reference (v1) and the wrapped
  // chunk under its own address (v2). When both retrievals fail, the one that fails first decides: v2 first
  // gives 404, v1 first a v2 answer. This step fails the wrapped chunk's retrieval once, so Bee skips its peers
  // for it (a minute) and the lookup's v2 attempt fails at once: the 404 below, every run (devnet/content/feed-resolve.ts).
  await run.step('chunk download, the dangling update’s wrapped chunk (never stored alone)', { method: 'GET', path: '/chunks/{address}', params: { address: dangling.wrappedAddress } });
  await run.step('feed lookup, update pointing at a reference nobody uploaded', { method: 'GET', path: '/feeds/{owner}/{topic}', params: { owner: scenarioOwnerHex, topic: danglingTopicHex }, addresses: message });
  await run.step('bzz through the feed manifest', { method: 'GET', path: '/bzz/{ref}/', params: { ref: manifest }, addresses: digest });
}

export async function tagPinStewardshipSteps(run: ScenarioRecorder, batchId: string, refs: ContentRefs): Promise<void> {
  const tag = await run.step('tag create', { method: 'POST', path: '/tags' });
  const uid = tag.field('uid', '0');
  await run.step('bytes upload with tag', {
    method: 'POST',
    path: '/bytes',
    headers: { 'swarm-postage-batch-id': batchId, 'content-type': OCTETS, 'swarm-tag': uid },
    body: seededBytes('tagged', 9000),
    addresses: ref,
  });
  await run.step('tag get', { method: 'GET', path: '/tags/{uid}', params: { uid } });
  await run.step('tag list', { method: 'GET', path: '/tags', query: 'offset=0&limit=1000' });
  await run.step('tag done split', { method: 'PATCH', path: '/tags/{uid}', params: { uid }, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ address: refs.small0 }) });
  await run.step('tag delete', { method: 'DELETE', path: '/tags/{uid}', params: { uid } });
  await run.step('tag get after delete', { method: 'GET', path: '/tags/{uid}', params: { uid } });

  const pin = { ref: refs.small0 };
  await run.step('pin create', { method: 'POST', path: '/pins/{ref}', params: pin });
  await run.step('pin create again', { method: 'POST', path: '/pins/{ref}', params: pin });
  await run.step('pin get', { method: 'GET', path: '/pins/{ref}', params: pin, addresses: ref });
  await run.step('pin list', { method: 'GET', path: '/pins' });
  await run.step('pin check', { method: 'GET', path: '/pins/check', query: `ref=${refs.small0}` });
  // S10: the check of every pin (one here), and of a reference that is not pinned (Bee: a line with total 0).
  await run.step('pin check, every pin', { method: 'GET', path: '/pins/check' });
  await run.step('pin check, not pinned', { method: 'GET', path: '/pins/check', query: `ref=${UNKNOWN_REF}` });
  await run.step('pin delete', { method: 'DELETE', path: '/pins/{ref}', params: pin });
  await run.step('pin get after delete', { method: 'GET', path: '/pins/{ref}', params: pin });
  await run.step('pin create, unknown content', { method: 'POST', path: '/pins/{ref}', params: { ref: UNKNOWN_REF }, timeoutMs: 120_000 });

  await run.step('stewardship check from another node', { node: 1, method: 'GET', path: '/stewardship/{ref}', params: { ref: refs.large }, timeoutMs: 120_000, addresses: verdict });
  await run.step('stewardship check, collection', { node: 1, method: 'GET', path: '/stewardship/{ref}', params: { ref: refs.collection }, timeoutMs: 120_000, addresses: verdict });
  await run.step('stewardship check, unknown reference', { method: 'GET', path: '/stewardship/{ref}', params: { ref: UNKNOWN_REF }, addresses: verdict });
  await run.step('stewardship re-upload', { method: 'PUT', path: '/stewardship/{ref}', params: { ref: refs.small0 }, headers: { 'swarm-postage-batch-id': batchId }, timeoutMs: 120_000 });
  await run.step('stewardship re-upload without batch', { method: 'PUT', path: '/stewardship/{ref}', params: { ref: refs.small0 } });
}

/** Compressed secp256k1 public keys the ACT steps grant and revoke (any valid points will do). */
const GRANTEE_A = '02ceff1422a7026ba54ad89967d81f2805a55eb3d05f64eb5c49ea6024212b12e8';
const GRANTEE_B = '0379be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798';
const GRANTEE_C = '02c6047f9441ed7d6d3045406e95c07cd85c778e4b8cef3ca7abac09b95c709ee5';

/** The keys a GET /grantee answered, in order: the same on every Bee-compatible node. */
const grantees = (response: StepResponse): Record<string, string> => {
  const list = response.json<unknown>();
  return Array.isArray(list) ? { grantees: list.join(',') } : {};
};

/** ACT grantee lists (`grantees-list`): create, read (publisher only), add and revoke, and Bee's refusals. */
export async function granteeSteps(run: ScenarioRecorder, batchId: string): Promise<void> {
  const write = { 'swarm-postage-batch-id': batchId, 'content-type': 'application/json' };
  const body = (value: unknown) => JSON.stringify(value);
  const created = await run.step('grantee list create', { method: 'POST', path: '/grantee', headers: write, body: body({ grantees: [GRANTEE_A, GRANTEE_B, GRANTEE_A] }) });
  const ref = created.field('ref', UNKNOWN_REF);
  const history = created.field('historyref', UNKNOWN_REF);
  await run.step('grantee list get', { method: 'GET', path: '/grantee/{ref}', params: { ref }, addresses: grantees });
  await run.step('grantee list get, another node', { node: 1, method: 'GET', path: '/grantee/{ref}', params: { ref } });
  await run.step('grantee list get, unknown reference', { method: 'GET', path: '/grantee/{ref}', params: { ref: `${UNKNOWN_REF}${UNKNOWN_REF}` } });
  const patched = await run.step('grantee list patch', {
    method: 'PATCH',
    path: '/grantee/{ref}',
    params: { ref },
    headers: { ...write, 'swarm-act-history-address': history },
    body: body({ add: [GRANTEE_C], revoke: [GRANTEE_A] }),
  });
  await run.step('grantee list get after patch', { method: 'GET', path: '/grantee/{ref}', params: { ref: patched.field('ref', UNKNOWN_REF) }, addresses: grantees });
  const empty = await run.step('grantee list create, empty', { method: 'POST', path: '/grantee', headers: write, body: body({ grantees: [] }) });
  await run.step('grantee list get, empty', { method: 'GET', path: '/grantee/{ref}', params: { ref: empty.field('ref', UNKNOWN_REF) }, addresses: grantees });
  await run.step('grantee list patch, revoke from an empty list', {
    method: 'PATCH',
    path: '/grantee/{ref}',
    params: { ref: empty.field('ref', UNKNOWN_REF) },
    headers: { ...write, 'swarm-act-history-address': empty.field('historyref', UNKNOWN_REF) },
    body: body({ revoke: [GRANTEE_A] }),
  });
  await run.step('grantee list create, invalid key', { method: 'POST', path: '/grantee', headers: write, body: body({ grantees: ['02abcd'] }) });
  await run.step('grantee list create, body not json', { method: 'POST', path: '/grantee', headers: write, body: '{not json' });
  await run.step('grantee list create without batch', { method: 'POST', path: '/grantee', headers: { 'content-type': 'application/json' }, body: body({ grantees: [GRANTEE_A] }) });
  await run.step('grantee list create, unknown batch', { method: 'POST', path: '/grantee', headers: { ...write, 'swarm-postage-batch-id': UNKNOWN_REF }, body: body({ grantees: [GRANTEE_A] }) });
  await run.step('grantee list patch without history', { method: 'PATCH', path: '/grantee/{ref}', params: { ref }, headers: write, body: body({ add: [GRANTEE_C] }) });
  await run.step('grantee list patch, invalid add list', {
    method: 'PATCH',
    path: '/grantee/{ref}',
    params: { ref },
    headers: { ...write, 'swarm-act-history-address': history },
    body: body({ add: ['zz'] }),
  });
  await run.step('grantee list patch, unknown history', {
    method: 'PATCH',
    path: '/grantee/{ref}',
    params: { ref },
    headers: { ...write, 'swarm-act-history-address': UNKNOWN_REF },
    body: body({ add: [GRANTEE_C] }),
  });
}
