import { CommanderError } from 'commander';
import { describe, expect, it } from 'vitest';
import { parseDevnetArgs, UsageError } from './cli-options.js';

describe('devnet command line', () => {
  it('has the documented defaults', () => {
    const { devnet, json } = parseDevnetArgs([], '0.1.0');
    expect(json).toBe(false);
    expect(devnet).toMatchObject({ nodes: 4, port: 1633, seed: 'devnet', blockTimeMs: 1000, pushDelayMs: 500, pushRatePerSecond: 100, gateways: 0 });
  });

  it('maps every flag', () => {
    const { devnet, json } = parseDevnetArgs(
      ['--nodes', '6', '--port', '0', '--seed', 'x', '--cors-origins', 'http://a.example, *', '--token', 't', '--json', '--block-time', '0.5', '--gateways', '2'],
      '0.1.0',
    );
    expect(json).toBe(true);
    expect(devnet).toMatchObject({ nodes: 6, port: 0, seed: 'x', corsOrigins: ['http://a.example', '*'], token: 't', blockTimeMs: 500, gateways: 2 });
  });

  it('rejects bad flags with a message naming them', () => {
    for (const argv of [['--nodes', '0'], ['--nodes', 'two'], ['--port', '70000'], ['--block-time', '-1'], ['--cors-origins', 'not an origin'], ['--bogus'], ['--port', '65535', '--nodes', '4']]) {
      expect(() => parseDevnetArgs(argv, '0.1.0')).toThrow(UsageError);
    }
    expect(() => parseDevnetArgs(['--nodes', '0'], '0.1.0')).toThrow(/--nodes must be between 1 and 1000/);
    expect(() => parseDevnetArgs(['--nodes', '1001'], '0.1.0')).toThrow(/--nodes must be between 1 and 1000/);
  });

  it('takes fleets of hundreds of nodes, and --keep-logs', () => {
    expect(parseDevnetArgs(['--nodes', '200'], '0.1.0').devnet.nodes).toBe(200);
    expect(parseDevnetArgs(['--nodes', '500', '--port', '0'], '0.1.0').devnet.nodes).toBe(500);
    expect(parseDevnetArgs(['--keep-logs'], '0.1.0').devnet.keepLogs).toBe(true);
    expect(parseDevnetArgs([], '0.1.0').devnet.keepLogs).toBeUndefined();
  });

  it('treats --help as a clean exit', () => {
    try {
      parseDevnetArgs(['--version'], '0.1.0');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(CommanderError);
      expect((error as CommanderError).exitCode).toBe(0);
    }
  });
});
