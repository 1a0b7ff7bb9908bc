import { describe, expect, it } from 'vitest';
import { viewFor } from '../../../../../core/cockpit/interaction/view-fixtures.js';
import { ViewStore } from './view-store.js';

describe('the renderer\'s view store', () => {
  it('knows whether the views reflect every event sent (ack against seq), per connection', () => {
    const store = new ViewStore();
    const view = viewFor({ face: 'desktop' });
    let changes = 0;
    store.subscribe(() => (changes += 1));
    store.setStatus({ state: 'open', attempt: 0 });
    store.receive({ t: 'view', view });
    expect(store.getView()).toEqual(view);
    expect(store.isSynced()).toBe(true);
    expect(store.nextSeq()).toBe(1);
    expect(store.nextSeq()).toBe(2);
    expect(store.isSynced()).toBe(false);
    store.receive({ t: 'patch', slices: { banner: { id: 1, text: 'one', tone: 'ok' } }, ack: 1 });
    expect(store.getView()?.banner?.text).toBe('one');
    expect(store.isSynced()).toBe(false);
    const before = changes;
    store.receive({ t: 'ack', ack: 2 });
    expect(store.isSynced()).toBe(true);
    expect(changes).toBe(before + 1);
    // An older ack never moves it back.
    store.receive({ t: 'patch', slices: { banner: null }, ack: 1 });
    expect(store.isSynced()).toBe(true);

    // A lost connection; the next one numbers from 1 again, and its first view reflects nothing of ours yet.
    store.setStatus({ state: 'lost', attempt: 1 });
    store.setStatus({ state: 'open', attempt: 0 });
    expect(store.nextSeq()).toBe(1);
    store.receive({ t: 'view', view });
    expect(store.isSynced()).toBe(false);
    store.receive({ t: 'ack', ack: 1 });
    expect(store.isSynced()).toBe(true);
  });

  it('keeps the identity of what did not change, and ignores a patch before any whole view', () => {
    const store = new ViewStore();
    store.receive({ t: 'patch', slices: { banner: null } });
    expect(store.getView()).toBeNull();
    const view = viewFor({ face: 'desktop' });
    store.receive({ t: 'view', view });
    const first = store.getView()!;
    store.receive({ t: 'patch', slices: { logPane: { ...view.logPane, visible: true } } }, 123);
    expect(store.getView()!.screen).toBe(first.screen);
    expect(store.getView()!.logPane.visible).toBe(true);
    expect(store.receivedAt).toBe(123);
  });
});
