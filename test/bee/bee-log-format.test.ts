/**
 * Issue 14, real-Bee tier: the log pane's parser against Bee v2.8.1's own logger. A small Go program
 * (test/bee/log-format/main.go.txt) logs through github.com/ethersphere/bee/v2/pkg/log, once in the key="value"
 * form every Bee binary writes and once in the formatter's JSON form; each pair must parse to the same time,
 * level, logger, msg and fields, and land in the same tab. It runs inside the Bee build's wrapper module
 * (~/.cache/node-toolkit/bee-build/v2.8.1, made by `npm run bee:build`), so no new module is downloaded.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBeeBinary } from '../../bee-cluster/bee-binary.js';
import { parseBeeLogLine } from '../../core/log/bee-log-line.js';
import { LogBook } from '../../core/log/log-book.js';

let lines: string[];

beforeAll(async () => {
  await ensureBeeBinary(); // makes the wrapper module with bee/v2 and its go.sum
  const wrapper = join(process.env.NODE_TOOLKIT_CACHE ?? join(homedir(), '.cache', 'node-toolkit'), 'bee-build', 'v2.8.1');
  if (!existsSync(join(wrapper, 'go.mod'))) throw new Error(`no Bee build module at ${wrapper}: run npm run bee:build`);
  const dir = join(wrapper, 'cmd', 'nodetoolkit-logformat');
  mkdirSync(dir, { recursive: true });
  copyFileSync(join(import.meta.dirname, 'log-format', 'main.go.txt'), join(dir, 'main.go'));
  const output = execFileSync('go', ['run', './cmd/nodetoolkit-logformat'], { cwd: wrapper, env: { ...process.env, GOFLAGS: '-mod=mod' }, encoding: 'utf8', timeout: 15 * 60_000 });
  lines = output.split('\n').filter(Boolean);
});

describe('Bee v2.8.1 pkg/log output', () => {
  it('parses both of its formats to the same record', () => {
    expect(lines).toHaveLength(12);
    const text = lines.slice(0, 6).map(parseBeeLogLine);
    const json = lines.slice(6).map(parseBeeLogLine);
    expect(text.map((l) => l.format)).toEqual(Array(6).fill('logfmt'));
    expect(json.map((l) => l.format)).toEqual(Array(6).fill('json'));
    for (let i = 0; i < 6; i++) {
      const { format: _a, time: _t1, ...a } = text[i]!;
      const { format: _b, time: _t2, ...b } = json[i]!;
      expect({ ...a, fields: { ...a.fields } }, lines[i]).toEqual({ ...b, fields: { ...b.fields } });
      expect(text[i]!.time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{6}$/);
    }
    expect(text[1]).toMatchObject({ level: 'debug', logger: 'node/api', msg: 'api access', fields: { method: 'GET', uri: '/health', status: '200', duration: '120µs', 'user-agent': 'undici' } });
    expect(text[2]).toMatchObject({ level: 'warning', msg: 'say "hi"\n\ttab \x00 é', fields: { peers: '["a b","c"]', peer: '{"address":"ab12","depth":3}', ok: 'true', nothing: 'null' } });
    expect(text[3]).toMatchObject({ level: 'error', msg: 'push failed', fields: { error: 'context deadline exceeded', chunk_address: 'deadbeef' } });
    expect(text[4]).toMatchObject({ level: 'debug', msg: 'pushed', fields: { v: '1', n: '-1' } });
    expect(text[5]!.fields.counts).toBe('{"x":1}');
  });

  it('routes them to the tabs: Info, Bee HTTP, Warning, Errors, Debug', () => {
    const book = new LogBook();
    book.ingestNodeLines(lines.map((text) => ({ text })));
    expect(book.totals()).toEqual({ errors: 2, warning: 2, info: 4, debug: 2, nodeHttp: 2, cockpitHttp: 0, cockpit: 0 });
  });
});
