import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../core/swarm/input-error.js';
import { goDurationToMs } from './go-duration.js';
import { batchIdParam, fillTemplate, parseBaseUrl, parseProbeUrl, referenceParam, txHashParam } from './url.js';

describe('parseBaseUrl', () => {
  it('normalises http(s) URLs and drops the trailing slash', () => {
    expect(parseBaseUrl('http://localhost:1633/')).toBe('http://localhost:1633');
    expect(parseBaseUrl('https://gw.example/api//')).toBe('https://gw.example/api');
  });
  it.each([
    ['ftp://localhost:1633', /http:\/\/ or https:\/\/ URL \(got protocol ftp:\)/],
    ['localhost:1633', /http/],
    ['not a url', /absolute http/],
    ['http://user:secret@localhost:1633', /without user:password/],
    ['http://localhost:1633/?x=1', /without query/],
  ])('refuses %s with a clear InputError', (value, message) => {
    expect(() => parseBaseUrl(value)).toThrow(InputError);
    expect(() => parseBaseUrl(value)).toThrow(message);
  });
  it('probe URLs refuse other protocols and credentials', () => {
    expect(() => parseProbeUrl('file:///etc/passwd')).toThrow(InputError);
    expect(() => parseProbeUrl('https://a:b@gw.example/')).toThrow(InputError);
    expect(parseProbeUrl('https://gw.example/bzz/x/').href).toBe('https://gw.example/bzz/x/');
  });
});

describe('path parameters', () => {
  it('lowercases hex and drops 0x; tx hashes keep 0x', () => {
    expect(batchIdParam('0x' + 'AB'.repeat(32))).toBe('ab'.repeat(32));
    expect(txHashParam('CD'.repeat(32))).toBe('0x' + 'cd'.repeat(32));
  });
  it('references accept 64/128 hex, CIDs and ENS names, nothing with slashes', () => {
    expect(referenceParam('a'.repeat(128))).toBe('a'.repeat(128));
    expect(referenceParam('bah5acgzaitxyvem2pivg7y3hclkfcich3nagzr5mlqdnu5zr4dfypovrb74q')).toMatch(/^bah5/);
    expect(referenceParam('site.eth')).toBe('site.eth');
    expect(() => referenceParam('a'.repeat(63))).toThrow(InputError);
    expect(() => referenceParam('../../stamps')).toThrow(InputError);
    expect(() => referenceParam('')).toThrow(InputError);
  });
  it('never throws anything but InputError on random strings', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (value) => {
        for (const parse of [referenceParam, batchIdParam, txHashParam]) {
          try {
            const out = parse(value);
            if (/[/?#\s]/.test(out)) return false;
          } catch (error) {
            if (!(error instanceof InputError)) return false;
          }
        }
        return true;
      }),
      { numRuns: 300 },
    );
  });
  it('fills templates with encoded segments; {path*} keeps slashes', () => {
    expect(fillTemplate('/bzz/{ref}/{path*}', { ref: 'r', path: 'a b/c?d' })).toBe('/bzz/r/a%20b/c%3Fd');
    expect(fillTemplate('/loggers/{exp}', { exp: 'bm9kZQ==' })).toBe('/loggers/bm9kZQ==');
    expect(() => fillTemplate('/tags/{uid}', {})).toThrow(/missing path parameter uid/);
  });
});

describe('goDurationToMs', () => {
  it.each([
    ['5.0018ms', 5.0018],
    ['1m2.5s', 62_500],
    ['250µs', 0.25],
    ['1h0m0s', 3_600_000],
    ['0s', 0],
    ['0', 0],
  ])('%s -> %d ms', (text, ms) => {
    expect(goDurationToMs(text)).toBeCloseTo(ms, 9);
  });
  it.each(['', 'ms', '5', '5xs', '1.5.3s'])('refuses %j', (text) => {
    expect(goDurationToMs(text)).toBeUndefined();
  });
});
