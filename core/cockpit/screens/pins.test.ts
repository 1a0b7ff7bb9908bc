import { describe, expect, it } from 'vitest';
import { renderPins, type PinsScreenInput } from './pins.js';

const A = 'aa'.repeat(32);
const B = 'bb'.repeat(32);
const C = 'cc'.repeat(32);
const base: PinsScreenInput = { pins: [C, A, B], lastOkAtMs: 0, pollError: null, checks: {}, running: null, checkError: null, lastRun: null, sort: 'reference' };
const rows = (input: PinsScreenInput) => {
  const t = renderPins(input).sections.find((s) => s.id === 'pins');
  if (t?.kind !== 'table') throw new Error('no table');
  return t.rows.map((r) => [r.key.slice(0, 2), r.cells[1]?.text]);
};

describe('S10 pins', () => {
  it('lists pins unchecked, then checking, then with the check results in the chosen sort', () => {
    expect(rows(base)).toEqual([['aa', 'Unchecked'], ['bb', 'Unchecked'], ['cc', 'Unchecked']]);
    expect(rows({ ...base, running: { scope: 'all', pending: [B, C] }, checks: { [A]: { total: 4, missing: 0, invalid: 0 } } })).toEqual([['aa', 'OK'], ['bb', 'Checking'], ['cc', 'Checking']]);
    const checks = { [A]: { total: 4, missing: 0, invalid: 0 }, [B]: { total: 9, missing: 2, invalid: 0 }, [C]: { total: 0, missing: 0, invalid: 0 } };
    expect(rows({ ...base, checks, sort: 'badFirst' })).toEqual([['bb', 'Damaged'], ['cc', 'Empty'], ['aa', 'OK']]);
    expect(rows({ ...base, checks, sort: 'totalChunks' })).toEqual([['bb', 'Damaged'], ['aa', 'OK'], ['cc', 'Empty']]);
  });

  it('announces a finished check once (banner id) and says when a check stopped half way', () => {
    const checks = { [A]: { total: 4, missing: 0, invalid: 0 }, [B]: { total: 9, missing: 2, invalid: 1 } };
    const done = renderPins({ ...base, checks, lastRun: { id: 3, finishedAtMs: 0, failed: false } });
    expect(done.banner).toEqual({ id: 3, text: 'pin check: 1 OK, 1 damaged', tone: 'fail' });
    const stopped = renderPins({ ...base, checks, checkError: '/pins/check: timeout', lastRun: { id: 4, finishedAtMs: 0, failed: true } });
    expect(stopped.subtitle).toMatch(/^pin check stopped: \/pins\/check: timeout/);
    expect(stopped.banner?.tone).toBe('fail');
    expect(renderPins({ ...base, pins: null, pollError: '/pins: 404' }).status).toBe('error');
  });
});
