import { describe, expect, it } from 'vitest';
import { describeUnreadableHealth, healthUnreadable, resolveNodeTarget } from './node-target.js';
import { OnceUsageError } from './once.js';

const env = { NODE_URL: 'http://env-node:1633', NODE_TOKEN: 'env-token' };

describe('resolveNodeTarget', () => {
  it('prefers --node, then a trailing URL, then NODE_URL, then localhost:1633', () => {
    expect(resolveNodeTarget('readiness', [], { node: 'http://flag:1', env }).url).toBe('http://flag:1');
    expect(resolveNodeTarget('readiness', ['http://positional:2/'], { env }).url).toBe('http://positional:2');
    expect(resolveNodeTarget('readiness', [], { env }).url).toBe('http://env-node:1633');
    expect(resolveNodeTarget('readiness', [], { env: {} }).url).toBe('http://localhost:1633');
    expect(resolveNodeTarget('readiness', [], { env: { NODE_URL: '' } }).url).toBe('http://localhost:1633');
    // The same URL twice is not a conflict.
    expect(resolveNodeTarget('readiness', ['http://same:3'], { node: 'http://same:3', env }).url).toBe('http://same:3');
  });

  it('takes the token from --token, else NODE_TOKEN; none when both are empty', () => {
    expect(resolveNodeTarget('readiness', [], { token: 'flag-token', env }).token).toBe('flag-token');
    expect(resolveNodeTarget('readiness', [], { env }).token).toBe('env-token');
    expect(resolveNodeTarget('readiness', [], { token: '', env: { NODE_TOKEN: '' } })).toEqual({ url: 'http://localhost:1633' });
  });

  it('usage errors: two different URLs, extra arguments, a URL that is not http(s) or carries credentials', () => {
    expect(() => resolveNodeTarget('readiness', ['http://a:1'], { node: 'http://b:1', env })).toThrow(OnceUsageError);
    expect(() => resolveNodeTarget('readiness', ['http://a:1', 'http://b:1'], { env })).toThrow('readiness takes at most one node URL, got 2 arguments');
    expect(() => resolveNodeTarget('version-check', ['ftp://a'], { env })).toThrow(/invalid node URL "ftp:\/\/a"/);
    expect(() => resolveNodeTarget('version-check', ['http://user:pw@a:1'], { env })).toThrow(OnceUsageError);
    expect(() => resolveNodeTarget('version-check', [], { env: { NODE_URL: 'localhost:1633' } })).toThrow(OnceUsageError);
  });
});

describe('unreadable /health', () => {
  it('5xx is a sick node (judged by the gates); everything else means there is nothing to judge', () => {
    expect(healthUnreadable({ code: 'http', status: 500, detail: '500' })).toBe(false);
    expect(healthUnreadable({ code: 'http', status: 503, detail: '503' })).toBe(false);
    for (const error of [
      { code: 'http', status: 401, detail: '401' },
      { code: 'http', status: 404, detail: '404' },
      { code: 'network', detail: 'network error' },
      { code: 'timeout', detail: 'timeout' },
      { code: 'invalid-response', status: 200, detail: 'x' },
    ] as const) {
      expect(healthUnreadable(error), error.code).toBe(true);
    }
  });

  it('says how to fix a missing token and a wrong port', () => {
    expect(describeUnreadableHealth('http://n:1', { code: 'http', status: 401, detail: '401' })).toBe('http://n:1 asks for a bearer token (401): pass --token or set NODE_TOKEN');
    expect(describeUnreadableHealth('http://n:1', { code: 'http', status: 404, detail: '404' })).toContain('is this a Bee node API');
    expect(describeUnreadableHealth('http://n:1', { code: 'network', detail: 'network error: connect ECONNREFUSED' })).toBe('cannot reach the node at http://n:1: network error: connect ECONNREFUSED');
  });
});
