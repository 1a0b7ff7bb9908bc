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
 *   polls moved here from node:http, and 3-9 % less again with pipelining (bench:cockpit-fleet, README).
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
 * Scope, kept small on purpose: http: origins only; GET/HEAD without a request body; answers with
 * Content-Length, chunked transfer coding, or a body ending with the connection. Anything else (https, a
 * request body, a streamed read) goes to the `fallback` wire. A request that fails on a reused idle socket
 * before any byte of the answer arrived (the server closed it meanwhile) is retried once on a new socket.
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
import { requestWholeVia, type BufferedResponse, type Wire } from './wire.js';

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
  return {
    request: (request) => options.fallback.request(request),
    requestBuffered(request, limit) {
      const canDo = request.origin.startsWith('http:') && request.body === undefined && (request.method === 'GET' || request.method === 'HEAD');
      if (!canDo) {
        if (options.fallback.requestBuffered) return options.fallback.requestBuffered(request, limit);
        return requestWholeVia(options.fallback, request, limit);
      }
      let pool = pools.get(request.origin);
      if (!pool) pools.set(request.origin, (pool = new Pool(request.origin, maxSockets, idleMs, pipeline, stallMs, readBuffer)));
      const target = pool;
      return new Promise<BufferedResponse>((resolve, reject) => {
        if (request.signal.aborted) return reject(reasonOf(request.signal));
        let head: string;
        try {
          head = requestHead(request.method, request.path, target.host, request.headers);
        } catch (error) {
          return reject(error);
        }
        const pending: Pending = { request, head, limit, resolve, reject, retry: true };
        pending.onAbort = () => target.abandon(pending);
        request.signal.once('abort', pending.onAbort);
        target.submit(pending);
      });
    },
    close() {
      for (const pool of pools.values()) pool.close();
      pools.clear();
    },
  };
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
    const idle = this.idle.pop();
    if (idle) return idle;
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
