/**
 * The Ink face in a real terminal (tmux), over a scripted engine (surfaces/tui/testing/scripted-cockpit.ts):
 * what only a terminal shows. The keys a terminal really sends map to the right `ui.key` events; the bell
 * rings once per bell count and never for a recovery; a resize redraws at the new size, a terminal too small
 * gets a message; node text cannot act on the terminal; and quitting gives the terminal back as it was.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { compileEntries } from '../compiled-entries.js';
import { runBin } from '../run-bin.js';
import { countBells, TmuxTerminal } from './tmux.js';

let script = '';
const open: TmuxTerminal[] = [];

beforeAll(() => {
  script = compileEntries('tui-face-terminal', ['surfaces/tui/testing/scripted-cockpit.ts'])('surfaces/tui/testing/scripted-cockpit.ts');
}, 120_000);

afterEach(async () => {
  await Promise.all(open.splice(0).map((terminal) => terminal.close()));
});

async function start(columns: number, rows: number, args: string[] = []): Promise<TmuxTerminal> {
  const terminal = await TmuxTerminal.start({ columns, rows, command: [process.execPath, script, ...args] });
  open.push(terminal);
  await terminal.waitFor('S1 Health');
  return terminal;
}

/** The `ui.key` event the scripted engine received last, as it shows it in the banner. */
async function lastEvent(terminal: TmuxTerminal, key: string, expected: object): Promise<void> {
  await terminal.keys(key);
  const json = JSON.stringify({ type: 'ui.key', ...expected });
  await terminal.waitFor(`event ${json}`);
}

describe('cockpit-tui face in a real terminal', () => {
  it('maps the keys a terminal sends to ui.key events', async () => {
    const terminal = await start(80, 24);
    await lastEvent(terminal, 'M-1', { key: '1', alt: true });
    await lastEvent(terminal, 'M-5', { key: '5', alt: true });
    await lastEvent(terminal, 'BTab', { key: 'Tab', shift: true });
    await lastEvent(terminal, 'Tab', { key: 'Tab' });
    await lastEvent(terminal, 'C-n', { key: 'n', ctrl: true });
    await lastEvent(terminal, 'C-p', { key: 'p', ctrl: true });
    await lastEvent(terminal, 'C-l', { key: 'l', ctrl: true });
    await lastEvent(terminal, 'C-M-n', { key: 'n', ctrl: true, alt: true });
    await lastEvent(terminal, 'L', { key: 'L', shift: true });
    await lastEvent(terminal, 'BSpace', { key: 'Backspace' });
    await lastEvent(terminal, 'DC', { key: 'Delete' });
    await lastEvent(terminal, 'PPage', { key: 'PageUp' });
    await lastEvent(terminal, 'NPage', { key: 'PageDown' });
    await lastEvent(terminal, 'Home', { key: 'Home' });
    await lastEvent(terminal, 'End', { key: 'End' });
    await lastEvent(terminal, 'Up', { key: 'Up' });
    await lastEvent(terminal, 'j', { key: 'j' });
    await lastEvent(terminal, 'Enter', { key: 'Enter' });
    await lastEvent(terminal, ':', { key: ':' });
    await lastEvent(terminal, '?', { key: '?' });
    await lastEvent(terminal, '/', { key: '/' });
    await lastEvent(terminal, '+', { key: '+' });
    await lastEvent(terminal, 'Escape', { key: 'Escape' });
  });

  it('receives a paste whole (bracketed paste), never as keys', async () => {
    const terminal = await start(80, 24);
    expect(terminal.output()).toContain('\u001b[?2004h');
    await terminal.paste('ab:c\nq');
    // One event with the whole text, the line break in it (the engine makes it a space in the focused input).
    await terminal.waitFor((rows) => rows.some((row) => /event \{"type":"ui\.paste","text":"ab:c\\[rn]q"\}/.test(row)));
  });

  it('rings once each time the bell count grows, never for a recovery, and shows toasts top right', async () => {
    const terminal = await start(80, 24);
    await terminal.keys('b');
    await terminal.waitFor('Pass → Fail (1)');
    await terminal.keys('r');
    await terminal.waitFor('Fail → Pass (2)');
    await terminal.keys('b');
    const rows = await terminal.waitFor('Pass → Fail (3)');
    await terminal.waitForOutput((raw) => countBells(raw) >= 2);
    // The recovery drew its toast before the second failure and rang nothing.
    expect(countBells(terminal.output())).toBe(2);
    const toastRow = rows.findIndex((row) => row.includes('Pass → Fail (1)'));
    expect(toastRow).toBeGreaterThan(1);
    expect(toastRow).toBeLessThan(8);
    expect(rows[toastRow]!.indexOf('Pass → Fail (1)')).toBeGreaterThan(40);
    // Three toasts at most: a fourth pushes the oldest out.
    await terminal.keys('r');
    const after = await terminal.waitFor('Fail → Pass (4)');
    expect(after.join('\n')).not.toContain('Pass → Fail (1)');
    expect(countBells(terminal.output())).toBe(2);
  });

  it('redraws live on resize, uses the room when wide, and says so when the terminal is too small', async () => {
    const terminal = await start(80, 24);
    let rows = await terminal.screen();
    expect(rows.join('\n')).not.toContain('reason');
    await terminal.resize(200, 50);
    rows = await terminal.waitFor((r) => r.some((row) => row.includes('reason')) && r.length === 50);
    expect(rows.join('\n')).toContain('Alt+1 Health');
    expect(rows.join('\n')).toContain('1 connected peer: too few to form a neighbourhood (need 4)');
    await terminal.resize(50, 12);
    rows = await terminal.waitFor('cockpit-tui needs at least 60x16');
    expect(rows.join('\n')).toContain('The terminal is 50x12');
    expect(rows.join('\n')).not.toContain('Gates');
    await terminal.resize(80, 24);
    rows = await terminal.waitFor('S1 Health');
    expect(rows.join('\n')).not.toContain('needs at least');
    expect(rows.every((row) => row.length <= 80)).toBe(true);
  });

  it('shows node text inert: escapes are printed, never obeyed', async () => {
    const terminal = await start(100, 30);
    await terminal.keys('h');
    const rows = await terminal.waitFor('bee\\x1b[2J\\x1b]0;pwned\\x07');
    expect(rows.join('\n')).toContain('\\r\\nPASS  forged\\u202eevil');
    expect(await terminal.paneFormat('pane_title')).not.toBe('pwned');
    const raw = terminal.output();
    expect(raw).not.toContain('\u001b]0;pwned');
    expect(raw).not.toContain('\u202e');
    // The only bells are the ones the engine asked for (none here).
    expect(countBells(raw)).toBe(0);
  });

  it('quits on Ctrl+C and restores the terminal: normal screen, cursor, line settings', async () => {
    const terminal = await start(80, 24);
    expect(await terminal.paneFormat('alternate_on')).toBe('1');
    // Ctrl+C is a key only once the face reads keys (raw mode); before, it is the tty's SIGINT (next test).
    await terminal.waitForRawMode();
    await terminal.keys('C-c');
    // The shell prints the exit code, then `stty -a`: the line settings the program left behind.
    const rows = await terminal.waitFor((r) => r.join(' ').includes('[exited 0]') && / -?icanon /.test(r.join(' ')));
    const shown = rows.join('\n');
    expect(shown, shown).toContain('node: exited (0)');
    expect(await terminal.paneFormat('alternate_on'), 'alternate screen left').toBe('0');
    expect(await terminal.paneFormat('cursor_flag'), 'cursor shown').toBe('1');
    // Raw mode is off again: canonical input and echo (stty prints `-icanon`/`-echo` when they are off).
    const settings = rows.join(' ');
    expect(settings, shown).toMatch(/(^|\s)icanon(\s|$)/);
    expect(settings, shown).toMatch(/(^|\s)echo(\s|$)/);
    const raw = terminal.output();
    expect(raw.indexOf('\u001b[?1049h')).toBeGreaterThanOrEqual(0);
    expect(raw.lastIndexOf('\u001b[?1049l')).toBeGreaterThan(raw.indexOf('\u001b[?1049h'));
    // Bracketed paste is off again: the shell gets pastes as it did before.
    expect(raw.lastIndexOf('\u001b[?2004l')).toBeGreaterThan(raw.indexOf('\u001b[?2004h'));
  });

  it.each(['INT', 'TERM', 'HUP'])('restores the terminal on SIG%s as the face starts, raw mode first', async (signal) => {
    const terminal = await TmuxTerminal.start({ columns: 80, rows: 24, command: [process.execPath, script] });
    open.push(terminal);
    // The moment the face touches the terminal: the tty is already raw (a Ctrl+C there is a key, not SIGINT).
    const deadline = Date.now() + 20_000;
    while ((await terminal.paneFormat('alternate_on')) !== '1') {
      if (Date.now() > deadline) throw new Error(`the face never entered the alternate screen:\n${(await terminal.screen()).join('\n')}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(await terminal.lineSettings()).toMatch(/(^|\s)-icanon(\s|$)/);
    const pid = await terminal.programPid();
    expect(pid).not.toBeNull();
    // Sent to the program alone (as `kill` does), so the wrapper shell is not asked to die with it.
    process.kill(pid!, `SIG${signal}` as NodeJS.Signals);
    const rows = await terminal.waitFor((r) => r.join(' ').includes('[exited ') && / -?icanon /.test(r.join(' ')));
    const shown = rows.join('\n');
    // README: SIGINT and SIGTERM quit like Ctrl+C (0); the shell lived to print the code and the settings.
    expect(shown, shown).toContain('[exited 0]');
    expect(await terminal.paneFormat('alternate_on'), 'alternate screen left').toBe('0');
    expect(await terminal.paneFormat('cursor_flag'), 'cursor shown').toBe('1');
    expect(rows.join(' '), shown).toMatch(/(^|\s)icanon(\s|$)/);
    expect(rows.join(' '), shown).toMatch(/(^|\s)echo(\s|$)/);
    const raw = terminal.output();
    expect(raw.lastIndexOf('\u001b[?2004l')).toBeGreaterThan(raw.indexOf('\u001b[?2004h'));
  });

  it('refuses interactive mode when stdin is not a terminal (keys could not be read)', async () => {
    const terminal = await TmuxTerminal.start({ columns: 100, rows: 20, command: ['sh', '-c', `"${process.execPath}" "${script}" < /dev/null`] });
    open.push(terminal);
    const rows = await terminal.waitFor('[exited 2]');
    expect(rows.join(' ')).toContain('stdin is not one');
    expect(await terminal.paneFormat('alternate_on')).toBe('0');
  });

  it('refuses interactive mode when stdout is not a terminal', async () => {
    const result = await runBin(script, []);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('stdout is not one');
    expect(result.stderr).toContain('--once');
    expect(result.stdout).toBe('');
  });
});
