/**
 * The pooled cancellation of the transport: one deadline timer that still fires each call at its own deadline,
 * and one listener per caller signal that aborts every call made with it and goes away with the last call.
 */
import { getEventListeners } from 'node:events';
import { spawnSync } from 'node:child_process';
import { describe, expect, it, vi } from 'vitest';
import { CallAbort, CallerSignals, DeadlineTimer, type Deadline } from './call-cancel.js';

function deadlineIn(ms: number, fired: string[], name: string): Deadline {
  return { deadline: performance.now() + ms, expire: () => fired.push(name) };
}

describe('DeadlineTimer', () => {
  it('fires each deadline once, in order, never before it, and skips settled calls', async () => {
    const timer = new DeadlineTimer();
    const fired: string[] = [];
    const slow = deadlineIn(120, fired, 'slow');
    const settled = deadlineIn(30, fired, 'settled');
    const fast = deadlineIn(60, fired, 'fast');
    timer.add(slow);
    timer.add(settled); // earlier than the armed deadline: re-arms
    timer.add(fast);
    timer.delete(settled);
    await new Promise((resolve) => setTimeout(resolve, 90));
    expect(fired).toEqual(['fast']);
    expect(performance.now()).toBeGreaterThanOrEqual(fast.deadline);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(fired).toEqual(['fast', 'slow']);
  });

  it('arms one timer for calls made one after another (each deadline later than the armed one), not one per call', () => {
    const timer = new DeadlineTimer();
    const arms = vi.spyOn(globalThis, 'setTimeout');
    const clears = vi.spyOn(globalThis, 'clearTimeout');
    try {
      for (let i = 0; i < 100; i++) {
        const call = deadlineIn(60_000 + i, [], `call ${i}`);
        timer.add(call);
        timer.delete(call);
      }
      expect(arms).toHaveBeenCalledTimes(1);
      expect(clears).toHaveBeenCalledTimes(0);
    } finally {
      arms.mockRestore();
      clears.mockRestore();
    }
  });

  it('an armed timer with no call left does not keep the process alive', () => {
    const module = new URL('../../dist/actors/node-client/call-cancel.js', import.meta.url).href;
    const script = `const { DeadlineTimer } = await import(${JSON.stringify(module)}); const t = new DeadlineTimer(); const e = { deadline: performance.now() + 60000, expire() {} }; t.add(e); t.delete(e);`;
    const started = performance.now();
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 20_000 });
    expect(run.status, run.stderr).toBe(0);
    expect(performance.now() - started).toBeLessThan(15_000);
  });
});

describe('CallerSignals', () => {
  it('aborts every call made with one signal through one listener, removed when the last call settles', () => {
    const controller = new AbortController();
    const calls = [new CallAbort(), new CallAbort(), new CallAbort()];
    for (const call of calls) CallerSignals.add(controller.signal, call);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1);
    CallerSignals.delete(controller.signal, calls[2]!);
    controller.abort(new Error('stop'));
    expect(calls.map((c) => c.aborted)).toEqual([true, true, false]);
    expect((calls[0]!.reason as Error).message).toBe('stop');

    const later = new AbortController();
    const call = new CallAbort();
    CallerSignals.add(later.signal, call);
    CallerSignals.delete(later.signal, call);
    expect(getEventListeners(later.signal, 'abort')).toHaveLength(0);
  });

  it('hands undici an emitter: listeners registered with once() run once on abort', () => {
    const call = new CallAbort();
    let runs = 0;
    call.once('abort', () => runs++);
    call.abort(new Error('first'));
    call.abort(new Error('second'));
    expect(runs).toBe(1);
    expect((call.reason as Error).message).toBe('first');
  });
});
