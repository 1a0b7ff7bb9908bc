/**
 * The cockpit's own cancellations are not the node's errors. Every screen is entered and left again before its
 * poll can answer (the devnet node answers after 600 ms), on the real engine, then the node is healed and S8 API
 * Health is read: no endpoint shows an error, and the calls the screens left behind are in the Cancelled column.
 * The same calls, fed to the `--serve-metrics` histogram as the headless mode feeds it, land in
 * `cockpit_http_request_cancellations_total`, never in the errors or the latency buckets. The node switch and
 * the engine's stop are walked too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LatencyHistogram } from '../../core/cockpit/metrics.js';
import { SCREEN_IDS, type ScreenId } from '../../core/cockpit/view/screens.js';
import type { CockpitView, TableSection } from '../../core/cockpit/view/view-model.js';
import { recordCallsInto } from '../../surfaces/cli/cockpit/serve-metrics.js';
import { startEngineHarness, type EngineHarness } from './engine-harness.js';

const SLOW_MS = 600;
let h: EngineHarness;
let latency: LatencyHistogram;

beforeAll(async () => {
  h = await startEngineHarness({ nodes: 2, face: 'desktop', fleetPollIntervalMs: 5_000 });
  latency = new LatencyHistogram();
  recordCallsInto(latency, h.engine);
  await h.waitForView((v) => v.screen.id === 'health' && v.screen.status === 'ready', { what: 'S1 ready' });
}, 60_000);
afterAll(() => h?.stop());

const go = (screen: ScreenId) => h.send({ type: 'ui.click', target: { kind: 'tab', screen } });
const callsTable = (view: CockpitView) => view.screen.sections.find((s): s is TableSection => s.id === 'calls' && s.kind === 'table');
const column = (table: TableSection, id: string) => table.columns.findIndex((c) => c.id === id);

/** Sums one series of the histogram's exposition per endpoint (over nodes). */
function perEndpoint(series: string): Map<string, number> {
  const sums = new Map<string, number>();
  for (const line of latency.render()) {
    const match = new RegExp(`^${series}\\{node="[^"]*",endpoint="([^"]*)"\\} (\\S+)$`).exec(line);
    if (match) sums.set(match[1]!, (sums.get(match[1]!) ?? 0) + Number(match[2]));
  }
  return sums;
}

describe('calls the cockpit cancels itself', () => {
  it('every screen left before its poll answers: S8 counts them as Cancelled, never as Errors, and so does the histogram', async () => {
    await h.devnet!.control.node(0).setFault({ latencyMs: SLOW_MS });
    try {
      for (const screen of SCREEN_IDS.filter((id) => id !== 'apiHealth')) {
        go(screen);
        await h.waitForView((v) => v.screen.id === screen, { what: `${screen} entered` });
        // Long enough for its calls to be on the wire, well short of the node's answer.
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      go('health');
      await h.waitForView((v) => v.screen.id === 'health', { what: 'back on S1' });
      // The calls left behind settle as cancelled once their actors stop; give the last of them a moment.
      await new Promise((resolve) => setTimeout(resolve, SLOW_MS));
    } finally {
      await h.devnet!.control.node(0).heal();
    }
    const cancelledNow = h.engine.callStats.snapshot().filter((row) => row.cancelled > 0);
    expect(cancelledNow.map((row) => row.template)).toEqual(expect.arrayContaining(['GET /stamps', 'GET /pins', 'GET /tags']));

    go('apiHealth');
    const view = await h.waitForView((v) => v.screen.id === 'apiHealth' && v.screen.status === 'ready' && callsTable(v) !== undefined, { what: 'S8 ready' });
    const table = callsTable(view)!;
    expect(table.columns.map((c) => c.label)).toEqual(expect.arrayContaining(['Errors', 'Cancelled']));
    const [errors, cancelled, last] = [column(table, 'errors'), column(table, 'cancelled'), column(table, 'last')];
    for (const row of table.rows) {
      expect(row.cells[errors]!.text, `${row.key}: errors`).toBe('0');
      expect(row.tone, `${row.key}: not flagged`).toBeUndefined();
    }
    const pins = table.rows.find((row) => row.key === 'GET /pins')!;
    expect(Number(pins.cells[cancelled]!.text)).toBeGreaterThan(0);
    expect(pins.cells[last]!.text).toBe('cancelled');

    const errorSums = perEndpoint('cockpit_http_request_errors_total');
    expect([...errorSums.values()].every((n) => n === 0), JSON.stringify([...errorSums])).toBe(true);
    expect(perEndpoint('cockpit_http_request_cancellations_total').get('GET /pins')).toBeGreaterThan(0);
    // Only the node's own answers are latencies: none of the cancelled /pins calls is in the histogram.
    const answeredPins = h.engine.callStats.snapshot().find((row) => row.template === 'GET /pins')!;
    expect(perEndpoint('cockpit_http_request_duration_seconds_count').get('GET /pins') ?? 0).toBe(answeredPins.count - answeredPins.cancelled);
  }, 60_000);

  it('a node switched while the screen waits, and the engine stopped mid-poll: cancelled, not errors', async () => {
    const second = h.devnet!.nodes[1];
    await h.devnet!.control.node(0).setFault({ latencyMs: SLOW_MS });
    await h.devnet!.control.node(1).setFault({ latencyMs: SLOW_MS });
    try {
      go('stamps');
      await h.waitForView((v) => v.screen.id === 'stamps', { what: 'S2 entered' });
      await new Promise((resolve) => setTimeout(resolve, 100));
      h.key(':');
      h.send({ type: 'ui.input', target: { kind: 'palette' }, value: `context ${second!.url}` });
      h.key('Enter');
      await h.waitForView((v) => v.topBar.node.url === second!.url, { what: 'switched to the second node' });
      await new Promise((resolve) => setTimeout(resolve, 100));
      await h.engine.stop();
    } finally {
      await h.devnet!.control.node(0).heal();
      await h.devnet!.control.node(1).heal();
    }
    const rows = h.engine.callStats.snapshot();
    expect(rows.filter((row) => row.errors > 0).map((row) => `${row.template} ${row.lastErrorCode}`)).toEqual([]);
    expect(rows.find((row) => row.template === 'GET /stamps')!.cancelled).toBeGreaterThan(0);
  }, 60_000);
});
