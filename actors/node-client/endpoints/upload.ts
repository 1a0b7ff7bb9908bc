/**
 * Uploads: /bytes, /bzz (single file and tar collection), /chunks, /soc (bee-api.md §2.6).
 * Bodies may be bytes, text, or a stream (Readable / async iterable): streams go out chunked unless
 * `contentLength` is given, so a 1 GB fixture never has to sit in memory twice.
 */
import { InputError } from '../../../core/swarm/input-error.js';
import type { CallOptions, RequestBody, RequestSpec, Transport } from '../http.js';
import { readJson } from '../readers.js';
import { referenceResponseSchema } from '../schemas/common.js';
import { requireBatch, uploadHeaders, type ChunkUploadOptions, type UploadOptions } from '../swarm-headers.js';
import { hexParam, ownerParam } from '../url.js';

export interface UploadResult {
  readonly reference: string;
  /** From the `swarm-tag` response header: present whenever Bee accounted the upload to a tag. */
  readonly tagUid?: number;
}

export type UploadCallOptions = UploadOptions & CallOptions;

export interface FileUploadOptions extends UploadCallOptions {
  /** Stored in the manifest; Bee serves it back in Content-Disposition. */
  readonly name?: string;
  /** Stored as-is; Bee ≤ 2.8.0 requires it, later versions sniff when absent. */
  readonly contentType?: string;
}

export interface CollectionUploadOptions extends UploadCallOptions {
  readonly indexDocument?: string;
  readonly errorDocument?: string;
}

export type ChunkUploadCallOptions = ChunkUploadOptions & CallOptions;

/** span(8) + payload(≤4096); a full SOC (id 32 + sig 65 + span + payload) is also accepted by /chunks. */
const MIN_CHUNK = 8;
const MAX_CHUNK_OR_SOC = 32 + 65 + 8 + 4096;
const MAX_CHUNK = 8 + 4096;

export function uploadEndpoints(t: Transport) {
  // An in-memory body goes through the wire's buffered path (the raw wire writes it behind the head); a streamed
  // one (a file read from disk) through run(), which streams it.
  const upload = (spec: RequestSpec, o: CallOptions | undefined): Promise<UploadResult> =>
    t.runWhole(spec, o, async (call) => {
      const { reference } = await readJson(call, referenceResponseSchema);
      const tagUid = parseTagHeader(call.headers['swarm-tag']);
      return tagUid === undefined ? { reference } : { reference, tagUid };
    });

  return {
    uploadBytes: (data: RequestBody, o: UploadCallOptions) => {
      requireBatch(o, 'uploadBytes');
      return upload({ method: 'POST', template: '/bytes', headers: { ...uploadHeaders(o), 'content-type': 'application/octet-stream' }, body: data }, o);
    },

    uploadFile: (data: RequestBody, o: FileUploadOptions) => {
      requireBatch(o, 'uploadFile');
      return upload(
        {
          method: 'POST',
          template: '/bzz',
          query: { name: o.name },
          headers: { ...uploadHeaders(o), 'content-type': o.contentType },
          body: data,
        },
        o,
      );
    },

    /** `tar` is a tar archive (bytes or stream); only regular files are stored, content types come from extensions. */
    uploadCollection: (tar: RequestBody, o: CollectionUploadOptions) => {
      requireBatch(o, 'uploadCollection');
      return upload(
        {
          method: 'POST',
          template: '/bzz',
          headers: {
            ...uploadHeaders(o),
            'content-type': 'application/x-tar',
            'swarm-collection': 'true',
            'swarm-index-document': o.indexDocument,
            'swarm-error-document': o.errorDocument,
          },
          body: tar,
        },
        o,
      );
    },

    /** Without `tag` Bee pushes the chunk during the request; with one the upload is deferred. */
    uploadChunk: (data: Uint8Array, o: ChunkUploadCallOptions) => {
      requireStamp(o, 'uploadChunk');
      checkLength('chunk', data, MIN_CHUNK, MAX_CHUNK_OR_SOC);
      return upload({ method: 'POST', template: '/chunks', headers: { ...uploadHeaders(o), 'content-type': 'application/octet-stream' }, body: data }, o);
    },

    /** `data` is the wrapped CAC: span(8) + payload(≤4096). The returned reference is the SOC address. */
    uploadSoc: (owner: string, identifier: string, signature: string, data: Uint8Array, o: ChunkUploadCallOptions) => {
      requireStamp(o, 'uploadSoc');
      checkLength('SOC payload', data, MIN_CHUNK, MAX_CHUNK);
      return upload(
        {
          method: 'POST',
          template: '/soc/{owner}/{id}',
          params: { owner: ownerParam(owner), id: hexParam('SOC identifier', identifier, 64) },
          query: { sig: hexParam('SOC signature', signature, 130) },
          headers: { ...uploadHeaders(o), 'content-type': 'application/octet-stream' },
          body: data,
        },
        o,
      );
    },
  };
}

function requireStamp(o: ChunkUploadOptions, what: string): void {
  if (o.batchId === undefined && o.postageStamp === undefined) {
    throw new InputError(`${what} batchId or postageStamp`, '', 'a 64-hex batch ID or a 226-hex pre-signed stamp');
  }
}

function checkLength(what: string, data: Uint8Array, min: number, max: number): void {
  if (!(data instanceof Uint8Array) || data.length < min || data.length > max) {
    throw new InputError(`${what} length`, String((data as Uint8Array | undefined)?.length), `${min}..${max} bytes`);
  }
}

function parseTagHeader(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d+$/.test(value.trim())) return undefined;
  return Number(value.trim());
}
