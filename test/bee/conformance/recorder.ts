/**
 * Runs one HTTP step of the conformance scenario against a node and records it as a transcript step.
 * Plain fetch on loopback (no client library between us and the node: the raw answer is what we judge).
 */
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
    let res: Response;
    try {
      res = await send();
    } catch (error) {
      // A keep-alive socket the node closed while idle resets the next request before any answer (Node's
      // documented race); like the node client, send once more on a fresh socket. Anything else is a result.
      if (!isResetBeforeAnswer(error)) throw error;
      res = await send();
    }
    const response = new StepResponse(res.status, res.headers, new Uint8Array(await res.arrayBuffer()));
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
