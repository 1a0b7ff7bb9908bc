/**
 * The raw wire's reader of HTTP/1.1 answers (raw-http-wire.ts), one answer at a time off a byte stream, held to
 * RFC 9112 at least as strictly as llhttp holds node:http's answers (raw-http-wire-agreement.test.ts feeds both
 * the same streams): whatever this reads, llhttp reads the same; where they differ, this refuses.
 *
 * Limits of its own, so a hostile node costs bounded memory and CPU whatever it sends:
 * - the head, with every interim (1xx) answer before it, at most HEAD_LIMIT bytes (Node's default
 *   --max-http-header-size): an endless head or an endless run of `100 Continue` ends there;
 * - a chunk-size line is 1 to 16 hex digits and nothing else (Bee, as Go's net/http, sends no chunk extension);
 * - the trailer section at most TRAILER_LIMIT bytes;
 * - the body at most the caller's `limit` whatever its framing, counted while it streams (a Content-Length past
 *   it is refused before its bytes; a chunk, however large its declared size, at the first byte past it).
 * Reading is linear: a head, line or trailer split over reads is kept as its pieces and searched only where new
 * bytes arrived (never the whole of it again per read), and body bytes are copied once, or not at all when the
 * caller only wants them counted (a download drained: begin's `discard`).
 *
 * The head's grammar and framing are http1-answer-head.ts's.
 */
import { framingOf, HttpAnswerError, TRAILERS } from './http1-answer-head.js';
import { BodyOverLimit } from './wire.js';

export { HttpAnswerError } from './http1-answer-head.js';

/** Head bytes of one answer, interim answers before it included (Node's default maximum header size). */
export const HEAD_LIMIT = 16 * 1024;
/** Bytes of a chunked body's trailer section. */
export const TRAILER_LIMIT = 16 * 1024;
/** Hex digits of a chunk size (2^64 - 1 at most, as llhttp). */
const CHUNK_SIZE_DIGITS = 16;
const CHUNK_SIZE = /^[0-9A-Fa-f]{1,16}$/;

const CR = 0x0d;
const LF = 0x0a;
const CRLF_CRLF = '\r\n\r\n';
/** The same, as bytes: searched for in every read (a string needle would be encoded on each search). */
const CRLF_CRLF_BYTES = Buffer.from(CRLF_CRLF, 'latin1');

const enum Phase {
  Head,
  Length,
  UntilClose,
  ChunkLine,
  ChunkData,
  ChunkDataEnd,
  Trailers,
  Done,
}

/** The answer being read; begin() readies it for the next. */
export class AnswerParser {
  status = 0;
  /** The head (status line and headers, latin1), for the caller's header pairs. */
  head = '';
  /** The server said it closes after this answer (or HTTP/1.0 without keep-alive). */
  closeAfter = false;
  /** Any byte of this answer arrived. */
  gotBytes = false;

  private phase = Phase.Head;
  private limit = 0;
  private bodiless = false;
  /** A head, chunk-size line or trailer section split over reads: its text so far, and its size counted to the limit. */
  private partial = '';
  private headBytes = 0;
  /** Bytes of the current chunk, or of a Content-Length body, still expected. */
  private remaining = 0;
  /** CR then LF after chunk data: how many of the two were read. */
  private crlfSeen = 0;
  private bodyParts: Buffer[] = [];
  private bodySize = 0;
  /** A Content-Length body: allocated once at its size and filled in place. */
  private sized: Buffer | undefined;
  /** The body is counted, not kept (the caller drains it). */
  private discard = false;

  /**
   * Expects a new answer: its body may be at most `limit` bytes; `bodiless` for a HEAD request; `discard` when
   * the body is only to be counted (bodySize), never copied.
   */
  begin(limit: number, bodiless: boolean, discard = false): void {
    this.discard = discard;
    this.status = 0;
    this.head = '';
    this.closeAfter = false;
    this.gotBytes = false;
    this.phase = Phase.Head;
    this.limit = limit;
    this.bodiless = bodiless;
    this.partial = '';
    this.headBytes = 0;
    this.remaining = 0;
    this.crlfSeen = 0;
    this.bodyParts = [];
    this.bodySize = 0;
    this.sized = undefined;
  }

  /** Whether the body runs until the connection ends (no length, not chunked). */
  get untilClose(): boolean {
    return this.phase === Phase.UntilClose;
  }

  /** Whether the head was read (the body is being read). */
  get inBody(): boolean {
    return this.phase !== Phase.Head;
  }

  /** Body bytes read so far (all of them once the answer is done), kept or only counted. */
  get bodyBytes(): number {
    return this.bodySize;
  }

  /** The whole body, once the answer is done (empty when it was only counted). */
  body(): Buffer {
    if (this.sized) return this.sized;
    return this.bodyParts.length === 1 ? this.bodyParts[0]! : Buffer.concat(this.bodyParts, this.bodySize);
  }

  /**
   * Reads `data` from `start` (a view of a buffer the caller reuses: what is kept is copied). Returns the offset
   * just past the answer's end, or -1 when every byte was taken and the answer is not yet whole. Throws
   * HttpAnswerError or BodyOverLimit.
   */
  feed(data: Buffer, start: number): number {
    let at = start;
    if (at < data.length) this.gotBytes = true;
    while (at < data.length) {
      switch (this.phase) {
        case Phase.Head:
          at = this.readHead(data, at);
          break;
        case Phase.Length: {
          const take = Math.min(this.remaining, data.length - at);
          if (!this.discard) data.copy(this.sized!, this.bodySize, at, at + take);
          this.bodySize += take;
          this.remaining -= take;
          at += take;
          if (this.remaining === 0) this.phase = Phase.Done;
          break;
        }
        case Phase.UntilClose:
          this.keep(data, at, data.length);
          at = data.length;
          break;
        case Phase.ChunkLine:
          at = this.readChunkLine(data, at);
          break;
        case Phase.ChunkData: {
          const take = Math.min(this.remaining, data.length - at);
          this.keep(data, at, at + take);
          this.remaining -= take;
          at += take;
          if (this.remaining === 0) this.phase = Phase.ChunkDataEnd;
          break;
        }
        case Phase.ChunkDataEnd:
          if (data[at] !== (this.crlfSeen === 0 ? CR : LF)) throw new HttpAnswerError('HPE_STRICT', 'chunk data not followed by CRLF');
          at++;
          if (++this.crlfSeen === 2) {
            this.crlfSeen = 0;
            this.phase = Phase.ChunkLine;
          }
          break;
        case Phase.Trailers:
          at = this.readTrailers(data, at);
          break;
        case Phase.Done:
          return at;
      }
      if (at < 0) return -1;
    }
    return this.phase === Phase.Done ? at : -1;
  }

  /** The connection ended: true when that ends the answer (a body until close), else the answer was cut short. */
  end(): boolean {
    if (this.phase !== Phase.UntilClose) return false;
    this.phase = Phase.Done;
    return true;
  }

  /** Finds the end of the head (CRLF CRLF) in the text so far and `data`; -1 when it has not come yet. */
  private readHead(data: Buffer, start: number): number {
    const end = this.findBlockEnd(data, start, HEAD_LIMIT, 'HPE_HEADER_OVERFLOW', 'head');
    if (end < 0) return -1;
    const head = this.partial;
    this.partial = '';
    this.takeHead(head);
    return end;
  }

  /**
   * The end of a block ending in CRLF CRLF (a head, a trailer section) begun in `this.partial`: the offset in
   * `data` just past it, or -1 with what came kept. Only the new bytes are searched, with the three before them.
   * `this.headBytes` counts the block's bytes against `limit`; the block's text is left in `this.partial`.
   */
  private findBlockEnd(data: Buffer, start: number, limit: number, code: string, what: string): number {
    const seam = this.partial.length > 0 ? this.partial.slice(-3) : '';
    let found = -1;
    if (seam) {
      const probe = seam + data.toString('latin1', start, Math.min(data.length, start + 3));
      const at = probe.indexOf(CRLF_CRLF);
      if (at >= 0) found = start + at + 4 - seam.length;
    }
    if (found < 0) {
      const at = data.indexOf(CRLF_CRLF_BYTES, start);
      if (at >= 0) found = at + 4;
    }
    const taken = (found < 0 ? data.length : found) - start;
    this.headBytes += taken;
    if (this.headBytes > limit) throw new HttpAnswerError(code, `${what} longer than ${limit} bytes`);
    if (found < 0) {
      this.partial += data.toString('latin1', start, data.length);
      return -1;
    }
    if (this.partial.length === 0) {
      // The usual case: the whole block in one read.
      this.partial = data.toString('latin1', start, found - 4);
      return found;
    }
    const text = this.partial + data.toString('latin1', start, found);
    this.partial = text.slice(0, text.length - 4);
    return found;
  }

  /** A whole head: an interim answer (read on: its bytes still count to HEAD_LIMIT), or the answer's framing. */
  private takeHead(head: string): void {
    const framing = framingOf(head, this.limit, this.bodiless);
    if (framing.kind === 'interim') return;
    this.status = framing.status;
    this.head = head;
    this.closeAfter = framing.closeAfter;
    this.headBytes = 0;
    if (framing.kind === 'chunked') this.phase = Phase.ChunkLine;
    else if (framing.kind === 'until-close') this.phase = Phase.UntilClose;
    else if (framing.kind === 'length' && framing.length > 0) {
      this.remaining = framing.length;
      if (!this.discard) this.sized = Buffer.allocUnsafe(framing.length);
      this.phase = Phase.Length;
    } else this.phase = Phase.Done;
  }

  /** `<1-16 hex digits> CRLF`; a size that would take the body past its limit is refused before its bytes. */
  private readChunkLine(data: Buffer, start: number): number {
    let end = -1;
    let line: string;
    if (this.partial.endsWith('\r') && data[start] === LF) {
      line = this.partial.slice(0, -1);
      end = start + 1;
    } else {
      const at = data.indexOf(LF, start);
      const stop = at < 0 ? data.length : at + 1;
      line = this.partial + data.toString('latin1', start, stop);
      if (line.length > CHUNK_SIZE_DIGITS + 2) throw new HttpAnswerError('HPE_INVALID_CHUNK_SIZE', `chunk-size line longer than ${CHUNK_SIZE_DIGITS} hex digits`);
      if (at < 0) {
        this.partial = line;
        return -1;
      }
      if (line.charCodeAt(line.length - 2) !== CR) throw new HttpAnswerError('HPE_CR_EXPECTED', 'chunk-size line not ended by CRLF');
      line = line.slice(0, -2);
      end = stop;
    }
    this.partial = '';
    if (!CHUNK_SIZE.test(line)) throw new HttpAnswerError('HPE_INVALID_CHUNK_SIZE', `chunk size ${JSON.stringify(line.slice(0, 20))}`);
    // A size past the limit is not refused here: its bytes are counted as they come and refused at the limit,
    // so an error answer keeps its first bytes (its message) as every other framing does.
    const size = parseInt(line, 16);
    if (size === 0) {
      this.phase = Phase.Trailers;
      // The trailer section is a block like a head, which may be empty: its end is the CRLF CRLF of "0\r\n\r\n".
      this.partial = '\r\n';
    } else {
      this.remaining = size;
      this.phase = Phase.ChunkData;
    }
    return end;
  }

  private readTrailers(data: Buffer, start: number): number {
    const end = this.findBlockEnd(data, start, TRAILER_LIMIT, 'HPE_HEADER_OVERFLOW', 'trailer section');
    if (end < 0) return -1;
    const trailers = this.partial.slice(2); // without the CRLF of the last chunk's line
    this.partial = '';
    if (trailers.length > 0 && !TRAILERS.test(trailers)) throw new HttpAnswerError('HPE_INVALID_HEADER_TOKEN', 'a malformed trailer line');
    this.phase = Phase.Done;
    return end;
  }

  /** Keeps body bytes [from, to) of `data` (copied: `data` is reused), or only counts them; refused past the limit. */
  private keep(data: Buffer, from: number, to: number): void {
    if (to <= from) return;
    this.bodySize += to - from;
    if (this.bodySize > this.limit) throw new BodyOverLimit(this.limit, undefined, this.status, [...this.bodyParts, data.subarray(from, to)]);
    if (!this.discard) this.bodyParts.push(Buffer.from(data.subarray(from, to)));
  }
}
