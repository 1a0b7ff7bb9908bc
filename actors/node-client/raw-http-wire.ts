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
}

interface Pending {
  readonly request: WireRequest;
  readonly limit: number;
  readonly resolve: (response: BufferedResponse) => void;
  readonly reject: (error: unknown) => void;
  /** False once it was retried: a second failure is final. */
  retry: boolean;
}

const CRLF_CRLF = Buffer.from('\r\n\r\n');
/** Bytes one socket read takes at most (a chunk answer, 4 KiB and its headers, fits in one read). */
const READ_BUFFER_SIZE = 64 * 1024;

export function createRawHttpWire(options: RawHttpWireOptions): Wire & { close(): void } {
  const pools = new Map<string, Pool>();
  const maxSockets = options.maxSockets ?? 16;
  const idleMs = options.idleMs ?? 4_000;
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
      if (!pool) pools.set(request.origin, (pool = new Pool(request.origin, maxSockets, idleMs, readBuffer)));
      const target = pool;
      return new Promise<BufferedResponse>((resolve, reject) => {
        if (request.signal.aborted) return reject(reasonOf(request.signal));
        target.submit({ request, limit, resolve, reject, retry: true });
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
  private readonly waiting: Pending[] = [];
  private open = 0;
  private sweeper: ReturnType<typeof setInterval> | undefined;
  private readonly host: string;
  private readonly hostname: string;
  private readonly port: number;

  constructor(
    origin: string,
    private readonly maxSockets: number,
    private readonly idleMs: number,
    /** Where every socket of the wire reads into: reads are handled one at a time, on this thread. */
    private readonly readBuffer: Buffer,
  ) {
    const url = new URL(origin);
    this.host = url.host;
    this.hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
    this.port = url.port ? Number(url.port) : 80;
  }

  submit(pending: Pending): void {
    const connection = this.idle.pop();
    if (connection) return connection.send(pending, true);
    if (this.open < this.maxSockets) {
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
      return connection.send(pending, false);
    }
    this.waiting.push(pending);
  }

  /** A socket finished an answer and can take the next request. */
  release(connection: Connection): void {
    const next = this.nextWaiting();
    if (next) return connection.send(next, true);
    this.idle.push(connection);
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

  /** A socket closed; start a waiting request on a new one. */
  forget(connection: Connection): void {
    const at = this.idle.indexOf(connection);
    if (at >= 0) this.idle.splice(at, 1);
    this.open--;
    const next = this.nextWaiting();
    if (next) this.submit(next);
  }

  /** The next queued request; those whose caller gave up while they waited are refused, never sent. */
  private nextWaiting(): Pending | undefined {
    let next = this.waiting.shift();
    while (next?.request.signal.aborted) {
      next.reject(reasonOf(next.request.signal));
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
    for (const pending of this.waiting.splice(0)) pending.reject(new Error('raw wire closed'));
  }
}

/** One keep-alive socket and the answer it is reading. */
class Connection {
  private pending: Pending | undefined;
  private reused = false;
  private gotBytes = false;
  private buffered: Buffer | undefined;
  // The answer being read.
  private status = 0;
  /** The answer's header block (after the status line), parsed into pairs only if someone asks. */
  private head = '';
  private bodyParts: Buffer[] = [];
  private bodySize = 0;
  /** -1: until the connection ends; -2: chunked; else bytes still expected. */
  private remaining = 0;
  private inBody = false;
  private closeAfter = false;
  /** performance.now() when it last went idle (the pool's sweep closes long-idle sockets). */
  idleSince = 0;
  private left = false;
  private readonly onAbort = () => this.fail(reasonOf(this.pending!.request.signal), false);

  constructor(
    private readonly pool: Pool,
    private readonly socket: Socket,
  ) {
    socket.on('error', (error) => this.fail(error, true));
    socket.on('close', () => {
      if (this.pending && this.remaining === -1 && this.inBody) return this.finish();
      this.fail(Object.assign(new Error('socket closed before the answer ended'), { code: 'ECONNRESET' }), true);
    });
  }

  send(pending: Pending, reused: boolean): void {
    this.socket.ref();
    this.pending = pending;
    this.reused = reused;
    this.gotBytes = false;
    this.status = 0;
    this.head = '';
    this.bodyParts = [];
    this.bodySize = 0;
    this.inBody = false;
    this.closeAfter = false;
    pending.request.signal.once('abort', this.onAbort);
    this.socket.write(this.pool.requestHead(pending.request));
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
    this.destroy();
    if (this.left) return;
    this.left = true;
    this.pool.forget(this);
  }

  /**
   * Bytes read from the socket. `data` is a view of the wire's read buffer, overwritten by the next read: what
   * outlives this call (a partial head, body parts) is copied.
   */
  onData(data: Buffer): void {
    if (!this.pending) return this.leave(); // bytes nobody asked for: the socket is out of step
    this.gotBytes = true;
    let chunk = this.buffered ? Buffer.concat([this.buffered, data]) : data;
    this.buffered = undefined;
    while (chunk.length > 0 && this.pending) {
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
        if (this.remaining === 0) return this.finish(chunk);
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
    const noBody = this.pending!.request.method === 'HEAD' || status === 204 || status === 304;
    if (noBody) this.remaining = 0;
    else if (chunked) this.remaining = -2;
    else if (Number.isSafeInteger(length) && length >= 0) {
      if (length > this.pending!.limit) {
        this.fail(new BodyOverLimit(this.pending!.limit, length, status), false);
        return false;
      }
      this.remaining = length;
    } else if (lengthText !== undefined) {
      this.fail(new Error(`bad content-length ${JSON.stringify(lengthText)}`), false);
      return false;
    } else {
      this.remaining = -1;
      this.closeAfter = true;
    }
    return true;
  }

  /** Takes what belongs to the body from `chunk`; returns what is left over (nothing, on keep-alive). */
  private readBody(chunk: Buffer): Buffer {
    if (this.remaining === -2) return this.readChunked(chunk);
    const take = this.remaining === -1 ? chunk.length : Math.min(this.remaining, chunk.length);
    if (!this.append(chunk.subarray(0, take))) return Buffer.alloc(0);
    if (this.remaining !== -1) {
      this.remaining -= take;
      if (this.remaining === 0) this.finish(chunk.subarray(take));
    }
    return Buffer.alloc(0);
  }

  /** Chunked transfer coding: `<hex size>\r\n<bytes>\r\n` ... `0\r\n\r\n` (trailers ignored). */
  private readChunked(chunk: Buffer): Buffer {
    let rest = chunk;
    while (rest.length > 0) {
      const lineEnd = rest.indexOf('\r\n');
      if (lineEnd < 0) {
        this.buffered = Buffer.from(rest);
        return Buffer.alloc(0);
      }
      const size = parseInt(rest.toString('latin1', 0, lineEnd), 16);
      if (!Number.isSafeInteger(size) || size < 0) {
        this.fail(new Error('bad chunked transfer coding'), false);
        return Buffer.alloc(0);
      }
      if (size === 0) {
        const end = rest.indexOf(CRLF_CRLF, lineEnd);
        if (end < 0) {
          this.buffered = Buffer.from(rest);
          return Buffer.alloc(0);
        }
        this.finish(rest.subarray(end + 4));
        return Buffer.alloc(0);
      }
      if (rest.length < lineEnd + 2 + size + 2) {
        this.buffered = Buffer.from(rest);
        return Buffer.alloc(0);
      }
      if (!this.append(rest.subarray(lineEnd + 2, lineEnd + 2 + size))) return Buffer.alloc(0);
      rest = rest.subarray(lineEnd + 2 + size + 2);
    }
    return rest;
  }

  private append(part: Buffer): boolean {
    this.bodySize += part.length;
    if (this.bodySize > this.pending!.limit) {
      this.fail(new BodyOverLimit(this.pending!.limit, undefined, this.status, [...this.bodyParts, part]), false);
      return false;
    }
    if (part.length > 0) this.bodyParts.push(Buffer.from(part));
    return true;
  }

  private finish(leftover?: Buffer): void {
    const pending = this.pending!;
    this.pending = undefined;
    pending.request.signal.removeListener('abort', this.onAbort);
    const body = this.bodyParts.length === 1 ? this.bodyParts[0]! : Buffer.concat(this.bodyParts, this.bodySize);
    pending.resolve(new RawResponse(this.status, body, this.head));
    // Bytes after the answer mean the server and we disagree about framing: do not reuse the socket.
    if (this.closeAfter || (leftover && leftover.length > 0) || this.socket.destroyed) return this.leave();
    this.pool.release(this);
  }

  /** Ends the request in flight (if any) with `error`, and the socket with it. */
  private fail(error: unknown, socketGone: boolean): void {
    const pending = this.pending;
    this.pending = undefined;
    this.leave();
    if (!pending) return;
    pending.request.signal.removeListener('abort', this.onAbort);
    // An idle socket the server had already closed: the request never reached it; try once on a new socket.
    if (socketGone && this.reused && !this.gotBytes && pending.retry && !pending.request.signal.aborted) {
      pending.retry = false;
      this.pool.submit(pending);
      return;
    }
    pending.reject(error);
  }
}
