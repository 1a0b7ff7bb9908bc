import { describe, expect, it } from 'vitest';
import { MIN_BODY, MIN_COLUMNS, MIN_ROWS, regionsFor } from './layout.js';
import { cockpitView } from './testing/view-fixtures.js';

describe('regionsFor', () => {
  it('shares 80x24 among the bars, the body and a 6-line log pane, keeping the last row free', () => {
    const r = regionsFor(cockpitView({ logHeight: 6 }), 80, 24);
    expect(r).toMatchObject({ tooSmall: false, rows: 23, title: 1, logPane: true, logLines: 6, banner: 0 });
    expect(2 + r.title + r.body + 2 + r.logLines + r.banner + 1).toBe(23);
  });

  it('keeps MIN_BODY rows for the screen when the log pane asks for more than there is', () => {
    const r = regionsFor(cockpitView({ logHeight: 24 }), 80, 24);
    expect(r.body).toBe(MIN_BODY);
    expect(r.logLines).toBe(23 - 3 - 1 - 2 - MIN_BODY);
  });

  it('gives the log pane the height it asks for when there is room (200x50)', () => {
    const r = regionsFor(cockpitView({ logHeight: 24 }), 200, 50);
    expect(r.logLines).toBe(24);
    expect(r.body).toBe(49 - 3 - 1 - 2 - 24);
  });

  it('gives the whole screen to a fullscreen log pane, and the body to the screen when the pane is hidden', () => {
    expect(regionsFor(cockpitView({ logFullscreen: true }), 80, 24)).toMatchObject({ title: 0, body: 0, logLines: 23 - 3 - 2 });
    expect(regionsFor(cockpitView({ logVisible: false }), 80, 24)).toMatchObject({ logPane: false, logLines: 0, body: 23 - 3 - 1 });
  });

  it('takes a row for the banner', () => {
    const without = regionsFor(cockpitView(), 80, 24);
    const withBanner = regionsFor(cockpitView({ banner: { id: 1, text: 'ok', tone: 'ok' } }), 80, 24);
    expect(withBanner.banner).toBe(1);
    expect(withBanner.body + withBanner.logLines).toBe(without.body + without.logLines - 1);
  });

  it('calls a terminal below the minimum too small', () => {
    expect(regionsFor(cockpitView(), MIN_COLUMNS - 1, 40).tooSmall).toBe(true);
    expect(regionsFor(cockpitView(), 120, MIN_ROWS - 1).tooSmall).toBe(true);
    expect(regionsFor(cockpitView(), MIN_COLUMNS, MIN_ROWS).tooSmall).toBe(false);
  });
});

describe('regionsFor with the screen content’s height (issue 28 item 1)', () => {
  it('gives the rows a short screen leaves unused to the open log pane, keeping the rows the content needs', () => {
    const r = regionsFor(cockpitView({ logHeight: 8 }), 160, 45, 6);
    expect(r.body).toBe(6);
    expect(r.logLines).toBe(44 - 3 - 1 - 2 - 6);
  });

  it('keeps the log pane’s own height when the content is taller than the room left, and MIN_BODY for an empty screen', () => {
    expect(regionsFor(cockpitView({ logHeight: 8 }), 160, 45, 100).logLines).toBe(8);
    expect(regionsFor(cockpitView({ logHeight: 8 }), 160, 45, 0).body).toBe(MIN_BODY);
  });

  it('leaves a closed log pane closed: the body keeps every row', () => {
    expect(regionsFor(cockpitView({ logVisible: false }), 160, 45, 6)).toMatchObject({ logPane: false, body: 44 - 3 - 1 });
  });
});
