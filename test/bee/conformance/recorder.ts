/**
 * Runs one HTTP step of the conformance scenario against a node and records it as a transcript step.
 * Plain fetch on loopback (no client library between us and the node: the raw answer is what we judge).
 */
import { connect } from 'node:net';
import type { ShapeOptions } from './shape.js';
import { toTranscriptStep, type RawResponse, type Transcript } from './transcript.js';

export interface StepRequest {
  /** Index into the target's node URLs (default 0). */
  node?: number;
  method: string;
  /** Path template with `{name}` placeholders, e.g. `/bytes/{ref}`; this is what the transcript keeps. */
  path: string;
  params?: Record<string, string>;
  /** Query string appended verbatim (without `?`). */
  query?: string;
  headers?: Record<string, string>;
  body?: Uint8Array | string;
  shape?: ShapeOptions;
  /** Picks the values that must be byte-identical across nodes out of the answer. */
  addresses?: (response: StepResponse) => Record<string, string>;
  timeoutMs?: number;
}

export class StepResponse implements RawResponse {
  constructor(
    readonly status: number,
    readonly headers: Headers,
    readonly body: Uint8Array,
  ) {}

  /** The parsed JSON body, or undefined when it is not JSON. */
  json<T = Record<string, unknown>>(): T | undefined {
    try {
      return JSON.parse(new TextDecoder().decode(this.body)) as T;
    } catch {
      return undefined;
    }
  }

  /** A string field of a JSON body, or `fallback` (so a failed step does not stop the scenario). */
  field(name: string, fallback = ''): string {
    const value = this.json()?.[name];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : fallback;
  }
}

export class ScenarioRecorder {
  readonly transcript: Transcript = [];

  constructor(readonly urls: readonly string[]) {}

  async step(name: string, request: StepRequest): Promise<StepResponse> {
    if (this.transcript.some((s) => s.step === name)) throw new Error(`scenario step name used twice: ${name}`);
    const base = this.urls[request.node ?? 0];
    if (base === undefined) throw new Error(`scenario step ${name}: no node ${request.node}`);
    const path = request.path.replace(/\{(\w+)\}/g, (_m, key: string) => {
      const value = request.params?.[key];
      if (value === undefined) throw new Error(`scenario step ${name}: no value for {${key}}`);
      return value;
    });
    const url = `${base}${path}${request.query ? `?${request.query}` : ''}`;
    const send = () =>
      fetch(url, {
        method: request.method,
        headers: request.headers ?? {},
        // A copy into a fresh ArrayBuffer: fetch's BodyInit does not take a view over any ArrayBufferLike.
        ...(request.body !== undefined ? { body: typeof request.body === 'string' ? request.body : new Uint8Array(request.body) } : {}),
        redirect: 'manual',
        signal: AbortSignal.timeout(request.timeoutMs ?? 60_000),
      });
    let response: StepResponse;
    if (request.method === 'HEAD') {
      response = await headOverSocket(url, request.headers ?? {}, request.timeoutMs ?? 60_000);
    } else {
      let res: Response;
      try {
        res = await send();
      } catch (error) {
        // A keep-alive socket the node closed while idle resets the next request before any answer (Node's
        // documented race); like the node client, send once more on a fresh socket. Anything else is a result.
        if (!isResetBeforeAnswer(error)) throw error;
        res = await send();
      }
      response = new StepResponse(res.status, res.headers, new Uint8Array(await res.arrayBuffer()));
    }
    this.transcript.push(
      toTranscriptStep({
        step: name,
        method: request.method,
        path: request.path + (request.query ? `?${request.query.replace(/=[^&]*/g, '={}')}` : ''),
        response,
        ...(request.shape ? { shapeOptions: request.shape } : {}),
        ...(request.addresses ? { addresses: request.addresses(response) } : {}),
      }),
    );
    return response;
  }
}

function isResetBeforeAnswer(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } } | undefined)?.cause;
  return error instanceof TypeError && (cause?.code === 'ECONNRESET' || cause?.code === 'EPIPE' || cause?.code === 'UND_ERR_SOCKET');
}

/**
 * A HEAD over a plain socket, its answer read as text: fetch (undici) refuses a Content-Length that is not a
 * non-negative integer, which Bee v2.8.1 sends for redundancy-coded roots, and that answer is what we record.
 */
function headOverSocket(url: string, headers: Record<string, string>, timeoutMs: number): Promise<StepResponse> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(target.port || 80), target.hostname.replace(/^\[(.*)\]$/, '$1'), () => {
      const lines = [`HEAD ${target.pathname}${target.search} HTTP/1.1`, `host: ${target.host}`, 'connection: close', ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
      socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    });
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`HEAD ${url}: no answer in ${timeoutMs} ms`)));
    let text = '';
    socket.on('data', (data: Buffer) => (text += data.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => {
      const [statusLine = '', ...fields] = text.split('\r\n\r\n')[0]!.split('\r\n');
      const status = Number(statusLine.split(' ')[1]);
      if (!statusLine.startsWith('HTTP/1.') || !Number.isInteger(status)) return reject(new Error(`HEAD ${url}: not an HTTP answer: ${JSON.stringify(text.slice(0, 60))}`));
      const answer = new Headers();
      for (const field of fields) {
        const colon = field.indexOf(':');
        if (colon > 0) answer.append(field.slice(0, colon).trim(), field.slice(colon + 1).trim());
      }
      resolve(new StepResponse(status, answer, new Uint8Array(0)));
    });
  });
}
