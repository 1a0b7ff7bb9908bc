/**
 * The screen `cockpit-tui` opens on (issue 28 item 6), in a real terminal (tmux) against a one-node devnet:
 * Health by default even when the data directory remembers another screen, `--screen` and `[ui] start_screen`,
 * the opt-in `[ui] restore_last_screen`, and an unknown name refused before anything is drawn (exit 2).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CockpitHome } from './cockpit-session.js';
import { tuiSuite } from './tui-suite.js';

const suite = tuiSuite({ name: 'tui-start-screen', nodes: 1 });

/** A home whose config names the devnet node (plus `ui`, the lines of a `[ui]` table) and whose state.json remembers S4 Lottery. */
function home(ui: string[] = []): CockpitHome {
  const made = suite.home([`[[nodes]]`, `name = "alpha"`, `url = "${suite.devnet.nodes[0]!.url}"`, '', ...(ui.length ? ['[ui]', ...ui] : [])].join('\n'));
  mkdirSync(made.env.COCKPIT_DATA!, { recursive: true });
  writeFileSync(join(made.env.COCKPIT_DATA!, 'state.json'), JSON.stringify({ version: 1, logPaneHeight: 8, lastScreen: 'S4', watchlist: [] }));
  return made;
}

/** The screen title row once drawn (row 3: under the top bar and the tabs). */
async function openedOn(at: CockpitHome, args: string[] = []): Promise<string> {
  const terminal = await suite.start(at, args, 100, 30);
  const rows = await terminal.waitFor((r) => /[●*] \S/.test(r[0] ?? '') && /^S\d+ /.test(r[2] ?? ''), 30_000);
  return rows[2]!;
}

describe('cockpit-tui start screen (tmux, devnet)', { timeout: 120_000 }, () => {
  it('opens on Health though state.json remembers Lottery; --screen and [ui] start_screen name another', async () => {
    expect(await openedOn(home())).toMatch(/^S1 Health/);
    expect(await openedOn(home(), ['--screen', 'fleet'])).toMatch(/^S15 Fleet/);
    expect(await openedOn(home(), ['--screen', 'S8'])).toMatch(/^S8 API Health/);
    expect(await openedOn(home(['start_screen = "peers"']))).toMatch(/^S6 Peers/);
  });

  it('restore_last_screen = true opens the remembered screen; --screen still wins', async () => {
    expect(await openedOn(home(['start_screen = "peers"', 'restore_last_screen = true']))).toMatch(/^S4 Lottery/);
    expect(await openedOn(home(['restore_last_screen = true']), ['--screen', 'health'])).toMatch(/^S1 Health/);
  });

  it('an unknown name is refused before anything is drawn: exit 2, the names listed', async () => {
    for (const [at, args, message] of [
      [home(), ['--screen', 'lotto'], /--screen: unknown screen "lotto"; one of health, stamps,/],
      [home(['start_screen = "lotto"']), [], /config\.toml:\d+:1: ui\.start_screen: expected one of "health", /],
    ] as const) {
      const terminal = await suite.start(at, args, 200, 30);
      const rows = await terminal.waitFor((r) => r.some((row) => row.startsWith('[exited ')), 30_000);
      expect(rows.join('\n')).toMatch(message);
      expect(rows.find((row) => row.startsWith('[exited '))).toBe('[exited 2]');
    }
  });
});
