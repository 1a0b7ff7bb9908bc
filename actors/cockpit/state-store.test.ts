import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CockpitStateStore, STATE_FILE } from './state-store.js';

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
