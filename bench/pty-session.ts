/**
 * Bench support: runs a program on a real pseudo-terminal (util-linux `script`), so the benchmark sees its
 * output the moment it is written and can time what a person would see: the first frame, the frame after a
 * key press. Keys are written to the terminal's input; the terminal's size is set with `stty` before the
 * program starts. `pid` is the program's own process (for /proc CPU and memory readings).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface PtySession {
  readonly pid: number;
  /** How many bytes the program has written so far: a mark to wait from. */
  mark(): number;
  /** The last bytes written (at most TAIL_BYTES, latin1). */
  tail(): string;
  /** Resolves with the time (performance.now) at which the output after `from` (a mark) first contains `text`. */
  waitFor(text: string, from?: number, timeoutMs?: number): Promise<number>;
  write(bytes: string): void;
  /** CPU seconds the program used so far (user + system), from /proc. */
  cpuSeconds(): number;
  /** Resident set size in bytes, from /proc. */
  rssBytes(): number;
  exited: Promise<number | null>;
  kill(): void;
}

/**
 * Only the newest output is kept: a cockpit under a log flood writes megabytes a second, and a reader that
 * slowed down (searching an ever-growing string) would fill the terminal's buffer and stall the program it
 * measures. Waiters scan each chunk as it arrives (with the few bytes before it, for a match across chunks).
 */
const TAIL_BYTES = 256 * 1024;

const CLOCK_TICKS = 100;

function shellQuote(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

function childOf(pid: number): number | null {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    return children.length > 0 ? Number(children[0]) : null;
  } catch {
    return null;
  }
}

export async function startPty(argv: readonly string[], options: { columns: number; rows: number; env?: NodeJS.ProcessEnv }): Promise<PtySession> {
  const command = `stty cols ${options.columns} rows ${options.rows} && exec ${argv.map(shellQuote).join(' ')}`;
  const child: ChildProcess = spawn('script', ['-q', '-f', '-e', '-c', command, '/dev/null'], { env: options.env ?? process.env, stdio: ['pipe', 'pipe', 'inherit'] });
  let tail = '';
  let total = 0;
  const waiters: { text: string; from: number; resolve: (at: number) => void }[] = [];
  child.stdout?.on('data', (chunk: Buffer) => {
    const at = performance.now();
    const text = chunk.toString('latin1');
    const before = tail;
    const start = total;
    total += text.length;
    tail = (tail + text).slice(-TAIL_BYTES);
    for (const waiter of [...waiters]) {
      // The part of the output a waiter may look at: what came after its mark, plus enough of the previous
      // output for a match that straddles two chunks.
      const carry = Math.max(0, Math.min(waiter.text.length - 1, start - waiter.from));
      const window = before.slice(before.length - carry) + text.slice(Math.max(0, waiter.from - start));
      if (window.includes(waiter.text)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(at);
      }
    }
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  // `script` forks the shell, which execs the program: the program is script's child.
  let pid: number | null = null;
  for (let i = 0; i < 200 && pid === null; i++) {
    pid = childOf(child.pid ?? 0);
    if (pid === null) await new Promise((resolve) => setTimeout(resolve, 10));
  }
  if (pid === null) throw new Error('the program did not start under script(1)');
  const programPid = pid;
  const stat = (): string[] => readFileSync(`/proc/${programPid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
  return {
    pid: programPid,
    mark: () => total,
    tail: () => tail,
    waitFor(text, from = 0, timeoutMs = 30_000) {
      const seen = tail.slice(Math.max(0, tail.length - (total - from)));
      if (from < total && seen.includes(text)) return Promise.resolve(performance.now());
      return new Promise((resolve, reject) => {
        const waiter = {
          text,
          from: Math.max(from, total - (text.length - 1)),
          resolve: (at: number) => {
            clearTimeout(timer);
            resolve(at);
          },
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`the terminal never showed ${JSON.stringify(text)} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    write(bytes) {
      child.stdin?.write(bytes);
    },
    cpuSeconds() {
      const fields = stat();
      // Fields 14 and 15 of /proc/<pid>/stat (utime, stime), counted after the command name.
      return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
    },
    rssBytes() {
      const status = readFileSync(`/proc/${programPid}/status`, 'utf8');
      const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
      return Number(kb ?? 0) * 1024;
    },
    exited,
    kill() {
      try {
        process.kill(programPid, 'SIGTERM');
      } catch {
        /* already gone */
      }
      child.kill('SIGTERM');
    },
  };
}
