import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base58Encode, base64UrlPadded, checksumAddress, decodeBase64Url, goDuration, libp2pPeerId } from './formats.js';
import { LoggerRegistry } from './loggers.js';
import { TransactionPool } from './transactions.js';

describe('wire formats', () => {
  it('checksums addresses as EIP-55 does (vectors from the EIP)', () => {
    expect(checksumAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
    expect(checksumAddress('FB6916095CA1DF60BB79CE92CE3EA74C37C5D359')).toBe('0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359');
  });

  it('base58-encodes with leading-zero ones and builds 16Uiu2HA… peer IDs', () => {
    expect(base58Encode(new Uint8Array([0, 0, 1]))).toBe('112');
    expect(base58Encode(new TextEncoder().encode('hello world'))).toBe('StV1DL6CwTryKyV');
    const id = libp2pPeerId(`02${'11'.repeat(32)}`);
    expect(id.startsWith('16Uiu2HA')).toBe(true);
    expect(id).toHaveLength(53);
  });

  it('prints Go durations', () => {
    expect([0, 500, 1500, 5_001_800, 1_500_000_000, 90e9, 3600e9, 3661e9].map(goDuration)).toEqual([
      '0s', '500ns', '1.5µs', '5.0018ms', '1.5s', '1m30s', '1h0m0s', '1h1m1s',
    ]);
  });

  it('round-trips padded base64url and rejects other alphabets', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const encoded = base64UrlPadded(text);
        expect(encoded.length % 4).toBe(0);
        expect(decodeBase64Url(encoded)).toBe(Buffer.from(text, 'utf8').toString('utf8'));
      }),
      { numRuns: 100 },
    );
    expect(decodeBase64Url('a+b/')).toBeUndefined();
    expect(decodeBase64Url('abcde')).toBeUndefined();
  });
});

describe('loggers', () => {
  it('lists loggers with base64url ids, builds the "/" and "+" tree, and sets verbosity by regex', () => {
    const registry = new LoggerRegistry(['node', 'node/api', 'node/api/v2']);
    const all = registry.list();
    expect(all[1]).toEqual({ logger: 'node/api', verbosity: 'info', subsystem: 'node/api[0][]>>824634474528', id: base64UrlPadded('node/api[0][]>>824634474528') });
    expect(LoggerRegistry.tree(all)).toEqual({
      node: {
        '+': ['info|node[0][]>>824634474528'],
        '/': { api: { '+': ['info|node/api[0][]>>824634474528'], '/': { v2: { '+': ['info|node/api/v2[0][]>>824634474528'] } } } },
      },
    });
    expect(registry.set(/^node\/api/, 'debug')).toBe(2);
    expect(registry.list().map((l) => l.verbosity)).toEqual(['info', 'debug', 'debug']);
  });
});

describe('transaction pool', () => {
  it('resends in place and replaces a cancelled transaction with a zero-value one', () => {
    const pool = new TransactionPool(1_000_000_000n);
    pool.submit({ hash: '0xaa', to: '0x01', description: 'buy', value: 5n }, 10, 0);
    expect(pool.resend('0xaa', 12)?.submittedBlock).toBe(12);
    const replacement = pool.cancel('0xaa', '0xbb', 13, 0);
    expect(replacement).toMatchObject({ transactionHash: '0xbb', nonce: 0, value: 0n, gasPrice: 1_100_000_000n });
    expect(pool.list().map((t) => t.transactionHash)).toEqual(['0xbb']);
    expect(pool.cancel('0xaa', '0xcc', 13, 0)).toBeUndefined();
    pool.confirmDue(39_999);
    expect(pool.list()).toHaveLength(1);
    pool.confirmDue(40_000);
    expect(pool.list()).toEqual([]);
  });

  it('keeps every transaction pending while stuck (a wallet out of gas), and mines them once unstuck', () => {
    let stuck = true;
    const pool = new TransactionPool(1_000_000_000n, () => stuck);
    pool.submit({ hash: '0xaa', to: '0x01', description: 'buy' }, 10, 0);
    pool.confirmDue(3_600_000);
    expect(pool.list().map((t) => t.transactionHash)).toEqual(['0xaa']);
    stuck = false;
    pool.confirmDue(3_600_000);
    expect(pool.list()).toEqual([]);
  });
});
