/**
 * Path-parameter parsing shared by the content routes. Bee resolves `{address}` from 64-hex, 128-hex
 * (encrypted) or a Swarm CID; an unparsable value answers 400 "invalid path params" naming the field.
 */
import { decodeCid } from '../../core/swarm/cid.js';
import { invalidParams } from '../content/headers.js';
import type { DevnetResponse } from '../http/router.js';

export class ParamError extends Error {
  constructor(readonly response: DevnetResponse) {
    super('invalid path params');
  }
}

/** A 32-byte reference as lower-case hex; routes that take chunk addresses refuse encrypted references. */
export function referenceParam(value: string | undefined, field = 'address'): string {
  const raw = (value ?? '').trim();
  const hex = raw.toLowerCase();
  if (/^[0-9a-f]{64}$/.test(hex)) return hex;
  if (/^[0-9a-f]{128}$/.test(hex)) {
    throw new ParamError(invalidParams('invalid path params', field, 'encrypted references are not supported by this route'));
  }
  if (raw.startsWith('b') || raw.startsWith('B')) {
    try {
      return decodeCid(raw).reference;
    } catch {
      // fall through to the generic error below
    }
  }
  throw new ParamError(invalidParams('invalid path params', field, 'want a 64-hex reference or a Swarm CID'));
}

/** A content reference for /bytes, /bzz and /stewardship: 64 hex, 128 hex (encrypted: address ‖ key) or a CID. */
export function contentReferenceParam(value: string | undefined, field = 'address'): string {
  const hex = (value ?? '').trim().toLowerCase();
  if (/^[0-9a-f]{128}$/.test(hex)) return hex;
  return referenceParam(value, field);
}

export function hexParam(value: string | undefined, field: string, byteLength: number): string {
  const hex = (value ?? '').toLowerCase();
  if (new RegExp(`^[0-9a-f]{${byteLength * 2}}$`).test(hex)) return hex;
  throw new ParamError(invalidParams('invalid path params', field, `want ${byteLength * 2} hex characters`));
}
