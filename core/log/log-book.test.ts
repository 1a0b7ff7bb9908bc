import { describe, expect, it } from 'vitest';
import { LogBook } from './log-book.js';
import { LineSplitter } from './line-splitter.js';
import { parseBeeLogLine } from './bee-log-line.js';

const line = (level: string, msg: string, extra = '') => ({ text: `"time"="t" "level"="${level}" "logger"="node" "msg"="${msg}"${extra}` });

describe('LogBook', () => {
  it('routes node lines to Errors / Warning / Info / Debug and access lines to Bee HTTP', () => {
    const book = new LogBook();
    book.ingestNodeLines([line('error', 'e'), line('warning', 'w'), line('info', 'i'), line('debug', 'd'), { text: '"time"="t" "level"="debug" "logger"="node/api" "msg"="api access" "uri"="/health"' }, { text: 'Welcome to Swarm' }]);
    expect(book.totals()).toEqual({ errors: 1, warning: 1, info: 2, debug: 1, nodeHttp: 1, cockpitHttp: 0, cockpit: 0 });
    book.addHttpCall({ method: 'GET', url: 'http://127.0.0.1:1633/health', status: 200, ms: 3.4 }, 't');
    book.addHttpCall({ method: 'GET', url: 'http://127.0.0.1:1633/stamps', ms: 2, error: { code: 'network', message: 'ECONNREFUSED' } }, 't');
    book.addHttpCall({ method: 'GET', url: 'http://127.0.0.1:1633/pins', ms: 812, error: { code: 'aborted', message: 'GET … -> aborted' } }, 't');
    book.addCockpitEvent('info', 'node started', 't');
    expect(book.view('cockpitHttp', 10).entries.map((e) => [e.level, e.line])).toEqual([
      ['debug', 'GET http://127.0.0.1:1633/health -> 200 (3 ms)'],
      ['warning', 'GET http://127.0.0.1:1633/stamps -> network: ECONNREFUSED (2 ms)'],
      // The cockpit's own cancellation is not a warning about the node.
      ['debug', 'GET http://127.0.0.1:1633/pins -> cancelled by the cockpit (812 ms)'],
    ]);
    book.clearNodeTabs();
    expect(book.totals()).toEqual({ errors: 0, warning: 0, info: 0, debug: 0, nodeHttp: 0, cockpitHttp: 0, cockpit: 1 });
  });

  it('keeps the newest `capacity` lines per tab, numbered contiguously, and counts every line', () => {
    const book = new LogBook(5);
    book.ingestNodeLines(Array.from({ length: 12 }, (_, i) => line('info', `m${i}`)));
    const view = book.view('info', 100);
    expect(view).toMatchObject({ total: 12, kept: 5 });
    expect(view.entries.map((e) => [e.n, e.msg])).toEqual([[8, 'm7'], [9, 'm8'], [10, 'm9'], [11, 'm10'], [12, 'm11']]);
    expect(book.view('info', 2).entries.map((e) => e.msg)).toEqual(['m10', 'm11']);
  });

  it('gives the parts of a node line (read when shown) exactly as the parser does, and keeps the length of a cut line', () => {
    const book = new LogBook();
    const text = '"time"="2026-11-24 14:33:19.932249" "level"="warning" "logger"="node/pusher" "msg"="push failed" "peer"="ab\\"cd" "n"=3';
    book.ingestNodeLines([{ text }, { text: 'panic: boom', cutFromBytes: 9000 }]);
    const [entry] = book.view('warning', 1).entries;
    const parsed = parseBeeLogLine(text);
    expect({ level: entry!.level, time: entry!.time, logger: entry!.logger, msg: entry!.msg, fields: { ...entry!.fields } }).toEqual({
      level: parsed.level,
      time: parsed.time,
      logger: parsed.logger,
      msg: parsed.msg,
      fields: { ...parsed.fields },
    });
    expect(entry!.fields.peer).toBe('ab"cd');
    const [cut] = book.view('errors', 1).entries;
    expect([cut!.msg, cut!.line, cut!.cutFromBytes]).toEqual(['panic: boom', 'panic: boom', 9000]);
  });

  it('filters case-insensitively over the whole line', () => {
    const book = new LogBook();
    book.ingestNodeLines([line('info', 'Pushed chunk', ' "peer"="ABC"'), line('info', 'other'), line('info', 'pushed again')]);
    expect(book.view('info', 10, 'PUSHED').entries.map((e) => e.msg)).toEqual(['Pushed chunk', 'pushed again']);
    expect(book.view('info', 10, 'abc').entries).toHaveLength(1);
  });

  it('says it is dirty once per clean-to-dirty edge', () => {
    const book = new LogBook();
    let calls = 0;
    book.onDirty(() => calls++);
    for (let i = 0; i < 100; i++) book.ingestNodeLines([line('info', 'x')]);
    expect(calls).toBe(1);
    book.markClean();
    book.addCockpitEvent('info', 'y', 't');
    expect(calls).toBe(2);
  });
});

describe('LineSplitter', () => {
  it('splits across chunks, drops \\r, and replaces control characters', () => {
    const s = new LineSplitter();
    expect(s.push(Buffer.from('ab'))).toEqual([]);
    expect(s.push(Buffer.from('c\r\nd\x1b[31me\nf'))).toEqual([{ text: 'abc' }, { text: 'd\uFFFD[31me' }]);
    expect(s.flush()).toEqual([{ text: 'f' }]);
  });

  it('cuts a 1 MB line to the limit without holding it, and decodes garbage as U+FFFD', () => {
    const s = new LineSplitter(16);
    const big = Buffer.alloc(1024 * 1024, 0x61);
    const out = [...s.push(big.subarray(0, 500_000)), ...s.push(big.subarray(500_000)), ...s.push(Buffer.from('\nnext\n'))];
    expect(out).toEqual([{ text: 'a'.repeat(16), cutFromBytes: 1024 * 1024 }, { text: 'next' }]);
    expect(new LineSplitter().push(Buffer.from([0xff, 0xfe, 0x41, 0x0a]))).toEqual([{ text: '\uFFFD\uFFFDA' }]);
  });
});
