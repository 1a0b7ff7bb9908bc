import { describe, expect, it } from 'vitest';
import { judgeReachability } from './reachability.js';

describe('reachability rule', () => {
  it('is Public only when AutoNAT says Public and the network is not Unavailable', () => {
    expect(judgeReachability('Public', 'Available')).toMatchObject({ reachability: 'Public', tone: 'ok' });
    expect(judgeReachability('Public', 'Unavailable')).toMatchObject({ reachability: 'Private', tone: 'fail', reason: expect.stringContaining('network unavailable') });
  });

  it('says why it is Private: behind NAT, not decided yet, or not reported', () => {
    expect(judgeReachability('Private', 'Available')).toMatchObject({ reachability: 'Private', tone: 'fail', reason: expect.stringContaining('behind NAT') });
    expect(judgeReachability('Unknown', 'Available')).toMatchObject({ reachability: 'Private', tone: 'warn', reason: expect.stringContaining('not decided yet') });
    expect(judgeReachability(undefined, undefined)).toMatchObject({ reachability: 'Private', tone: 'warn' });
  });
});
