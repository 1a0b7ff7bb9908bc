/**
 * A conformance transcript: what one node answered to each step of the scenario, reduced to what must be
 * equal between real Bee and the devnet (method, path template, status, content type, selected header
 * names, JSON shape, content addresses) and nothing that may differ (balances, tag uids, timestamps).
 */
import { keccak256 } from '../../../core/swarm/keccak.js';
import { bytesToHex } from '../../../core/swarm/bytes.js';
import { shapeSignature, type ShapeOptions, type ShapeSignature } from './shape.js';

export interface TranscriptStep {
  step: string;
  method: string;
  /** The path with its variable parts as `{names}`, e.g. `/bytes/{ref}`. */
  path: string;
  status: number;
  /** Media type without parameters (`application/json`), or null when the response has none. */
  contentType: string | null;
  /** Which of the headers clients rely on were present (names only; their values may differ). */
  headers: string[];
  /** Shape of a JSON body, or of each NDJSON line merged; `{ ".": "bytes" }` for other bodies. */
  shape: ShapeSignature;
  /** Values that must be byte-identical on every node: references, hashes of downloaded bodies. */
  addresses: Record<string, string>;
}

export type Transcript = TranscriptStep[];

/** Response headers whose presence is part of the API contract (Bee's openapi and bee-js read them). */
const CONTRACT_HEADERS = [
  'swarm-tag',
  'etag',
  'content-disposition',
  'content-range',
  'location',
  'swarm-feed-index',
  'swarm-feed-index-next',
  'swarm-feed-resolved-version',
  'swarm-soc-signature',
  'accept-ranges',
];

export interface RawResponse {
  status: number;
  headers: Headers;
  body: Uint8Array;
}

export interface StepRecord {
  step: string;
  method: string;
  path: string;
  response: RawResponse;
  shapeOptions?: ShapeOptions;
  addresses?: Record<string, string>;
}

function mediaType(headers: Headers): string | null {
  const value = headers.get('content-type');
  return value === null ? null : value.split(';')[0]!.trim().toLowerCase();
}

function bodyShape(response: RawResponse, options: ShapeOptions | undefined): ShapeSignature {
  if (response.body.length === 0) return { '.': 'empty' };
  const text = new TextDecoder().decode(response.body);
  const type = mediaType(response.headers);
  if (type === 'application/json' || type === 'application/x-ndjson') {
    // NDJSON (/pins/check, which Bee labels application/json) is read as the array of its lines.
    const lines = text.split('\n').filter((line) => line.trim() !== '');
    const parse = (): unknown => {
      if (type === 'application/x-ndjson') return lines.map((l) => JSON.parse(l) as unknown);
      try {
        return JSON.parse(text) as unknown;
      } catch (error) {
        if (lines.length > 1) return lines.map((l) => JSON.parse(l) as unknown);
        throw error;
      }
    };
    try {
      return shapeSignature(parse(), options);
    } catch {
      return { '.': 'invalid-json' };
    }
  }
  return { '.': 'bytes' };
}

export function toTranscriptStep(record: StepRecord): TranscriptStep {
  const { response } = record;
  return {
    step: record.step,
    method: record.method,
    path: record.path,
    status: response.status,
    contentType: mediaType(response.headers),
    headers: CONTRACT_HEADERS.filter((name) => response.headers.has(name)),
    shape: bodyShape(response, record.shapeOptions),
    addresses: record.addresses ?? {},
  };
}

/** Content address of a downloaded body, so transcripts can say "the same bytes came back". */
export function bodyDigest(body: Uint8Array): string {
  return bytesToHex(keccak256(body));
}
