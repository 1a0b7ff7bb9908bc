/**
 * Test support: the real `cockpit-tui` bin in a real terminal (tmux) against a devnet, as an operator runs
 * it: a config file naming the nodes, its own HOME and data directory (no user file is read or written), and
 * the helpers the terminal tests share (start, capture a screen to test-output/, press a key and wait).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compileEntries } from '../compiled-entries.js';
import { TmuxTerminal } from './tmux.js';

export const BIN_SOURCE = 'surfaces/cli/cockpit-tui-bin.ts';

/** Compiles the bin (and everything it imports, the Ink face included) once per test file. */
export function compileCockpitTui(name: string): string {
  return compileEntries(name, [BIN_SOURCE, 'surfaces/tui/main.ts'])(BIN_SOURCE);
}

/** A loopback port nothing listens on: a node that is down. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export interface CockpitHome {
  readonly dir: string;
  readonly configPath: string;
  readonly env: Record<string, string>;
  cleanup(): void;
}

/** A HOME with config.toml (the given TOML), its own data directory, and no variable that picks a node. */
export function cockpitHome(toml: string): CockpitHome {
  const dir = mkdtempSync(join(tmpdir(), 'cockpit-tui-home-'));
  const configPath = join(dir, 'config.toml');
  writeFileSync(configPath, toml);
  const env = {
    HOME: dir,
    XDG_CONFIG_HOME: join(dir, 'config'),
    XDG_DATA_HOME: join(dir, 'data'),
    COCKPIT_DATA: join(dir, 'data', 'cockpit'),
    TERM: 'xterm-256color',
  };
  return { dir, configPath, env, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Variables of the test process that would choose a node, a token or a colour scheme for the cockpit. */
export const UNSET = ['NODE_URL', 'NODE_TOKEN', 'COCKPIT_CONFIG', 'COCKPIT_DATA', 'NO_COLOR', 'FORCE_COLOR'];

export async function startCockpitTui(bin: string, home: CockpitHome, args: readonly string[], columns = 100, rows = 30): Promise<TmuxTerminal> {
  return TmuxTerminal.start({ columns, rows, command: [process.execPath, bin, '--config', home.configPath, ...args], env: home.env, unset: UNSET });
}

const SCREENS_DIR = 'test-output/tui-screens';

/** Writes what the terminal shows to test-output/tui-screens/<name>.txt, for a reviewer to read. */
export async function captureScreen(terminal: TmuxTerminal, name: string): Promise<string[]> {
  const rows = await terminal.screen();
  mkdirSync(SCREENS_DIR, { recursive: true });
  writeFileSync(join(SCREENS_DIR, `${name}.txt`), `${rows.join('\n')}\n`);
  return rows;
}

/** The first row at or below `from` holding `text`, or -1 (from 3: below the top bar, tabs and title). */
export function rowOf(rows: readonly string[], text: string | RegExp, from = 0): number {
  return rows.findIndex((row, i) => i >= from && (typeof text === 'string' ? row.includes(text) : text.test(row)));
}

/**
 * Runs a palette line as a person types it: `:` opens the palette, the text is typed once the palette has
 * the focus (shown with its cursor: `_` when drawing in ASCII), and Enter runs it once the whole line is shown.
 */
export async function palette(terminal: TmuxTerminal, line: string, cursor = '█'): Promise<void> {
  await terminal.keys(':');
  await terminal.waitFor((rows) => rows.some((row) => row.includes('Command')) && rows.some((row) => row.includes(`:${cursor}`)));
  await terminal.type(line);
  // A line longer than the input shows its end (scrolled, after an ellipsis).
  await terminal.waitFor(`${line.length > 60 ? line.slice(-60) : `:${line}`}${cursor}`);
  await terminal.keys('Enter');
}
