/** `--inspect` on the cockpit bins' command line: every mode takes it; a node URL after it stays a node. */
import { describe, expect, it } from 'vitest';
import { CockpitUsageError, parseCockpitArgs } from './options.js';

const parse = (argv: string[], name: 'cockpit' | 'cockpit-tui' = 'cockpit') => parseCockpitArgs(argv, '1.0.0', '', name);

describe('cockpit --inspect', () => {
  it('every mode carries the target; without the flag there is none', () => {
    expect(parse(['http://n1:1633', '--inspect'])).toEqual({ kind: 'interactive', launch: { urls: ['http://n1:1633'] }, inspect: { kind: 'bridge' } });
    expect(parse(['--serve-metrics', '9100', '--inspect', 'ws://127.0.0.1:8080'])).toMatchObject({ kind: 'serveMetrics', inspect: { kind: 'url', url: 'ws://127.0.0.1:8080' } });
    expect(parse(['--serve', '--inspect'])).toMatchObject({ kind: 'serve', inspect: { kind: 'bridge' } });
    expect(parse(['--once', 'hash', 'file.txt', '--inspect', 'ws://127.0.0.1:1'])).toMatchObject({ kind: 'once', args: ['file.txt'], inspect: { kind: 'url', url: 'ws://127.0.0.1:1' } });
    expect(parse(['--inspect'], 'cockpit-tui')).toMatchObject({ kind: 'interactive', inspect: { kind: 'bridge' } });
    expect(parse(['http://n1:1633'])).toEqual({ kind: 'interactive', launch: { urls: ['http://n1:1633'] } });
  });

  it('a node URL commander took for the value goes back among the nodes, in its place', () => {
    expect(parse(['http://n0:1633', '--inspect', 'http://n1:1633', 'http://n2:1633'])).toEqual({ kind: 'interactive', launch: { urls: ['http://n0:1633', 'http://n1:1633', 'http://n2:1633'] }, inspect: { kind: 'bridge' } });
  });

  it('a word that is no URL is a usage error naming both forms', () => {
    expect(() => parse(['--inspect', 'notaurl'])).toThrow(CockpitUsageError);
    expect(() => parse(['--inspect', 'notaurl'])).toThrow(/expected a ws:\/\/ or wss:\/\/ URL .*or --inspect with no value/);
  });
});
