/**
 * The default wire (see wire.ts): node:http with a keep-alive agent. It loads with Node itself, so a one-shot
 * command pays for no HTTP library. node:https is imported only when an https origin is first called.
 *
 * Idle keep-alive sockets do not hold the process open (node's Agent unrefs free sockets), so a command
 * exits as soon as its work is done.
 */
import { Agent, request as httpRequest, type ClientRequest, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import type { BodyStream, Wire, WireRequest, WireResponse } from './wire.js';

type RequestFn = typeof httpRequest;

interface Scheme {
  readonly request: RequestFn;
  readonly agent: Agent;
}

export interface NodeHttpWireOptions {
  /** Sockets kept open per origin between calls (default 16). */
  readonly maxFreeSockets?: number;
}

export function createNodeHttpWire(options: NodeHttpWireOptions = {}): Wire & { close(): void } {
  const agentOptions = { keepAlive: true, maxFreeSockets: options.maxFreeSockets ?? 16 };
  const http: Scheme = { request: httpRequest, agent: new Agent(agentOptions) };
  let https: Promise<Scheme> | undefined;
  const schemeFor = (origin: string): Scheme | Promise<Scheme> => {
    if (origin.startsWith('http:')) return http;
    return (https ??= import('node:https').then((m) => ({ request: m.request as RequestFn, agent: new m.Agent(agentOptions) })));
  };

  return {
    async request(spec: WireRequest): Promise<WireResponse> {
      const scheme = await schemeFor(spec.origin);
      return send(scheme, spec);
    },
    close() {
      http.agent.destroy();
      void https?.then((s) => s.agent.destroy());
    },
  };
}

/**
 * A kept-alive socket can be closed by the server (its idle timeout, 30 s on Bee v2.8.1) just as a request is written
 * to it; that request then fails with ECONNRESET or EPIPE before any answer. Node's documented remedy: resend
 * once on a fresh socket when the failed socket was a reused one and the body can be sent again (none, text or
 * bytes; a stream is consumed and is never resent). Seen in the benchmark as failed parallel chunk uploads.
 */
const STALE_SOCKET_ERRORS = new Set(['ECONNRESET', 'EPIPE']);

/** Interim (1xx) answers read before a request gives up on its answer (Bee sends none; 100 Continue is one). */
const MAX_INTERIM_ANSWERS = 8;

/**
 * Resent while the socket that failed was a reused one: sockets opened together go idle together and the
 * server's idle timeout closes them together, so the next pooled socket may be just as closed. Each failed
 * socket leaves the pool, so this ends on a fresh socket (whose failure is the answer) within the pool's size.
 */
const MAX_STALE_RESENDS = 32;

function send(scheme: Scheme, spec: WireRequest): Promise<WireResponse> {
  const replayable = spec.body === undefined || typeof spec.body === 'string' || spec.body instanceof Uint8Array;
  const attempt = (resends: number): Promise<WireResponse> =>
    sendOnce(scheme, spec).catch((error: NodeJS.ErrnoException & { reusedSocket?: boolean }) => {
      if (replayable && error.reusedSocket && STALE_SOCKET_ERRORS.has(error.code ?? '') && !spec.signal.aborted && resends < MAX_STALE_RESENDS) return attempt(resends + 1);
      throw error;
    });
  return attempt(0);
}

function sendOnce(scheme: Scheme, spec: WireRequest): Promise<WireResponse> {
  return new Promise<WireResponse>((resolve, reject) => {
    if (spec.signal.aborted) {
      reject(abortError(spec.signal.reason));
      return;
    }
    const target = originParts(spec.origin);
    const headers: OutgoingHttpHeaders = { ...spec.headers };
    const body = spec.body;
    if ((typeof body === 'string' || body instanceof Uint8Array) && headers['content-length'] === undefined) {
      headers['content-length'] = typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
    }
    let request: ClientRequest;
    let response: IncomingMessage | undefined;
    const onAbort = () => {
      const error = abortError(spec.signal.reason);
      // Before the answer: the request fails. After it: the body stream errors, so its reader stops.
      if (response) response.destroy(error);
      request.destroy(error);
    };
    try {
      request = scheme.request({ ...target, path: spec.path, method: spec.method, headers, agent: scheme.agent });
    } catch (error) {
      reject(error);
      return;
    }
    spec.signal.once('abort', onAbort);
    const release = () => spec.signal.removeListener('abort', onAbort);
    request.on('error', (error) => {
      if (!response) {
        release();
        reject(Object.assign(error, { reusedSocket: request.reusedSocket }));
      }
    });
    // llhttp reads any number of interim (1xx) answers before the real one; a node sending `100 Continue` without
    // end would keep this request reading them until its timeout, at half a core. The raw wire stops at its head
    // limit (http1-answer-parser.ts); this at MAX_INTERIM_ANSWERS.
    let interim = 0;
    request.on('information', () => {
      if (++interim > MAX_INTERIM_ANSWERS) request.destroy(Object.assign(new Error(`malformed HTTP answer: more than ${MAX_INTERIM_ANSWERS} interim (1xx) answers`), { code: 'HPE_INTERIM_OVERFLOW' }));
    });
    request.on('response', (incoming) => {
      response = incoming;
      incoming.on('close', release);
      resolve({ statusCode: incoming.statusCode ?? 0, headers: incoming.headers, body: incoming as unknown as BodyStream });
    });
    if (body === undefined) request.end();
    else if (typeof body === 'string' || body instanceof Uint8Array) request.end(body);
    else {
      body.on('error', (error) => request.destroy(error));
      (body as Readable).pipe(request);
    }
  });
}

interface OriginParts {
  readonly protocol: string;
  readonly hostname: string;
  readonly port: number;
}

const origins = new Map<string, OriginParts>();

/** `http://[::1]:1633` -> protocol, bare hostname (no brackets), port; parsed once per origin. */
function originParts(origin: string): OriginParts {
  let parts = origins.get(origin);
  if (!parts) {
    const url = new URL(origin);
    const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
    parts = { protocol: url.protocol, hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'), port };
    origins.set(origin, parts);
  }
  return parts;
}

function abortError(reason: unknown): Error {
  return reason instanceof Error ? reason : new Error(reason === undefined ? 'aborted' : String(reason));
}
