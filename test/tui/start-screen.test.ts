/**
 * The screen `cockpit-tui` opens on (issue 28 item 6), in a real terminal (tmux) against a one-node devnet:
 * Health by default even when the data directory remembers another screen, `--screen` and `[ui] start_screen`,
 * the opt-in `[ui] restore_last_screen`, and an unknown name refused before anything is drawn (exit 2).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startDevnet, type StartedDevnet } from '../../devnet/devnet.js';
import { cockpitHome, compileCockpitTui, startCockpitTui, type CockpitHome } from './cockpit-session.js';
import type { TmuxTerminal } from './tmux.js';

let bin = '';
let devnet: StartedDevnet;
const homes: CockpitHome[] = [];
const open: TmuxTerminal[] = [];

beforeAll(async () => {
  bin = compileCockpitTui('tui-start-screen');
  devnet = await startDevnet({ nodes: 1, port: 0, mineBlocks: false, pushDelayMs: 0 });
}, 180_000);

afterEach(async () => {
  await Promise.all(open.splice(0).map((terminal) => terminal.close()));
});

afterAll(async () => {
  await devnet?.stop();
  for (const home of homes) home.cleanup();
});

/** A home whose config names the devnet node (plus `ui`, the lines of a `[ui]` table) and whose state.json remembers S4 Lottery. */
function home(ui: string[] = []): CockpitHome {
  const made = cockpitHome([`[[nodes]]`, `name = "alpha"`, `url = "${devnet.nodes[0]!.url}"`, '', ...(ui.length ? ['[ui]', ...ui] : [])].join('\n'));
  homes.push(made);
  mkdirSync(made.env.COCKPIT_DATA!, { recursive: true });
  writeFileSync(join(made.env.COCKPIT_DATA!, 'state.json'), JSON.stringify({ version: 1, logPaneHeight: 8, lastScreen: 'S4', watchlist: [] }));
  return made;
}

/** The screen title row once drawn (row 3: under the top bar and the tabs). */
async function openedOn(at: CockpitHome, args: string[] = []): Promise<string> {
  const terminal = await startCockpitTui(bin, at, args, 100, 30);
  open.push(terminal);
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
      const terminal = await startCockpitTui(bin, at, args, 200, 30);
      open.push(terminal);
      const rows = await terminal.waitFor((r) => r.some((row) => row.startsWith('[exited ')), 30_000);
      expect(rows.join('\n')).toMatch(message);
      expect(rows.find((row) => row.startsWith('[exited '))).toBe('[exited 2]');
    }
  });
});
