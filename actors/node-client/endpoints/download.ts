/**
 * Downloads (bee-api.md §2.6): buffered (`download*`), streaming byte counters (`stream*`, for the cold-download
 * probe and the benchmarks: the body is drained chunk by chunk and never held), HEADs, and range reads.
 *
 * Buffered downloads throw NodeApiError on any non-2xx status. Streams and HEADs answer every status as a value
 * (`status`), because for a probe the status IS the result; transport failures still throw.
 */
import { InputError } from '../../../core/swarm/input-error.js';
import { decodeSpanHeader } from '../../../core/swarm/span.js';
import type { CallOptions, RequestSpec, Transport } from '../http.js';
import { CHUNK_BODY_LIMIT, DEFAULT_DOWNLOAD_LIMIT } from '../body-limits.js';
import { fetchBytes, readBytes } from '../readers.js';
import { downloadHeaders, type DownloadOptions } from '../swarm-headers.js';
import { chunkAddressParam, parseProbeUrl, referenceParam } from '../url.js';

export type DownloadCallOptions = DownloadOptions &
  CallOptions & {
    /** Buffered downloads only: the largest body accepted (default 64 MiB, body-limits.ts); stream* for more. */
    readonly maxBytes?: number;
  };

export interface BzzDownload {
  readonly data: Uint8Array;
  readonly contentType?: string;
  readonly headers: Readonly<Record<string, string>>;
}

export interface StreamResult {
  readonly status: number;
  /** Body bytes received (counted, not kept). */
  readonly bytes: number;
  /** Request start to last byte. */
  readonly elapsedMs: number;
  readonly headers: Readonly<Record<string, string>>;
}

export interface HeadResult {
  readonly status: number;
  /**
   * The content's size in bytes. For headBytes: Bee's Content-Length decoded as the root span it is
   * (redundancy.ts decodeSpanHeader), so a redundancy-coded upload reports its real size; the header as sent
   * stays in `headers`. For headUrl: the header when it is a plain non-negative integer.
   */
  readonly contentLength?: number;
  /** headBytes only: the redundancy level carried in the root span's top byte, when above 0. */
  readonly redundancyLevel?: number;
  readonly elapsedMs: number;
  readonly headers: Readonly<Record<string, string>>;
}

export interface RangeDownload {
  /** 206 when the node honoured the range, 200 when it sent the whole body instead. */
  readonly status: number;
  readonly data: Uint8Array;
  readonly contentRange?: string;
}

const anyStatus = (): boolean => true;

function plainLength(text: string): { size: number } | undefined {
  return /^\d+$/.test(text) && Number.isSafeInteger(Number(text)) ? { size: Number(text) } : undefined;
}

function spanLength(text: string): { size: number; level: number } | undefined {
  const span = decodeSpanHeader(text);
  return span === undefined || span.size > BigInt(Number.MAX_SAFE_INTEGER) ? undefined : { size: Number(span.size), level: span.level };
}

export function downloadEndpoints(t: Transport) {
  const bytesSpec = (ref: string, o?: DownloadCallOptions): RequestSpec => ({
    method: 'GET',
    template: '/bytes/{ref}',
    params: { ref: referenceParam(ref) },
    headers: downloadHeaders(o ?? {}),
    maxBodyBytes: o?.maxBytes ?? DEFAULT_DOWNLOAD_LIMIT,
  });
  const bzzSpec = (ref: string, path: string, o?: DownloadCallOptions): RequestSpec => ({
    method: 'GET',
    // An empty path keeps the trailing slash: /bzz/{ref} without it is only a 308 redirect.
    template: '/bzz/{ref}/{path*}',
    params: { ref: referenceParam(ref), path: path.replace(/^\/+/, '') },
    headers: downloadHeaders(o ?? {}),
    maxBodyBytes: o?.maxBytes ?? DEFAULT_DOWNLOAD_LIMIT,
  });

  const rangeSpec = (ref: string, start: number, endInclusive: number, o?: DownloadCallOptions): RequestSpec => {
    if (!Number.isSafeInteger(start) || !Number.isSafeInteger(endInclusive) || start < 0 || endInclusive < start) {
      throw new InputError('byte range', `${start}-${endInclusive}`, 'integers with 0 <= start <= end');
    }
    const spec = bytesSpec(ref, o);
    return { ...spec, headers: { ...spec.headers, range: `bytes=${start}-${endInclusive}` } };
  };

  /** Read to the end and counted, never kept (Transport.drain: on the raw wire without copying a byte). */
  const stream = async (spec: RequestSpec, o?: CallOptions): Promise<StreamResult> => {
    const started = performance.now();
    const { status, bytes, headers } = await t.drain({ ...spec, accept: anyStatus }, o);
    return { status, bytes, elapsedMs: performance.now() - started, headers };
  };

  const head = async (spec: RequestSpec, o: CallOptions | undefined, readLength: (text: string) => { size: number; level?: number } | undefined): Promise<HeadResult> => {
    const started = performance.now();
    const answer = await t.head(spec, o);
    const text = answer.headers['content-length'];
    const length = text === undefined ? undefined : readLength(text);
    return {
      status: answer.status,
      ...(length === undefined ? {} : { contentLength: length.size }),
      ...(length?.level ? { redundancyLevel: length.level } : {}),
      elapsedMs: performance.now() - started,
      headers: answer.headers,
    };
  };

  return {
    downloadBytes: (ref: string, o?: DownloadCallOptions): Promise<Uint8Array> =>
      t.runWhole(bytesSpec(ref, o), o, (call) => readBytes(call)),

    downloadBzz: (ref: string, path = '', o?: DownloadCallOptions): Promise<BzzDownload> =>
      t.run(bzzSpec(ref, path, o), o, async (call) => {
        const data = await readBytes(call);
        const contentType = call.headers['content-type'];
        return contentType === undefined ? { data, headers: call.headers } : { data, contentType, headers: call.headers };
      }),

    /** Raw chunk data: span(8) + payload. Bee fetches it from the network when it is not local. */
    downloadChunk: (address: string, o?: DownloadCallOptions): Promise<Uint8Array> =>
      fetchBytes(
        t,
        {
          method: 'GET',
          template: '/chunks/{address}',
          params: { address: chunkAddressParam(address) },
          headers: downloadHeaders(o ?? {}),
          // No chunk is larger than a single-owner chunk; a bigger answer is not a chunk (body-limits.ts).
          maxBodyBytes: CHUNK_BODY_LIMIT,
        },
        o,
      ),

    streamBytes: (ref: string, o?: DownloadCallOptions) => stream(bytesSpec(ref, o), o),
    streamBzz: (ref: string, path = '', o?: DownloadCallOptions) => stream(bzzSpec(ref, path, o), o),
    /**
     * downloadRange drained: the range is read to its end and counted, never kept (a probe that a range is
     * served, a timing). A buffered 64 KiB range costs a fresh 64 KiB ArrayBuffer per call, and those outside
     * the JS heap are what drive V8's full collections in a loop of range reads (a 15-35 ms pause every ~140
     * reads of 64 KiB on this 2-core machine); drained, the raw wire copies nothing.
     */
    streamRange: (ref: string, start: number, endInclusive: number, o?: DownloadCallOptions) => stream(rangeSpec(ref, start, endInclusive, o), o),

    /**
     * Bee reads the root chunk and reports its span as Content-Length, level byte and all (negative for every
     * redundancy-coded root on v2.8.1): `contentLength` is the size that span holds, `redundancyLevel` its level.
     */
    headBytes: (ref: string, o?: CallOptions) => head(bytesSpec(ref), o, spanLength),

    /** HEAD of any http(s) URL, e.g. `{gateway}/bzz/{ref}/`. Never carries the node's bearer token. */
    headUrl: (url: string, o?: CallOptions) => head({ method: 'HEAD', template: '{url}', absoluteUrl: parseProbeUrl(url) }, o, plainLength),

    /** Bytes `start`..`endInclusive` of /bytes/{ref} via a Range request. */
    downloadRange: (ref: string, start: number, endInclusive: number, o?: DownloadCallOptions): Promise<RangeDownload> => {
      // Read whole through the wire's buffered path: a range is small, and known before it is asked for.
      return t.runWhole(rangeSpec(ref, start, endInclusive, o), o, async (call) => {
        const data = await readBytes(call);
        const contentRange = call.headers['content-range'];
        return contentRange === undefined ? { status: call.status, data } : { status: call.status, data, contentRange };
      });
    },
  };
}
