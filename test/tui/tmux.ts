/**
 * Test support: a real terminal. Starts a command in a detached tmux session of a given size, types into it
 * with `send-keys`, reads the screen with `capture-pane`, and records every byte the program wrote
 * (`pipe-pane`), which is how a test counts bells and sees the alternate screen being entered and left.
 *
 * Each session runs on its own tmux server (`-L`, no config file), so parallel test files and a
 * developer's own tmux never meet. The command runs under `sh -c` and, when it ends, the shell prints
 * `[exited <code>]` and the terminal's line settings (`stty -a`), so a test can see that the program gave
 * the terminal back (canonical mode and echo on again) and read its exit code from the screen.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface TmuxOptions {
  readonly columns: number;
  readonly rows: number;
  /** argv of the program; the first element is the executable. */
  readonly command: readonly string[];
  /** Variables for the program, on top of the test process's own. */
  readonly env?: Readonly<Record<string, string>>;
  /** Variables removed from the program's environment. */
  readonly unset?: readonly string[];
  readonly cwd?: string;
}

function shellQuote(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

let serial = 0;

export class TmuxTerminal {
  private constructor(
    private readonly socket: string,
    private readonly dir: string,
    private readonly rawPath: string,
  ) {}

  static async start(options: TmuxOptions): Promise<TmuxTerminal> {
    const dir = mkdtempSync(join(tmpdir(), 'tui-tmux-'));
    const socket = `tui-${process.pid}-${++serial}-${Date.now()}`;
    const rawPath = join(dir, 'output.raw');
    const terminal = new TmuxTerminal(socket, dir, rawPath);
    const env = Object.entries(options.env ?? {}).map(([key, value]) => `${key}=${shellQuote(value)}`);
    const unset = (options.unset ?? []).map((name) => `-u ${name}`);
    const program = ['env', ...unset, ...env, ...options.command.map(shellQuote)].join(' ');
    // `read` holds the program until the byte recorder is attached; the Enter that releases it is consumed.
    const script = `read _go; ${program}; echo "[exited $?]"; stty -a; exec sleep 3600`;
    await terminal.tmux('new-session', '-d', '-s', 'main', '-x', String(options.columns), '-y', String(options.rows), ...(options.cwd ? ['-c', options.cwd] : []), `sh -c ${shellQuote(script)}`);
    await terminal.tmux('set-option', '-g', 'status', 'off');
    await terminal.tmux('set-option', '-g', 'window-size', 'manual');
    await terminal.tmux('resize-window', '-t', 'main', '-x', String(options.columns), '-y', String(options.rows));
    await terminal.tmux('pipe-pane', '-t', 'main', '-o', `cat >> ${shellQuote(rawPath)}`);
    await terminal.tmux('send-keys', '-t', 'main', 'Enter');
    return terminal;
  }

  private async tmux(...args: string[]): Promise<string> {
    const { stdout } = await run('tmux', ['-L', this.socket, '-f', '/dev/null', ...args], { maxBuffer: 16 * 1024 * 1024 });
    return stdout;
  }

  /** Keys in tmux's names (`Escape`, `C-n`, `M-1`, `BTab`, `PPage`) or literal characters. */
  async keys(...keys: string[]): Promise<void> {
    await this.tmux('send-keys', '-t', 'main', ...keys);
  }

  /** Pastes `text` as a terminal does: bracketed (ESC [200~ … ESC [201~) when the program asked for it. */
  async paste(text: string): Promise<void> {
    await this.tmux('set-buffer', '--', text);
    await this.tmux('paste-buffer', '-p', '-t', 'main');
  }

  /** Types `text` literally (no key-name interpretation). */
  async type(text: string): Promise<void> {
    await this.tmux('send-keys', '-t', 'main', '-l', text);
  }

  /** The visible screen, one string per row, trailing spaces removed. */
  async screen(): Promise<string[]> {
    const text = await this.tmux('capture-pane', '-p', '-t', 'main');
    return text.replace(/\n$/, '').split('\n').map((line) => line.replace(/\s+$/, ''));
  }

  /** The visible screen with its colours and attributes as SGR escapes (`capture-pane -e`). */
  async styledScreen(): Promise<string[]> {
    const text = await this.tmux('capture-pane', '-p', '-e', '-t', 'main');
    return text.replace(/\n$/, '').split('\n');
  }

  /** A tmux format value of the pane, e.g. `alternate_on`, `cursor_flag`, `pane_width`. */
  async paneFormat(name: string): Promise<string> {
    return (await this.tmux('display-message', '-p', '-t', 'main', `#{${name}}`)).trim();
  }

  /** The pane's line settings as `stty -a` prints them (`-icanon` when the program put the tty in raw mode). */
  async lineSettings(): Promise<string> {
    const tty = await this.paneFormat('pane_tty');
    const { stdout } = await run('stty', ['-F', tty, '-a']);
    return stdout;
  }

  /**
   * Waits until the program reads keys byte by byte (raw mode: `-icanon`). Before that, Ctrl+C is the tty's
   * SIGINT to the whole foreground group, the wrapper shell included, not a key the program reads.
   */
  async waitForRawMode(timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const settings = await this.lineSettings();
      if (/(^|\s)-icanon(\s|$)/.test(settings)) return;
      if (Date.now() > deadline) throw new Error(`the program never put the terminal in raw mode; stty -a:\n${settings}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** The pid of the program the wrapper shell runs (its only child while it runs), or null before or after. */
  async programPid(): Promise<number | null> {
    const shell = await this.paneFormat('pane_pid');
    const { stdout } = await run('ps', ['-o', 'pid=,comm=', '--ppid', shell]).catch(() => ({ stdout: '' }));
    const line = stdout.split('\n').find((row) => row.trim() !== '' && !/\b(sleep|read)\b/.test(row));
    return line === undefined ? null : Number(line.trim().split(/\s+/)[0]);
  }

  async resize(columns: number, rows: number): Promise<void> {
    await this.tmux('resize-window', '-t', 'main', '-x', String(columns), '-y', String(rows));
  }

  /** Every byte the program wrote so far. */
  output(): string {
    return existsSync(this.rawPath) ? readFileSync(this.rawPath, 'latin1') : '';
  }

  /**
   * Waits until the screen satisfies `check` (a substring, a pattern, or a predicate over the rows) and
   * returns that screen; on timeout throws with the last screen, so a failure shows what was drawn.
   */
  async waitFor(check: string | RegExp | ((rows: string[]) => boolean), timeoutMs = 10_000): Promise<string[]> {
    const test = typeof check === 'function' ? check : (rows: string[]) => (typeof check === 'string' ? rows.join('\n').includes(check) : check.test(rows.join('\n')));
    const deadline = Date.now() + timeoutMs;
    let last: string[] = [];
    for (;;) {
      last = await this.screen();
      if (test(last)) return last;
      if (Date.now() > deadline) throw new Error(`terminal never showed ${String(check)}; last screen:\n${last.join('\n')}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Waits until the program wrote something matching `check` (e.g. a number of BEL bytes). */
  async waitForOutput(check: (raw: string) => boolean, timeoutMs = 10_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const raw = this.output();
      if (check(raw)) return raw;
      if (Date.now() > deadline) throw new Error(`the program never wrote the expected output (${raw.length} bytes written)`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async close(): Promise<void> {
    await this.tmux('kill-server').catch(() => {});
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** Counts BEL bytes written outside of OSC strings (which end in BEL and are no bell). */
export function countBells(raw: string): number {
  // eslint-disable-next-line no-control-regex
  return raw.replace(/\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)/g, '').split('\u0007').length - 1;
}
