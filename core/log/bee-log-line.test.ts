import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAccessLine, parseBeeLogLine, unquoteGo } from './bee-log-line.js';

// Lines as Bee v2.8.1 wrote them (captured from the real binary: `bee start` in ultra-light mode).
const real = {
  version: '"time"="2026-11-24 14:33:19.932249" "level"="info" "logger"="node" "msg"="bee version" "version"="2.8.1-7cf53193"',
  ultraLight: '"time"="2026-11-24 14:33:20.320860" "level"="info" "logger"="node" "msg"="chain backend disabled - starting in ultra-light mode" "full_node_mode"=false "blockchain-rpc-endpoint"=""',
  chain: '"time"="2026-11-24 14:33:20.320930" "level"="info" "logger"="node" "msg"="using chain with network" "chain_id"=-1 "network_id"=4242',
  error: '"time"="2026-11-24 14:33:20.339813" "level"="error" "logger"="node" "msg"="failed to build bee node" "error"="no known postage stamp addresses for this network"',
  elapsed: '"time"="2026-11-24 14:33:20.338716" "level"="debug" "logger"="node" "msg"="finished shutdown" "component"="api" "elapsed"="84.225µs"',
};

describe('parseBeeLogLine', () => {
  it('reads Bee v2.8.1 key="value" lines: time, level, logger, msg, the rest as fields', () => {
    expect(parseBeeLogLine(real.version)).toEqual({ format: 'logfmt', level: 'info', time: '2026-11-24 14:33:19.932249', logger: 'node', msg: 'bee version', fields: { version: '2.8.1-7cf53193' } });
    expect(parseBeeLogLine(real.ultraLight).fields).toEqual({ full_node_mode: 'false', 'blockchain-rpc-endpoint': '' });
    expect(parseBeeLogLine(real.chain).fields).toEqual({ chain_id: '-1', network_id: '4242' });
    expect(parseBeeLogLine(real.error)).toMatchObject({ level: 'error', msg: 'failed to build bee node', fields: { error: 'no known postage stamp addresses for this network' } });
    expect(parseBeeLogLine(real.elapsed).fields.elapsed).toBe('84.225µs');
  });

  it('reads the access lines (node/api "api access") and the V-level debug lines', () => {
    const access = parseBeeLogLine('"time"="t" "level"="debug" "logger"="node/api" "msg"="api access" "ip"="127.0.0.1" "method"="GET" "host"="127.0.0.1:1633" "uri"="/health" "proto"="HTTP/1.1" "status"=200 "size"=58 "duration"="120.5µs" "user-agent"="undici"');
    expect(isAccessLine(access)).toBe(true);
    expect(access.fields).toMatchObject({ method: 'GET', uri: '/health', status: '200', 'user-agent': 'undici' });
    expect(parseBeeLogLine('"time"="t" "level"="debug" "logger"="node/pusher" "v"=1 "msg"="pushed"')).toMatchObject({ level: 'debug', msg: 'pushed', fields: { v: '1' } });
  });

  it('reads Go-quoted strings, structs and slices as Bee renders them', () => {
    const line = parseBeeLogLine('"time"="t" "level"="warning" "logger"="node/kademlia" "msg"="say \\"hi\\"\\n\\x00\\u00e9\\U0001F600" "peers"=["a b","c"] "cfg"={"x":{"y":"}"},"z":1} "ok"=true');
    expect(line.msg).toBe('say "hi"\n\x00é😀');
    expect(line.fields).toEqual({ peers: '["a b","c"]', cfg: '{"x":{"y":"}"},"z":1}', ok: 'true' });
    expect(unquoteGo('"a\\tb\\101\\q"')).toBe('a\tbA\\q');
  });

  it('reads Bee’s JSON format (its formatter with JSON output)', () => {
    const line = parseBeeLogLine('{"time":"2026-11-24 14:33:19.932249","level":"error","logger":"node/storer","msg":"reserve sample","error":"context canceled","round":12,"peers":["a"]}');
    expect(line).toEqual({ format: 'json', level: 'error', time: '2026-11-24 14:33:19.932249', logger: 'node/storer', msg: 'reserve sample', fields: { error: 'context canceled', round: '12', peers: '["a"]' } });
    expect(parseBeeLogLine('{"time":"t","level":"debug","logger":"node/api","msg":"api access","status":200}').fields.status).toBe('200');
  });

  it('keeps other text (banner, panics, garbage) as text lines; a panic is an error', () => {
    expect(parseBeeLogLine('Welcome to Swarm.... Bzzz Bzzzz Bzzzz')).toMatchObject({ format: 'text', level: 'info', msg: 'Welcome to Swarm.... Bzzz Bzzzz Bzzzz' });
    expect(parseBeeLogLine('panic: runtime error: index out of range')).toMatchObject({ format: 'text', level: 'error' });
    expect(parseBeeLogLine('{not json')).toMatchObject({ format: 'text' });
    expect(parseBeeLogLine('"level"="loud" "msg"="x"')).toMatchObject({ format: 'text' });
    expect(parseBeeLogLine('"time"="t" "level"="info" "logger"="n" "msg"="cut here')).toMatchObject({ format: 'logfmt', msg: 'cut here' });
    expect(Object.getPrototypeOf(parseBeeLogLine('"level"="info" "msg"="m" "__proto__"="x"').fields)).toBe(null);
  });

  it('never throws, whatever the bytes', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), fc.constantFrom('', '"level"="info" "msg"=', '{', '"'), (text, prefix) => {
        const parsed = parseBeeLogLine(prefix + text);
        expect(['error', 'warning', 'info', 'debug']).toContain(parsed.level);
      }),
      { numRuns: 500 },
    );
  });
});

describe('Bee’s JSON form with Go quoting', () => {
  it('reads a line whose strings use Go escapes JSON does not have (as Bee’s formatter writes them)', () => {
    const line = parseBeeLogLine('{"time":"t","level":"warning","logger":"node","msg":"say \\"hi\\"\\n\\ttab \\x00 é","peers":["a b","c"],"peer":{"address":"ab12","depth":3},"ok":true,"nothing":null}');
    expect(line).toEqual({ format: 'json', level: 'warning', time: 't', logger: 'node', msg: 'say "hi"\n\ttab \x00 é', fields: { peers: '["a b","c"]', peer: '{"address":"ab12","depth":3}', ok: 'true', nothing: 'null' } });
  });
});
