import { describe, expect, it } from 'vitest';
import { SCREEN_IDS, SCREENS } from './screens.js';

describe('cockpit screens', () => {
  it('lists S1..S15 once each, in S-number order', () => {
    expect(SCREENS.map((screen) => screen.number)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    expect(SCREENS.map((screen) => screen.id)).toEqual([...SCREEN_IDS]);
  });

  it('gives every alias to exactly one screen', () => {
    const aliases = SCREENS.flatMap((screen) => screen.aliases);
    expect(new Set(aliases).size).toBe(aliases.length);
  });
});
