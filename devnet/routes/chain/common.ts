/**
 * Helpers the chain and node-operations routes share: Bee's 400 "invalid path params" body with
 * reasons, path-parameter parsers, and the serialisation rules (BigInt as decimal strings).
 */
import { beeJson, type DevnetResponse } from '../../http/router.js';

/** Bee's validation failure: `{code:400, message, reasons:[{field, error}]}`. */
export function invalidParams(field: string, error: string, message = 'invalid path params'): DevnetResponse {
  return beeJson(400, { code: 400, message, reasons: [{ field, error }] });
}

/** Bee answers a nil payload as `{"message":"OK","code":200}` (pkg/jsonhttp). */
export function beeOk(status = 200, message = 'OK'): DevnetResponse {
  return beeJson(status, { message, code: status });
}

/** Parses a non-negative decimal integer of any size (amounts in PLUR); undefined when malformed. */
export function parseBigIntParam(text: string | undefined): bigint | undefined {
  if (text === undefined || !/^\d{1,78}$/.test(text)) return undefined;
  return BigInt(text);
}

/** Parses a uint8 path segment (depth), undefined when malformed or above 255. */
export function parseUint8Param(text: string | undefined): number | undefined {
  if (text === undefined || !/^\d{1,3}$/.test(text)) return undefined;
  const value = Number(text);
  return value <= 255 ? value : undefined;
}

/** A 32-byte hex path segment as lower-case hex (batch IDs, overlays), undefined when malformed. */
export function parseHex32(text: string | undefined): string | undefined {
  return text !== undefined && /^[0-9a-fA-F]{64}$/.test(text) ? text.toLowerCase() : undefined;
}

/** A 0x-prefixed 32-byte transaction hash (Bee also accepts it without 0x). */
export function parseTxHash(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const bare = text.replace(/^0x/i, '');
  return /^[0-9a-fA-F]{64}$/.test(bare) ? `0x${bare.toLowerCase()}` : undefined;
}

/** JSON body of a request, or undefined when it is not valid JSON. */
export async function readJson(body: () => Promise<Uint8Array>): Promise<unknown> {
  try {
    return JSON.parse(new TextDecoder().decode(await body())) as unknown;
  } catch {
    return undefined;
  }
}
