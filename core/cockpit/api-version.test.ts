import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputError } from '../swarm/input-error.js';
import { compareApiVersion, describeVersionComparison, EXPECTED_API_VERSION, parseApiVersion } from './api-version.js';

describe('parseApiVersion', () => {
  it('reads major.minor.patch, tolerating a v prefix, a missing patch and pre-release/build suffixes', () => {
    expect(parseApiVersion('8.1.0')).toEqual({ major: 8, minor: 1, patch: 0 });
    expect(parseApiVersion('v7.3')).toEqual({ major: 7, minor: 3, patch: 0 });
    expect(parseApiVersion(' 8.1.2-rc1+abc ')).toEqual({ major: 8, minor: 1, patch: 2 });
  });

  it('rejects anything else with an InputError naming the input', () => {
    for (const bad of ['', '8', 'eight.one', '8.1.0.0', '8..1', '-8.1.0']) {
      expect(() => parseApiVersion(bad)).toThrow(InputError);
    }
    expect(() => parseApiVersion('x')).toThrow(/node API version/);
  });

  it('never throws anything but InputError on random text, and round-trips random versions', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (text) => {
        try {
          parseApiVersion(text);
        } catch (error) {
          expect(error).toBeInstanceOf(InputError);
        }
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(fc.nat(999), fc.nat(999), fc.nat(999), (major, minor, patch) => {
        expect(parseApiVersion(`${major}.${minor}.${patch}`)).toEqual({ major, minor, patch });
      }),
      { numRuns: 100 },
    );
  });
});

describe('compareApiVersion', () => {
  it('targets Bee 2.8.1 / API 8.1.0', () => {
    expect(EXPECTED_API_VERSION).toBe('8.1.0');
  });

  it('same major is compatible whatever the minor; another major is not', () => {
    expect(compareApiVersion('8.1.0')).toEqual({ expected: '8.1.0', live: '8.1.0', verdict: 'same', compatible: true });
    expect(compareApiVersion('8.1.7').verdict).toBe('same');
    expect(compareApiVersion('8.4.0')).toMatchObject({ verdict: 'newerMinor', compatible: true });
    expect(compareApiVersion('8.0.0')).toMatchObject({ verdict: 'olderMinor', compatible: true });
    expect(compareApiVersion('7.3.0')).toMatchObject({ verdict: 'olderMajor', compatible: false });
    expect(compareApiVersion('9.0.0')).toMatchObject({ verdict: 'newerMajor', compatible: false });
    expect(compareApiVersion('6.0.0', '6.2.0')).toMatchObject({ verdict: 'olderMinor', compatible: true });
  });

  it('describes each verdict in one line', () => {
    expect(describeVersionComparison(compareApiVersion('8.1.0'))).toBe('node API 8.1.0 matches the expected 8.1.0');
    expect(describeVersionComparison(compareApiVersion('9.0.0'))).toContain('newer major');
    expect(describeVersionComparison(compareApiVersion('8.0.0'))).toContain('some newer fields will be missing');
  });
});
