/**
 * The supervisor with real processes: `devnet start --config <yaml>` (a simulated node with Bee's own
 * command line) and a stand-in node (test/fixtures/fake-node.ts) for the exits Bee makes on its own. Every
 * row of the spec's state table, the restart budget, capture rotation, bad input, SIGTERM in headless mode,
 * and the kill -9 test: no orphan after the cockpit itself is SIGKILLed.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { selectSupervisorChip } from '../../machines/cockpit/supervisor.view.js';
import { compileEntries } from '../../test/compiled-entries.js';
import { answers, groupAlive } from '../../test/fixtures/process-probes.js';
import { logSupervisorEvents, startSupervision, type SupervisionOptions } from './index.js';
import { freePort } from '../../test/fixtures/devnet-as-bee.js';

const compiled = compileEntries('supervisor-process', ['devnet/devnet-bin.ts', 'test/fixtures/fake-node.ts', 'test/fixtures/supervise-harness.ts']);
let dir: string;
let devnetBin: string;
let fakeBin: string;

async function executable(name: string, script: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, `#!/bin/sh\nexec "${process.execPath}" "${script}" "$@"\n`);
  await chmod(path, 0o755);
  return path;
}

let yamlCount = 0;
async function nodeYaml(extra = ''): Promise<{ path: string; port: number }> {
  const port = await freePort();
  const path = join(dir, `node-${++yamlCount}.yaml`);
  await writeFile(path, `api-addr: 127.0.0.1:${port}\ndata-dir: ${join(dir, `data-${yamlCount}`)}\nverbosity: debug\n${extra}`);
  return { path, port };
}

/** The processes of group `pgid`, from ps. */
function groupMembers(pgid: number): number[] {
  const out = spawnSync('ps', ['-o', 'pid=', '-g', String(pgid)], { encoding: 'utf8' }).stdout;
  return out.split('\n').map((line) => Number(line.trim())).filter((pid) => pid > 0);
}

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function supervise(options: Partial<SupervisionOptions> & { binPath: string; configPath: string }, env: Record<string, string> = {}) {
  return startSupervision({ autoRestart: false, captureDir: join(dir, `capture-${++yamlCount}`), ...options, deps: { env: { ...process.env, ...env } } });
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'supervisor-process-'));
  devnetBin = await executable('devnet-node', compiled('devnet/devnet-bin.ts'));
  fakeBin = await executable('fake-node', compiled('test/fixtures/fake-node.ts'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('supervisor with a real node process', () => {
  it('Starting -> Running on /health 200; window closes -> SIGTERM, exit 0, final status; output captured', async () => {
    const yaml = await nodeYaml();
    const supervision = supervise({ binPath: devnetBin, configPath: yaml.path });
    const cockpitTab: string[] = [];
    logSupervisorEvents(supervision.actor, (level, message) => cockpitTab.push(`${level} ${message}`));
    const started = await supervision.started;
    expect(started).toMatchObject({ apiUrl: `http://127.0.0.1:${yaml.port}`, refusal: null });
    const running = await waitFor(supervision.actor, (s) => s.matches({ supervising: 'running' }), { timeout: 20_000 });
    const pid = running.context.pid!;
    expect(selectSupervisorChip(running, Date.now())).toMatchObject({ text: 'running', tone: 'green', detail: expect.stringMatching(/^up \d+s$/) });
    expect(groupAlive(pid)).toBe(true); // the node leads its own process group
    const final = await supervision.stop();
    expect(final).toMatch(/^node exited \(0\) after SIGTERM, uptime \d+s$/);
    expect(groupAlive(pid)).toBe(false);
    expect(cockpitTab).toEqual([
      `info node started (pid ${pid}): ${devnetBin} start --config ${yaml.path}`,
      `info node running: /health answered 200 at http://127.0.0.1:${yaml.port}`,
      `info stopping the node: SIGTERM sent to process group ${pid}; SIGKILL after 5 s`,
      `info node stopped (exited (0)): ${final}`,
    ]);
    const captured = await readFile(started.captureFile!, 'utf8');
    expect(captured).toContain('"msg"="bee version"');
    expect(captured).toContain('"msg"="api access"'); // the supervisor's own /health polls, logged by the node
    expect(captured).toContain('"msg"="received interrupt signal"');
  });

  it('Running -> Exited: exit 0 is `exited (0)` grey, a code is `exited (3)` red, a signal is `killed (sig 9)` red', async () => {
    const clean = await nodeYaml();
    const a = supervise({ binPath: devnetBin, configPath: clean.path });
    const runningA = await waitFor(a.actor, (s) => s.matches({ supervising: 'running' }), { timeout: 20_000 });
    process.kill(runningA.context.pid!, 'SIGTERM'); // stopped by someone else: Bee exits 0
    const exitedA = await waitFor(a.actor, (s) => s.matches('exited'), { timeout: 10_000 });
    expect(selectSupervisorChip(exitedA, Date.now())).toMatchObject({ text: 'exited (0)', tone: 'grey' });

    const coded = await nodeYaml();
    const b = supervise({ binPath: fakeBin, configPath: coded.path }, { FAKE_NODE: 'exit-3-on-usr2' });
    const runningB = await waitFor(b.actor, (s) => s.matches({ supervising: 'running' }), { timeout: 20_000 });
    process.kill(runningB.context.pid!, 'SIGUSR2');
    const exitedB = await waitFor(b.actor, (s) => s.matches('exited'), { timeout: 10_000 });
    expect(selectSupervisorChip(exitedB, Date.now())).toMatchObject({ text: 'exited (3)', tone: 'red' });

    const killed = await nodeYaml();
    const c = supervise({ binPath: devnetBin, configPath: killed.path });
    const runningC = await waitFor(c.actor, (s) => s.matches({ supervising: 'running' }), { timeout: 20_000 });
    process.kill(runningC.context.pid!, 'SIGKILL');
    const killedC = await waitFor(c.actor, (s) => s.matches('killed'), { timeout: 10_000 });
    expect(selectSupervisorChip(killedC, Date.now())).toMatchObject({ text: 'killed (sig 9)', tone: 'red' });
    for (const s of [a, b, c]) expect(await s.stop()).toMatch(/^node (exited|killed)/);
  });

  it('a node that ignores SIGTERM is SIGKILLed after the grace', async () => {
    const yaml = await nodeYaml();
    const supervision = startSupervision({ binPath: fakeBin, configPath: yaml.path, autoRestart: false, captureDir: join(dir, 'cap-term'), stopGraceMs: 500, deps: { env: { ...process.env, FAKE_NODE: 'ignore-term' } } });
    const running = await waitFor(supervision.actor, (s) => s.matches({ supervising: 'running' }), { timeout: 20_000 });
    const final = await supervision.stop();
    expect(final).toMatch(/^node killed \(sig 9\) after SIGKILL \(SIGTERM was ignored for 1 s\)/);
    expect(groupAlive(running.context.pid!)).toBe(false);
  });

  it('no /health 200 within the readiness wait: red chip, node left running; an exit during start-up is red whatever the code', async () => {
    const slow = await nodeYaml();
    const a = startSupervision({ binPath: fakeBin, configPath: slow.path, autoRestart: false, captureDir: join(dir, 'cap-slow'), delays: { readinessTimeout: 1_000 }, deps: { env: { ...process.env, FAKE_NODE: 'never-ready' } } });
    const overdue = await waitFor(a.actor, (s) => s.matches({ supervising: { starting: { deadline: 'overdue' } } }) && s.context.healthDetail === '/health answered 503', { timeout: 20_000 });
    const chip = selectSupervisorChip(overdue, Date.now());
    expect(chip).toMatchObject({ text: 'starting (no /health 200 in 60 s)', tone: 'red' });
    expect(chip.detail).toContain('/health answered 503');
    expect(groupAlive(overdue.context.pid!)).toBe(true);
    await a.stop();

    const failing = await nodeYaml();
    const b = supervise({ binPath: fakeBin, configPath: failing.path }, { FAKE_NODE: 'startup-fail' });
    const exited = await waitFor(b.actor, (s) => s.matches('exited'), { timeout: 20_000 });
    expect(selectSupervisorChip(exited, Date.now())).toMatchObject({
      text: 'exited (0)',
      tone: 'red',
      detail: expect.stringMatching(/^during start-up \(after \d+s\): failed to build bee node: no known postage stamp addresses for this network$/),
    });
  });

  it('auto_restart respawns with back-off and stops at the budget: `max restarts (2/2) hit`', async () => {
    const yaml = await nodeYaml();
    const supervision = startSupervision({
      binPath: fakeBin,
      configPath: yaml.path,
      autoRestart: true,
      maxRestartsPerHour: 2,
      captureDir: join(dir, 'cap-restart'),
      delays: { restartBackoff: 100 },
      deps: { env: { ...process.env, FAKE_NODE: 'crash-when-ready', FAKE_NODE_CRASH_MS: '300' } },
    });
    const pids = new Set<number>();
    supervision.actor.subscribe((s) => s.context.pid && pids.add(s.context.pid));
    const gaveUp = await waitFor(supervision.actor, (s) => s.matches('gaveUp'), { timeout: 30_000 });
    expect(selectSupervisorChip(gaveUp, Date.now())).toMatchObject({ text: 'max restarts (2/2) hit', tone: 'red', detail: expect.stringContaining('last: exited (1)') });
    expect(pids.size).toBe(3); // the first run and two respawns
    expect(await supervision.stop()).toMatch(/^node exited \(1\)/);
  });

  it('rotates the capture file by size, keeping keep_files files', async () => {
    const yaml = await nodeYaml();
    const captureDir = join(dir, 'cap-rotate');
    const supervision = startSupervision({
      binPath: fakeBin,
      configPath: yaml.path,
      autoRestart: false,
      captureDir,
      rotateSizeMb: 0.05,
      keepFiles: 3,
      deps: { env: { ...process.env, FAKE_NODE: 'flood', FAKE_NODE_LINES: '20000' } },
    });
    const { captureFile } = await supervision.started;
    await until('the flood to end', async () => (await readFile(captureFile!, 'utf8').catch(() => '')).includes('flood done'), 20_000);
    await supervision.stop();
    expect((await readdir(captureDir)).sort()).toEqual(['node.log', 'node.log.1', 'node.log.2']);
    const limit = 0.05 * 1024 * 1024;
    for (const name of ['node.log.1', 'node.log.2']) {
      const text = await readFile(join(captureDir, name), 'utf8');
      expect(text.length).toBeLessThan(limit + 200); // over by at most one line
      expect(text.endsWith('\n')).toBe(true); // rotated at a line boundary
    }
  });

  it('\r progress output is rotated by bytes: rotate 64 KiB x 2 files stay within 128 KiB for 8 MiB of output (issue 24 item 4)', async () => {
    const yaml = await nodeYaml();
    const captureDir = join(dir, 'cap-progress');
    const supervision = startSupervision({
      binPath: fakeBin,
      configPath: yaml.path,
      autoRestart: false,
      captureDir,
      rotateSizeMb: 1 / 16,
      keepFiles: 2,
      deps: { env: { ...process.env, FAKE_NODE: 'progress', FAKE_NODE_BYTES: String(8 * 1024 * 1024) } },
    });
    const { captureFile } = await supervision.started;
    await until('the progress output to end', async () => (await readFile(captureFile!, 'utf8').catch(() => '')).includes('progress done'), 30_000);
    await supervision.stop();
    const names = (await readdir(captureDir)).sort();
    expect(names).toEqual(['node.log', 'node.log.1']);
    const sizes = await Promise.all(names.map(async (name) => (await stat(join(captureDir, name))).size));
    for (const size of sizes) expect(size).toBeLessThanOrEqual(64 * 1024);
  });

  it('the temp capture directory goes with a clean stop, stays (named) after a crash, and stale ones go at the next start (issue 24 item 4)', async () => {
    const captureDirOf = (file: string | null) => join(file!, '..');
    // A clean stop: the directory under $TMPDIR is removed.
    const clean = await nodeYaml();
    const a = startSupervision({ binPath: fakeBin, configPath: clean.path, autoRestart: false, deps: { env: { ...process.env, FAKE_NODE: 'serve' } } });
    const startedA = await a.started;
    expect(startedA.captureFile).toMatch(new RegExp(`^${tmpdir()}/cockpit-node-${process.pid}-[^/]+/node\\.log$`));
    await waitFor(a.actor, (s) => s.matches({ supervising: 'running' }), { timeout: 20_000 });
    expect(await a.stop()).toMatch(/^node exited \(0\) after SIGTERM, uptime \d+s$/);
    await expect(stat(captureDirOf(startedA.captureFile))).rejects.toThrow(/ENOENT/);

    // The node crashed on its own: its output explains why, so it is kept and named.
    const crash = await nodeYaml();
    const b = startSupervision({ binPath: fakeBin, configPath: crash.path, autoRestart: false, deps: { env: { ...process.env, FAKE_NODE: 'crash-when-ready' } } });
    const startedB = await b.started;
    await waitFor(b.actor, (s) => s.matches('exited'), { timeout: 20_000 });
    const finalB = await b.stop();
    expect(finalB).toMatch(/^node exited \(1\), uptime \d+s; its output is kept in /);
    expect(finalB.endsWith(`; its output is kept in ${startedB.captureFile}`)).toBe(true);
    expect((await stat(startedB.captureFile!)).isFile()).toBe(true);

    // At the next start: a day-old directory of a dead cockpit goes; a live cockpit's and a fresh one stay.
    const deadPid = Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString());
    const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
    const stale = await mkdtemp(join(tmpdir(), `cockpit-node-${deadPid}-`));
    await writeFile(join(stale, 'node.log'), 'old\n');
    const live = await mkdtemp(join(tmpdir(), `cockpit-node-${process.ppid}-`));
    const fresh = await mkdtemp(join(tmpdir(), `cockpit-node-${deadPid}-`));
    for (const path of [join(stale, 'node.log'), stale, live]) await utimes(path, dayAgo, dayAgo);
    const c = startSupervision({ binPath: fakeBin, configPath: (await nodeYaml()).path, autoRestart: false, deps: { env: { ...process.env, FAKE_NODE: 'serve' } } });
    await c.started;
    await expect(stat(stale)).rejects.toThrow(/ENOENT/);
    expect((await stat(live)).isDirectory()).toBe(true);
    expect((await stat(fresh)).isDirectory()).toBe(true);
    await c.stop();
    for (const path of [live, fresh, captureDirOf(startedB.captureFile)]) await rm(path, { recursive: true, force: true });
  });

  it('refuses bad input with a clear chip: binary missing or not executable, YAML missing, a directory or refused by Bee, the port taken', async () => {
    const yaml = await nodeYaml();
    const refusalOf = async (binPath: string, configPath: string) => {
      const s = supervise({ binPath, configPath });
      const refused = await waitFor(s.actor, (snap) => snap.matches('refused'), { timeout: 10_000 });
      expect(selectSupervisorChip(refused, 0).text).toBe('start-up check failed');
      await s.stop();
      return selectSupervisorChip(refused, 0).detail;
    };
    const plain = join(dir, 'not-executable');
    await writeFile(plain, '#!/bin/sh\n');
    await chmod(plain, 0o644);
    await mkdir(join(dir, 'a-directory.yaml'), { recursive: true });
    const unknownKey = join(dir, 'unknown.yaml');
    await writeFile(unknownKey, 'api-adr: 127.0.0.1:1633\n');
    expect(await refusalOf(join(dir, 'no-such-bee'), yaml.path)).toBe(`node binary ${join(dir, 'no-such-bee')} does not exist`);
    expect(await refusalOf(plain, yaml.path)).toBe(`node binary ${plain} is not executable (chmod +x ${plain})`);
    expect(await refusalOf(dir, yaml.path)).toBe(`node binary ${dir} is a directory, not a program`);
    expect(await refusalOf(devnetBin, join(dir, 'missing.yaml'))).toBe(`node config ${join(dir, 'missing.yaml')} does not exist`);
    expect(await refusalOf(devnetBin, join(dir, 'a-directory.yaml'))).toBe(`node config ${join(dir, 'a-directory.yaml')} is a directory, not a YAML file`);
    expect(await refusalOf(devnetBin, unknownKey)).toBe(`node config ${unknownKey}: unknown parameters (Bee refuses to start): api-adr`);
    const fifo = join(dir, 'a-fifo.yaml');
    spawnSync('mkfifo', [fifo]);
    expect(await refusalOf(devnetBin, fifo)).toBe(`node config ${fifo} is not a regular file`); // and no hang on the read

    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(yaml.port, '127.0.0.1', resolve));
    try {
      expect(await refusalOf(devnetBin, yaml.path)).toMatch(new RegExp(`^API port ${yaml.port} is already in use by process ${process.pid} \\(node\\): stop that process or change api-addr in `));
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});

describe('the cockpit process itself', () => {
  async function startHarness(bin = devnetBin, env: Record<string, string> = {}) {
    const yaml = await nodeYaml();
    const captureDir = join(dir, `harness-${yamlCount}`);
    const harness = spawn(process.execPath, [compiled('test/fixtures/supervise-harness.ts'), bin, yaml.path, captureDir], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } });
    const lines: string[] = [];
    let buffered = '';
    harness.stdout.on('data', (d: Buffer) => {
      buffered += d.toString();
      const parts = buffered.split('\n');
      buffered = parts.pop() ?? '';
      lines.push(...parts);
    });
    const exited = new Promise<number | null>((resolve) => harness.once('exit', (code) => resolve(code)));
    await until('the harness to report the node running', () => lines.length > 0, 30_000);
    const info = JSON.parse(lines[0]!) as { harness: number; node: number; chip: string; captureFile: string };
    expect(info.chip).toBe('running');
    return { harness, info, lines, exited, port: yaml.port };
  }

  it('a dead leader does not free its group: one SIGTERM then stops the cockpit (issue 24 item 3)', async () => {
    const { harness, info, lines, exited, port } = await startHarness(fakeBin, { FAKE_NODE: 'child-serves' });
    expect(groupMembers(info.node).length).toBe(2); // the leader and the child serving the API
    process.kill(info.node, 'SIGKILL'); // as the OOM killer would
    await until('the rest of the group to be ended', () => !groupAlive(info.node), 10_000);
    expect(await answers(port)).toBe(false);
    await until('the harness to see the exit', () => lines.some((line) => line.includes('killed (sig 9)')), 10_000);
    expect(JSON.parse(lines.find((line) => line.includes('killed (sig 9)'))!)).toEqual({ chip: 'killed (sig 9)', detail: expect.stringMatching(/^after \d+s up: SIGKILL, not sent by the cockpit \(the OOM killer or another process\?\)(; its last output: .*)? · the rest of its process group was ended \(SIGTERM\)$/) });
    harness.kill('SIGTERM');
    const code = await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve('still running 10 s after one SIGTERM'), 10_000))]);
    expect(code).toBe(0);
  });

  it('kill -9 of the cockpit while the rest of a dead leader’s group is being ended: the lifeline finishes it (issue 24 item 3)', async () => {
    const { harness, info, exited, port } = await startHarness(fakeBin, { FAKE_NODE: 'child-serves', FAKE_NODE_CHILD_IGNORES_TERM: '1' });
    const [child] = groupMembers(info.node).filter((pid) => pid !== info.node);
    process.kill(info.node, 'SIGKILL');
    await until('the cockpit to have sent SIGTERM to the group', async () => (await readFile(info.captureFile, 'utf8')).includes('ignoring SIGTERM'), 10_000);
    harness.kill('SIGKILL');
    expect(await exited).toBe(null);
    expect(groupAlive(info.node)).toBe(true); // the child ignores SIGTERM: only SIGKILL ends it
    await until('the lifeline to SIGKILL the group', () => !groupAlive(info.node), 15_000);
    expect(await answers(port)).toBe(false);
    expect(child).toBeGreaterThan(0);
  });

  it('SIGTERM in a headless mode stops the node (SIGTERM to its group) and prints the final status', async () => {
    const { harness, info, lines, exited } = await startHarness();
    harness.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(lines.map((line) => JSON.parse(line) as Record<string, string>).find((line) => 'final' in line)).toEqual({ final: expect.stringMatching(/^node exited \(0\) after SIGTERM, uptime \d+s$/) });
    expect(groupAlive(info.node)).toBe(false);
  });

  it('kill -9 of the cockpit leaves no orphan: the lifeline watchdog ends the node’s process group', async () => {
    const { harness, info, exited } = await startHarness();
    expect(groupAlive(info.node)).toBe(true);
    harness.kill('SIGKILL');
    expect(await exited).toBe(null);
    await until('the node process group to be gone', () => !groupAlive(info.node), 10_000);
    // And the devnet exited cleanly on the watchdog's SIGTERM rather than being killed.
    const captureDir = join(dir, `harness-${yamlCount}`);
    expect(await readFile(join(captureDir, 'node.log'), 'utf8')).toContain('"msg"="bee version"');
    expect((await stat(captureDir)).isDirectory()).toBe(true);
  });
});
