import { describe, expect, it } from 'vitest';
import { columnDropOrder } from './column-drop.js';
import { screenGallery } from '../screens/screen-gallery.js';

describe('columnDropOrder (both faces drop columns in this order)', () => {
  it('highest priority number first, the rightmost of equals first, never priority 1', () => {
    expect(columnDropOrder([{ priority: 1 }, { priority: 2 }, { priority: 4 }, { priority: 1 }, { priority: 3 }, { priority: 2 }, { priority: 5 }])).toEqual([6, 2, 4, 5, 1]);
    expect(columnDropOrder([{ priority: 1 }])).toEqual([]);
  });

  it('S2: Why goes first, then Amount; Batch, TTL and Status are never dropped', () => {
    const table = screenGallery()
      .filter((screen) => screen.screen === 'stamps')
      .flatMap((screen) => screen.content.sections)
      .find((section) => section.kind === 'table' && section.id === 'batches');
    if (table?.kind !== 'table') throw new Error('S2 batch table not in the gallery');
    const labels = columnDropOrder(table.columns).map((index) => table.columns[index]!.label);
    expect(labels.slice(0, 2)).toEqual(['Why', 'Amount']);
    expect(labels).not.toContain('Batch');
    expect(labels).not.toContain('TTL');
    expect(labels).not.toContain('Status');
  });
});
