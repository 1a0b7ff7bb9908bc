import { describe, expect, it } from 'vitest';
import { booleanOption, listOption, localUrlOf, parseListenAddress, readBeeYaml } from './bee-yaml.js';

describe('readBeeYaml', () => {
  it('reads api-addr, data-dir and verbosity with Bee v2.8.1 defaults', () => {
    const read = readBeeYaml('api-addr: 127.0.0.1:1733\ndata-dir: /var/lib/bee\nverbosity: 4\n');
    expect(read).toMatchObject({ ok: true, config: { apiAddr: { host: '127.0.0.1', port: 1733 }, apiUrl: 'http://127.0.0.1:1733', dataDir: '/var/lib/bee', verbosity: 'debug' } });
    expect(readBeeYaml('')).toMatchObject({ ok: true, config: { apiUrl: 'http://127.0.0.1:1633', verbosity: 'info' } });
    expect(readBeeYaml('# only a comment\n')).toMatchObject({ ok: true });
  });

  it('refuses what Bee refuses: unknown keys (nested ones too, except blockchain-rpc.*), bad YAML, a list', () => {
    expect(readBeeYaml('api-adr: :1633\nfoo: 1\n')).toEqual({ ok: false, message: 'unknown parameters (Bee refuses to start): api-adr, foo' });
    expect(readBeeYaml('blockchain-rpc:\n  endpoint: http://rpc\n')).toMatchObject({ ok: true });
    expect(readBeeYaml('api:\n  addr: :1\n')).toMatchObject({ ok: false, message: expect.stringContaining('api.addr') });
    expect(readBeeYaml('api-addr: [\n')).toMatchObject({ ok: false, message: expect.stringMatching(/^not valid YAML/) });
    expect(readBeeYaml('- a\n- b\n')).toMatchObject({ ok: false, message: expect.stringContaining('mapping') });
    expect(readBeeYaml('api-addr: 1633\n')).toMatchObject({ ok: false, message: expect.stringContaining('not host:port') });
    expect(readBeeYaml('verbosity: loud\n')).toMatchObject({ ok: false, message: expect.stringContaining('verbosity') });
    expect(readBeeYaml('a: 1\na: 2\n')).toMatchObject({ ok: false });
  });

  it('turns listen addresses into local URLs', () => {
    expect(parseListenAddress(':1633')).toEqual({ host: '', port: 1633 });
    expect(parseListenAddress('[::1]:1633')).toEqual({ host: '::1', port: 1633 });
    expect(parseListenAddress('h:99999')).toMatchObject({ error: expect.stringContaining('out of range') });
    expect(localUrlOf({ host: '', port: 1 })).toBe('http://127.0.0.1:1');
    expect(localUrlOf({ host: '0.0.0.0', port: 1 })).toBe('http://127.0.0.1:1');
    expect(localUrlOf({ host: '::', port: 1 })).toBe('http://[::1]:1');
    expect(localUrlOf({ host: '::1', port: 1 })).toBe('http://[::1]:1');
    expect(localUrlOf({ host: 'localhost', port: 1 })).toBe('http://localhost:1');
  });

  it('casts booleans and lists as viper does', () => {
    const read = readBeeYaml('swap-enable: "true"\nfull-node: false\ncors-allowed-origins: a, b\nbootnode: [x, y]\n');
    if (!read.ok) throw new Error(read.message);
    expect(booleanOption(read.config, 'swap-enable', false)).toBe(true);
    expect(booleanOption(read.config, 'full-node', true)).toBe(false);
    expect(booleanOption(read.config, 'mainnet', true)).toBe(true);
    expect(listOption(read.config, 'cors-allowed-origins')).toEqual(['a', 'b']);
    expect(listOption(read.config, 'bootnode')).toEqual(['x', 'y']);
  });
});
