/**
 * Body readers for an accepted response: validated JSON, whole bytes, counted-and-discarded streams, NDJSON lines.
 * Each reader throws NodeApiError('invalid-response') with a body excerpt when the body does not match.
 */
import type { z } from 'zod';
import { discardBody, type BodyStream, type CallOptions, type OpenCall, type RequestSpec, type Transport } from './http.js';

/** JSON bodies larger than this are refused rather than buffered (the bucket histogram is about 2.5 MB). */
const JSON_BODY_LIMIT = 64 * 1024 * 1024;

export async function readText(call: OpenCall, limit = JSON_BODY_LIMIT): Promise<string> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of call.body) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limit) throw call.error('invalid-response', { detail: `body larger than ${limit} bytes` });
    parts.push(buffer);
  }
  return Buffer.concat(parts).toString('utf8');
}

/** Parses and validates; `emptyAs` stands in for an empty body (old Bee releases answered some calls bodiless). */
export function parseJson<S extends z.ZodType>(call: OpenCall, text: string, schema: S, emptyAs?: unknown): z.output<S> {
  let value: unknown;
  if (text.trim() === '' && emptyAs !== undefined) {
    value = emptyAs;
  } else {
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

export async function readJson<S extends z.ZodType>(call: OpenCall, schema: S, emptyAs?: unknown): Promise<z.output<S>> {
  return parseJson(call, await readText(call), schema, emptyAs);
}

/** One call answering validated JSON. */
export function jsonCall<S extends z.ZodType>(
  transport: Transport,
  spec: RequestSpec,
  schema: S,
  options?: CallOptions,
): Promise<z.output<S>> {
  return transport.run(spec, options, (call) => readJson(call, schema));
}

/** One call whose body is irrelevant (Bee's `{code,message}` on success): drained so the socket is reused. */
export function emptyCall(transport: Transport, spec: RequestSpec, options?: CallOptions): Promise<{ status: number }> {
  return transport.run(spec, options, async (call) => {
    await drainBody(call.body);
    return { status: call.status };
  });
}

export async function readBytes(body: BodyStream): Promise<Uint8Array> {
  // undici's own consumer: several times cheaper per call than async-iterating the stream, which matters for
  // small bodies fetched by the thousand (the per-chunk walk).
  return new Uint8Array(await body.arrayBuffer());
}

/** Counts the body chunk by chunk without keeping it: memory stays at one chunk whatever the size. */
export async function drainBody(body: BodyStream): Promise<number> {
  let bytes = 0;
  for await (const chunk of body) bytes += (chunk as Buffer).length;
  return bytes;
}

/**
 * Yields one validated value per non-empty line of an NDJSON body, as lines arrive. The call settles when the
 * stream ends, fails, or the consumer stops iterating early (the body is then destroyed).
 */
export async function* ndjsonLines<S extends z.ZodType>(call: OpenCall, schema: S): AsyncGenerator<z.output<S>, void, undefined> {
  const decoder = new TextDecoder();
  let pending = '';
  try {
    for await (const chunk of call.body) {
      pending += decoder.decode(chunk as Buffer, { stream: true });
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
