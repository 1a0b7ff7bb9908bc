import { describe, expect, it } from 'vitest';
import { humanSize } from './human-size.js';

describe('humanSize', () => {
  it('reads as people read sizes', () => {
    expect(humanSize(0)).toBe('0 B');
    expect(humanSize(1023)).toBe('1023 B');
    expect(humanSize(1024)).toBe('1.00 KiB');
    expect(humanSize(200 * 1024)).toBe('200.00 KiB');
    expect(humanSize(1.5 * 1024 * 1024)).toBe('1.50 MiB');
    expect(humanSize(3.2 * 1024 ** 3)).toBe('3.20 GiB');
  });
});
