import { describe, expect, it } from 'vitest';
import { isChunkNotFound } from './chunk-answer.js';

describe('isChunkNotFound', () => {
  it('reads Bee 2.8.1 500 "read chunk failed" and 404 as not found, other failures as errors', () => {
    expect(isChunkNotFound(404, undefined)).toBe(true);
    expect(isChunkNotFound(500, 'read chunk failed')).toBe(true);
    expect(isChunkNotFound(500, 'Read chunk failed ')).toBe(true);
    expect(isChunkNotFound(500, 'internal server error')).toBe(false);
    expect(isChunkNotFound(503, 'Node is syncing')).toBe(false);
    expect(isChunkNotFound(undefined, undefined)).toBe(false);
  });
});
