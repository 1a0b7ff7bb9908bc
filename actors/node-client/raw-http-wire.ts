/**
 * A wire (wire.ts) for small answers fetched by the thousand over plain HTTP: the per-chunk walk's
 * GET /chunks/{address}. It speaks HTTP/1.1 on keep-alive sockets itself, one request at a time per socket,
 * and hands back the whole body as a Buffer: no stream, no parser objects, no per-request state beyond a few
 * fields. A walk's client CPU per probe was mostly the HTTP library (undici's request() about 60 µs, its
 * dispatch() about 40, this about 25 on this machine; bench:retcheck-walk). Sockets read through `onread` into
 * one buffer per wire, not as streams: no Readable machinery, 'data' event or fresh buffer per read (a few
 * µs per probe); the bytes an answer keeps are copied out of it.
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
import { connect, type Socket } from 'node:net';
import { BodyOverLimit, requestWholeVia, type BufferedResponse, type Wire, type WireRequest } from './wire.js';

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

interface Pending {
  readonly request: WireRequest;
  readonly limit: number;
  readonly resolve: (response: BufferedResponse) => void;
  readonly reject: (error: unknown) => void;
  /** False once it was retried: a second failure is final. */
  retry: boolean;
  /** A stand-in whose answer is read and dropped (its caller gave up, or it went out again on another socket). */
  abandoned?: boolean;
  /** Its 'abort' listener, from the request until its answer or failure. */
  onAbort?: () => void;
  /** The socket it was sent on; undefined while it waits in its pool. */
  at?: Connection;
}

/** The answer goes to the caller; its abort listener is removed. */
function answer(pending: Pending, response: BufferedResponse): void {
  unlisten(pending);
  pending.resolve(response);
}

function refuse(pending: Pending, error: unknown): void {
  unlisten(pending);
  pending.reject(error);
}

/** What stays in a socket's queue for a request that left it: its answer is still read (to keep the rest paired), then dropped. */
function standIn(pending: Pending): Pending {
  return { request: pending.request, limit: pending.limit, resolve: () => {}, reject: () => {}, retry: false, abandoned: true };
}

const CRLF_CRLF = Buffer.from('\r\n\r\n');
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
        const pending: Pending = { request, limit, resolve, reject, retry: true };
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

/** An answer; its header pairs are split out of the header block only if someone reads them. */
class RawResponse implements BufferedResponse {
  private pairs: string[] | undefined;
  constructor(
    readonly statusCode: number,
    readonly body: Buffer,
    private readonly head: string,
  ) {}

  get rawHeaders(): string[] {
    return (this.pairs ??= headerPairs(this.head));
  }
}

/** The value of header `name` in a lower-cased header block, trimmed; undefined when absent. */
function headerIn(lowerHead: string, name: string): string | undefined {
  const at = lowerHead.indexOf(`\r\n${name}:`);
  if (at < 0) return undefined;
  const start = at + name.length + 3;
  const end = lowerHead.indexOf('\r\n', start);
  return lowerHead.slice(start, end < 0 ? undefined : end).trim();
}

/** Name/value pairs of a header block (status line first, which is skipped); names lower-cased. */
function headerPairs(head: string): string[] {
  const pairs: string[] = [];
  const lines = head.split('\r\n');
  for (let i = 1; i < lines.length; i++) {
    const colon = lines[i]!.indexOf(':');
    if (colon > 0) pairs.push(lines[i]!.slice(0, colon).trim().toLowerCase(), lines[i]!.slice(colon + 1).trim());
  }
  return pairs;
}

function reasonOf(signal: WireRequest['signal']): Error {
  const reason = signal.reason;
  return reason instanceof Error ? reason : new Error(reason === undefined ? 'aborted' : String(reason));
}


class Pool {
  private readonly idle: Connection[] = [];
  /** Open sockets answering requests (pipelining looks here for one with room). */
  private readonly busy = new Set<Connection>();
  private readonly waiting: Pending[] = [];
  private open = 0;
  private flushQueued = false;
  private sweeper: ReturnType<typeof setInterval> | undefined;
  private readonly host: string;
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

  /** A socket answered everything it was sent and can take more. */
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

  /** A socket closed; waiting requests go to another. */
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

  requestHead(request: WireRequest): string {
    let head = `${request.method} ${request.path} HTTP/1.1\r\nhost: ${this.host}\r\n`;
    if (request.headers) for (const name in request.headers) head += `${name}: ${request.headers[name]}\r\n`;
    return `${head}\r\n`;
  }

  close(): void {
    clearInterval(this.sweeper);
    this.sweeper = undefined;
    for (const connection of [...this.idle]) connection.destroy();
    for (const pending of this.waiting.splice(0)) refuse(pending, new Error('raw wire closed'));
  }
}

/** One keep-alive socket, the requests sent on it (answers awaited, oldest first) and the answer being read. */
class Connection {
  /** Sent and not yet answered, in the order sent: the first is the answer being read. */
  private readonly queue: Pending[] = [];
  /** Answers read whole on this socket (a request sent after one is on a reused socket). */
  private answered = 0;
  /** Whether any byte of the current answer arrived. */
  private gotBytes = false;
  private buffered: Buffer | undefined;
  // The answer being read.
  private status = 0;
  /** The answer's header block (after the status line), parsed into pairs only if someone asks. */
  private head = '';
  private bodyParts: Buffer[] = [];
  private bodySize = 0;
  /** The body of an answer with a Content-Length, allocated once at its size and filled as bytes arrive. */
  private sized: Buffer | undefined;
  /** -1: until the connection ends; -2: chunked; else bytes still expected. */
  private remaining = 0;
  private inBody = false;
  private closeAfter = false;
  /** performance.now() when it last went idle (the pool's sweep closes long-idle sockets). */
  idleSince = 0;
  private left = false;
  /** An answer held up the requests behind it, which went out on another socket: none are added here. */
  private stalled = false;
  /** performance.now() when the answer being read became the first in line. */
  private headSince = 0;
  private stallTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly pool: Pool,
    private readonly socket: Socket,
  ) {
    socket.on('error', (error) => this.fail(error, true));
    socket.on('close', () => {
      if (this.queue.length > 0 && this.remaining === -1 && this.inBody) return void this.finish(EMPTY);
      this.fail(Object.assign(new Error('socket closed before the answer ended'), { code: 'ECONNRESET' }), true);
    });
  }

  get inFlight(): number {
    return this.queue.length;
  }

  /** Whether more requests may go out on it (not closing, not announced to close after this answer). */
  get open(): boolean {
    return !this.left && !this.closeAfter && !this.stalled;
  }

  /** Writes the requests' heads in one write; their answers are read in this order. */
  send(batch: readonly Pending[]): void {
    this.socket.ref();
    if (this.queue.length === 0) {
      this.startAnswer();
      this.headSince = performance.now();
    }
    let text = '';
    for (const pending of batch) {
      this.queue.push(pending);
      pending.at = this;
      text += this.pool.requestHead(pending.request);
    }
    this.socket.write(text);
    if (this.queue.length > 1 && !this.stallTimer) this.watchStall(this.pool.stallMs);
  }

  /** One timer per socket while requests wait behind an answer; it checks the answer first in line when it fires. */
  private watchStall(ms: number): void {
    this.stallTimer = setTimeout(() => {
      this.stallTimer = undefined;
      if (this.left || this.queue.length < 2) return;
      const waited = performance.now() - this.headSince;
      if (waited < this.pool.stallMs) return this.watchStall(this.pool.stallMs - waited);
      this.unstall();
    }, Math.max(1, Math.ceil(ms)));
    this.stallTimer.unref();
  }

  /** The requests behind a slow answer go out again on another socket; stand-ins keep their answers paired here. */
  private unstall(): void {
    const moved: Pending[] = [];
    for (let i = 1; i < this.queue.length; i++) {
      const pending = this.queue[i]!;
      if (pending.abandoned) continue;
      moved.push(pending);
      this.queue[i] = standIn(pending);
    }
    if (moved.length === 0) return;
    this.stalled = true;
    this.pool.resubmit(moved);
  }

  private startAnswer(): void {
    this.gotBytes = false;
    this.status = 0;
    this.head = '';
    this.bodyParts = [];
    this.bodySize = 0;
    this.sized = undefined;
    this.remaining = 0;
    this.inBody = false;
    this.closeAfter = false;
  }

  /** Idle: does not keep the process alive; the pool's sweep closes it after a while. */
  rest(): void {
    this.socket.unref();
    this.idleSince = performance.now();
  }

  destroy(): void {
    this.socket.destroy();
  }

  /** Closes the socket and takes it out of the pool, once. */
  private leave(): void {
    clearTimeout(this.stallTimer);
    this.stallTimer = undefined;
    this.destroy();
    if (this.left) return;
    this.left = true;
    this.pool.forget(this);
  }

  /**
   * Its caller gave up on `pending`. The answer being read: the socket is dropped with it (the answer may never
   * end). A later one: refused now, and its answer dropped when it comes, so the answers after it stay paired.
   */
  abandon(pending: Pending): void {
    const reason = reasonOf(pending.request.signal);
    if (this.queue[0] === pending) return this.fail(reason, false);
    const at = this.queue.indexOf(pending);
    if (at >= 0) this.queue[at] = standIn(pending);
    refuse(pending, reason);
    if (this.onlyStandIns()) this.leave();
  }

  /** Nobody waits for any answer still due on this socket (their callers gave up or they went elsewhere). */
  private onlyStandIns(): boolean {
    for (const pending of this.queue) if (!pending.abandoned) return false;
    return true;
  }

  /**
   * Bytes read from the socket. `data` is a view of the wire's read buffer, overwritten by the next read: what
   * outlives this call (a partial head, body parts) is copied.
   */
  onData(data: Buffer): void {
    if (this.queue.length === 0) return this.leave(); // bytes nobody asked for: the socket is out of step
    this.gotBytes = true;
    let chunk = this.buffered ? Buffer.concat([this.buffered, data]) : data;
    this.buffered = undefined;
    while (chunk.length > 0 && this.queue.length > 0) {
      if (!this.inBody) {
        const end = chunk.indexOf(CRLF_CRLF);
        if (end < 0) {
          if (chunk.length > 64 * 1024) return this.fail(new Error('answer headers larger than 64 KiB'), false);
          this.buffered = Buffer.from(chunk);
          return;
        }
        if (!this.readHead(chunk.toString('latin1', 0, end))) return;
        chunk = chunk.subarray(end + 4);
        if (!this.inBody) continue; // a 1xx interim answer: the real one follows
        if (this.remaining === 0) chunk = this.finish(chunk);
        continue;
      }
      chunk = this.readBody(chunk);
    }
  }

  /** Parses a status line and headers; false when the answer was refused (the request then failed). */
  private readHead(head: string): boolean {
    const status = Number(head.slice(9, 12));
    if (!head.startsWith('HTTP/1.') || !Number.isInteger(status)) {
      this.fail(new Error(`not an HTTP answer: ${JSON.stringify(head.slice(0, 40))}`), false);
      return false;
    }
    if (status >= 100 && status < 200) return true;
    // Only three headers steer the framing; they are looked up in place instead of splitting every line.
    const lower = head.toLowerCase();
    const lengthText = headerIn(lower, 'content-length');
    const length = lengthText === undefined ? -1 : /^\d+$/.test(lengthText) ? Number(lengthText) : NaN;
    const chunked = headerIn(lower, 'transfer-encoding')?.includes('chunked') === true;
    this.closeAfter = headerIn(lower, 'connection') === 'close';
    this.status = status;
    this.head = head;
    this.inBody = true;
    const pending = this.queue[0]!;
    const noBody = pending.request.method === 'HEAD' || status === 204 || status === 304;
    if (noBody) this.remaining = 0;
    else if (chunked) this.remaining = -2;
    else if (Number.isSafeInteger(length) && length >= 0) {
      if (length > pending.limit) {
        this.fail(new BodyOverLimit(pending.limit, length, status), false);
        return false;
      }
      this.remaining = length;
      // One buffer of the declared size, filled in place: no copy per read and no concatenation after.
      if (length > 0) this.sized = Buffer.allocUnsafe(length);
    } else if (lengthText !== undefined) {
      this.fail(new Error(`bad content-length ${JSON.stringify(lengthText)}`), false);
      return false;
    } else {
      this.remaining = -1;
      this.closeAfter = true;
    }
    return true;
  }

  /** Takes what belongs to the body from `chunk`; returns what is left over (the next answers, pipelined). */
  private readBody(chunk: Buffer): Buffer {
    if (this.remaining === -2) return this.readChunked(chunk);
    const take = this.remaining === -1 ? chunk.length : Math.min(this.remaining, chunk.length);
    if (this.sized) {
      chunk.copy(this.sized, this.bodySize, 0, take);
      this.bodySize += take;
    } else if (!this.append(chunk.subarray(0, take))) return EMPTY;
    if (this.remaining !== -1) {
      this.remaining -= take;
      if (this.remaining === 0) return this.finish(chunk.subarray(take));
    }
    return EMPTY;
  }

  /** Chunked transfer coding: `<hex size>\r\n<bytes>\r\n` ... `0\r\n\r\n` (trailers ignored). */
  private readChunked(chunk: Buffer): Buffer {
    let rest = chunk;
    while (rest.length > 0) {
      const lineEnd = rest.indexOf('\r\n');
      if (lineEnd < 0) {
        this.buffered = Buffer.from(rest);
        return EMPTY;
      }
      const size = parseInt(rest.toString('latin1', 0, lineEnd), 16);
      if (!Number.isSafeInteger(size) || size < 0) {
        this.fail(new Error('bad chunked transfer coding'), false);
        return EMPTY;
      }
      if (size === 0) {
        const end = rest.indexOf(CRLF_CRLF, lineEnd);
        if (end < 0) {
          this.buffered = Buffer.from(rest);
          return EMPTY;
        }
        return this.finish(rest.subarray(end + 4));
      }
      if (rest.length < lineEnd + 2 + size + 2) {
        this.buffered = Buffer.from(rest);
        return EMPTY;
      }
      if (!this.append(rest.subarray(lineEnd + 2, lineEnd + 2 + size))) return EMPTY;
      rest = rest.subarray(lineEnd + 2 + size + 2);
    }
    return rest;
  }

  private append(part: Buffer): boolean {
    this.bodySize += part.length;
    const limit = this.queue[0]!.limit;
    if (this.bodySize > limit) {
      this.fail(new BodyOverLimit(limit, undefined, this.status, [...this.bodyParts, part]), false);
      return false;
    }
    if (part.length > 0) this.bodyParts.push(Buffer.from(part));
    return true;
  }

  /**
   * The answer being read is whole: its request gets it (unless abandoned). Returns the bytes still to parse:
   * the next answers when more requests are in flight; otherwise nothing (bytes past the last answer mean the
   * server and we disagree about framing: the socket is not reused).
   */
  private finish(rest: Buffer): Buffer {
    const pending = this.queue.shift()!;
    const body = this.sized ?? (this.bodyParts.length === 1 ? this.bodyParts[0]! : Buffer.concat(this.bodyParts, this.bodySize));
    if (!pending.abandoned) answer(pending, new RawResponse(this.status, body, this.head));
    this.answered++;
    if (this.closeAfter || this.socket.destroyed) {
      this.leaveResubmitting();
      return EMPTY;
    }
    if (this.queue.length > 0) {
      // Answers nobody waits for are not worth waiting for: one of them may never end.
      if (this.onlyStandIns()) {
        this.queue.length = 0;
        this.leave();
        return EMPTY;
      }
      this.startAnswer();
      this.headSince = performance.now();
      this.gotBytes = rest.length > 0;
      return rest;
    }
    this.stalled = false;
    if (rest.length > 0) this.leave();
    else this.pool.release(this);
    return EMPTY;
  }

  /** The socket ends after the answer just read: the requests sent after it go out again on another. */
  private leaveResubmitting(): void {
    const unanswered = this.queue.splice(0);
    this.leave();
    this.pool.resubmit(unanswered.filter((pending) => !pending.abandoned));
  }

  /**
   * Ends the answer being read (if any) with `error`, and the socket with it. The requests sent after it got
   * no answer: they go out again on another socket.
   */
  private fail(error: unknown, socketGone: boolean): void {
    const [pending, ...later] = this.queue.splice(0);
    this.leave();
    const again = later.filter((each) => !each.abandoned);
    if (!pending || pending.abandoned) return this.pool.resubmit(again);
    // An idle socket the server had already closed: the request never reached it; try once on a new socket.
    if (socketGone && this.answered > 0 && !this.gotBytes && pending.retry && !pending.request.signal.aborted) {
      pending.retry = false;
      return this.pool.resubmit([pending, ...again]);
    }
    this.pool.resubmit(again);
    refuse(pending, error);
  }
}

const EMPTY = Buffer.alloc(0);

function unlisten(pending: Pending): void {
  if (pending.onAbort) pending.request.signal.removeListener('abort', pending.onAbort);
  pending.onAbort = undefined;
}
