import { describe, expect, it } from 'vitest';
import { isEnabled, levelFromEnvFilter, levelFromVerbosity } from './level.js';

describe('log levels', () => {
  it('maps -v counts', () => {
    expect([0, 1, 2, 3, 9].map(levelFromVerbosity)).toEqual(['warn', 'info', 'debug', 'trace', 'trace']);
  });
  it('reads RUST_LOG as a level or an env-filter', () => {
    expect(levelFromEnvFilter('debug', 'retcheck')).toBe('debug');
    expect(levelFromEnvFilter('warn,retcheck=trace', 'retcheck')).toBe('trace');
    expect(levelFromEnvFilter('info,other=trace', 'retcheck')).toBe('info');
    expect(levelFromEnvFilter('retcheck=debug', 'retcheck::http')).toBe('debug');
    expect(levelFromEnvFilter('nonsense', 'retcheck')).toBeUndefined();
  });
  it('orders levels', () => {
    expect(isEnabled('debug', 'info')).toBe(true);
    expect(isEnabled('warn', 'debug')).toBe(false);
    expect(isEnabled('off', 'error')).toBe(false);
  });
});
