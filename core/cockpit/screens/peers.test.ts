import { describe, expect, it } from 'vitest';
import { failed, ok } from './common.js';
import { peerRows, renderPeers, type PeerDrillFacts, type PeersScreenInput, type PeersTopologyFacts } from './peers.js';

const peer = (n: number, po: number) => ({ address: n.toString(16).padStart(64, '0'), po, latencyMs: 2.5, direction: 'outbound', healthy: true, reachability: 'Public', sessionSeconds: 90 });
const topology = (perBin: number[], depth: number): PeersTopologyFacts => {
  const peers = perBin.flatMap((count, po) => Array.from({ length: count }, (_, i) => peer(po * 100 + i + 1, po)));
  return { depth, connected: peers.length, population: peers.length + 5, connectedPerBin: perBin, peers };
};
const base: PeersScreenInput = { topology: null, lastOkAtMs: null, pollError: null, selectedPeer: null, drill: { open: false, loading: false, facts: null, error: null } };
const http = (status: number, detail: string) => ({ code: 'http' as const, status, detail });

describe('S6 peers: strip and table', () => {
  it('loads, then errors with the reason when the first poll fails', () => {
    expect(renderPeers(base).status).toBe('loading');
    expect(renderPeers({ ...base, pollError: '/topology: 404 Not Found' })).toMatchObject({ status: 'error', subtitle: '/topology: 404 Not Found' });
  });

  it('colours 32 bins by the saturation rule and names the starving bin', () => {
    const content = renderPeers({ ...base, topology: topology([9, 8, 3, 0, 2], 4), lastOkAtMs: 0 });
    const strip = content.sections.find((s) => s.kind === 'strip');
    if (strip?.kind !== 'strip') throw new Error('no strip');
    expect(strip.cells).toHaveLength(32);
    expect(strip.cells.slice(0, 6).map((c) => c.tone)).toEqual(['ok', 'ok', 'warn', 'fail', 'info', 'muted']);
    expect(strip.legend).toBe('depth 4 · bins below it want 8+ connected peers · STARVING: bin 3 has 0/8 (+1 more)');
  });

  it('lists peers by bin then address; keeps the last topology when a poll fails', () => {
    const t = topology([1, 2], 0);
    expect(peerRows(t).map((p) => p.po)).toEqual([0, 1, 1]);
    const content = renderPeers({ ...base, topology: t, lastOkAtMs: 0, pollError: '/topology: timeout' });
    expect(content.status).toBe('ready');
    expect(content.subtitle).toMatch(/^\/topology: timeout; showing data from \d\d:\d\d:\d\d$/);
    const table = content.sections.find((s) => s.id === 'peers');
    expect(table?.kind === 'table' && table.rows.length).toBe(3);
  });
});

describe('S6 peers: the six-call drill', () => {
  const target = peer(101, 1).address;
  const snapshot = (overlay: string, batchCommitment: number) => ({ overlay, storageRadius: 10, reserveSize: 4_000_000, pullsyncRate: 0.5, batchCommitment });
  const facts = (over: Partial<PeerDrillFacts> = {}): PeerDrillFacts => ({
    peer: target,
    balance: ok('-20000000000000'),
    cheques: ok({ lastReceived: '1000000000000000', lastSent: null }),
    settlement: ok({ received: '1000000000000000', sent: '0' }),
    ping: ok({ rtt: '3.2ms', rttMs: 3.2 }),
    peerStatuses: ok([snapshot(target, 1000), snapshot('aa', 1000), snapshot('bb', 1000)]),
    localStatus: ok(snapshot('self', 1000)),
    ...over,
  });
  const open = (f: PeerDrillFacts) => renderPeers({ ...base, topology: topology([1, 2], 1), lastOkAtMs: 0, selectedPeer: target, drill: { open: true, loading: false, facts: f, error: null } });
  const rows = (f: PeerDrillFacts) => {
    const section = open(f).drill?.sections[0];
    return section?.kind === 'facts' ? Object.fromEntries(section.rows.map((r) => [r.label, r])) : {};
  };

  it('shows balance, ping, settlements, cheques and the peer status', () => {
    const r = rows(facts());
    expect(r['balance']?.value).toBe('-0.002 xBZZ (this node owes the peer)');
    expect(r['ping']?.value).toBe('3.2 ms');
    expect(r['settlement in']?.value).toBe('0.1 xBZZ');
    expect(r['settlement out']?.value).toBe('0 xBZZ');
    // A zero side reads in the other side's unit: not `0 xBZZ` above `368 M PLUR`.
    const paid = rows(facts({ settlement: ok({ received: '0', sent: '368000000' }) }));
    expect([paid['settlement in']?.value, paid['settlement out']?.value]).toEqual(['0 PLUR', '368 M PLUR']);
    expect(r['last cheque in']?.value).toBe('0.1 xBZZ');
    expect(r['last cheque out']?.value).toBe('none');
    expect(r['storage radius']?.value).toBe('10');
    expect(r['reserve size']?.value).toBe('4,000,000 chunks');
    expect(r['pullsync rate']?.value).toBe('0.50 chunks/s');
    expect(r['batch commitment']).toMatchObject({ tone: 'ok', value: '1,000 chunk slots (+0.0 % vs the median 1,000 across 4 nodes)' });
  });

  it('flags a commitment more than 5 % off the median as an outlier', () => {
    const r = rows(facts({ peerStatuses: ok([snapshot(target, 1100), snapshot('aa', 1000), snapshot('bb', 1000)]) }));
    expect(r['batch commitment']).toMatchObject({ tone: 'fail', value: expect.stringContaining('OUTLIER +10.0 %') });
  });

  it('says per call why it has nothing, and keeps the rest', () => {
    const r = rows(
      facts({
        balance: ok(null),
        settlement: failed(http(403, '403 Swap is disabled. This endpoint is unavailable.')),
        cheques: failed(http(403, '403 Swap is disabled. This endpoint is unavailable.')),
        ping: failed(http(404, '404 peer not found')),
        peerStatuses: failed(http(404, '404 Not Found')),
      }),
    );
    expect(r['balance']?.value).toBe('no balance with this peer yet');
    expect(r['settlement in']?.value).toBe('/settlements: 403 Swap is disabled. This endpoint is unavailable.');
    expect(r['ping']).toMatchObject({ tone: 'fail', value: expect.stringContaining('404 peer not found') });
    expect(r['storage radius']?.value).toMatch(/^\/status\/peers: 404 Not Found \(not served/);
    expect(r['batch commitment']?.value).toMatch(/^\/status\/peers/);
  });

  it('shows a loading drill until the fan-out answers, and a summary line while closed', () => {
    expect(renderPeers({ ...base, topology: topology([1], 0), selectedPeer: target, drill: { open: true, loading: true, facts: null, error: null } }).drill).toMatchObject({ status: 'loading' });
    const closed = renderPeers({ ...base, topology: topology([1, 2], 1), selectedPeer: target, drill: { open: false, loading: false, facts: facts(), error: null } });
    const line = closed.sections.find((s) => s.id === 'selection');
    expect(line?.kind === 'text' && line.lines[0]?.text).toMatch(/ping 3.2 ms, balance -0.002 xBZZ.*Enter for details/);
  });
});
