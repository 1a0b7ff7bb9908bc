import { describe, expect, it } from 'vitest';
import { parseRetcheckArgs, parseRetcheckCommand, UsageError, DEFAULT_GATEWAY_URL } from './options.js';

const REF = 'ab'.repeat(32);
const parse = (args: string[], env: NodeJS.ProcessEnv = {}) => parseRetcheckArgs(args, env, '0.0.0-test');

describe('retcheck options', () => {
  it('applies the spec defaults', () => {
    const o = parse([REF]);
    expect(o.input).toMatchObject({ nodes: ['http://localhost:1633'], gateways: [DEFAULT_GATEWAY_URL], timeoutMs: 60_000, concurrency: 8, perChunk: false, cold: false });
    expect(o.output).toBe('text');
    expect(o.logLevel).toBe('warn');
  });
  it('takes repeated nodes and gateways, NODE_API_URL, --no-gateway and 0x references', () => {
    expect(parse([`0x${REF}`, '-b', 'http://127.0.0.1:1', '--node', 'http://127.0.0.1:2/']).input.nodes).toEqual(['http://127.0.0.1:1', 'http://127.0.0.1:2']);
    expect(parse([REF], { NODE_API_URL: 'http://127.0.0.1:9' }).input.nodes).toEqual(['http://127.0.0.1:9']);
    expect(parse([REF, '--no-gateway']).input.gateways).toEqual([]);
    expect(parse([REF, '--gateway', 'http://127.0.0.1:8080']).input.gateways).toEqual(['http://127.0.0.1:8080']);
  });
  it('--no-gateway wins over --gateway in either order', () => {
    const gw = 'http://127.0.0.1:8080';
    expect(parse([REF, '--no-gateway', '--gateway', gw]).input.gateways).toEqual([]);
    expect(parse([REF, '--gateway', gw, '--no-gateway']).input.gateways).toEqual([]);
    expect(parse([REF, '--gateway', gw, '--no-gateway', '--gateway', gw]).input.gateways).toEqual([]);
  });
  it('reads feed handles and verbosity, RUST_LOG overriding', () => {
    const feed = parse([`feed:${'12'.repeat(20)}/${'34'.repeat(32)}`, '-vv']);
    expect(feed.input.target).toEqual({ kind: 'feed', owner: '12'.repeat(20), topic: '34'.repeat(32) });
    expect(feed.logLevel).toBe('debug');
    expect(parse([REF, '-v'], { RUST_LOG: 'trace' }).logLevel).toBe('trace');
  });
  it('rejects bad input with messages that name it', () => {
    const cases: [string[], RegExp][] = [
      [['abc'], /invalid input/],
      [[`feed:${'12'.repeat(20)}`], /feed handle/],
      [[REF, '--reseed'], /--reseed requires --stamp/],
      [[REF, '--reseed', '--stamp', 'xyz'], /--stamp batch ID/],
      [[REF, '-b', 'not a url'], /--node URL/],
      [[REF, '-b', 'ftp://x'], /http:\/\/ or https:\/\//],
      [[REF, '--timeout', '0'], /--timeout/],
      [[REF, '--concurrency', 'many'], /--concurrency/],
      [[REF, '--output', 'yaml'], /yaml/],
      [[REF, '--target-overlay', 'ab'], /--target-overlay/],
      [[], /missing required argument/],
      [[REF, '--bogus'], /unknown option/],
    ];
    for (const [args, message] of cases) {
      expect(() => parse(args), args.join(' ')).toThrow(UsageError);
      expect(() => parse(args), args.join(' ')).toThrow(message);
    }
  });
});

describe('retcheck exporter and Pushgateway options', () => {
  it('--serve-metrics needs no INPUT and takes --max-concurrent-probes; --pushgateway is a checked URL', () => {
    expect(parseRetcheckCommand(['--serve-metrics', '9465'], {}, 't')).toEqual({ mode: 'serve', options: { listen: { host: '127.0.0.1', port: 9465 }, maxConcurrentProbes: 8, logLevel: 'warn' } });
    expect(parseRetcheckCommand(['--serve-metrics', '0.0.0.0:9465', '--max-concurrent-probes', '32', '-v'], {}, 't')).toMatchObject({ options: { maxConcurrentProbes: 32, logLevel: 'info' } });
    expect(parse([REF, '--pushgateway', 'http://pg:9091/']).pushgateway).toBe('http://pg:9091');
    expect(() => parse([REF, '--pushgateway', 'pg:9091'])).toThrow(/--pushgateway URL/);
    expect(() => parse(['--serve-metrics', '9465'])).toThrow(UsageError);
  });
  it('--inspect: alone a bridge, a ws:// URL as given, in both modes; a reference taken for its value is refused', () => {
    expect(parse([REF, '--inspect']).inspect).toEqual({ kind: 'bridge' });
    expect(parse([REF]).inspect).toBeUndefined();
    expect(parse(['--inspect', 'ws://127.0.0.1:8080', REF]).inspect).toEqual({ kind: 'url', url: 'ws://127.0.0.1:8080' });
    expect(parseRetcheckCommand(['--serve-metrics', '9465', '--inspect'], {}, '0')).toMatchObject({ mode: 'serve', options: { inspect: { kind: 'bridge' } } });
    expect(() => parse(['--inspect', REF])).toThrow(/invalid --inspect address "abab.*": expected a ws:\/\/ or wss:\/\/ URL/);
    expect(() => parse([REF, '--inspect', 'http://127.0.0.1:8080'])).toThrow(UsageError);
  });
});
