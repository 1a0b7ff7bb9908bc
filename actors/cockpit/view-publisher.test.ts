import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, setup, SimulatedClock } from 'xstate';
import { LogBook } from '../../core/log/log-book.js';
import type { CockpitView } from '../../core/cockpit/view/view-model.js';
import { logPaneMachine, PUBLISH_INTERVAL_MS } from '../../machines/cockpit/log-pane.machine.js';
import { logPaneShowsNothingNew } from '../../machines/cockpit/log-pane.view.js';
import type { LogSource } from '../../machines/log-source.machine.js';
import { createViewPublisher, VIEW_NOTIFY_MS } from './view-publisher.js';

const fileSource = { kind: 'file', origin: 'cli', path: '/var/log/bee.log' } as unknown as LogSource;

/** A root with the real log pane as its `logPane` child, on a simulated clock; views counted as a face hears them. */
function rootWithLogPane(unchanged: boolean) {
  const clock = new SimulatedClock();
  const book = new LogBook(1_000);
  const pane = logPaneMachine.provide({
    actors: { resolveLogSource: fromPromise(async () => fileSource), tailFile: fromCallback(() => {}), followCommand: fromCallback(() => {}) },
  });
  const root = createActor(setup({ actors: { pane } }).createMachine({ invoke: { id: 'logPane', src: 'pane', input: { book } } }), { clock });
  let composed = 0;
  const publisher = createViewPublisher(() => ({ composed: ++composed }) as unknown as CockpitView);
  const unfollow = publisher.follow(root, 'fleet:', undefined, unchanged ? { logPane: logPaneShowsNothingNew } : {});
  root.start();
  const views: CockpitView[] = [];
  publisher.subscribe((view) => views.push(view));
  const burst = (lines: number) => {
    for (let i = 0; i < lines; i++) book.ingestNodeLines([{ text: `"time"="t" "level"="info" "logger"="node" "msg"="line ${i}"` }]);
  };
  return { clock, book, root, views, publisher, burst, stop: () => (unfollow(), publisher.stop(), root.stop()) };
}

describe('view publisher', () => {
  afterEach(() => vi.useRealTimers());

  it('under a log flood, sends one view per published revision: the book waiting for its window is not a view', () => {
    vi.useFakeTimers();
    const run = (unchanged: boolean) => {
      const cockpit = rootWithLogPane(unchanged);
      vi.advanceTimersByTime(VIEW_NOTIFY_MS * 2);
      const before = cockpit.views.length;
      for (let i = 0; i < 10; i++) {
        cockpit.burst(1_000);
        vi.advanceTimersByTime(VIEW_NOTIFY_MS * 2);
        cockpit.clock.increment(PUBLISH_INTERVAL_MS);
        vi.advanceTimersByTime(VIEW_NOTIFY_MS * 2);
      }
      const views = cockpit.views.length - before;
      expect(cockpit.book.totals().info).toBe(10_000);
      cockpit.stop();
      return views;
    };
    expect(run(true)).toBe(10);
    // Without the test every waiting book was a view of its own as well.
    expect(run(false)).toBe(20);
  });

  it('a log pane snapshot shows something new when its context or its source state changed', () => {
    const cockpit = rootWithLogPane(true);
    const pane = () => (cockpit.root.getSnapshot().children as Record<string, { getSnapshot(): unknown }>).logPane!.getSnapshot();
    const idle = pane();
    cockpit.burst(1);
    const waiting = pane();
    expect((waiting as { value: unknown }).value).toMatchObject({ publishing: 'waiting' });
    expect(logPaneShowsNothingNew(idle, waiting)).toBe(true);
    cockpit.clock.increment(PUBLISH_INTERVAL_MS);
    const published = pane();
    expect(logPaneShowsNothingNew(waiting, published)).toBe(false);
    expect(logPaneShowsNothingNew(undefined, published)).toBe(false);
    cockpit.stop();
  });
});
