/**
 * Body readers for an accepted response: validated JSON, whole bytes, counted-and-discarded streams, NDJSON lines.
 * Each reader throws NodeApiError('invalid-response') with a body excerpt when the body does not match.
 */
import type * as z from 'zod/mini';
import { IGNORED_BODY_LIMIT, NDJSON_LINE_LIMIT } from './body-limits.js';
import { discardBody, type CallOptions, type OpenCall, type RequestSpec, type Transport } from './http.js';
import { jsonShapeFault } from './json-shape.js';
import type { BodyStream } from './wire.js';

/** The error for a body past its cap (body-limits.ts): `invalid-response`, with the cap in `limitBytes`. */
function tooLarge(call: OpenCall, limit: number, declared?: number) {
  const size = declared === undefined ? `more than ${limit} bytes` : `${declared} bytes (Content-Length)`;
  return call.error('invalid-response', { detail: `body of ${size} is over this endpoint's limit of ${limit} bytes`, limitBytes: limit });
}

/** The declared Content-Length, when there is a valid one. */
function declaredLength(call: OpenCall): number | undefined {
  const value = call.header('content-length');
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined;
}

/** The body when the wire already read it whole (undefined while it is a stream), refused past `limit`. */
function bufferedWithin(call: OpenCall, limit: number): Buffer | undefined {
  const whole = call.bufferedBody;
  if (whole && whole.length > limit) throw tooLarge(call, limit);
  return whole;
}

/**
 * The whole body, at most `limit` bytes (default: the call's cap). A declared length over the cap is refused
 * before reading; otherwise bytes are counted as they arrive and reading stops at the first byte past the cap
 * (the caller's `run` then drops the connection), so memory never holds more than the cap.
 */
export async function readCapped(call: OpenCall, limit = call.bodyLimit): Promise<Buffer> {
  const whole = bufferedWithin(call, limit);
  if (whole) return whole;
  const declared = declaredLength(call);
  if (declared !== undefined) {
    if (declared > limit) throw tooLarge(call, limit, declared);
    // undici's own consumer is several times cheaper than async iteration for the small bodies fetched by the
    // thousand (the per-chunk walk), and HTTP framing stops the body at its declared length.
    if (call.body.arrayBuffer) return Buffer.from(await call.body.arrayBuffer());
  }
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of call.body) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limit) throw tooLarge(call, limit);
    parts.push(buffer);
  }
  return parts.length === 1 ? parts[0]! : Buffer.concat(parts, size);
}

export async function readText(call: OpenCall, limit = call.bodyLimit): Promise<string> {
  return (await readCapped(call, limit)).toString('utf8');
}

/**
 * Parses and validates; `emptyAs` stands in for an empty body (old Bee releases answered some calls bodiless). A
 * text whose parsed form would be many times its size (json-shape.ts) is refused unparsed.
 */
export function parseJson<S extends z.ZodMiniType>(call: OpenCall, text: string, schema: S, emptyAs?: unknown): z.output<S> {
  let value: unknown;
  if (emptyAs !== undefined && text.trim() === '') {
    value = emptyAs;
  } else {
    const fault = jsonShapeFault(text);
    if (fault !== undefined) throw call.error('invalid-response', { detail: `JSON not parsed: ${fault}`, bodyExcerpt: text.slice(0, 4096) });
    try {
      value = JSON.parse(text);
    } catch (failure) {
      throw call.error('invalid-response', {
        detail: `not JSON (${failure instanceof Error ? failure.message : String(failure)})`,
        bodyExcerpt: text,
      });
    }
  }
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue && issue.path.length > 0 ? issue.path.join('.') : '(root)';
    throw call.error('invalid-response', { detail: `${where}: ${issue?.message ?? 'schema mismatch'}`, bodyExcerpt: text });
  }
  return result.data;
}

export async function readJson<S extends z.ZodMiniType>(call: OpenCall, schema: S, emptyAs?: unknown): Promise<z.output<S>> {
  return parseJson(call, await readText(call), schema, emptyAs);
}

/** One call answering validated JSON. */
export function jsonCall<S extends z.ZodMiniType>(
  transport: Transport,
  spec: RequestSpec,
  schema: S,
  options?: CallOptions,
): Promise<z.output<S>> {
  return transport.runWhole(spec, options, (call) => {
    // A body the wire read whole is parsed at once: no reader promises per call (a fleet poll makes 1,800 in 10 s).
    const whole = bufferedWithin(call, call.bodyLimit);
    return whole ? parseJson(call, whole.toString('utf8'), schema) : readJson(call, schema);
  });
}

/**
 * One call whose body is irrelevant (Bee's `{code,message}` on success): read to its end so the socket is reused,
 * through the wire's buffered path where it takes the call (pins, tags: no stream per call), and never more than
 * IGNORED_BODY_LIMIT of it.
 */
export function emptyCall(transport: Transport, spec: RequestSpec, options?: CallOptions): Promise<{ status: number }> {
  return transport.runWhole({ maxBodyBytes: IGNORED_BODY_LIMIT, ...spec, bodyUnused: true }, options, async (call) => {
    if (call.bufferedBody === undefined) await skipBody(call.body);
    return { status: call.status };
  });
}

/** Raw bytes of the body, at most the call's cap (RequestSpec.maxBodyBytes). */
export async function readBytes(call: OpenCall): Promise<Uint8Array> {
  const buffer = await readCapped(call);
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

/** One call's whole body as bytes (at most its cap): the wire's buffered fast path when it has one. */
export function fetchBytes(transport: Transport, spec: RequestSpec, options?: CallOptions): Promise<Uint8Array> {
  if (transport.canBuffer) return transport.fetchBuffered(spec, options);
  return transport.run(spec, options, readBytes);
}

/**
 * Reads an unused success body to its end when it is small (the socket is then reused) and drops the
 * connection once it passes IGNORED_BODY_LIMIT: the status already said what the call needed.
 */
export async function skipBody(body: BodyStream, limit = IGNORED_BODY_LIMIT): Promise<void> {
  let bytes = 0;
  for await (const chunk of body) {
    bytes += (chunk as Buffer).length;
    if (bytes > limit) {
      discardBody(body);
      return;
    }
  }
}

/**
 * Yields one validated value per non-empty line of an NDJSON body, as lines arrive. The call settles when the
 * stream ends, fails, or the consumer stops iterating early (the body is then destroyed).
 */
export async function* ndjsonLines<S extends z.ZodMiniType>(call: OpenCall, schema: S): AsyncGenerator<z.output<S>, void, undefined> {
  const decoder = new TextDecoder();
  let pending = '';
  try {
    for await (const chunk of call.body) {
      pending += decoder.decode(chunk as Buffer, { stream: true });
      // Lines are small; one that never ends must not grow without bound.
      if (pending.length > NDJSON_LINE_LIMIT && pending.indexOf('\n') < 0) throw tooLarge(call, NDJSON_LINE_LIMIT);
      let newline = pending.indexOf('\n');
      while (newline >= 0) {
        const line = pending.slice(0, newline).trim();
        pending = pending.slice(newline + 1);
        if (line) yield parseJson(call, line, schema);
        newline = pending.indexOf('\n');
      }
    }
    const last = (pending + decoder.decode()).trim();
    if (last) yield parseJson(call, last, schema);
  } catch (error) {
    discardBody(call.body);
    throw call.settle(error)!;
  } finally {
    // Reached on normal end and on an early `break` by the consumer; settle is idempotent after a failure.
    discardBody(call.body);
    call.settle();
  }
}
