import { describe, expect, it } from 'vitest';
import { DESKTOP_DIGIT_SCREENS, SCREEN_IDS, SCREENS, TERMINAL_ALT_SCREENS, screenInfo } from './screens.js';

describe('cockpit screens', () => {
  it('lists S1..S15 once each, in S-number order', () => {
    expect(SCREENS.map((screen) => screen.number)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    expect(SCREENS.map((screen) => screen.id)).toEqual([...SCREEN_IDS]);
  });

  it('gives every alias to exactly one screen', () => {
    const aliases = SCREENS.flatMap((screen) => screen.aliases);
    expect(new Set(aliases).size).toBe(aliases.length);
  });

  it('opens Fleet with Alt+5 on the terminal and Warmup with 5 on the desktop', () => {
    expect(TERMINAL_ALT_SCREENS[4]).toBe('fleet');
    expect(DESKTOP_DIGIT_SCREENS[4]).toBe('warmup');
    expect(screenInfo('fleet').number).toBe(15);
  });
});
