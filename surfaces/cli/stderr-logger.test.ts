import { describe, expect, it } from 'vitest';
import { formatCallRecord } from './stderr-logger.js';

describe('the -vv HTTP log line', () => {
  it('gives the status, the error of a failed call, and says when the tool cancelled a call itself', () => {
    const base = { method: 'GET', template: '/chunks/{address}', url: 'http://127.0.0.1:1633/chunks/ab', ms: 12.4 };
    expect(formatCallRecord({ ...base, status: 200 })).toBe('http GET http://127.0.0.1:1633/chunks/ab 200 12 ms');
    expect(formatCallRecord({ ...base, error: { code: 'network', message: 'ECONNREFUSED' } })).toBe('http GET http://127.0.0.1:1633/chunks/ab failed (network: ECONNREFUSED) 12 ms');
    expect(formatCallRecord({ ...base, error: { code: 'aborted', message: 'GET … -> aborted' } })).toBe('http GET http://127.0.0.1:1633/chunks/ab cancelled (not waited for) 12 ms');
  });
});
