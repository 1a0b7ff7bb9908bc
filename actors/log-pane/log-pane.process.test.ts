/**
 * The log pane with its real actors: real files (rename rotation, truncation, delete and recreate,
 * garbage, 1 MB lines, a directory), real log commands through sh -c, the supervised node's capture file,
 * and discovery of a real local listener whose stdout is a file; a container's log followed through that
 * runtime's logs command (a `docker` stand-in on PATH, since no container runtime runs here).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { appendFile, chmod, mkdir, mkdtemp, open, rename, rm, symlink, truncate, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, waitFor, type Actor } from 'xstate';
import { LogBook, type LogTab } from '../../core/log/log-book.js';
import { logPaneMachine } from '../../machines/cockpit/log-pane.machine.js';
import { selectLogPane, selectLogPaneHeader } from '../../machines/cockpit/log-pane.view.js';
import { createClassifyStdout } from '../log-source/classify-stdout.js';
import { createFindListener } from '../log-source/find-listener.js';
import { inspectLogFile } from '../log-source/inspect-log-file.js';
import { createFollowCommand } from './command-follower.js';
import { createTailFile } from './file-tailer.js';
import { CockpitStateStore } from '../cockpit/state-store.js';
import { loadPaneHeight, logPaneActors, persistPaneHeight } from './index.js';
import { createResolveLogSource } from './resolve-source.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'log-pane-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const bee = (level: string, msg: string) => `"time"="2026-11-24 10:00:00.000000" "level"="${level}" "logger"="node" "msg"="${msg}"\n`;

function startPane(book = new LogBook(), actors = logPaneActors()) {
  const actor = createActor(logPaneMachine.provide({ actors }), { input: { book } }).start();
  return { actor, book };
}

async function until(what: string, check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const msgs = (book: LogBook, tab: LogTab) => book.view(tab, 1000).entries.map((e) => e.msg);

describe('file tailer (chokidar)', () => {
  it('starts at the end, follows appends, and survives rename rotation, truncation and delete-and-recreate', async () => {
    const file = join(dir, 'bee.log');
    await writeFile(file, bee('info', 'old line, before the pane opened'));
    const { actor, book } = startPane();
    actor.send({ type: 'node.switched', input: { nodeUrl: 'http://127.0.0.1:1', platform: process.platform, cli: { logFile: file } } });
    await waitFor(actor, (s) => s.context.follower?.status === 'following', { timeout: 10_000 });
    expect(selectLogPaneHeader(actor.getSnapshot())).toMatchObject({ source: file, origin: 'CLI', state: 'following' });

    await appendFile(file, bee('error', 'appended') + bee('warning', 'a warning'));
    await until('the appended lines', () => msgs(book, 'errors').includes('appended'));
    expect(msgs(book, 'warning')).toEqual(['a warning']);
    expect(msgs(book, 'info')).not.toContain('old line, before the pane opened');

    // Rename rotation: the writer adds one more line to the old file, then a new file takes the name.
    await appendFile(file, bee('info', 'last line of the old file'));
    await rename(file, `${file}.1`);
    await writeFile(file, bee('info', 'first line of the new file'));
    await until('both sides of the rotation', () => msgs(book, 'info').includes('first line of the new file')).catch((e) => { throw new Error(`${e.message}: ${JSON.stringify([msgs(book, 'info'), msgs(book, 'cockpit'), actor.getSnapshot().context.follower])}`); });
    expect(msgs(book, 'info')).toEqual(['last line of the old file', 'first line of the new file']);

    await truncate(file, 0);
    await appendFile(file, bee('info', 'after truncation'));
    await until('the line after truncation', () => msgs(book, 'info').includes('after truncation'));

    await unlink(file);
    await waitFor(actor, (s) => s.context.follower?.status === 'waiting', { timeout: 10_000 });
    expect(selectLogPaneHeader(actor.getSnapshot()).detail).toBe(`${file} was deleted; waiting for it to be created again`);
    await writeFile(file, bee('info', 'recreated'));
    await until('the recreated file', () => msgs(book, 'info').includes('recreated'));
    expect(msgs(book, 'cockpit').join('\n')).toMatch(/rotated[\s\S]*truncated/);
    actor.stop();
  });

  it('takes binary garbage and a 1 MB line without losing the next line; a directory is explained', async () => {
    const file = join(dir, 'garbage.log');
    await writeFile(file, '');
    const { actor, book } = startPane();
    actor.send({ type: 'node.switched', input: { nodeUrl: 'http://127.0.0.1:1', platform: process.platform, config: { logFile: file } } });
    await waitFor(actor, (s) => s.context.follower?.status === 'following', { timeout: 10_000 });
    await appendFile(file, Buffer.concat([Buffer.from([0xff, 0x00, 0x1b, 0x5b, 0x33, 0x31, 0x6d, 0x0a]), Buffer.alloc(1024 * 1024, 0x78), Buffer.from(`\n${bee('error', 'still here')}`)]));
    await until('the line after the garbage', () => msgs(book, 'errors').includes('still here'));
    const info = book.view('info', 10).entries;
    expect(info[0]?.line).toBe('\uFFFD\uFFFD\uFFFD[31m');
    expect(info[1]).toMatchObject({ cutFromBytes: 1024 * 1024 });
    expect(info[1]!.line.length).toBe(8 * 1024);
    expect(selectLogPaneHeader(actor.getSnapshot())).toMatchObject({ origin: 'config', state: 'following' });

    actor.send({ type: 'node.switched', input: { nodeUrl: 'http://127.0.0.1:1', platform: process.platform, cli: { logFile: dir } } });
    const refused = await waitFor(actor, (s) => s.matches({ source: 'unavailable' }), { timeout: 10_000 });
    expect(selectLogPane(refused)).toMatchObject({ header: { state: 'unavailable', detail: `${dir} (--node-log) is a directory, not a file` }, placeholder: `${dir} (--node-log) is a directory, not a file` });
    expect(book.totals().errors).toBe(0); // the switch cleared the node rings
    actor.stop();
  });
});

describe('log command (sh -c)', () => {
  it('follows stdout only; stderr goes to the Cockpit tab; an exit is explained and the command re-run with back-off', async () => {
    const { actor, book } = startPane();
    const command = `printf '%s' '${bee('info', 'from stdout').trim()}'; echo; echo 'ssh: connect to host n1 port 22: Connection refused' >&2; exit 255`;
    actor.send({ type: 'node.switched', input: { nodeUrl: 'http://127.0.0.1:1', platform: process.platform, cli: { logCommand: command } } });
    const paused = await waitFor(actor, (s) => s.matches({ source: 'commandPaused' }), { timeout: 10_000 });
    expect(msgs(book, 'info')).toEqual(['from stdout']);
    expect(msgs(book, 'cockpit')).toEqual(['log command stderr: ssh: connect to host n1 port 22: Connection refused']);
    expect(selectLogPaneHeader(paused)).toMatchObject({
      origin: 'CLI',
      state: 'restarting',
      detail: expect.stringMatching(/^log command exited with code 255 after \d\.\d s \(stderr: ssh: connect to host n1 port 22: Connection refused\); running it again in 1 s$/),
    });
    // After the 1 s back-off it runs again (a second stdout line arrives), then backs off 2 s.
    await until('the re-run', () => msgs(book, 'info').length === 2, 5_000);
    const again = await waitFor(actor, (s) => s.matches({ source: 'commandPaused' }) && s.context.commandFailures === 2, { timeout: 5_000 });
    expect(selectLogPaneHeader(again).detail).toMatch(/running it again in 2 s$/);
    actor.stop();
  });

  it('says when a command writes nothing, and stops the whole command group on a switch', async () => {
    const { actor, book } = startPane();
    actor.send({ type: 'node.switched', input: { nodeUrl: 'http://127.0.0.1:1', platform: process.platform, config: { logCommand: 'exit 0' } } });
    const paused = await waitFor(actor, (s) => s.matches({ source: 'commandPaused' }), { timeout: 10_000 });
    expect(selectLogPaneHeader(paused).detail).toMatch(/^log command exited with code 0 after \d\.\d s without writing anything; running it again in 1 s$/);

    actor.send({ type: 'node.switched', input: { nodeUrl: 'http://127.0.0.1:1', platform: process.platform, config: { logCommand: 'echo to stderr only >&2; sleep 60' } } });
    await until('the stderr line', () => msgs(book, 'cockpit').includes('log command stderr: to stderr only'));
    expect(selectLogPane(actor.getSnapshot()).placeholder).toBe('the log command has written nothing on its stdout yet (log commands follow stdout only: add 2>&1 for a source that logs to stderr)');

    const marker = join(dir, 'sleeper-pid');
    actor.send({ type: 'node.switched', input: { nodeUrl: 'http://127.0.0.1:1', platform: process.platform, config: { logCommand: `sleep 60 & echo $! > ${marker}; wait` } } });
    await waitFor(actor, (s) => s.matches({ source: 'followingCommand' }), { timeout: 10_000 });
    let sleeper = 0;
    await until('the sleeper', () => {
      try {
        sleeper = Number(readFileSync(marker, 'utf8'));
      } catch {
        return false;
      }
      return sleeper > 0;
    });
    actor.send({ type: 'node.switched', input: { nodeUrl: 'http://127.0.0.1:1', platform: process.platform } });
    await until('the command group to be gone', () => {
      try {
        process.kill(sleeper, 0);
        return false;
      } catch {
        return true;
      }
    });
    expect(book.totals().info).toBe(0);
    actor.stop();
  });
});

describe('tiers', () => {
  it('the supervised node’s capture file beats the CLI flag; the header says supervised', async () => {
    const capture = join(dir, 'capture', 'node.log');
    await mkdir(join(dir, 'capture'), { recursive: true });
    await writeFile(capture, bee('info', 'bee version'));
    const { actor, book } = startPane();
    actor.send({ type: 'node.switched', input: { nodeUrl: 'http://127.0.0.1:1', platform: process.platform, supervisedCaptureFile: capture, cli: { logCommand: 'echo no' } } });
    await waitFor(actor, (s) => s.context.follower?.status === 'following', { timeout: 10_000 });
    expect(selectLogPaneHeader(actor.getSnapshot())).toMatchObject({ source: capture, origin: 'supervised' });
    await appendFile(capture, '"time"="t" "level"="debug" "logger"="node/api" "msg"="api access" "method"="GET" "uri"="/health" "status"=200\n');
    await until('the access line', () => book.totals().nodeHttp === 1);
    expect(msgs(book, 'info')).toEqual(['bee version']); // the capture is read from its start
    actor.stop();
  });

  it.skipIf(process.platform !== 'linux')('discovers a local node whose stdout is a file, and tails it (Linux /proc)', async () => {
    const stdoutPath = join(dir, 'discovered.log');
    const handle = await open(stdoutPath, 'w');
    const script = "const s=require('node:http').createServer((q,r)=>r.end('ok'));s.listen(0,'127.0.0.1',()=>{process.stderr.write(String(s.address().port)+'\\n');setInterval(()=>process.stdout.write('\"time\"=\"t\" \"level\"=\"info\" \"logger\"=\"node\" \"msg\"=\"tick\"\\n'),100)})";
    const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', handle.fd, 'pipe'] });
    const port = await new Promise<number>((resolve) => child.stderr!.once('data', (d: Buffer) => resolve(Number(d.toString().trim()))));
    // Discovery follows a stdout file only once it reads as Bee's log (an empty one is refused, said why): wait
    // for the node's first line, as a running Bee has printed many before anyone looks. Under a loaded suite the
    // switch could come before the first tick was written.
    await until('the first line in the stdout file', () => readFileSync(stdoutPath, 'utf8').includes('\n'));
    const { actor, book } = startPane();
    try {
      actor.send({ type: 'node.switched', input: { nodeUrl: `http://127.0.0.1:${port}`, platform: 'linux' } });
      await waitFor(actor, (s) => s.context.follower?.status === 'following', { timeout: 10_000 });
      expect(selectLogPaneHeader(actor.getSnapshot())).toMatchObject({ source: stdoutPath, origin: 'discovered' });
      await until('a tick', () => book.totals().info > 0);
    } finally {
      actor.stop();
      child.kill();
      await handle.close();
    }
  });

  it('follows a discovered container through its runtime’s logs command (docker stand-in on PATH)', async () => {
    // A laid-out /proc: port 1633 is held by pid 7, whose stdout is a pipe and whose cgroup is a docker scope.
    const proc = join(dir, 'proc');
    const id = 'c'.repeat(64);
    await mkdir(join(proc, 'net'), { recursive: true });
    await writeFile(join(proc, 'net', 'tcp'), '  sl  local_address rem_address   st\n   0: 0100007F:0661 00000000:0000 0A 00000000:00000000 00:00000000 00000000 0 0 5555 1\n');
    await mkdir(join(proc, '7', 'fd'), { recursive: true });
    await writeFile(join(proc, '7', 'comm'), 'bee\n');
    await writeFile(join(proc, '7', 'cgroup'), `0::/system.slice/docker-${id}.scope\n`);
    await symlink('socket:[5555]', join(proc, '7', 'fd', '3'));
    await symlink('pipe:[77]', join(proc, '7', 'fd', '1'));
    const bin = join(dir, 'bin');
    await mkdir(bin, { recursive: true });
    await writeFile(join(bin, 'docker'), `#!/bin/sh\necho "docker $*" >&2\nprintf '%s\\n' '${bee('warning', 'from the container').trim()}'\nsleep 60\n`);
    await chmod(join(bin, 'docker'), 0o755);
    const env = { ...process.env, PATH: `${bin}:${process.env.PATH}` };
    const actors = {
      resolveLogSource: createResolveLogSource({ inspectLogFile, findListener: createFindListener(proc), classifyStdout: createClassifyStdout(proc) }),
      tailFile: createTailFile(),
      followCommand: createFollowCommand({ env }),
    };
    const { actor, book } = startPane(new LogBook(), actors);
    actor.send({ type: 'node.switched', input: { nodeUrl: 'http://localhost:1633', platform: 'linux' } });
    await until('the container’s line', () => msgs(book, 'warning').includes('from the container'));
    expect(selectLogPaneHeader(actor.getSnapshot())).toMatchObject({ source: `docker logs --follow --tail 0 ${id} 2>&1`, origin: 'discovered', detail: `discovered: process 7 (bee) runs in docker container ${id.slice(0, 12)}` });
    actor.stop();
  });
});

describe('pane height in the data directory', () => {
  it('saves +/- changes in the engine’s state store (state.json) and reads them back clamped', async () => {
    const dataDir = join(dir, 'data');
    const store = await CockpitStateStore.open(dataDir);
    const { actor } = startPane();
    const stop = persistPaneHeight(actor as Actor<typeof logPaneMachine>, store);
    for (let i = 0; i < 5; i++) actor.send({ type: 'pane.grow' });
    await until('the saved height', () => {
      try {
        return JSON.parse(readFileSync(join(dataDir, 'state.json'), 'utf8')).logPaneHeight === 13;
      } catch {
        return false;
      }
    });
    expect(loadPaneHeight(await CockpitStateStore.open(dataDir))).toBe(13);
    stop();
    actor.stop();
    // The store takes a write's state once the write is done (after the rename the file check above saw).
    await store.flush();
    const restarted = createActor(logPaneMachine, { input: { height: loadPaneHeight(store) } }).start();
    expect(selectLogPane(restarted.getSnapshot()).height).toBe(13);
    restarted.stop();
  });
});
