/** POST /bzz (single file or tar collection), GET/HEAD /bzz/{address}/{path} (bee-api.md §2.6, §5.2). */
import { bytesToHex } from '../../core/swarm/bytes.js';
import { buildCollectionManifest, buildFileManifest, CONTENT_TYPE_KEY, FILENAME_KEY } from '../../core/swarm/collection.js';
import { InputError } from '../../core/swarm/input-error.js';
import { saveEncryptedManifest } from '../../core/swarm/encrypted-manifest.js';
import { saveManifest } from '../../core/swarm/manifest-hash.js';
import type { MantarayNode } from '../../core/swarm/mantaray.js';
import { boolHeader } from '../content/headers.js';
import { resolveBzzPath } from '../content/manifest-serve.js';
import { contentTypeByExtension, sniffContentType } from '../content/mime.js';
import { addManifestReplicas, downloadReplicaLevel, withRootReplicas } from '../content/replicas.js';
import { randomKey, randomPadding, splitIntoSession } from '../content/split.js';
import { readTar } from '../content/tar.js';
import { readUploadPlan, UploadSession, type UploadPlan } from '../content/upload.js';
import { beeError, beeJson, type DevnetRequest, type DevnetResponse, type RouteDef } from '../http/router.js';
import type { DevnetNode } from '../node.js';
import { downloadSource, rootReplicaSource, serveContent } from './bytes.js';
import { guarded } from './guard.js';
import { contentReferenceParam } from './params.js';

/** Encrypted uploads get an encrypted manifest, as Bee's NewMantarayManifest(ls, encrypted) builds it. */
function storeManifest(session: UploadSession, manifest: MantarayNode, plan: UploadPlan): string {
  const onChunk = (chunk: { address: Uint8Array; data: Uint8Array }): void => session.addChunk(chunk.address, chunk.data);
  const root = plan.encrypt
    ? saveEncryptedManifest(manifest, { onChunk, randomKey, padding: randomPadding, redundancyLevel: plan.redundancyLevel })
    : saveManifest(manifest, { onChunk, redundancyLevel: plan.redundancyLevel });
  addManifestReplicas(session, manifest);
  return bytesToHex(root);
}

async function uploadBzz(req: DevnetRequest, node: DevnetNode): Promise<DevnetResponse> {
  const plan = readUploadPlan(req, node, 'content');
  const contentType = req.headers['content-type'];
  const isCollection = boolHeader(req, 'swarm-collection') === true || contentType?.startsWith('multipart/form-data') === true;
  const body = await req.body();
  const session = new UploadSession(node, plan);
  let manifest: MantarayNode;
  if (isCollection) {
    if (contentType === undefined || contentType === '') return beeError(400, 'content-type missing');
    if (!contentType.startsWith('application/x-tar')) {
      return beeError(400, 'only tar collections are supported by the devnet (multipart/form-data is not)');
    }
    let files;
    try {
      files = readTar(body);
    } catch (error) {
      if (error instanceof InputError) return beeError(400, error.message);
      throw error;
    }
    if (files.length === 0) return beeError(400, 'no files in collection');
    const entries = files.map((file) => ({
      path: file.path,
      reference: splitIntoSession(session, file.data, plan.redundancyLevel, plan.encrypt),
      contentType: contentTypeByExtension(file.path),
    }));
    const indexDocument = req.headers['swarm-index-document'] || undefined;
    const errorDocument = req.headers['swarm-error-document'] || undefined;
    try {
      manifest = buildCollectionManifest({ files: entries, ...(indexDocument ? { indexDocument } : {}), ...(errorDocument ? { errorDocument } : {}) });
    } catch (error) {
      if (error instanceof InputError) return beeError(400, error.message);
      throw error;
    }
  } else {
    const fileRef = splitIntoSession(session, body, plan.redundancyLevel, plan.encrypt);
    const name = req.query.get('name') ?? undefined;
    manifest = buildFileManifest({
      fileRef,
      ...(name ? { filename: name } : {}),
      contentType: contentType !== undefined && contentType !== '' ? contentType : sniffContentType(body),
    });
  }
  const reference = storeManifest(session, manifest, plan);
  const failure = session.finish(reference);
  if (failure !== undefined) return failure;
  // Bee sets ETag on single-file uploads only; a collection answer has none (checked against v2.8.1).
  const etag: Record<string, string> = isCollection ? {} : { etag: `"${reference}"` };
  return beeJson(201, { reference }, { ...etag, ...session.responseHeaders() });
}

async function downloadBzz(req: DevnetRequest, node: DevnetNode): Promise<DevnetResponse> {
  const reference = contentReferenceParam(req.params.address);
  const path = req.params.path ?? '';
  // Bee opens every manifest node and the file's root through a replica getter; manifest nodes are single
  // chunks here (a node over 4 KiB would also let its inner chunks fall back, which Bee does not do).
  const plain = downloadSource(node);
  const manifestSource = withRootReplicas(plain, () => true, downloadReplicaLevel(req));
  const decision = await resolveBzzPath(manifestSource, reference, path);
  if (decision.kind === 'notFound') return beeError(404, decision.message);
  if (decision.kind === 'notManifest') return beeError(404, 'Not Found');
  if (decision.kind === 'redirect') {
    // Bee answers with Go's http.Redirect: the HTML body and the query kept, like the /bzz/{ref} redirect.
    const query = req.query.toString();
    return permanentRedirect(`${req.versioned === true ? '/v1' : ''}/bzz/${reference}/${decision.path}${query === '' ? '' : `?${query}`}`);
  }
  const filename = decision.metadata[FILENAME_KEY];
  const headers: Record<string, string> = { ...decision.feedHeaders };
  if (filename !== undefined) headers['content-disposition'] = `inline; filename="${filename}"`;
  const served = serveContent(node, decision.referenceHex, req.headers, headers, rootReplicaSource(req, node, decision.referenceHex, decision.source === manifestSource ? plain : decision.source));
  const contentType = decision.metadata[CONTENT_TYPE_KEY];
  if (contentType !== undefined && served.headers !== undefined && 'content-type' in served.headers) served.headers['content-type'] = contentType;
  // Served through a feed manifest, Bee v2.8.1 sends no ETag (the content moves with the feed).
  if (Object.keys(decision.feedHeaders).length > 0 && served.headers !== undefined) delete served.headers.etag;
  return served;
}

/** Go's http.Redirect with 308: Location plus a small HTML body naming the target. */
function permanentRedirect(location: string): DevnetResponse {
  return { status: 308, headers: { location, 'content-type': 'text/html; charset=utf-8' }, body: new TextEncoder().encode(`<a href="${location}">Permanent Redirect</a>.\n\n`) };
}

export const bzzRoutes: RouteDef[] = [
  { method: 'POST', path: '/bzz', handle: guarded(uploadBzz) },
  {
    method: 'GET',
    path: '/bzz/:address',
    handle: (req) => {
      const query = req.query.toString();
      return permanentRedirect(`${req.versioned === true ? '/v1' : ''}${req.path}/${query === '' ? '' : `?${query}`}`);
    },
  },
  { method: 'GET', path: '/bzz/:address/*path', handle: guarded(downloadBzz, 'Not Found') },
  { method: 'HEAD', path: '/bzz/:address/*path', handle: guarded(downloadBzz, 'Not Found') },
];
