/**
 * The Ink face drawing hand-written CockpitViews (ink-testing-library) at 80x24 and 200x50: every section
 * kind, every overlay, the log pane in its states, toasts, the banner, the too-small message, live updates
 * and resizes. Each frame is also written to test-output/tui-frames/ for a reviewer to read.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from 'ink-testing-library';
import type { CockpitView, TableSection } from '../../core/cockpit/view/view-model.js';
import { viewFor } from '../../core/cockpit/interaction/view-fixtures.js';
import { CockpitApp } from './components/App.js';
import { fixtureEngine, type FixtureEngine } from './testing/fixture-engine.js';
import { renderSized, settle, type SizedRender } from './testing/render-sized.js';
import {
  ALERTS,
  HELP,
  HOSTILE,
  PALETTE,
  PICKER,
  cockpitView,
  healthScreen,
  logLines,
  manifestScreen,
  peersScreen,
  pubsubScreen,
  stampsScreen,
} from './testing/view-fixtures.js';

const FRAMES = 'test-output/tui-frames';
mkdirSync(FRAMES, { recursive: true });

afterEach(() => {
  cleanup();
});

async function draw(view: CockpitView, columns: number, rows: number, name?: string): Promise<{ ui: SizedRender; engine: FixtureEngine; screen: string[]; text: string }> {
  const engine = fixtureEngine(view);
  const ui = renderSized(<CockpitApp engine={engine} />, columns, rows);
  await settle();
  const screen = ui.screen();
  if (name !== undefined) writeFileSync(`${FRAMES}/${name}-${columns}x${rows}.txt`, `${screen.join('\n')}\n`);
  return { ui, engine, screen, text: screen.join('\n') };
}

/** Checks every frame must pass: the exact size, and nothing in it a terminal would act on. */
function expectSound(ui: SizedRender, screen: string[], columns: number, rows: number): void {
  expect(screen.length).toBe(rows - 1);
  for (const row of screen) expect(row.length).toBeLessThanOrEqual(columns);
  const raw = (ui.lastFrame() ?? '').replace(/\u001b\[[0-9;]*m/g, '');
  // eslint-disable-next-line no-control-regex
  expect(raw).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
}

const SIZES = [
  [80, 24],
  [200, 50],
] as const;

describe('cockpit-tui face: screens', () => {
  for (const [columns, rows] of SIZES) {
    it(`S1 Health at ${columns}x${rows}: top bar, tabs, gate table with the selection, log pane, hints`, async () => {
      const { ui, screen, text } = await draw(cockpitView(), columns, rows, 'health');
      expectSound(ui, screen, columns, rows);
      expect(screen[0]).toContain('● node-1 1 fail, 2 warn');
      expect(screen[0]).toContain('node running 2 h 03 min, 1 restart');
      expect(screen[1]).toContain('Health');
      expect(screen[2]).toContain('S1 Health  polled 3 s ago');
      expect(text).toMatch(/▶ FAIL {3}peer count/);
      expect(text).toContain('── Errors');
      expect(screen[screen.length - 1]).toContain(': palette');
      if (columns === 80) {
        // Narrow: the reason column (priority 2) gives way; the top bar keeps the node and the supervisor.
        expect(text).not.toContain('1 connected peer');
        expect(screen[0]).not.toContain('http://127.0.0.1:1633');
      } else {
        // Wide: every column, the full batch ID beside the gates, and every chip of the top bar.
        expect(text).toContain('1 connected peer: too few to form a neighbourhood (need 4)');
        expect(text).toContain('4a2358217d3c1f0e9b8a7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f');
        expect(screen[0]).toContain('cockpit-tui 0.1.0');
        expect(screen[0]).toContain('watch 2');
        expect(screen[0]).toContain('alerts webhook 3 new');
        expect(screen[0]).toContain('fleet 3: 1 ok, 1 warn, 1 fail');
        expect(screen[1]).toContain('Alt+5 Fleet');
      }
    });

    it(`S2 Stamps with its bucket drill at ${columns}x${rows}`, async () => {
      const { ui, screen, text } = await draw(cockpitView({ screen: stampsScreen(30, true) }), columns, rows, 'stamps-drill');
      expectSound(ui, screen, columns, rows);
      expect(text).toContain('Batch 0000a4f1… bucket histogram');
      expect(text).toMatch(/▶ +40000 +64/);
      if (columns === 80) {
        expect(text).not.toContain('utilization');
      } else {
        // The drill opens beside the table; the table shows full batch IDs and scrolls to its selection.
        expect(text).toContain('fa8cfb85fa8cfb85fa8cfb85fa8cfb85fa8cfb85fa8cfb85fa8cfb85fa8cfb85');
        expect(text).toContain('bin 5 ██████████████████████████████████████████████████ 64 of 64');
      }
    });

    it(`S2 Stamps, a long table scrolled to its selection at ${columns}x${rows}`, async () => {
      const screen0 = stampsScreen(60, false);
      const { ui, screen, text } = await draw(cockpitView({ screen: { ...screen0, selection: { section: 'batches', index: 55 } } }), columns, rows, 'stamps');
      expectSound(ui, screen, columns, rows);
      // The selected row is in view, with the column header kept on top of the scrolled rows.
      const selected = screen.findIndex((row) => row.startsWith('▶'));
      expect(selected).toBeGreaterThan(2);
      expect(screen.slice(3, selected).some((row) => /batch +.*TTL/.test(row))).toBe(true);
      expect(text).toMatch(/↑ \d+ more lines/);
    });

    it(`S6 Peers: the bin strip and the peer table at ${columns}x${rows}`, async () => {
      const { ui, screen, text } = await draw(cockpitView({ screen: peersScreen(), logVisible: false }), columns, rows, 'peers');
      expectSound(ui, screen, columns, rows);
      expect(text).toContain('Bin saturation');
      expect(text).toMatch(/ 0 1 2 3 4 5 6 7/);
      expect(text).toMatch(/12 9 8 7 3 2 0 1/);
      expect(text).toContain('STARVING: bins 3, 4, 5, 6, 7');
      expect(text).toMatch(/▶ 1f3a63a2/);
      expect(text).not.toContain('── Errors');
    });

    it(`S11 Manifest: a form with its error and the fork tree at ${columns}x${rows}`, async () => {
      const { ui, screen, text } = await draw(cockpitView({ screen: manifestScreen() }), columns, rows, 'manifest');
      expectSound(ui, screen, columns, rows);
      expect(text).toContain('root reference  8f2c4b0e');
      expect(text).toContain('a reference is 64 or 128 hex characters');
      expect(text).toContain('[ Walk ]');
      expect(text).toContain('▾ /  website-index-document: index.html');
      expect(text).toMatch(/▶ +▾ assets\//);
      expect(text).toContain('▸ img/ loading…');
      expect(text).toContain('· app.js  text/javascript, 88.0 KiB');
    });

    it(`S14 Pubsub: choice, text fields, prose, actions and inert node text at ${columns}x${rows}`, async () => {
      const { ui, screen, text } = await draw(cockpitView({ screen: pubsubScreen() }), columns, rows, 'pubsub');
      expectSound(ui, screen, columns, rows);
      expect(text).toContain('mode    PSS │ GSOC');
      expect(text).toContain('case-insensitive substring');
      expect(text).toContain('[x] Clear ring');
      expect(text).toContain('Export');
      expect(text).toContain('bee\\x1b[2J\\x1b]0;pwned\\x07\\r\\nPASS');
    });
  }

  it('shows the form field being typed in with a cursor, and its end when it is too long', async () => {
    const base = manifestScreen();
    const form = base.sections[0];
    if (form?.kind !== 'form') throw new Error('fixture');
    const long = 'ab'.repeat(60);
    const view = { ...cockpitView({ screen: { ...base, sections: [{ ...form, fields: [{ ...form.fields[0]!, value: long }] }, ...base.sections.slice(1)] } }), inputFocus: { kind: 'form', section: 'root', field: 'ref' } as const };
    const { text } = await draw(view, 80, 24);
    expect(text).toMatch(/▶ root reference  …(ab)+█/);
  });
});

describe('cockpit-tui face: overlays', () => {
  for (const [columns, rows] of SIZES) {
    it(`the palette at ${columns}x${rows}: input, refusal, suggestions, highlight`, async () => {
      const { ui, screen, text } = await draw(cockpitView({ overlay: PALETTE }), columns, rows, 'palette');
      expectSound(ui, screen, columns, rows);
      expect(text).toContain(':ft 1f3a█');
      expect(text).toContain('owner must be 40 hex characters');
      expect(text).toMatch(/:feed-timeline <owner> <topic> \[max\] +open S13 and walk a feed/);
      expect(text).toContain(':feed-probe <owner> <topic>');
    });

    it(`the node picker at ${columns}x${rows}, a hostile node name shown inert`, async () => {
      const { ui, screen, text } = await draw(cockpitView({ overlay: PICKER }), columns, rows, 'picker');
      expectSound(ui, screen, columns, rows);
      expect(text).toContain('Switch node');
      expect(text).toMatch(/▶ ● node-2/);
      expect(text).toContain('evil-bee\\x1b[2J');
      expect(text).toContain('needs a token');
    });

    it(`the help overlay at ${columns}x${rows}`, async () => {
      const { ui, screen, text } = await draw(cockpitView({ overlay: HELP }), columns, rows, 'help');
      expectSound(ui, screen, columns, rows);
      expect(text).toContain('Keys and verbs');
      expect(text).toContain('Tab / Shift+Tab');
      expect(text).toContain('next / previous screen');
      if (columns === 200) {
        // Wide: groups side by side, so all of them fit.
        expect(text).toContain('taller / shorter (4..24)');
        expect(text).not.toContain('more');
      }
    });

    it(`a help longer than the terminal scrolls from the engine's top entry at ${columns}x${rows}`, async () => {
      const long = { ...HELP, groups: [...HELP.groups, { title: 'Palette verbs', entries: Array.from({ length: 60 }, (_, i) => ({ keys: `:verb-${i} <arg>`, action: `does thing ${i}` })) }] };
      const atTop = await draw(cockpitView({ overlay: { ...long, top: 0 } }), columns, rows, 'help-long');
      const scrolled = await draw(cockpitView({ overlay: { ...long, top: 40 } }), columns, rows, 'help-long-scrolled');
      expect(atTop.text).toContain('Screens');
      expect(atTop.text).toMatch(/↓ \d+ more lines/);
      expect(scrolled.text).toContain(':verb-26 <arg>');
      expect(scrolled.text).toMatch(/↑ \d+ more lines/);
      expect(scrolled.text).not.toContain('Tab / Shift+Tab');
    });

    if (columns === 200) {
      it(`a group taller than the terminal goes on in the next column at ${columns}x${rows}`, async () => {
        const verbs = Array.from({ length: 50 }, (_, i) => ({ keys: `:verb-${i} <arg>`, action: `does thing ${i}` }));
        const long = { ...HELP, groups: [...HELP.groups, { title: 'Palette verbs', entries: verbs }] };
        const { ui, screen, text } = await draw(cockpitView({ overlay: { ...long, top: 0 } }), columns, rows, 'help-two-columns');
        expectSound(ui, screen, columns, rows);
        expect(text).not.toMatch(/more lines?/);
        for (const verb of verbs) expect(text).toMatch(new RegExp(`${verb.keys} +${verb.action}(?: |│|$)`, 'm'));
        // The title stays with the group's first entry.
        expect(text).toMatch(/Palette verbs[^\n]*\n[^\n]*:verb-0 <arg>/);
      });
    }

    it(`the notifications overlay at ${columns}x${rows}`, async () => {
      const { ui, screen, text } = await draw(cockpitView({ overlay: { ...ALERTS, kind: 'alerts', highlighted: 4 } as typeof ALERTS }), columns, rows, 'notifications');
      expectSound(ui, screen, columns, rows);
      expect(text).toContain('Notifications (last 200, newest first)');
      expect(text).toMatch(/▶ 14:55:12 .*Fail → Pass/);
      if (columns === 200) expect(text).toContain('1 connected peer: too few to form a neighbourhood (need 4)');
    });
  }
});

describe('cockpit-tui face: log pane, toasts, banner', () => {
  it('shows the seven tabs with counts, the source and its origin, and the newest lines that fit', async () => {
    const { screen, text } = await draw(cockpitView({ logHeight: 8 }), 200, 50, 'log-pane');
    expect(text).toContain('── Errors 10  Warning 10  Info 10  Debug 10  Bee HTTP 0  node::http 120  Cockpit 14');
    expect(text).toContain('file /var/log/bee/bee.log (cli)');
    // At least its 8 lines, and more: the short screen leaves rows the open pane takes (issue 28 item 1); the newest last.
    const shown = screen.filter((row) => /^14:03:\d\d\.\d{3} (INF|DBG|WRN|ERR) /.test(row));
    expect(shown.length).toBeGreaterThan(8);
    expect(shown[shown.length - 1]).toContain('"n"=39');
  });

  it('drops the date of a log line\'s time on a narrow terminal, keeps it on a wide one', async () => {
    const lines = [{ seq: 1, time: '2026-11-24 15:50:58.600', level: 'error' as const, text: 'node/pullsync sync batch' }];
    expect((await draw(cockpitView({ lines }), 80, 24)).text).toMatch(/^15:50:58\.600 ERR node\/pullsync/m);
    expect((await draw(cockpitView({ lines }), 200, 50)).text).toMatch(/^2026-11-24 15:50:58\.600 ERR/m);
  });

  it('keeps the body readable when the log pane is taller than the terminal allows', async () => {
    const { screen } = await draw(cockpitView({ logHeight: 24 }), 80, 24);
    expect(screen.filter((row) => /^14:03/.test(row)).length).toBeLessThan(24);
    expect(screen.join('\n')).toContain('state  gate');
  });

  it('shows the filter prompt being typed, and the committed filter with its match count', async () => {
    const typing = await draw(cockpitView({ filter: { committed: '', editing: 'peer' } }), 80, 24, 'log-filter-typing');
    expect(typing.text).toContain('/peer█  40 matching');
    const committed = await draw(cockpitView({ filter: { committed: 'pullsync', editing: null } }), 80, 24, 'log-filter');
    expect(committed.text).toContain('filter pullsync  40 matching');
    const none = await draw(cockpitView({ filter: { committed: 'zzz', editing: null }, lines: [] }), 80, 24);
    expect(none.text).toContain('no lines match "zzz"');
  });

  it('fills the screen with the log pane in fullscreen (Shift+L)', async () => {
    const { screen, text } = await draw(cockpitView({ logFullscreen: true, lines: logLines(200) }), 80, 24, 'log-fullscreen');
    expect(text).not.toContain('S1 Health');
    expect(screen.filter((row) => /^14:/.test(row)).length).toBe(23 - 2 - 1 - 2);
    expect(text).toContain('14:03:19.199');
  });

  it('explains an empty node log by its source', async () => {
    const view = cockpitView({ lines: [] });
    const { text } = await draw({ ...view, logPane: { ...view.logPane, source: { origin: 'none', label: 'no log source: stdout is a terminal', tone: 'warn' } } }, 80, 24);
    expect(text).toContain('no log source: stdout is a terminal');
  });

  it('draws at most three toasts, top right, newest last', async () => {
    const toasts = [1, 2, 3, 4, 5].map((id) => ({ id, text: `node-1: peer count Pass → Fail (${id})`, tone: 'fail' as const }));
    const { screen, text } = await draw(cockpitView({ toasts }), 80, 24, 'toasts');
    expect(text).not.toContain('(1)');
    expect(text).not.toContain('(2)');
    const rowsOf = [3, 4, 5].map((id) => screen.findIndex((row) => row.includes(`(${id})`)));
    expect(rowsOf.every((row, i) => row > 1 && (i === 0 || row > (rowsOf[i - 1] ?? 0)))).toBe(true);
    for (const row of rowsOf) expect(screen[row]!.indexOf('✗')).toBeGreaterThan(30);
  });

  it('keeps toasts beneath an open overlay', async () => {
    const toasts = [{ id: 1, text: 'node-1: peer count Pass → Fail', tone: 'fail' as const }];
    expect((await draw(cockpitView({ toasts }), 100, 30)).text).toContain('peer count Pass → Fail');
    expect((await draw(cockpitView({ toasts, overlay: PICKER }), 100, 30)).text).not.toContain('peer count Pass → Fail');
  });

  it('shows the one-shot banner, red for errors and green for success', async () => {
    const ok = await draw(cockpitView({ banner: { id: 1, text: 'hash: 2f0c… (1.2 MiB)', tone: 'ok' } }), 80, 24, 'banner-ok');
    expect(ok.screen[ok.screen.length - 2]).toBe('✓ hash: 2f0c… (1.2 MiB)');
    const fail = await draw(cockpitView({ banner: { id: 2, text: ':ft needs <owner> <topic> [max]', tone: 'fail' } }), 80, 24, 'banner-fail');
    expect(fail.screen[fail.screen.length - 2]).toBe('✗ :ft needs <owner> <topic> [max]');
  });
});

describe('cockpit-tui face: size, updates, theme', () => {
  it('says the terminal is too small instead of drawing a garbled screen', async () => {
    const { text } = await draw(cockpitView(), 59, 20, 'too-small');
    expect(text).toContain('The terminal is 59x20');
    expect(text).toContain('needs at least 60x16');
    expect(text).not.toContain('Gates');
  });

  it('redraws on resize', async () => {
    const { ui } = await draw(cockpitView(), 200, 50);
    expect(ui.screen().join('\n')).toContain('1 connected peer');
    ui.resize(80, 24);
    await settle();
    const narrow = ui.screen();
    expect(narrow).toHaveLength(23);
    expect(narrow.join('\n')).not.toContain('1 connected peer');
    ui.resize(40, 10);
    await settle();
    expect(ui.screen().join('\n')).toContain('The terminal is 40x10');
  });

  it('follows the engine: a new view is drawn, an unchanged slice is not rebuilt', async () => {
    const view = cockpitView();
    const { ui, engine } = await draw(view, 80, 24);
    engine.setView({ ...view, screen: stampsScreen(5), tabs: view.tabs.map((tab) => ({ ...tab, active: tab.id === 'stamps' })) });
    await settle();
    expect(ui.screen().join('\n')).toContain('S2 Stamps');
    engine.setView({ ...engine.getView(), logPane: { ...view.logPane, lines: logLines(3, 1000) } });
    await settle();
    expect(ui.screen().join('\n')).toContain('"peer"="791376"');
    expect(ui.screen().join('\n')).toContain('S2 Stamps');
  });

  it('reports a new terminal height to the engine (ui.viewport), which decides the log pane (issue 28 item 1)', async () => {
    const { ui, engine } = await draw(cockpitView(), 120, 30);
    const reported = () => engine.sent.filter((event) => event.type === 'ui.viewport');
    const before = reported().length;
    ui.resize(120, 45);
    await settle();
    ui.resize(160, 45); // wider, not taller: nothing to report
    await settle();
    expect(reported().slice(before)).toEqual([{ type: 'ui.viewport', rows: 45 }]);
    ui.unmount();
  });

  it('draws with ASCII only under --ascii / ascii_fallback', async () => {
    for (const view of [cockpitView({ ascii: true, overlay: PALETTE, toasts: [{ id: 1, text: 'x', tone: 'warn' }] }), cockpitView({ ascii: true, screen: stampsScreen(8, true) }), cockpitView({ ascii: true, screen: manifestScreen() })]) {
      const { text } = await draw(view, 80, 24, `ascii-${view.screen.id}${view.overlay ? '-palette' : ''}`);
      // No box drawing, blocks, triangles or bullets: only what the engine's own text contains.
      const drawn = text.replace(/…|→|—/g, '');
      expect(drawn).toMatch(/^[\x20-\x7e\n]*$/);
    }
  });

  it('draws a trend cell as Unicode blocks, or ASCII steps under --ascii; a gap stays blank (issue 28 item 3)', async () => {
    const levels = [0, 3, null, 7];
    const health = healthScreen();
    const gates = health.sections[0] as TableSection;
    const withTrend: TableSection = {
      ...gates,
      columns: [...gates.columns.slice(0, 2), { id: 'trend', label: 'Last hour', align: 'left', priority: 3, kind: 'trend' }, ...gates.columns.slice(2)],
      rows: gates.rows.map((row) => ({ ...row, cells: [...row.cells.slice(0, 2), { text: '▁▄ █', tone: 'muted', trend: levels }, ...row.cells.slice(2)] })),
    };
    const screen = { ...health, sections: [withTrend, ...health.sections.slice(1)] };
    const unicode = await draw(cockpitView({ screen }), 120, 40, 'trend-unicode');
    expect(unicode.screen.find((line) => line.includes('peer count'))).toMatch(/peer count\s+▁▄ █\s+1 connected peer/);
    const ascii = await draw(cockpitView({ ascii: true, screen }), 120, 40, 'trend-ascii');
    expect(ascii.screen.find((line) => line.includes('peer count'))).toMatch(/peer count\s+_: #\s+1 connected peer/);
  });

  it('draws a hostile string everywhere as visible escapes', async () => {
    const view = cockpitView({ overlay: PICKER, lines: [{ seq: 1, time: '14:00:00.000', level: 'error', text: HOSTILE }] });
    const hostile = { ...view, topBar: { ...view.topBar, node: { ...view.topBar.node, name: HOSTILE } }, screen: { ...healthScreen(), subtitle: HOSTILE }, banner: { id: 1, text: HOSTILE, tone: 'fail' as const }, toasts: [{ id: 1, text: HOSTILE, tone: 'fail' as const }] };
    const { ui, screen } = await draw(hostile, 200, 50, 'hostile');
    expectSound(ui, screen, 200, 50);
    expect(screen.join('\n').split('\\x1b[2J').length).toBeGreaterThan(4);
  });
});

describe('cockpit-tui face: the engine’s own help', () => {
  for (const [columns, rows] of [[80, 24], [120, 40], [200, 50]] as const) {
    it(`shows every entry whole at ${columns}x${rows}, scrolling from the engine’s top entry, and cuts no line`, async () => {
      const first = viewFor({ face: 'terminal', mode: 'help' });
      const help = first.overlay;
      if (help?.kind !== 'help') throw new Error('help expected');
      const entries = help.groups.flatMap((group) => group.entries);
      const boxText: string[] = [];
      const tops = [...Array.from({ length: Math.ceil(entries.length / 3) }, (_, i) => i * 3), entries.length - 1];
      for (const top of tops) {
        const name = top === 0 ? (columns === 80 ? 'engine-help' : `engine-help-${columns}x${rows}`) : undefined;
        const { ui, screen } = await draw(viewFor({ face: 'terminal', mode: 'help', session: { helpTop: top } }), columns, rows, name);
        expectSound(ui, screen, columns, rows);
        // The box is centred: its corners give its columns.
        const corner = screen.find((row) => row.includes('╭')) ?? '';
        const [left, right] = [corner.indexOf('╭'), corner.lastIndexOf('╮')];
        const inside = screen.filter((row) => row[left] === '│' && row[right] === '│').map((row) => row.slice(left + 1, right));
        expect(inside.length).toBeGreaterThan(10);
        // Where the help fits in side-by-side columns, each column is read top to bottom.
        const parts = inside.map((row) => row.split(' │ '));
        const width = Math.max(...parts.map((p) => p.length));
        for (let k = 0; k < width; k++) boxText.push(...parts.map((p) => p[k] ?? ''));
        ui.unmount();
      }
      // A cut line would lose characters: each entry's whole text must be there, wrapped lines joined.
      const shown = boxText.join(' ').replace(/\s+/g, ' ');
      for (const entry of entries) {
        expect(shown).toContain(entry.keys.replace(/\s+/g, ' '));
        expect(shown).toContain(entry.action.replace(/\s+/g, ' '));
      }
      // The terminal's own keys, not the desktop's.
      expect(shown).toContain('Alt+1..9 Health, Stamps, Swap, Lottery, Fleet, Peers');
      expect(shown).not.toMatch(/ 1\.\.9 /);
    }, 60_000);
  }
});
