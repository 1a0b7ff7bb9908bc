/** The room checker (room.ts) on captures drawn before issue 28 item 1: it finds the cuts a reviewer saw. */
import { describe, expect, it } from 'vitest';
import { blankFraction, wastedCuts } from './room.js';

const pad = (text: string, width: number) => text.padEnd(width, ' ');
const row = (left: string, right: string) => `${pad(left, 20)} │ ${right}`.trimEnd();

describe('wastedCuts', () => {
  it('a cut in the facts pane while the rows pane beside it leaves columns unused', () => {
    const body = [row('[r] Run rchash', 'Card  Healthy: 10 xBZZ staked: play…'), row('', 'Staked  10 xBZZ'), row('', 'Addr  0xb597Dd78109c03bff402d6e6…')];
    expect(wastedCuts(body, 60).map((cut) => cut.text)).toEqual(['play…', '0xb597Dd78109c03bff402d6e6…']);
  });

  it('a cut whose pane row has free columns; not an identifier’s short form, nor a cut that fills its pane', () => {
    expect(wastedCuts(['Available balan…  9.99 xBZZ'], 60).map((cut) => cut.text)).toEqual(['balan…']);
    expect(wastedCuts(['batch 84b9d681… (devnet) expires in 29 d', 'peer 832aa493…c35f  0  4.0 ms'], 60)).toEqual([]);
    expect(wastedCuts(['x'.repeat(19) + '…'], 20)).toEqual([]);
  });

  it('blankFraction counts blank rows in a range', () => {
    expect(blankFraction(['a', '', ' ', 'b'], 0, 4)).toBe(0.5);
  });
});
