/**
 * S12's availability over days (issue 29.6) in the Ink face, in a real terminal (tmux) against a devnet: a data
 * directory left by an earlier run (a day of checks) is restored into S12's row, and the watch-ref it kept
 * running checks again at start, against content the devnet has lost.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevnet, type StartedDevnet } from '../../devnet/devnet.js';
import { WATCH_HISTORY_FILE } from '../../actors/cockpit/watch-history.js';
import { uploadRandom } from '../fixtures/devnet-content.js';
import { seedWatchHistory } from '../fixtures/watch-history-seed.js';
import { captureScreen, cockpitHome, compileCockpitTui, palette, rowOf, startCockpitTui, type CockpitHome } from './cockpit-session.js';
import type { TmuxTerminal } from './tmux.js';

let bin = '';
let devnet: StartedDevnet;
let home: CockpitHome;
let terminal: TmuxTerminal | undefined;

beforeAll(async () => {
  bin = compileCockpitTui('tui-watch-availability');
  devnet = await startDevnet({ nodes: 2, port: 0, mineBlocks: false, pushDelayMs: 0 });
}, 180_000);

afterAll(async () => {
  await terminal?.close();
  await devnet?.stop();
  home?.cleanup();
});

describe('cockpit-tui S12 availability over days (tmux, devnet)', { timeout: 120_000 }, () => {
  it('restores a day of checks; the kept watch-ref checks again at start and finds the lost content', async () => {
    const reference = await uploadRandom(devnet.nodes[0]!, 4096);
    home = cockpitHome([`[[nodes]]`, `name = "alpha"`, `url = "${devnet.nodes[0]!.url}"`, ''].join('\n'));
    const checks = Array.from({ length: 24 }, (_, i) => ({ reference, hoursAgo: 24 - i, retrievable: true }));
    await seedWatchHistory(home.env.COCKPIT_DATA!, [{ reference, intervalSeconds: 3600 }], checks, devnet.nodes[0]!.url);
    // The fault: every node lost the content's one chunk while the cockpit was not running.
    for (let i = 0; i < devnet.nodes.length; i++) devnet.control.loseChunks({ nodeIndex: i, addresses: [reference] });
    terminal = await startCockpitTui(bin, home, ['--screen', 'watchlist'], 220, 40);
    const rows = await terminal.waitFor((r) => r.some((row) => row.includes('96 % of 25')), 30_000);
    await captureScreen(terminal, 'S12-availability');
    const row = rows[rowOf(rows, '96 % of 25')]!;
    expect(row).toContain('NOT retrievable');
    expect(row).toContain('every 1 h');
    expect(row).toMatch(/\d{4}-\d\d-\d\d \d\d:\d\d/); // the first failure: now
    expect(row).toMatch(/ongoing since \d{4}-\d\d-\d\d \d\d:\d\d/);
    expect(row).toContain('+++++++++x');
    await palette(terminal, 'q');
    await terminal.waitFor((r) => r.join(' ').includes('[exited 0]'), 15_000);
    const onDisk = JSON.parse(readFileSync(join(home.env.COCKPIT_DATA!, WATCH_HISTORY_FILE), 'utf8')).references[reference];
    expect(onDisk).toMatchObject({ checks: 25, retrievable: 24, notRetrievable: 1 });
  });
});
