import { describe, expect, it } from 'vitest';
import { tagProgress } from './tag-progress.js';

const tag = (over: Partial<Parameters<typeof tagProgress>[0]>) => ({ uid: 1, address: '', split: 0, seen: 0, stored: 0, sent: 0, synced: 0, ...over });
const ROOT = 'ab'.repeat(32);

describe('tag progress rule', () => {
  it('stays Pending while the chunk count is not declared (streamed uploads, splitting), whatever synced says', () => {
    expect(tagProgress(tag({}))).toMatchObject({ state: 'Pending', fraction: null, text: 'chunk count not declared (nothing split yet)' });
    expect(tagProgress(tag({ split: 12, synced: 12, sent: 24 }))).toMatchObject({ state: 'Pending', fraction: null, text: 'chunk count not declared (12 chunks so far, 12 synced)' });
  });

  it('counts synced + seen against split once the root is declared, capped at 100 %', () => {
    expect(tagProgress(tag({ address: ROOT, split: 400, synced: 132 }))).toEqual({ state: 'Syncing', fraction: 0.33, text: '132/400 chunks synced' });
    expect(tagProgress(tag({ address: ROOT, split: 4, synced: 2, seen: 2 }))).toMatchObject({ state: 'Synced', fraction: 1, text: '4/4 chunks synced (2 already there)' });
    expect(tagProgress(tag({ address: ROOT, split: 4, synced: 9, seen: 4 }))).toMatchObject({ state: 'Synced', fraction: 1 });
    expect(tagProgress(tag({ address: ROOT, split: 0 }))).toMatchObject({ state: 'Synced', text: 'no chunks to sync' });
  });
});
