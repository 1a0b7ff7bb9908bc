import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bytesToHex } from './bytes.js';
import { InputError } from './input-error.js';
import { parseCheckInput } from './parse-input.js';

/** Any UTF-16 code unit, lone surrogates included (fast-check's 'binary' unit is slow to generate). */
const anyUtf16Unit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));

const OWNER = '7e5f4552091a69125d5dfcb7b8c2659029395bdf';
const TOPIC = 'aa'.repeat(32);

describe('parseCheckInput', () => {
  it('reads a plain or encrypted reference', () => {
    fc.assert(
      fc.property(fc.oneof(fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.uint8Array({ minLength: 64, maxLength: 64 })), (bytes) => {
        const parsed = parseCheckInput(`0x${bytesToHex(bytes)}`);
        expect(parsed).toMatchObject({ kind: 'reference', reference: { hex: bytesToHex(bytes), encrypted: bytes.length === 64 } });
      }),
      { numRuns: 50 },
    );
  });

  it('reads feed handles with either separator, lowercasing owner and topic', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.constantFrom(':', '/'), (owner, topic, sep) => {
        const handle = `feed:${bytesToHex(owner).toUpperCase()}${sep}${bytesToHex(topic)}`;
        expect(parseCheckInput(handle)).toEqual({ kind: 'feed', owner: bytesToHex(owner), topic: bytesToHex(topic) });
      }),
      { numRuns: 50 },
    );
    expect(parseCheckInput(`  FEED:0x${OWNER}/0x${TOPIC}\n`)).toEqual({ kind: 'feed', owner: OWNER, topic: TOPIC });
  });

  it('says which part of a feed handle is wrong', () => {
    expect(() => parseCheckInput(`feed:${OWNER.slice(1)}:${TOPIC}`)).toThrow(/^invalid feed owner .*40 hex characters.*found 39 characters/);
    expect(() => parseCheckInput(`feed:${OWNER}:${TOPIC}ab`)).toThrow(/^invalid feed topic .*64 hex characters.*found 66 characters/);
    expect(() => parseCheckInput(`feed:${OWNER}:${'q'.repeat(64)}`)).toThrow(/^invalid feed topic .*non-hex/);
    expect(() => parseCheckInput(`feed:${OWNER}${TOPIC}`)).toThrow(/^invalid feed handle .*no separator/);
    expect(() => parseCheckInput(`feed:${OWNER}:${TOPIC}:x`)).toThrow(/^invalid feed handle .*2 separators/);
    expect(() => parseCheckInput(`feed:${OWNER}:my-topic`)).toThrow(/^invalid feed topic/);
  });

  it('explains both accepted forms when the input is neither', () => {
    expect(() => parseCheckInput('abc')).toThrow(/^invalid input "abc": expected a reference .* or a feed handle feed:<OWNER>:<TOPIC>.*found 3 characters/);
    expect(() => parseCheckInput(`fed:${OWNER}:${TOPIC}`)).toThrow(/or a feed handle/);
    expect(() => parseCheckInput('x'.repeat(64))).toThrow(/non-hex character "x" at position 0/);
  });

  it('fuzz: random and feed-shaped strings only ever throw InputError', () => {
    const feedish = fc
      .tuple(fc.constantFrom('feed:', 'FEED:', 'feed', ''), fc.stringMatching(/^[0-9a-fx]{0,44}$/), fc.constantFrom(':', '/', '::', ''), fc.stringMatching(/^[0-9a-fx]{0,70}$/))
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 150 }), feedish, fc.string({ unit: anyUtf16Unit, maxLength: 150 })), (text) => {
        try {
          expect(['reference', 'feed']).toContain(parseCheckInput(text).kind);
        } catch (error) {
          expect(error).toBeInstanceOf(InputError);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('fuzz: truncations of a valid handle are rejected until the topic is complete', () => {
    const handle = `feed:${OWNER}:${TOPIC}`;
    for (let n = 0; n < handle.length; n++) expect(() => parseCheckInput(handle.slice(0, n))).toThrow(InputError);
    expect(parseCheckInput(handle).kind).toBe('feed');
  });
});
