import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AVAILABILITY_RECENT } from '../../core/cockpit/availability.js';
import { WATCHLIST_MAX } from '../../config-schema/cockpit-state.js';
import { CockpitStateStore } from './state-store.js';
import { WATCH_HISTORY_FILE, WatchHistoryFile } from './watch-history.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cockpit-watch-history-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const ref = (n: number) => n.toString(16).padStart(64, '0');
const result = (reference: string, atMs: number, retrievable: boolean | null) => ({ reference, node: 'http://127.0.0.1:1633', checkedAtMs: atMs, elapsedMs: 12, retrievable });
const onDisk = () => JSON.parse(readFileSync(join(dir, WATCH_HISTORY_FILE), 'utf8'));

describe('watch-history.json', () => {
  it('keeps every reference’s record across a restart, written atomically (no temp file left)', async () => {
    const first = await WatchHistoryFile.open(dir);
    first.record(result(ref(1), 1_000, true));
    first.record(result(ref(1), 61_000, false));
    first.record(result(ref(2), 2_000, null));
    await first.flush();
    expect(readdirSync(dir).sort()).toEqual([WATCH_HISTORY_FILE]);
    const again = await WatchHistoryFile.open(dir);
    expect(again.get()[ref(1)]).toMatchObject({ checks: 2, retrievable: 1, notRetrievable: 1, firstFailureMs: 61_000, outageSinceMs: 61_000 });
    expect(again.get()[ref(2)]).toMatchObject({ checks: 1, unknown: 1 });
    again.forget(ref(2));
    await again.flush();
    expect(Object.keys(onDisk().references)).toEqual([ref(1)]);
  });

  it('is bounded: 100 results per reference, 500 references (the most recently checked)', async () => {
    const store = await WatchHistoryFile.open(dir);
    for (let i = 0; i < AVAILABILITY_RECENT + 20; i++) store.record(result(ref(1), i, true));
    for (let n = 0; n < WATCHLIST_MAX + 5; n++) store.record(result(ref(1000 + n), 10_000 + n, true));
    await store.flush();
    const references = onDisk().references;
    expect(Object.keys(references)).toHaveLength(WATCHLIST_MAX);
    expect(references[ref(1000)]).toBeUndefined(); // among the oldest checked
    const again = await WatchHistoryFile.open(dir);
    expect(again.get()[ref(1000 + WATCHLIST_MAX + 4)]?.checks).toBe(1);
  });

  it('two cockpits on one data directory add their checks to each other’s, never over them', async () => {
    const a = await WatchHistoryFile.open(dir);
    const b = await WatchHistoryFile.open(dir);
    a.record(result(ref(1), 1_000, true));
    await a.flush();
    b.record(result(ref(1), 2_000, false));
    b.record(result(ref(3), 2_000, true));
    await b.flush();
    const merged = (await WatchHistoryFile.open(dir)).get();
    expect(merged[ref(1)]).toMatchObject({ checks: 2, retrievable: 1, notRetrievable: 1 });
    expect(merged[ref(3)]?.checks).toBe(1);
  });

  it('a file that is not JSON is moved aside and the history starts afresh, saying so', async () => {
    writeFileSync(join(dir, WATCH_HISTORY_FILE), '{ half a file');
    const store = await CockpitStateStore.open(dir);
    expect(store.warnings).toEqual([expect.stringMatching(/watch-history\.json was not a JSON object; moved to .*watch-history\.json\.corrupt-.*; the watch history starts afresh$/)]);
    expect(store.watchHistory.get()).toEqual({});
    // A malformed record is dropped alone.
    writeFileSync(join(dir, WATCH_HISTORY_FILE), JSON.stringify({ version: 1, references: { [ref(1)]: { reference: ref(1), checks: -1 }, [ref(2)]: { reference: ref(2), checks: 1, retrievable: 1, notRetrievable: 0, unknown: 0, firstCheckMs: 5, firstFailureMs: null, longestOutageMs: 0, outageSinceMs: null, recent: [result(ref(2), 5, true)] } } }));
    expect(Object.keys((await WatchHistoryFile.open(dir)).get())).toEqual([ref(2)]);
  });
});
