import { describe, expect, it } from 'vitest';
import { DEFAULT_WEB_FORM, formFromQuery, inputFromForm, queryFromForm, type WebForm } from './web-form.js';

const REF = 'ab'.repeat(32);

describe('web form and query string', () => {
  it('round-trips every field through the query string', () => {
    const form: WebForm = { ref: REF, nodes: 'http://127.0.0.1:1\nhttp://127.0.0.1:2', gateways: 'http://127.0.0.1:3', targetOverlay: 'cd'.repeat(32), timeoutSeconds: '5', perChunk: true, cold: true };
    const query = queryFromForm(form);
    expect(new URLSearchParams(query).getAll('node')).toEqual(['http://127.0.0.1:1', 'http://127.0.0.1:2']);
    expect(new URLSearchParams(query).get('ref')).toBe(REF);
    expect(formFromQuery(`?${query}`)).toEqual(form);
  });
  it('falls back to defaults without a query', () => {
    expect(formFromQuery('')).toEqual(DEFAULT_WEB_FORM);
  });
  it('converts to a check input, and explains bad fields', () => {
    const ok = inputFromForm({ ...DEFAULT_WEB_FORM, ref: `0x${REF}`, nodes: 'http://127.0.0.1:1/\n\n', perChunk: true });
    expect(ok).toMatchObject({ input: { target: { kind: 'reference', reference: REF }, nodes: ['http://127.0.0.1:1'], gateways: [], perChunk: true, timeoutMs: 60_000, replicas: {} } });
    expect(inputFromForm({ ...DEFAULT_WEB_FORM, ref: 'nope' })).toEqual({ error: expect.stringContaining('invalid input') });
    expect(inputFromForm({ ...DEFAULT_WEB_FORM, ref: REF, nodes: '' })).toEqual({ error: expect.stringContaining('at least one node') });
    expect(inputFromForm({ ...DEFAULT_WEB_FORM, ref: REF, nodes: 'javascript:alert(1)' })).toEqual({ error: expect.stringContaining('node URL') });
    expect(inputFromForm({ ...DEFAULT_WEB_FORM, ref: REF, timeoutSeconds: '0' })).toEqual({ error: expect.stringContaining('timeout') });
  });
});
