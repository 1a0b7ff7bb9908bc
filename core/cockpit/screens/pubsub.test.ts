import { describe, expect, it } from 'vitest';
import { utf8Encode } from '../../swarm/bytes.js';
import { pssTarget, toMessage } from '../pubsub.js';
import { renderPubsub, type PubsubScreenInput } from './pubsub.js';

const base: PubsubScreenInput = {
  form: { mode: 'PSS', topic: 'news', owner: '', identifier: '' },
  formErrors: {},
  target: null,
  connection: 'idle',
  attempt: 0,
  lastError: null,
  messages: [],
  filter: '',
  dropped: { count: 0, lastReason: null },
  history: null,
};
const messages = [toMessage(1, 0, utf8Encode('Hello')), toMessage(2, 0, Uint8Array.of(1, 2, 255)), toMessage(3, 0, utf8Encode('bye hello'))];
const rows = (input: PubsubScreenInput) => {
  const t = renderPubsub(input).sections.find((s) => s.id === 'messages');
  if (t?.kind !== 'table') throw new Error('no table');
  return t.rows.map((r) => r.cells[2]?.text);
};

describe('S14 pubsub', () => {
  it('has a mode toggle with the fields of that mode', () => {
    const fields = (input: PubsubScreenInput) => {
      const form = renderPubsub(input).sections[0];
      return form?.kind === 'form' ? form.fields.map((f) => f.id) : [];
    };
    expect(fields(base)).toEqual(['mode', 'topic']);
    expect(fields({ ...base, form: { ...base.form, mode: 'GSOC' } })).toEqual(['mode', 'owner', 'identifier']);
  });

  it('lists messages newest first, binary as hex, filtered case-insensitively', () => {
    const input = { ...base, target: pssTarget('news'), connection: 'open' as const, messages };
    expect(rows(input)).toEqual(['bye hello', '0x0102ff', 'Hello']);
    expect(rows({ ...input, filter: 'HELLO' })).toEqual(['bye hello', 'Hello']);
    expect(renderPubsub({ ...input, filter: 'HELLO' }).subtitle).toMatch(/: subscribed · 3 messages \(2 match\)$/);
  });

  it('says it is reconnecting and why, counts dropped frames and names the history file', () => {
    const content = renderPubsub({ ...base, target: pssTarget('news'), connection: 'reconnecting', attempt: 2, lastError: 'socket closed 1006', dropped: { count: 1, lastReason: 'text frame' }, history: { file: '/tmp/h.jsonl', error: null } });
    expect(content.status).toBe('error');
    expect(content.subtitle).toMatch(/reconnecting \(attempt 2\): socket closed 1006 · 0 messages · 1 frame dropped: text frame · history → \/tmp\/h.jsonl$/);
  });
});
