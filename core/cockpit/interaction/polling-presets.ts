/**
 * Polling presets (issue 28 item 4): `[ui] polling`, `--polling` and `:polling <preset>` pick how often the
 * fleet and each screen poll. `default` is the spec's cadence exactly (2-cockpit.md §1 S15 and §8: the fleet
 * every 10 s in the terminal and 15 s in the window) and every screen's own cadence (the `*_POLL_INTERVAL_MS`
 * constants of machines/cockpit/screens/). `live` halves them (a screen no faster than every 2 s), `slow` triples
 * them. The machines keep their timing in named delays (`pollInterval`); this table only feeds their inputs.
 *
 * The fleet interval also paces the active node's gate poller, so it is S1 Health's cadence too. Screens not in
 * SCREEN_DEFAULT_MS do not poll on a timer (S11-S14 act on request; S9 Tags has its own 2 s / 15 s pair).
 */
import type { ScreenId } from '../view/screens.js';
import type { Face } from '../view/view-model.js';

export const POLLING_PRESETS = ['live', 'default', 'slow'] as const;
export type PollingPreset = (typeof POLLING_PRESETS)[number];

/** Each timed screen's `default` cadence (the same numbers as the machines' constants; a test keeps them equal). */
export const SCREEN_DEFAULT_MS: Readonly<Partial<Record<ScreenId, number>>> = {
  stamps: 30_000,
  swap: 30_000,
  lottery: 10_000,
  warmup: 5_000,
  peers: 15_000,
  network: 30_000,
  apiHealth: 10_000,
  pins: 30_000,
};

const FLEET_DEFAULT_MS: Readonly<Record<Face, number>> = { terminal: 10_000, desktop: 15_000 };

/** `live` never polls a screen faster than this: a node answers /stamps or /peers in well under a second, but not for free. */
const LIVE_FLOOR_MS = 2_000;

function scaled(preset: PollingPreset, defaultMs: number): number {
  if (preset === 'live') return Math.max(LIVE_FLOOR_MS, Math.round(defaultMs / 2));
  if (preset === 'slow') return defaultMs * 3;
  return defaultMs;
}

export function isPollingPreset(value: string): value is PollingPreset {
  return (POLLING_PRESETS as readonly string[]).includes(value);
}

/** The fleet's poll interval (every node's `/health` round, and the active node's gates). */
export function fleetIntervalMs(preset: PollingPreset, face: Face): number {
  return scaled(preset, FLEET_DEFAULT_MS[face]);
}

/** A screen's poll interval, or undefined for a screen that does not poll on a timer. */
export function screenIntervalMs(preset: PollingPreset, screen: ScreenId): number | undefined {
  const defaultMs = SCREEN_DEFAULT_MS[screen];
  return defaultMs === undefined ? undefined : scaled(preset, defaultMs);
}

/** Every timed screen's interval under a preset (the root machine's `screenPollIntervalsMs`). */
export function screenIntervalsMs(preset: PollingPreset): Partial<Record<ScreenId, number>> {
  return Object.fromEntries(Object.entries(SCREEN_DEFAULT_MS).map(([screen, ms]) => [screen, scaled(preset, ms)]));
}
