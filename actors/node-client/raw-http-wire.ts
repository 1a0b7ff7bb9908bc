/**
 * The raw wire: a wire (wire.ts) for small answers fetched by the thousand over plain HTTP, the per-chunk walk's
 * GET /chunks/{address} and the cockpit's fleet polls. It speaks HTTP/1.1 on keep-alive sockets itself and hands
 * back the whole body as a Buffer: no stream, no parser objects, no per-request state beyond a few fields.
 *
 * The node client's wires, and why each stays (measured on this 2-core machine):
 * - node-http-wire.ts (node:http): the default. It loads with Node itself, so a one-shot command (`--once`) pays for
 *   no HTTP library, and it does everything: https, request bodies, streamed bodies.
 * - this wire: the fast path for bodiless GET/HEAD on http: origins, with everything else handed to a fallback
 *   wire. A walk's client CPU per probe: undici's request() about 60 µs, its dispatch() about 40, this about 25
 *   (bench:retcheck-walk); the cockpit engine polling 200 nodes went from 11.5-12.1 % of a core to 9.0 % when its
 *   polls moved here from node:http, and 3-9 % less again with pipelining (bench:cockpit-fleet, docs/benchmarks.md).
 * - undici-wire.ts: an undici Dispatcher a caller passes (`dispatcher`), nothing more: no command loads undici.
 *
 * Its files:
 * - raw-http-wire.ts (this): options, the per-origin pools that queue requests and hand them to sockets;
 * - raw-http-connection.ts: one socket, its requests in flight (pipelining, stalls, retries, early closes);
 * - http1-answer-parser.ts: reads one answer off the bytes, as strictly as llhttp and within limits of its own
 *   (head and trailers 16 KiB, chunk-size lines, the body at the caller's cap whatever its framing), linearly;
 * - http1-request-head.ts: writes a request head, refusing what node:http refuses (a CR or LF in a header value);
 * - raw-http-pending.ts: a request from its call to its answer.
 * raw-http-wire-agreement.test.ts feeds the parser and node:http's llhttp (and undici's, for pipelined answers) the
 * same byte streams and requires them to agree, or this wire to refuse.
 *
 * Sockets read through `onread` into one buffer per wire, not as streams: no Readable machinery, 'data' event or
 * fresh buffer per read (a few µs per probe); the bytes an answer keeps are copied out of it.
 *
 * Scope: http: origins only; any method, with no request body or one held in memory (a string or bytes, written
 * right behind the head with its Content-Length: uploads of chunks, SOCs and files from memory, pins, tags), not
 * pipelined; answers with Content-Length, chunked transfer coding, or a body ending with the connection, read
 * whole into a Buffer (requestBuffered) or counted to their end without being kept (requestDrained: a download
 * drained costs no copy of its bytes). Anything else (https, a streamed request body such as a file read from
 * disk, a streamed read) goes to the `fallback` wire. A request that fails on a reused idle socket before any byte
 * of the answer arrived (the server closed it meanwhile) is retried once on a new socket: its body is in memory,
 * so it is sent whole again, as node:http's wire resends a body it holds.
 *
 * Pipelining (`pipeline` > 1, HTTP/1.1 §9.3.2 of RFC 9112): the requests asked for in one turn of the event loop
 * go out on one socket in one write, and the answers are read back in the order they were sent (HTTP/1.1 has
 * no other way to pair them; Go's net/http and Node's http servers answer pipelined requests in order). The
 * cockpit's fleet poll asks a node nine questions at once: one write instead of nine, and the answers come
 * back in a read or two. An answer cut short by the connection's end fails its own request only; the requests
 * sent after it never got an answer and go out again on a new socket (they are GETs and HEADs: safe to repeat).
 * A request its caller abandons while earlier ones are still being answered is refused at once, and its answer,
 * when it comes, is read and dropped, so the answers after it stay paired with their requests.
 */
import { connect } from 'node:net';
import { requestHead } from './http1-request-head.js';
import { Connection, type ConnectionPool } from './raw-http-connection.js';
import { reasonOf, refuse, type Pending } from './raw-http-pending.js';
import { requestDrainedVia, requestWholeVia, type BufferedResponse, type DrainedResponse, type Wire, type WireRequest } from './wire.js';

export interface RawHttpWireOptions {
  /** Where everything this wire does not do itself goes (https, request bodies, streamed reads). */
  readonly fallback: Wire;
  /** Sockets per origin (default 16): more requests wait for a free one. */
  readonly maxSockets?: number;
  /** Idle sockets are closed after this long (default 4 s, under the 5 s keep-alive of Node and Bee servers). */
  readonly idleMs?: number;
  /**
   * Requests in flight on one socket at once (default 1: no pipelining). Above 1, requests asked for in the
   * same turn of the event loop are written together and answered in order (see the module doc).
   */
  readonly pipeline?: number;
  /**
   * With pipelining: when an answer takes longer than this (default 1 s), the requests queued behind it on its
   * socket go out again on another one (the slow answer's socket takes no new requests until it has answered
   * all it was sent), so one slow or hanging endpoint does not hold up the node's other answers. Needs
   * `maxSockets` of 2 or more to have another socket.
   */
  readonly stallMs?: number;
}

/** Bytes one socket read takes at most (a chunk answer, 4 KiB and its headers, fits in one read). */
const READ_BUFFER_SIZE = 64 * 1024;

export function createRawHttpWire(options: RawHttpWireOptions): Wire & { close(): void } {
  const pools = new Map<string, Pool>();
  const maxSockets = options.maxSockets ?? 16;
  const idleMs = options.idleMs ?? 4_000;
  const pipeline = Math.max(1, Math.floor(options.pipeline ?? 1));
  const stallMs = options.stallMs ?? 1_000;
  const readBuffer = Buffer.allocUnsafe(READ_BUFFER_SIZE);
  /**
   * Whether this wire writes `request` itself: http:, and without pipelining any method with no body or one in
   * memory; with pipelining only bodiless GETs and HEADs (RFC 9112 §9.3.2: nothing is pipelined after a request
   * that is not idempotent, and a pipelined request left unanswered is sent again). A caller's own
   * Transfer-Encoding goes to the fallback: the wire frames a body by its Content-Length alone.
   */
  const takes = (request: WireRequest): boolean => {
    if (!request.origin.startsWith('http:')) return false;
    const body = request.body;
    if (pipeline > 1) return body === undefined && (request.method === 'GET' || request.method === 'HEAD');
    if (request.headers && hasHeader(request.headers, 'transfer-encoding')) return false;
    return body === undefined || typeof body === 'string' || body instanceof Uint8Array;
  };
  const send = <T>(request: WireRequest, limit: number, drain: boolean): Promise<T> => {
    let pool = pools.get(request.origin);
    if (!pool) pools.set(request.origin, (pool = new Pool(request.origin, maxSockets, idleMs, pipeline, stallMs, readBuffer)));
    const target = pool;
    return new Promise<T>((resolve, reject) => {
      if (request.signal.aborted) return reject(reasonOf(request.signal));
      let head: string;
      let body: Buffer | undefined;
      try {
        body = request.body === undefined ? undefined : typeof request.body === 'string' ? Buffer.from(request.body) : bufferView(request.body as Uint8Array);
        head = requestHead(request.method, request.path, target.host, withLength(request.method, request.headers, body));
      } catch (error) {
        return reject(error);
      }
      // Sent again, once, on a new socket if a reused one turns out closed before any byte of the answer, whatever
      // the method: as node-http-wire.ts resends a body it holds (Bee's idle timeout closing a kept-alive socket).
      const pending: Pending = { request, head, body, limit, drain, resolve: resolve as (r: BufferedResponse) => void, reject, retry: true };
      pending.onAbort = () => target.abandon(pending);
      request.signal.once('abort', pending.onAbort);
      target.submit(pending);
    });
  };
  return {
    request: (request) => options.fallback.request(request),
    buffersRequestBodies: true,
    requestBuffered(request, limit) {
      if (!takes(request)) {
        if (options.fallback.requestBuffered && (request.body === undefined || options.fallback.buffersRequestBodies)) return options.fallback.requestBuffered(request, limit);
        return requestWholeVia(options.fallback, request, limit);
      }
      return send<BufferedResponse>(request, limit, false);
    },
    requestDrained(request) {
      if (!takes(request)) return options.fallback.requestDrained ? options.fallback.requestDrained(request) : requestDrainedVia(options.fallback, request);
      return send<DrainedResponse>(request, Number.MAX_SAFE_INTEGER, true);
    },
    close() {
      for (const pool of pools.values()) pool.close();
      pools.clear();
    },
  };
}

/** The caller's bytes as a Buffer over the same memory (no copy). */
function bufferView(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Methods whose bodiless request still says `content-length: 0`, as node:http writes it (RFC 9110 §8.6). */
const LENGTH_WHEN_EMPTY = new Set(['POST', 'PUT', 'PATCH']);

function hasHeader(headers: Readonly<Record<string, string>>, lowerName: string): boolean {
  for (const name in headers) if (name.toLowerCase() === lowerName) return true;
  return false;
}

/** The request's headers with the body's Content-Length (any length the caller set is replaced by the real one). */
function withLength(method: string, headers: Readonly<Record<string, string>> | undefined, body: Buffer | undefined): Readonly<Record<string, string>> | undefined {
  if (body === undefined && !LENGTH_WHEN_EMPTY.has(method)) return headers;
  const out: Record<string, string> = {};
  if (headers) for (const name in headers) if (name.toLowerCase() !== 'content-length') out[name] = headers[name]!;
  out['content-length'] = String(body?.length ?? 0);
  return out;
}

/** The sockets of one origin and the requests waiting for one. */
class Pool implements ConnectionPool {
  private readonly idle: Connection[] = [];
  /** Open sockets answering requests (pipelining looks here for one with room). */
  private readonly busy = new Set<Connection>();
  private readonly waiting: Pending[] = [];
  private open = 0;
  private flushQueued = false;
  private sweeper: ReturnType<typeof setInterval> | undefined;
  /** The Host header's value. */
  readonly host: string;
  private readonly hostname: string;
  private readonly port: number;

  constructor(
    origin: string,
    private readonly maxSockets: number,
    private readonly idleMs: number,
    /** Requests in flight per socket (1: none pipelined). */
    private readonly depth: number,
    /** With pipelining: how long an answer may hold up the requests behind it (RawHttpWireOptions.stallMs). */
    readonly stallMs: number,
    /** Where every socket of the wire reads into: reads are handled one at a time, on this thread. */
    private readonly readBuffer: Buffer,
  ) {
    const url = new URL(origin);
    this.host = url.host;
    this.hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
    this.port = url.port ? Number(url.port) : 80;
  }

  submit(pending: Pending): void {
    this.waiting.push(pending);
    this.schedule();
  }

  /**
   * Requests sent on a socket that ended before answering them: they go first, in the order they were sent
   * (older than anything still waiting).
   */
  resubmit(pendings: readonly Pending[]): void {
    if (pendings.length === 0) return;
    for (const pending of pendings) pending.at = undefined;
    this.waiting.unshift(...pendings);
    this.schedule();
  }

  /** Its caller gave up: on a socket, the socket deals with it; waiting, it is refused and never sent. */
  abandon(pending: Pending): void {
    if (pending.at) return pending.at.abandon(pending);
    const at = this.waiting.indexOf(pending);
    if (at >= 0) this.waiting.splice(at, 1);
    refuse(pending, reasonOf(pending.request.signal));
  }

  /** Without pipelining a request goes out at once; with it, at the end of this turn, with its neighbours. */
  private schedule(): void {
    if (this.depth === 1) return this.flush();
    if (this.flushQueued) return;
    this.flushQueued = true;
    process.nextTick(() => {
      this.flushQueued = false;
      this.flush();
    });
  }

  /** Hands waiting requests to sockets: an idle one, else (pipelining) a busy one with room, else a new one. */
  private flush(): void {
    for (;;) {
      const first = this.nextWaiting();
      if (!first) return;
      const connection = this.withRoom();
      if (!connection) {
        this.waiting.unshift(first);
        return;
      }
      const batch = [first];
      for (let room = this.depth - connection.inFlight - 1; room > 0; room--) {
        const next = this.nextWaiting();
        if (!next) break;
        batch.push(next);
      }
      this.busy.add(connection);
      connection.send(batch);
    }
  }

  private withRoom(): Connection | undefined {
    // The most recently rested first; one idle past idleMs (the sweep runs only every idleMs) is closed, not
    // reused: the server may be closing it just now.
    for (let idle = this.idle.pop(); idle; idle = this.idle.pop()) {
      if (performance.now() - idle.idleSince < this.idleMs) return idle;
      idle.destroy();
    }
    if (this.depth > 1) for (const connection of this.busy) if (connection.inFlight < this.depth && connection.open) return connection;
    if (this.open >= this.maxSockets) return undefined;
    this.open++;
    // Reads land in the wire's one read buffer and go straight to the connection (no stream, no 'data'
    // event, no buffer per read); the connection copies out what it keeps. Set before any byte can arrive.
    let connection: Connection | undefined;
    const buffer = this.readBuffer;
    const onread = {
      buffer,
      callback: (size: number): boolean => {
        connection!.onData(buffer.subarray(0, size));
        return true;
      },
    };
    const socket = connect({ host: this.hostname, port: this.port, noDelay: true, onread });
    connection = new Connection(this, socket);
    return connection;
  }

  release(connection: Connection): void {
    this.busy.delete(connection);
    this.idle.push(connection);
    if (this.waiting.length > 0) this.flush();
    if (connection.inFlight > 0) return;
    connection.rest();
    // One sweep timer per pool, not a timer per answer: closes sockets idle for longer than idleMs.
    if (!this.sweeper) {
      this.sweeper = setInterval(() => this.sweep(), this.idleMs);
      this.sweeper.unref();
    }
  }

  private sweep(): void {
    const now = performance.now();
    for (const connection of [...this.idle]) if (now - connection.idleSince >= this.idleMs) connection.destroy();
    if (this.idle.length === 0 && this.open === 0) {
      clearInterval(this.sweeper);
      this.sweeper = undefined;
    }
  }

  forget(connection: Connection): void {
    const at = this.idle.indexOf(connection);
    if (at >= 0) this.idle.splice(at, 1);
    this.busy.delete(connection);
    this.open--;
    if (this.waiting.length > 0) this.schedule();
  }

  /** The next queued request; those whose caller gave up while they waited are refused, never sent. */
  private nextWaiting(): Pending | undefined {
    let next = this.waiting.shift();
    while (next?.request.signal.aborted) {
      refuse(next, reasonOf(next.request.signal));
      next = this.waiting.shift();
    }
    return next;
  }

  close(): void {
    clearInterval(this.sweeper);
    this.sweeper = undefined;
    for (const connection of [...this.idle]) connection.destroy();
    for (const pending of this.waiting.splice(0)) refuse(pending, new Error('raw wire closed'));
  }
}
