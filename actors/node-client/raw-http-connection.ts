/**
 * One keep-alive socket of the raw wire (raw-http-wire.ts): the requests sent on it, answers awaited oldest first,
 * read by one AnswerParser (http1-answer-parser.ts). With pipelining several requests are in flight at once; an
 * answer slower than the pool's stallMs lets the ones behind it go out again on another socket.
 */
import type { Socket } from 'node:net';
import { AnswerParser, HttpAnswerError } from './http1-answer-parser.js';
import { answer, reasonOf, refuse, standIn, type Pending } from './raw-http-pending.js';
import type { BufferedResponse, DrainedResponse } from './wire.js';

/** What a connection needs of its pool. */
export interface ConnectionPool {
  /** With pipelining: how long an answer may hold up the requests behind it. */
  readonly stallMs: number;
  /** Requests that got no answer here go out again, oldest first. */
  resubmit(pendings: readonly Pending[]): void;
  /** The socket answered everything it was sent and can take more. */
  release(connection: Connection): void;
  /** The socket closed. */
  forget(connection: Connection): void;
}

/** An answer; its header pairs are split out of the head only if someone reads them. */
class RawResponse implements BufferedResponse, DrainedResponse {
  private pairs: string[] | undefined;
  constructor(
    readonly statusCode: number,
    readonly body: Buffer,
    private readonly head: string,
    /** Body bytes read: the body's length, or the count of a drained body (which keeps none). */
    readonly bytes: number,
  ) {}

  get rawHeaders(): string[] {
    return (this.pairs ??= headerPairs(this.head));
  }
}

/** Name/value pairs of a head (status line first, which is skipped); names lower-cased, values trimmed. */
function headerPairs(head: string): string[] {
  const pairs: string[] = [];
  const lines = head.split('\r\n');
  for (let i = 1; i < lines.length; i++) {
    const colon = lines[i]!.indexOf(':');
    if (colon > 0) pairs.push(lines[i]!.slice(0, colon).toLowerCase(), lines[i]!.slice(colon + 1).trim());
  }
  return pairs;
}

export class Connection {
  /** Sent and not yet answered, in the order sent: the first is the answer being read. */
  private readonly queue: Pending[] = [];
  /** Answers read whole on this socket (a request sent after one is on a reused socket). */
  private answered = 0;
  private readonly parser = new AnswerParser();
  /** performance.now() when it last went idle (the pool's sweep closes long-idle sockets). */
  idleSince = 0;
  private left = false;
  /** An answer held up the requests behind it, which went out on another socket: none are added here. */
  private stalled = false;
  /** performance.now() when the answer being read became the first in line. */
  private headSince = 0;
  private stallTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly pool: ConnectionPool,
    private readonly socket: Socket,
  ) {
    socket.on('error', (error) => this.fail(error, true));
    socket.on('close', () => {
      // A body that runs until the connection ends has ended; anything else was cut short.
      if (this.queue.length > 0 && this.parser.end()) return void this.finish(EMPTY, 0);
      this.fail(Object.assign(new Error('socket closed before the answer ended'), { code: 'ECONNRESET' }), true);
    });
  }

  get inFlight(): number {
    return this.queue.length;
  }

  /** Whether more requests may go out on it (not closing, not announced to close after this answer). */
  get open(): boolean {
    return !this.left && !this.parser.closeAfter && !this.stalled;
  }

  /** Writes the requests' heads in one write (a request body right behind its head); answers are read in this order. */
  send(batch: readonly Pending[]): void {
    this.socket.ref();
    const first = this.queue.length === 0;
    let text = '';
    for (const pending of batch) {
      this.queue.push(pending);
      pending.at = this;
      text += pending.head;
    }
    if (first) this.startAnswer();
    const body = batch.length === 1 ? batch[0]!.body : undefined;
    if (body === undefined || body.length === 0) this.socket.write(text);
    else {
      // Head and body leave in one writev; the body is written from the caller's bytes, not copied.
      this.socket.cork();
      this.socket.write(text);
      this.socket.write(body);
      this.socket.uncork();
    }
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

  /** The first in line is the answer to read next. */
  private startAnswer(): void {
    const next = this.queue[0]!;
    this.parser.begin(next.limit, next.request.method === 'HEAD', next.drain === true);
    this.headSince = performance.now();
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
   * Bytes read from the socket. `data` is a view of the wire's read buffer, overwritten by the next read: the
   * parser copies what outlives this call.
   */
  onData(data: Buffer): void {
    if (this.queue.length === 0) return this.leave(); // bytes nobody asked for: the socket is out of step
    let at = 0;
    while (at < data.length && this.queue.length > 0) {
      let end: number;
      try {
        end = this.parser.feed(data, at);
      } catch (error) {
        return this.fail(error, false);
      }
      if (end < 0) return;
      // Bytes past the last answer asked for: the server frames its answers otherwise than it says (a body longer
      // than its Content-Length, say). The answer is not trusted, as llhttp would not trust it.
      if (end < data.length && this.queue.length === 1) return this.fail(new HttpAnswerError('HPE_INVALID_CONSTANT', 'bytes past the end of the answer, with no request waiting for them'), false);
      at = this.finish(data, end);
    }
  }

  /**
   * The answer being read is whole (it ended at `end` of `data`): its request gets it (unless abandoned). Returns
   * where to read on: at `end` when more requests are in flight; otherwise past the data.
   */
  private finish(data: Buffer, end: number): number {
    const pending = this.queue.shift()!;
    if (!pending.abandoned) answer(pending, new RawResponse(this.parser.status, this.parser.body(), this.parser.head, this.parser.bodyBytes));
    this.answered++;
    if (this.parser.closeAfter || this.socket.destroyed) {
      this.leaveResubmitting();
      return data.length;
    }
    if (this.queue.length > 0) {
      // Answers nobody waits for are not worth waiting for: one of them may never end.
      if (this.onlyStandIns()) {
        this.queue.length = 0;
        this.leave();
        return data.length;
      }
      this.startAnswer();
      return end;
    }
    this.stalled = false;
    this.pool.release(this);
    return data.length;
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
    // An idle socket the server had already closed: the request never reached it; send it again. Sockets that
    // went idle together are closed together, so the next one may be closed too: each such socket leaves the
    // pool, and a fresh one (answered === 0) is not retried, so this ends within the pool's size.
    if (socketGone && this.answered > 0 && !this.parser.gotBytes && pending.retry && (pending.resends ?? 0) < MAX_STALE_RESENDS && !pending.request.signal.aborted) {
      pending.resends = (pending.resends ?? 0) + 1;
      return this.pool.resubmit([pending, ...again]);
    }
    this.pool.resubmit(again);
    refuse(pending, error);
  }
}

/** Resends of one request after stale reused sockets (more than a pool holds: the sockets of a burst). */
const MAX_STALE_RESENDS = 32;

const EMPTY = Buffer.alloc(0);
