import { describe, expect, it } from 'vitest';
import { isMixedContentBlocked } from './fetch-retcheck-api.js';

describe('mixed-content rule (spec 1 §5)', () => {
  it('blocks plain-HTTP non-loopback nodes from an HTTPS page only', () => {
    expect(isMixedContentBlocked('http://node.example:1633', 'https:')).toBe(true);
    expect(isMixedContentBlocked('http://192.0.2.1:1633', 'https:')).toBe(true);
    expect(isMixedContentBlocked('http://localhost:1633', 'https:')).toBe(false);
    expect(isMixedContentBlocked('http://127.0.0.1:1633', 'https:')).toBe(false);
    expect(isMixedContentBlocked('http://[::1]:1633', 'https:')).toBe(false);
    expect(isMixedContentBlocked('https://node.example', 'https:')).toBe(false);
    expect(isMixedContentBlocked('http://node.example:1633', 'http:')).toBe(false);
  });
});
