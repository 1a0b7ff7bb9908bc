/**
 * Manifests shaped exactly as Bee's upload handlers build them (bee-api.md §5.1, §5.2), so that a
 * locally computed reference equals the one Bee returns, and devnet can serve /bzz like Bee does.
 * The order of additions matters: Bee's type flags depend on history, so it is reproduced here.
 * Returns the trie; hash or store it with saveManifest (manifest-hash.ts).
 */
import { bytesToHex, hexToBytes, isHex } from './bytes.js';
import { InputError } from './input-error.js';
import { createNode, type MantarayNode } from './mantaray.js';
import { addPath } from './mantaray-paths.js';

export const ROOT_PATH = '/';
export const WEBSITE_INDEX_DOCUMENT_KEY = 'website-index-document';
export const WEBSITE_ERROR_DOCUMENT_KEY = 'website-error-document';
export const CONTENT_TYPE_KEY = 'Content-Type';
export const FILENAME_KEY = 'Filename';
export const FEED_OWNER_KEY = 'swarm-feed-owner';
export const FEED_TOPIC_KEY = 'swarm-feed-topic';
export const FEED_TYPE_KEY = 'swarm-feed-type';

/** Bee's single-file and collection manifests have an unencrypted, all-zero obfuscation key. */
const newRoot = (): MantarayNode => createNode();

export interface FileManifestInput {
  fileRef: Uint8Array | string;
  /** The `name` query; Bee falls back to the file reference's hex when it is missing. */
  filename?: string;
  /** Stored as given (Bee v2.8.1+ sniffs one when the header is absent; pass what it would store). */
  contentType: string;
}

/**
 * POST /bzz with a single file: first "/" with an empty reference and website-index-document = filename,
 * then the file under its name with Content-Type and Filename metadata.
 */
export function buildFileManifest(input: FileManifestInput): MantarayNode {
  const fileRef = toReference(input.fileRef, 'file reference');
  const filename = input.filename || bytesToHex(fileRef);
  if (filename.startsWith('/')) throw new InputError('file name', filename, 'a name that does not start with "/"');
  const root = newRoot();
  addPath(root, ROOT_PATH, new Uint8Array(0), { [WEBSITE_INDEX_DOCUMENT_KEY]: filename });
  addPath(root, filename, fileRef, { [CONTENT_TYPE_KEY]: input.contentType, [FILENAME_KEY]: filename });
  return root;
}

export interface CollectionFile {
  /** Path inside the collection, without a leading "/" (as Bee's tar reader cleans it). */
  path: string;
  reference: Uint8Array | string;
  contentType: string;
  /** Accepted for callers' convenience; Bee's manifest does not record file sizes. */
  size?: number;
}

export interface CollectionManifestInput {
  files: CollectionFile[];
  indexDocument?: string;
  errorDocument?: string;
}

/**
 * POST /bzz with a collection (tar or multipart): every file in upload order with Content-Type and
 * Filename (the last path segment), then, only when an index or error document is set, "/" with an
 * empty reference and the website metadata.
 */
export function buildCollectionManifest(input: CollectionManifestInput): MantarayNode {
  if (input.files.length === 0) throw new InputError('collection', 'no files', 'at least one file (Bee answers 400 for an empty collection)');
  if (input.indexDocument?.includes('/')) {
    throw new InputError('index document', input.indexDocument, 'a file name without "/" (Bee rejects it)');
  }
  const root = newRoot();
  for (const file of input.files) {
    if (file.path.length === 0) throw new InputError('collection file path', '', 'a non-empty path');
    const reference = toReference(file.reference, `reference of ${file.path}`);
    const filename = file.path.slice(file.path.lastIndexOf('/') + 1);
    addPath(root, file.path, reference, { [CONTENT_TYPE_KEY]: file.contentType, [FILENAME_KEY]: filename });
  }
  if (input.indexDocument || input.errorDocument) {
    const metadata: Record<string, string> = {};
    if (input.indexDocument) metadata[WEBSITE_INDEX_DOCUMENT_KEY] = input.indexDocument;
    if (input.errorDocument) metadata[WEBSITE_ERROR_DOCUMENT_KEY] = input.errorDocument;
    addPath(root, ROOT_PATH, new Uint8Array(0), metadata);
  }
  return root;
}

/**
 * POST /feeds/{owner}/{topic}: "/" with a 32-byte zero entry and the feed coordinates
 * (owner 40 hex, topic 64 hex, lowercase, no 0x) and type "Sequence".
 */
export function buildFeedManifest(owner: Uint8Array | string, topic: Uint8Array | string): MantarayNode {
  const ownerBytes = toFixedBytes(owner, 20, 'feed owner');
  const topicBytes = toFixedBytes(topic, 32, 'feed topic');
  const root = newRoot();
  addPath(root, ROOT_PATH, new Uint8Array(32), {
    [FEED_OWNER_KEY]: bytesToHex(ownerBytes),
    [FEED_TOPIC_KEY]: bytesToHex(topicBytes),
    [FEED_TYPE_KEY]: 'Sequence',
  });
  return root;
}

function toReference(value: Uint8Array | string, what: string): Uint8Array {
  const bytes = typeof value === 'string' ? parseHex(value, what) : value;
  if (bytes.length !== 32 && bytes.length !== 64) throw new InputError(what, bytesToHex(bytes), '32 or 64 bytes (64 or 128 hex characters)');
  return bytes;
}

function toFixedBytes(value: Uint8Array | string, length: number, what: string): Uint8Array {
  const bytes = typeof value === 'string' ? parseHex(value, what) : value;
  if (bytes.length !== length) throw new InputError(what, bytesToHex(bytes), `${length} bytes (${length * 2} hex characters)`);
  return bytes;
}

function parseHex(value: string, what: string): Uint8Array {
  const clean = value.startsWith('0x') || value.startsWith('0X') ? value.slice(2) : value;
  if (!isHex(clean) || clean.length % 2 !== 0) throw new InputError(what, value, 'hex characters');
  return hexToBytes(clean);
}
