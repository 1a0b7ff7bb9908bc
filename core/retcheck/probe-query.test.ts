import { describe, expect, it } from 'vitest';
import { DEFAULT_PROBE_DEADLINE_MS, parseProbeRequest, probeDeadlineMs } from './probe-query.js';

const REF = 'ab'.repeat(32);
const q = (text: string) => new URLSearchParams(text);

describe('exporter probe request', () => {
  it('reads ref, repeated nodes and gateways, per_chunk, and the deadline from the scrape timeout', () => {
    const parsed = parseProbeRequest(q(`ref=0x${REF}&node=http://a:1633/&node=http://b:1633&gateway=https://gw.example&per_chunk=1`), '10');
    expect(parsed).toEqual({
      ok: true,
      deadlineMs: 9_500,
      input: { target: { kind: 'reference', reference: REF }, nodes: ['http://a:1633', 'http://b:1633'], gateways: ['https://gw.example'], timeoutMs: 9_400, perChunk: true, cold: false, concurrency: 8 },
    });
  });
  it('reads feed handles', () => {
    const parsed = parseProbeRequest(q(`ref=feed:${'12'.repeat(20)}:${'34'.repeat(32)}&node=http://a`), undefined);
    expect(parsed.ok && parsed.input.target).toEqual({ kind: 'feed', owner: '12'.repeat(20), topic: '34'.repeat(32) });
  });
  it('deadline: the default without the header, never under a second, a bad header refused', () => {
    expect(probeDeadlineMs(undefined)).toBe(DEFAULT_PROBE_DEADLINE_MS);
    expect(probeDeadlineMs('0.2')).toBe(1_000);
    expect(probeDeadlineMs('abc')).toMatch(/not a positive number/);
    expect(probeDeadlineMs('-1')).toMatch(/not a positive number/);
  });
  it.each([
    ['', /^missing ref/],
    [`ref=${REF}&ref=${REF}&node=http://a`, /ref given 2 times/],
    [`ref=${REF}`, /^missing node/],
    [`ref=nothex&node=http://a`, /reference/],
    [`ref=${REF}&node=localhost`, /^invalid node/],
    [`ref=${REF}&node=http://a&gateway=ftp://g`, /^invalid gateway/],
    [`ref=${REF}&node=http://a&module=x`, /unknown parameter "module"/],
    [`ref=${REF}&node=http://a&per_chunk=2`, /per_chunk must be 1 or 0/],
  ])('refuses %j with one line', (query, reason) => {
    const parsed = parseProbeRequest(q(query), undefined);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.error).toMatch(reason);
      expect(parsed.error).not.toContain('\n');
    }
  });
});
