import { describe, expect, it } from 'vitest';
import { nextReachability, REACHABLE, UNREACHABLE_AFTER, type ProbeOutcome } from './vantage-reachability.js';

const fail: ProbeOutcome = { kind: 'unreachable', error: 'timeout after 1000 ms' };
const answer: ProbeOutcome = { kind: 'answered' };

describe('vantage reachability in the chunk walk', () => {
  it('gives up after UNREACHABLE_AFTER failures in a row, naming the last one', () => {
    let state = REACHABLE;
    for (let i = 1; i < UNREACHABLE_AFTER; i++) state = nextReachability(state, fail);
    expect(state.unreachable).toBeUndefined();
    state = nextReachability(state, fail);
    expect(state.unreachable).toBe(`not probed: the node did not answer ${UNREACHABLE_AFTER} requests in a row (last: timeout after 1000 ms)`);
  });

  it('an answer in between resets the count; an unreachable vantage stays unreachable', () => {
    let state = REACHABLE;
    for (let i = 0; i < 10; i++) state = nextReachability(nextReachability(state, fail), answer);
    expect(state).toEqual(REACHABLE);
    for (let i = 0; i < UNREACHABLE_AFTER; i++) state = nextReachability(state, fail);
    expect(nextReachability(state, answer).unreachable).toBeDefined();
  });
});
