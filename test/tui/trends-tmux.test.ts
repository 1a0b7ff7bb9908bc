/**
 * Sparklines beside the figures (issue 28 item 3) in a real terminal: the `cockpit-tui` bin in tmux against a
 * two-node devnet, polling `live` (the fleet every 5 s, so the ring has a few polls before the walk). On S1-S8
 * every figure the engine's trend ring keeps has its last hour right after its label and before its value: Unicode
 * blocks, or `_.-:=+*#` under --ascii. S2's worst batch has it in a column after TTL; S6 has a row per bin near the
 * depth, each with its own series. Captures go
 * to test-output/tui-screens/trends-<face>-S<n>.txt.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevnet, type StartedDevnet } from '../../devnet/devnet.js';
import { captureScreen, cockpitHome, compileCockpitTui, startCockpitTui, type CockpitHome } from './cockpit-session.js';
import type { TmuxTerminal } from './tmux.js';

let bin = '';
let devnet: StartedDevnet;
let home: CockpitHome;

beforeAll(async () => {
  bin = compileCockpitTui('tui-trends');
  devnet = await startDevnet({ nodes: 2, port: 0, mineBlocks: false, pushDelayMs: 0 });
  const nodes = devnet.nodes.flatMap((node, i) => ['[[nodes]]', `name = "n${i}"`, `url = "${node.url}"`, '']);
  home = cockpitHome([...nodes, '[ui]', 'log_pane = "closed"'].join('\n'));
}, 180_000);

afterAll(async () => {
  await devnet?.stop();
  home?.cleanup();
});

/** Per screen (S-number and title), the facts labels whose row must carry a sparkline. */
const FIGURES: readonly { number: number; title: string; labels: readonly string[] }[] = [
  { number: 1, title: 'Health', labels: ['Worst-batch TTL'] },
  { number: 2, title: 'Stamps', labels: [] },
  { number: 3, title: 'Swap', labels: ['xBZZ', 'Native token'] },
  { number: 4, title: 'Lottery', labels: ['Depth'] },
  { number: 5, title: 'Warmup', labels: ['Storage radius', 'Reserve in radius', 'Peers near depth'] },
  { number: 6, title: 'Peers', labels: ['connected'] },
  { number: 7, title: 'Network', labels: ['Storage radius', 'Reserve in radius', 'Peers near depth'] },
  { number: 8, title: 'API Health', labels: ['Lag', 'API p95'] },
];

const GLYPHS = { unicode: '▁▂▃▄▅▆▇█', ascii: '_.\\-:=+*#' } as const;

/** The 12 sparkline cells right after `label` on its row (label, spaces, 12 cells, one space, the value), or null. */
function sparkAfter(rows: readonly string[], label: string, glyphs: string): string | null {
  const pattern = new RegExp(`(?:^|\\s)${label.replace(/ /g, '\\s')}\\s{2,}([ ${glyphs}]{12}) \\S`, 'u');
  for (const row of rows) {
    const found = pattern.exec(row);
    if (found && new RegExp(`[${glyphs}]`, 'u').test(found[1]!)) return found[1]!;
  }
  return null;
}

async function walk(face: keyof typeof GLYPHS, args: string[]): Promise<void> {
  const terminal: TmuxTerminal = await startCockpitTui(bin, home, ['--polling', 'live', ...args], 120, 60);
  try {
    await terminal.waitFor((r) => /^S1 Health/.test(r[2] ?? '') && r.some((row) => row.includes('API version')), 60_000);
    // A few fleet polls (every 5 s under `live`) before reading the trends.
    await new Promise((resolve) => setTimeout(resolve, 12_000));
    const glyphs = GLYPHS[face];
    for (const screen of FIGURES) {
      if (screen.number > 1) await terminal.keys('Tab');
      const title = new RegExp(`^S${screen.number} ${screen.title}`);
      const drawn = (r: string[]) => screen.labels.every((label) => sparkAfter(r, label, glyphs) !== null) && (screen.number !== 2 || r.some((row) => /Batch .* TTL  Last hour/.test(row)));
      const rows = await terminal.waitFor((r) => title.test(r[2] ?? '') && drawn(r), 40_000).catch(async (error: unknown) => {
        const shown = await captureScreen(terminal, `trends-${face}-S${screen.number}-failed`);
        throw new Error(`S${screen.number}: no sparkline beside ${screen.labels.join(', ')} (${String(error)}):\n${shown.join('\n')}`);
      });
      await captureScreen(terminal, `trends-${face}-S${screen.number}`);
      for (const label of screen.labels) expect(sparkAfter(rows, label, glyphs), `S${screen.number} ${label}`).toMatch(new RegExp(`[${glyphs}]`, 'u'));
      if (face === 'ascii') expect(rows.join('\n'), `S${screen.number}: no block glyph under --ascii`).not.toMatch(/[▁▂▃▄▅▆▇█]/u);
      if (screen.number === 2) {
        // The worst batch's row carries the hour of the worst TTL in the column after TTL.
        const header = rows.findIndex((row) => /Batch .* TTL  Last hour/.test(row));
        expect(header, rows.join('\n')).toBeGreaterThan(0);
        const at = rows[header]!.indexOf('Last hour');
        const cells = rows.slice(header + 1).map((row) => Array.from(row).slice(at, at + 12).join(''));
        expect(cells.some((cell) => new RegExp(`^[ ${glyphs}]*[${glyphs}][ ${glyphs}]*$`, 'u').test(cell)), cells.join('\n')).toBe(true);
      }
      if (screen.number === 6) {
        // A row per bin near the depth: bin, connected now, and its hour.
        const header = rows.findIndex((row) => /Bins near depth \d+, last hour/.test(row));
        expect(header).toBeGreaterThan(0);
        const binRows = rows.slice(header + 2, header + 6).filter((row) => new RegExp(`^\\s*\\d+\\s+\\d+\\s+[ ${glyphs}]*[${glyphs}]`, 'u').test(row));
        expect(binRows.length, rows.slice(header, header + 6).join('\n')).toBeGreaterThanOrEqual(2);
      }
    }
  } finally {
    await terminal.close();
  }
}

describe('cockpit-tui draws each figure’s last hour beside it (tmux, devnet)', { timeout: 300_000 }, () => {
  it('Unicode blocks on S1-S8', async () => {
    await walk('unicode', []);
  });

  it('ASCII steps under --ascii', async () => {
    await walk('ascii', ['--ascii']);
  });
});
