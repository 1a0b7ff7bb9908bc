import { describe, expect, it } from 'vitest';
import { parseUnderlay } from './underlay.js';

describe('underlay addresses', () => {
  it('reads host, port, transport and peer id', () => {
    expect(parseUnderlay('/ip4/203.0.113.7/tcp/1634/p2p/QmPeer')).toEqual({
      address: '/ip4/203.0.113.7/tcp/1634/p2p/QmPeer',
      family: 'ip4',
      host: '203.0.113.7',
      port: 1634,
      transport: 'tcp',
      peerId: 'QmPeer',
      scope: 'public',
    });
    expect(parseUnderlay('/ip4/127.0.0.1/udp/1634/quic-v1/p2p/Qm')).toMatchObject({ transport: 'udp/quic-v1', scope: 'loopback' });
    expect(parseUnderlay('/dns4/bee.example.org/tcp/443/wss/p2p/Qm')).toMatchObject({ transport: 'tcp/wss', scope: 'dns' });
  });

  it('tells private, loopback and public apart', () => {
    for (const host of ['10.1.2.3', '172.16.0.1', '172.31.255.1', '192.168.1.1', '169.254.1.1', '100.64.0.1']) {
      expect(parseUnderlay(`/ip4/${host}/tcp/1634`).scope, host).toBe('private');
    }
    expect(parseUnderlay('/ip4/172.32.0.1/tcp/1634').scope).toBe('public');
    expect(parseUnderlay('/ip6/::1/tcp/1634').scope).toBe('loopback');
    expect(parseUnderlay('/ip6/fd00::1/tcp/1634').scope).toBe('private');
    expect(parseUnderlay('/ip6/2001:db8::1/tcp/1634').scope).toBe('public');
    expect(parseUnderlay('garbage')).toMatchObject({ scope: 'unknown', port: null, peerId: null });
  });
});
