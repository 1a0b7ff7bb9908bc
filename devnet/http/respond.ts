/** Writes a DevnetResponse onto a node:http response (JSON with Bee's content type, bytes, or a stream). */
import type { ServerResponse } from 'node:http';
import type { DevnetResponse } from './router.js';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** Returns the number of body bytes written, for the access log. */
export async function writeResponse(res: ServerResponse, response: DevnetResponse, isHead: boolean, extraHeaders: Record<string, string>): Promise<number> {
  const headers: Record<string, string> = { ...extraHeaders, ...(response.headers ?? {}) };
  let body: Uint8Array | AsyncIterable<Uint8Array> | undefined = response.body;
  if (response.json !== undefined) {
    // Go's json.Encoder ends every document with a newline; clients that compare bodies see the same bytes.
    body = new TextEncoder().encode(`${JSON.stringify(response.json)}\n`);
    headers['content-type'] ??= JSON_CONTENT_TYPE;
  }
  if (body instanceof Uint8Array) {
    headers['content-length'] ??= String(body.length);
    res.writeHead(response.status, headers);
    if (isHead || response.status === 204 || response.status === 304) {
      res.end();
      return 0;
    }
    res.end(body);
    return body.length;
  }
  res.writeHead(response.status, headers);
  if (body === undefined || isHead) {
    res.end();
    return 0;
  }
  let written = 0;
  for await (const part of body) {
    written += part.length;
    if (!res.write(part)) await new Promise<void>((resolve) => res.once('drain', resolve));
  }
  res.end();
  return written;
}
