/**
 * Request-header parsing with Bee's rules: booleans as Go's strconv.ParseBool, integers in range, and a
 * 400 "invalid header params" answer that names the offending header in `reasons` (Bee's mapStructure errors).
 */
import { beeJson, type DevnetRequest, type DevnetResponse } from '../http/router.js';

/** What the parsers read: only the (lower-case) headers, so a WebSocket upgrade can be parsed too. */
export type HeaderSource = Pick<DevnetRequest, 'headers'>;

const GO_TRUE = new Set(['1', 't', 'T', 'TRUE', 'true', 'True']);
const GO_FALSE = new Set(['0', 'f', 'F', 'FALSE', 'false', 'False']);

export class HeaderError extends Error {
  constructor(
    readonly field: string,
    readonly problem: string,
  ) {
    super(`${field}: ${problem}`);
  }

  toResponse(): DevnetResponse {
    return invalidParams('invalid header params', this.field, this.problem);
  }
}

export function invalidParams(message: string, field: string, error: string): DevnetResponse {
  return beeJson(400, { code: 400, message, reasons: [{ field, error }] });
}

export function boolHeader(req: HeaderSource, name: string): boolean | undefined {
  const raw = req.headers[name];
  if (raw === undefined || raw === '') return undefined;
  if (GO_TRUE.has(raw)) return true;
  if (GO_FALSE.has(raw)) return false;
  throw new HeaderError(name, 'invalid syntax');
}

export function uintHeader(req: HeaderSource, name: string, max: number): number | undefined {
  const raw = req.headers[name];
  if (raw === undefined || raw === '') return undefined;
  if (!/^\d+$/.test(raw)) throw new HeaderError(name, 'invalid syntax');
  const value = Number(raw);
  if (value > max) throw new HeaderError(name, `want max:${max}`);
  return value;
}

export function hexHeader(req: HeaderSource, name: string, byteLength: number): string | undefined {
  const raw = req.headers[name];
  if (raw === undefined || raw === '') return undefined;
  const clean = raw.toLowerCase();
  if (!new RegExp(`^[0-9a-f]{${byteLength * 2}}$`).test(clean)) {
    throw new HeaderError(name, clean.length === byteLength * 2 ? 'invalid hex character' : `want len:${byteLength}`);
  }
  return clean;
}

/** Runs a handler body and turns a HeaderError into Bee's 400 answer. */
export async function withHeaderErrors(run: () => Promise<DevnetResponse> | DevnetResponse): Promise<DevnetResponse> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof HeaderError) return error.toResponse();
    throw error;
  }
}
