import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compileEntries } from '../../test/compiled-entries.js';
import { CockpitStateStore, STATE_FILE, StateFileError } from './state-store.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cockpit-state-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const REF = 'ab'.repeat(32);

describe('CockpitStateStore', () => {
  it('starts from defaults when the data directory does not exist yet, and creates it on the first write', async () => {
    const data = join(dir, 'deep', 'cockpit');
    const store = await CockpitStateStore.open(data);
    expect(store.get()).toEqual({ version: 1, logPaneHeight: 8, lastScreen: 'S1', watchlist: [] });
    expect(existsSync(data)).toBe(false);
    await store.update({ logPaneHeight: 12, lastScreen: 'S15' });
    expect(JSON.parse(readFileSync(join(data, STATE_FILE), 'utf8'))).toEqual({ version: 1, logPaneHeight: 12, lastScreen: 'S15', watchlist: [] });
    expect((await CockpitStateStore.open(data)).get()).toMatchObject({ logPaneHeight: 12, lastScreen: 'S15' });
  });

  it('writes atomically: no temp file is left behind, and concurrent updates apply in call order', async () => {
    const store = await CockpitStateStore.open(dir);
    await Promise.all(Array.from({ length: 20 }, (_, i) => store.update((s) => ({ ...s, watchlist: [...s.watchlist, { reference: REF.slice(0, 62) + String(i).padStart(2, '0') }] }))));
    expect(readdirSync(dir)).toEqual([STATE_FILE]);
    const saved = (await CockpitStateStore.open(dir)).get();
    expect(saved.watchlist.map((w) => w.reference.slice(62))).toEqual(Array.from({ length: 20 }, (_, i) => String(i).padStart(2, '0')));
  });

  it('a malformed field falls back alone; a bad watchlist entry is dropped alone; unknown fields survive', async () => {
    writeFileSync(join(dir, STATE_FILE), JSON.stringify({ version: 1, logPaneHeight: 99, lastScreen: 'S7', watchlist: [{ reference: REF, intervalSeconds: 60 }, { reference: 'nothex' }], fromTheFuture: { x: 1 } }));
    const store = await CockpitStateStore.open(dir);
    expect(store.get()).toEqual({ version: 1, logPaneHeight: 8, lastScreen: 'S7', watchlist: [{ reference: REF, intervalSeconds: 60 }], fromTheFuture: { x: 1 } });
    expect(store.warnings).toEqual([]);
  });

  it('an update that breaks a rule is clamped to the default for that field, never written as given', async () => {
    const store = await CockpitStateStore.open(dir);
    expect((await store.update({ logPaneHeight: 3 })).logPaneHeight).toBe(8);
    expect((await store.update({ logPaneHeight: 24 })).logPaneHeight).toBe(24);
  });

  it('a state file that is not JSON is moved aside, not overwritten, and the store says so', async () => {
    writeFileSync(join(dir, STATE_FILE), '{"logPaneHeight": 1');
    const store = await CockpitStateStore.open(dir);
    expect(store.get().logPaneHeight).toBe(8);
    expect(store.warnings).toHaveLength(1);
    expect(store.warnings[0]).toMatch(/was not a JSON object; moved to .*state\.json\.corrupt-/);
    const aside = readdirSync(dir).find((name) => name.startsWith(`${STATE_FILE}.corrupt-`))!;
    expect(readFileSync(join(dir, aside), 'utf8')).toBe('{"logPaneHeight": 1');
  });

  it('a failed write rejects, leaves no temp file, and the store keeps working', async () => {
    // state.json is a (non-empty) directory: the rename over it fails after the temp file was written.
    mkdirSync(join(dir, STATE_FILE, 'occupied'), { recursive: true });
    const store = await CockpitStateStore.open(dir).catch(() => undefined);
    expect(store).toBeUndefined();
    rmSync(join(dir, STATE_FILE), { recursive: true });
    const working = await CockpitStateStore.open(dir);
    await working.update({ lastScreen: 'S2' });
    mkdirSync(join(dir, 'x'));
    const blocked = await CockpitStateStore.open(join(dir, 'x'));
    mkdirSync(join(dir, 'x', STATE_FILE, 'occupied'), { recursive: true });
    await expect(blocked.update({ lastScreen: 'S3' })).rejects.toThrow();
    expect(readdirSync(join(dir, 'x'))).toEqual([STATE_FILE]);
    expect(blocked.get().lastScreen).toBe('S1');
    rmSync(join(dir, 'x', STATE_FILE), { recursive: true });
    expect((await blocked.update({ lastScreen: 'S4' })).lastScreen).toBe('S4');
    expect(JSON.parse(readFileSync(join(dir, STATE_FILE), 'utf8')).lastScreen).toBe('S2');
  });
});

describe('two cockpits sharing a data directory (issue 24 item 9): merge on write under state.json.lock', () => {
  const ref = (mark: string, i: number) => `${mark}${i.toString(16).padStart(62, '0')}`;

  it('each applies only its own change: additions on both sides survive, a removal is not undone', async () => {
    const a = await CockpitStateStore.open(dir);
    const b = await CockpitStateStore.open(dir);
    await a.update({ watchlist: [{ reference: ref('aa', 1) }] });
    await b.update({ watchlist: [{ reference: ref('bb', 1) }], logPaneHeight: 12 }); // b never saw aa1
    expect((await CockpitStateStore.open(dir)).get()).toMatchObject({ logPaneHeight: 12, watchlist: [{ reference: ref('aa', 1) }, { reference: ref('bb', 1) }] });
    await a.update({ watchlist: [] }); // a removes aa1 and leaves b's entry alone
    await b.update({ watchlist: [{ reference: ref('bb', 1), intervalSeconds: 60 }] }); // b edits its own entry only
    await a.update({ lastScreen: 'S12' }); // a's height is still 8 in its memory: b's 12 stays
    const saved = (await CockpitStateStore.open(dir)).get();
    expect(saved).toMatchObject({ logPaneHeight: 12, lastScreen: 'S12', watchlist: [{ reference: ref('bb', 1), intervalSeconds: 60 }] });
    expect(readdirSync(dir)).toEqual([STATE_FILE]);
  });

  it('two real processes adding 40 references each at once: all 80 are on disk', async () => {
    const writer = compileEntries('state-store-writer', ['test/fixtures/state-writer.ts'])('test/fixtures/state-writer.ts');
    const run = (mark: string) =>
      new Promise<{ done: boolean; problems: string[] }>((resolve, reject) => {
        const child = spawn(process.execPath, [writer, dir, mark, '40'], { stdio: ['ignore', 'pipe', 'inherit'] });
        let out = '';
        child.stdout.on('data', (d: Buffer) => (out += d.toString()));
        child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as { done: boolean; problems: string[] }) : reject(new Error(`writer ${mark} exited ${code}`))));
      });
    const results = await Promise.all([run('aa'), run('bb')]);
    expect(results).toEqual([{ done: true, problems: [] }, { done: true, problems: [] }]);
    const refs = (await CockpitStateStore.open(dir)).get().watchlist.map((entry) => entry.reference);
    expect(refs.filter((r) => r.startsWith('aa'))).toEqual(Array.from({ length: 40 }, (_, i) => ref('aa', i)));
    expect(refs.filter((r) => r.startsWith('bb'))).toEqual(Array.from({ length: 40 }, (_, i) => ref('bb', i)));
  }, 60_000);

  it('a lock left by a killed cockpit is taken over; a live holder makes the write wait, then fail out loud', async () => {
    const lock = join(dir, `${STATE_FILE}.lock`);
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    writeFileSync(lock, JSON.stringify({ pid: Number(dead.stdout.toString()), host: hostname(), sinceMs: Date.now() }));
    const store = await CockpitStateStore.open(dir);
    await store.update({ lastScreen: 'S3' });
    expect(existsSync(lock)).toBe(false);

    writeFileSync(lock, JSON.stringify({ pid: process.ppid, host: hostname(), sinceMs: Date.now() }));
    const problems: string[] = [];
    store.onProblem((message) => problems.push(message));
    const started = Date.now();
    await expect(store.update({ lastScreen: 'S4' })).rejects.toThrow(`${lock} is held by process ${process.ppid} on ${hostname()} for over 5 s`);
    expect(Date.now() - started).toBeGreaterThanOrEqual(5_000);
    await store.flush();
    expect(problems).toEqual([`the cockpit's state was not saved to ${join(dir, STATE_FILE)}: ${lock} is held by process ${process.ppid} on ${hostname()} for over 5 s; another cockpit is writing this data directory`]);
    rmSync(lock);
    expect((await store.update({ lastScreen: 'S5' })).lastScreen).toBe('S5');
  }, 20_000);
});

describe('state.json edge cases (issue 24 item 10)', () => {
  it('a named pipe is refused at once with a message, never read (no hang)', async () => {
    execFileSync('mkfifo', [join(dir, STATE_FILE)]);
    await expect(CockpitStateStore.open(dir)).rejects.toThrow(
      new StateFileError(`${join(dir, STATE_FILE)} is a named pipe, not a regular file: the cockpit keeps its state in a file there. Remove it, or set COCKPIT_DATA to another directory`),
    );
  });

  it('a deeply nested unknown field is moved aside with a warning, and every later write lands', async () => {
    const deep = `{"version":1,"logPaneHeight":12,"fromTheFuture":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    writeFileSync(join(dir, STATE_FILE), deep);
    const store = await CockpitStateStore.open(dir);
    expect(store.warnings).toEqual([expect.stringMatching(/state\.json nests deeper than 64 levels \(a value that deep cannot be written back\); moved to .*state\.json\.corrupt-.*, starting from defaults$/)]);
    await store.update({ lastScreen: 'S9' });
    await store.update({ watchlist: [{ reference: REF }] });
    expect(JSON.parse(readFileSync(join(dir, STATE_FILE), 'utf8'))).toMatchObject({ lastScreen: 'S9', watchlist: [{ reference: REF }] });
    const aside = readdirSync(dir).find((name) => name.startsWith(`${STATE_FILE}.corrupt-`))!;
    expect(readFileSync(join(dir, aside), 'utf8')).toBe(deep);
  });

  it('the same file written by another cockpit while this one runs is moved aside at the next write, said out loud', async () => {
    const store = await CockpitStateStore.open(dir);
    const problems: string[] = [];
    store.onProblem((message) => problems.push(message));
    await store.update({ lastScreen: 'S2' });
    writeFileSync(join(dir, STATE_FILE), `{"x":${'{"y":'.repeat(100)}1${'}'.repeat(100)}}`);
    await store.update({ logPaneHeight: 10 });
    expect(JSON.parse(readFileSync(join(dir, STATE_FILE), 'utf8'))).toMatchObject({ lastScreen: 'S2', logPaneHeight: 10 });
    expect(problems).toEqual([expect.stringMatching(/nests deeper than 64 levels .*; moved to .*; writing this cockpit's state in its place$/)]);
  });

  it('a state file over 4 MiB is moved aside unread', async () => {
    writeFileSync(join(dir, STATE_FILE), `{"pad":"${'x'.repeat(5 * 1024 * 1024)}"}`);
    const store = await CockpitStateStore.open(dir);
    expect(store.warnings[0]).toMatch(/state\.json is 5\.0 MiB, over the 4 MiB a state file may be; moved to /);
  });
});
