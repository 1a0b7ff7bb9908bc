// The words of the failures the devnet test (surfaces/cli/cockpit/once-words.test.ts) cannot provoke cheaply:
// each is the line the verb printed before failures became data (issue 25 item 4), composed from facts alone.
import { describe, expect, it } from 'vitest';
import { failureWords } from './failure-words.js';

const url = 'http://127.0.0.1:1633';

describe('failureWords', () => {
  it('says each failure from its code and facts', () => {
    expect(failureWords({ code: 'no-gas-funds', url })).toBe(`${url}: /redistributionstate has no minimumGasFunds to derive a gas price from`);
    expect(failureWords({ code: 'chain-rpc', detail: 'eth_gasPrice: rate limited' })).toBe('eth_gasPrice: rate limited');
    expect(failureWords({ code: 'gsoc-budget-spent', tries: 16_777_216, depth: 9, overlay: 'abcdef0123456789' })).toBe('no key within 16777216 tries puts a SOC in the 9-bit neighbourhood of abcdef01…');
    expect(failureWords({ code: 'feed-walk-failed', url, detail: 'update 3 is not a feed update' })).toBe(`${url}: update 3 is not a feed update`);
    expect(failureWords({ code: 'node-input', url, detail: 'invalid overlay' })).toBe(`${url}: invalid overlay`);
    expect(failureWords({ code: 'file-unreadable', path: '/x', detail: 'EIO: i/o error' })).toBe('cannot hash /x: EIO: i/o error');
    expect(failureWords({ code: 'node-not-served', url, endpoint: '/stamps', status: 400, beeMessage: 'Bad Request' })).toBe(`${url} has no /stamps (HTTP 400: Bad Request; a full node is needed)`);
    expect(failureWords({ code: 'node-failed', url, what: 'its status', detail: 'socket hang up' })).toBe(`${url} could not give its status: HTTP ?: socket hang up`);
  });
});
