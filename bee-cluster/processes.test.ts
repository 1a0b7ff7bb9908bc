import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, pollUntil, spawnManaged, stopManaged, StopPolling } from './processes.js';

const dir = mkdtempSync(join(tmpdir(), 'bee-cluster-proc-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('spawnManaged / stopManaged', () => {
  it('kills the whole process group, including children the leader forked', async () => {
    const pidFile = join(dir, 'grandchild.pid');
    // The shell ignores TERM, so only the SIGKILL sweep of the group can end it and its child.
    const proc = spawnManaged('sh', 'sh', ['-c', `trap '' TERM; sleep 300 & echo $! > ${pidFile}; wait`], { env: process.env, logFile: join(dir, 'sh.log') });
    const grandchild = await pollUntil('grandchild pid file', 5000, async () => Number(readFileSync(pidFile, 'utf8').trim()) || undefined, 50);
    expect(alive(grandchild)).toBe(true);
    await stopManaged(proc, 300);
    await pollUntil('grandchild to die', 5000, async () => (alive(grandchild) ? undefined : true), 50);
    expect(proc.child.exitCode !== null || proc.child.signalCode !== null).toBe(true);
  });

  it('sends output to the log file', async () => {
    const proc = spawnManaged('echo', 'sh', ['-c', 'echo hello-from-child; echo err >&2'], { env: process.env, logFile: join(dir, 'echo.log') });
    await proc.exited();
    expect(readFileSync(proc.logFile, 'utf8')).toContain('hello-from-child\nerr\n');
    await stopManaged(proc, 100); // already exited: must not throw
  });
});

describe('freePort', () => {
  it('returns a port that can be bound on 127.0.0.1', async () => {
    const port = await freePort();
    expect(port).toBeGreaterThan(0);
    const server = createServer();
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('never hands out the same port twice (a cluster picks all its ports before any node binds one)', async () => {
    const ports = [];
    for (let i = 0; i < 200; i++) ports.push(await freePort());
    expect(new Set(ports).size).toBe(200);
  });
});

describe('pollUntil', () => {
  it('returns the first defined value', async () => {
    let calls = 0;
    expect(await pollUntil('third call', 2000, async () => (++calls === 3 ? 'x' : undefined), 10)).toBe('x');
  });

  it('names what it waited for and the last error on timeout', async () => {
    await expect(
      pollUntil('the moon', 100, async () => {
        throw new Error('still night');
      }, 10),
    ).rejects.toThrow(/timed out after 100 ms waiting for the moon \(last error: still night\)/);
  });

  it('stops at once on a StopPolling error', async () => {
    let calls = 0;
    const t0 = Date.now();
    await expect(
      pollUntil('the process', 10_000, async () => {
        calls++;
        throw new StopPolling('it exited');
      }, 10),
    ).rejects.toThrow('it exited');
    expect(calls).toBe(1);
    expect(Date.now() - t0).toBeLessThan(1000);
  });
});
