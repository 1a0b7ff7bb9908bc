/**
 * radius-doctor's "time since the last change" from the engine's trend ring (issue 29 item 3), on a devnet: the
 * fleet pollers feed the active node's ring while S5 is not shown, so when S5 opens, its doctor section states
 * how long ago the radius changed at its first poll, before the screen's own polls could know it, and so does the
 * palette's :radius-doctor. The engine
 * runs on a clock the test moves (`now`), so minutes pass in a second.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CockpitView, TableSection } from '../../core/cockpit/view/view-model.js';
import { startEngineHarness, type EngineHarness } from './engine-harness.js';

let h: EngineHarness;
const T0 = 1_800_000_000_000;
let now = T0;

beforeAll(async () => {
  h = await startEngineHarness({ nodes: 2, now: () => now });
});
afterAll(() => h?.stop());

/** S1's radius trend (the redistribution row's cell): what the active node's ring holds of the radius. */
function radiusTrend(view: CockpitView) {
  if (view.screen.id !== 'health') return undefined;
  const gates = view.screen.sections.find((s): s is TableSection => s.kind === 'table' && s.id === 'gates');
  const column = gates?.columns.findIndex((c) => c.kind === 'trend') ?? -1;
  return column < 0 ? undefined : gates!.rows.find((row) => row.key === 'redistributionHealthy')?.cells[column];
}
const samples = (view: CockpitView) => radiusTrend(view)?.trend?.filter((level) => level !== null).length ?? 0;
const settle = () => new Promise((resolve) => setTimeout(resolve, 600));

describe('radius-doctor from the trend ring', () => {
  it('S5 opened after the radius moved states the change from the ring at its first poll', async () => {
    await h.waitForView((v) => samples(v) === 1, { what: 'the first radius sample in the ring' });
    now += 10 * 60_000;
    await h.waitForView((v) => samples(v) === 2, { what: 'a second radius sample, 10 min later' });
    await h.devnet!.control.node(0).setFault({ storageRadius: 4 });
    // Polls already under way when the fault came answer at the old time (the ring keeps one sample per time).
    await settle();
    now += 60_000;
    await h.waitForView((v) => radiusTrend(v)?.detail === 'storage radius over the last hour: 1 → 4 (min 1, max 4)', { what: 'the ring reading radius 4' });
    now += 120_000;
    await settle();
    h.key('5');
    const view = await h.waitForView((v) => v.screen.id === 'warmup' && v.screen.sections.some((s) => s.id === 'radiusDoctor' && s.kind === 'facts'), { what: 'S5 with the doctor' });
    const doctor = view.screen.sections.find((s) => s.id === 'radiusDoctor');
    if (doctor?.kind !== 'facts') throw new Error('no radius-doctor facts');
    // The screen has polled once (its own track alone would say "one reading so far"); the ring saw the change 2 min ago.
    expect(doctor.rows.find((r) => r.label === 'Last change')?.value).toBe('2 min ago (radius was 1, committed depth unknown)');
    expect(doctor.title).toMatch(/last change 2 min ago \(radius was 1, committed depth unknown\)$/);

    // The palette's :radius-doctor runs in the engine: it reads the same ring (a `--once` run has none).
    const before = h.view().banner?.id ?? 0;
    h.key(':');
    h.type('radius-doctor');
    h.key('Enter');
    const answered = await h.waitForView((v) => v.banner !== null && v.banner.id > before && !v.banner.text.startsWith('running :'), { what: 'the :radius-doctor banner', timeoutMs: 20_000 });
    expect(answered.banner!.text).toMatch(/^radius-doctor: storage radius 4, .*; last change 2 min ago \(radius was 1, committed depth unknown\)/);
    await h.devnet!.control.node(0).heal();
  });
});
