import { describe, expect, it } from 'vitest';
import { failed, ok } from './common.js';
import { renderNetwork } from './network.js';

const identity = {
  overlay: 'ab'.repeat(32),
  ethereum: '0x' + 'cd'.repeat(20),
  publicKey: '02' + 'ef'.repeat(32),
  pssPublicKey: '03' + '12'.repeat(32),
  underlay: ['/ip4/127.0.0.1/tcp/1634/p2p/QmYyQSo1c1Ym7orWxLYvCrM2EmxFTANf8wXmmE7DWjhx5N', '/ip4/203.0.113.9/tcp/1634/p2p/QmYyQSo1c1Ym7orWxLYvCrM2EmxFTANf8wXmmE7DWjhx5N'],
};
const facts = (content: ReturnType<typeof renderNetwork>, id: string) => {
  const s = content.sections.find((x) => x.id === id);
  return s?.kind === 'facts' ? Object.fromEntries(s.rows.map((r) => [r.label, r])) : {};
};

describe('S7 network', () => {
  it('shows identity in full on demand, reachability and underlays', () => {
    const content = renderNetwork({ addresses: ok(identity), topology: ok({ reachability: 'Public', networkAvailability: 'Available' }), polledAtMs: 0 });
    expect(content.status).toBe('ready');
    expect(facts(content, 'identity')['overlay']).toEqual({ label: 'overlay', value: 'abababab…abab', full: 'ab'.repeat(32) });
    expect(facts(content, 'identity')['PSS public key']?.full).toBe(identity.pssPublicKey);
    expect(facts(content, 'reachability')['reachability']).toMatchObject({ value: 'Public', tone: 'ok' });
    const table = content.sections.find((s) => s.id === 'underlays');
    expect(table?.kind === 'table' && table.rows.map((r) => r.cells[2]?.text)).toEqual([expect.stringMatching(/^loopback/), expect.stringMatching(/^public/)]);
    expect(table?.kind === 'table' && table.rows[0]?.cells[0]?.text).toBe('/ip4/127.0.0.1/tcp/1634/p2p/QmYyQS…hx5N');
  });

  it('reads Private from AutoNAT, and advises when no underlay is public', () => {
    const content = renderNetwork({ addresses: ok({ ...identity, underlay: [identity.underlay[0]!] }), topology: ok({ reachability: 'Private', networkAvailability: 'Available' }), polledAtMs: 0 });
    expect(facts(content, 'reachability')['reachability']).toMatchObject({ value: 'Private', tone: 'fail' });
    expect(content.sections.some((s) => s.id === 'advice')).toBe(true);
  });

  it('keeps the half that answered and says why the other did not', () => {
    const content = renderNetwork({ addresses: failed({ code: 'network', detail: 'network error: ECONNRESET' }), topology: ok({ reachability: 'Public', networkAvailability: 'Available' }), polledAtMs: 0 });
    expect(content.status).toBe('ready');
    expect(facts(content, 'identity')['identity']).toMatchObject({ tone: 'muted', value: 'unknown: /addresses: network error: ECONNRESET' });
    expect(content.subtitle).toMatch(/^\/addresses: network error: ECONNRESET · polled at/);
    const both = renderNetwork({ addresses: failed({ code: 'timeout', detail: 'timeout' }), topology: failed({ code: 'timeout', detail: 'timeout' }), polledAtMs: 0 });
    expect(both.status).toBe('error');
    expect(renderNetwork({ addresses: null, topology: null, polledAtMs: null }).status).toBe('loading');
  });
});
