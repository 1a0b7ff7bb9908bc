import { describe, expect, it } from 'vitest';
import type { BeeNode } from './bee-node.js';
import { loopbackUnderlay } from './cluster-setup.js';

const node = { name: 'bee-1', p2pPort: 4100 } as BeeNode;
const peerId = 'QmZ5VTTuqzjd1Tu9Bjzhw3ggB7raZCTzEcug7Tu4QCwfFQ';

describe('loopbackUnderlay', () => {
  it('prefers the listed 127.0.0.1 underlay on the node’s own p2p port', () => {
    const underlay = [`/ip4/10.0.0.5/tcp/4100/p2p/${peerId}`, `/ip4/127.0.0.1/tcp/4100/p2p/${peerId}`];
    expect(loopbackUnderlay(node, { overlay: 'aa', underlay, ethereum: '0x', publicKey: '' })).toBe(`/ip4/127.0.0.1/tcp/4100/p2p/${peerId}`);
  });

  it('builds the loopback address from the peer id when bee lists only other interfaces', () => {
    const underlay = [`/ip4/10.0.0.5/tcp/4100/p2p/${peerId}`];
    expect(loopbackUnderlay(node, { overlay: 'aa', underlay, ethereum: '0x', publicKey: '' })).toBe(`/ip4/127.0.0.1/tcp/4100/p2p/${peerId}`);
  });

  it('refuses underlays without a peer id', () => {
    expect(() => loopbackUnderlay(node, { overlay: 'aa', underlay: [], ethereum: '0x', publicKey: '' })).toThrow(/no \/p2p\/<peer id>/);
  });
});
