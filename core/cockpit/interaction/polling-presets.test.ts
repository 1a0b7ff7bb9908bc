import { describe, expect, it } from 'vitest';
import { API_HEALTH_POLL_INTERVAL_MS } from '../../../machines/cockpit/screens/api-health.machine.js';
import { LOTTERY_POLL_INTERVAL_MS } from '../../../machines/cockpit/screens/lottery.machine.js';
import { NETWORK_POLL_INTERVAL_MS } from '../../../machines/cockpit/screens/network.machine.js';
import { PEERS_POLL_INTERVAL_MS } from '../../../machines/cockpit/screens/peers.machine.js';
import { PINS_POLL_INTERVAL_MS } from '../../../machines/cockpit/screens/pins.machine.js';
import { STAMPS_POLL_INTERVAL_MS } from '../../../machines/cockpit/screens/stamps.machine.js';
import { SWAP_POLL_INTERVAL_MS } from '../../../machines/cockpit/screens/swap.machine.js';
import { WARMUP_POLL_INTERVAL_MS } from '../../../machines/cockpit/screens/warmup.machine.js';
import { fleetIntervalMs, screenIntervalMs, screenIntervalsMs } from './polling-presets.js';

describe('polling presets', () => {
  it('default is the spec\'s fleet cadence (10 s terminal, 15 s window) and every screen machine\'s own cadence', () => {
    expect(fleetIntervalMs('default', 'terminal')).toBe(10_000);
    expect(fleetIntervalMs('default', 'desktop')).toBe(15_000);
    expect(screenIntervalsMs('default')).toEqual({
      stamps: STAMPS_POLL_INTERVAL_MS,
      swap: SWAP_POLL_INTERVAL_MS,
      lottery: LOTTERY_POLL_INTERVAL_MS,
      warmup: WARMUP_POLL_INTERVAL_MS,
      peers: PEERS_POLL_INTERVAL_MS,
      network: NETWORK_POLL_INTERVAL_MS,
      apiHealth: API_HEALTH_POLL_INTERVAL_MS,
      pins: PINS_POLL_INTERVAL_MS,
    });
  });

  it('live halves (never under 2 s), slow triples; screens without a timer have none', () => {
    expect([fleetIntervalMs('live', 'terminal'), fleetIntervalMs('live', 'desktop')]).toEqual([5_000, 7_500]);
    expect([fleetIntervalMs('slow', 'terminal'), fleetIntervalMs('slow', 'desktop')]).toEqual([30_000, 45_000]);
    expect(screenIntervalMs('live', 'warmup')).toBe(2_500);
    expect(screenIntervalMs('live', 'stamps')).toBe(15_000);
    expect(screenIntervalMs('slow', 'stamps')).toBe(90_000);
    expect(screenIntervalMs('live', 'manifest')).toBeUndefined();
  });
});
