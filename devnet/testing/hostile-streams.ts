/**
 * Test and bench support (issue 24): loopback nodes that misbehave below HTTP, byte by byte, where node:http's server
 * would not let them. Each answers every request head with a fixed prefix and then endless filler, written with
 * backpressure until the client hangs up, and counts what it wrote and what it received; so tests assert that the
 * client stopped reading early and sent nothing it should not have (a smuggled header or request).
 *
 * Also JSON bodies of hostile shape (nested or tiny containers): a few bytes of text each, tens of bytes of heap
 * once parsed.
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/** A prefix and the filler repeated after it without end. */
export interface EndlessShape {
  readonly prefix: string;
  readonly filler: string;
}

const CHUNKED_HEAD = 'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n';

/** Answers that never end, each in a way a cap on a body alone would not stop (issue 24 items 1 and 12). */
export const ENDLESS_SHAPES = {
  /** A chunk declared 17 TB long, then filler: a reader waiting for the whole chunk before counting it holds everything. */
  'chunk of size fffffffffff': { prefix: `${CHUNKED_HEAD}fffffffffff\r\n`, filler: '{' },
  'chunk-size line without end': { prefix: `${CHUNKED_HEAD}1`, filler: '0' },
  'chunk extension without end': { prefix: `${CHUNKED_HEAD}1;a=`, filler: 'a' },
  'trailer without end': { prefix: `${CHUNKED_HEAD}2\r\n{}\r\n0\r\nx-trailer: `, filler: 'a' },
  'head without end': { prefix: 'HTTP/1.1 200 OK\r\nx-filler: ', filler: 'a' },
  '100 Continue without end': { prefix: '', filler: 'HTTP/1.1 100 Continue\r\n\r\n' },
  'body until close without end': { prefix: 'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n\r\n', filler: '{' },
} as const satisfies Record<string, EndlessShape>;

export type EndlessShapeName = keyof typeof ENDLESS_SHAPES;

export interface RawServer {
  readonly url: string;
  /** Bytes written to clients, all connections together. */
  written(): number;
  /** Everything received from clients, as latin1 text. */
  received(): string;
  /** Connections still open. */
  openConnections(): number;
  close(): Promise<void>;
}

/** About 64 KiB of `filler` repeated. */
function block(filler: string): Buffer {
  return Buffer.from(filler.repeat(Math.max(1, Math.floor((64 * 1024) / filler.length))), 'latin1');
}

/** A node that answers every request head with `shape`'s prefix and its filler without end. */
export function startEndlessServer(shape: EndlessShape): Promise<RawServer> {
  const filler = block(shape.filler);
  const prefix = Buffer.from(shape.prefix, 'latin1');
  return startRawServer((socket, count) => {
    count(prefix.length);
    socket.write(prefix);
    const pump = () => {
      while (!socket.destroyed) {
        count(filler.length);
        if (!socket.write(filler)) return void socket.once('drain', pump);
      }
    };
    pump();
  });
}

/** A node that writes `answer` (latin1) for each request head it receives, and closes after if `close`. */
export function startFixedAnswerServer(answer: string, options: { close?: boolean } = {}): Promise<RawServer> {
  const bytes = Buffer.from(answer, 'latin1');
  return startRawServer((socket, count) => {
    count(bytes.length);
    if (options.close) socket.end(bytes);
    else socket.write(bytes);
  });
}

/** A TCP server calling `answer` once per request head received (a blank line ends a head), with that head. */
export async function startRawServer(answer: (socket: Socket, count: (bytes: number) => void, head: string) => void): Promise<RawServer> {
  let written = 0;
  let received = '';
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let pending = '';
    socket.on('data', (data: Buffer) => {
      const text = data.toString('latin1');
      received += text;
      pending += text;
      for (let end = pending.indexOf('\r\n\r\n'); end >= 0; end = pending.indexOf('\r\n\r\n')) {
        const head = pending.slice(0, end);
        pending = pending.slice(end + 4);
        answer(socket, (bytes) => (written += bytes), head);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    written: () => written,
    received: () => received,
    openConnections: () => sockets.size,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** JSON texts whose parsed form is many times their size (issue 24 item 2). */
export const NESTED_JSON_SHAPES = {
  /** `[[[[…]]]]`: one array per byte of text (about 60 bytes of heap each). */
  'nested arrays': (bytes: number) => '['.repeat(Math.floor(bytes / 2)) + ']'.repeat(Math.floor(bytes / 2)),
  /** `[[],[],…]`: an empty array per three bytes. */
  'flat empty arrays': (bytes: number) => `[${'[],'.repeat(Math.max(0, Math.floor(bytes / 3) - 1))}[]]`,
  /** `[{},{},…]`: an empty object per three bytes. */
  'flat empty objects': (bytes: number) => `[${'{},'.repeat(Math.max(0, Math.floor(bytes / 3) - 1))}{}]`,
  /** `{"bins":{"bin_0":[[[…]]]}}`: nesting where a Bee answer has a list. */
  'nested in a field': (bytes: number) => `{"depth":8,"bins":{"bin_0":${'['.repeat(Math.floor(bytes / 2) - 20)}${']'.repeat(Math.floor(bytes / 2) - 20)}}}`,
} as const satisfies Record<string, (bytes: number) => string>;

export type NestedJsonShapeName = keyof typeof NESTED_JSON_SHAPES;

/**
 * A node answering every GET with 200 and a JSON text of `shape`, `bytesFor(path)` bytes long (e.g. just under the
 * path's cap), with a Content-Length. Texts are made once per size.
 */
export function startNestedJsonServer(shape: NestedJsonShapeName, bytesFor: (path: string) => number): Promise<RawServer> {
  const made = new Map<number, Buffer>();
  return startRawServer((socket, count, head) => {
    const size = bytesFor(head.split(' ')[1] ?? '/');
    let body = made.get(size);
    if (!body) made.set(size, (body = Buffer.from(NESTED_JSON_SHAPES[shape](size), 'latin1')));
    const answerHead = Buffer.from(`HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n`, 'latin1');
    count(answerHead.length + body.length);
    socket.write(answerHead);
    socket.write(body);
  });
}
