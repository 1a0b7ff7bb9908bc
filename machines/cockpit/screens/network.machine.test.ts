import { expect } from 'vitest';
import { describeMachineModel } from '../../../test/model-based.js';
import { failed, ok } from '../../../core/cockpit/screens/common.js';
import type { NetworkFacts } from '../../../core/cockpit/screens/network.js';
import { networkScreenMachine, selectNetworkContent, type NetworkScreenSnapshot } from './network.machine.js';

const identity = { overlay: 'ab'.repeat(32), ethereum: null, publicKey: '02' + 'cd'.repeat(32), pssPublicKey: '02' + 'ef'.repeat(32), underlay: ['/ip4/127.0.0.1/tcp/1634/p2p/Qm'] };
const publicPoll: NetworkFacts = { takenAtMs: 1, addresses: ok(identity), topology: ok({ reachability: 'Public', networkAvailability: 'Available' }) };
const privatePoll: NetworkFacts = { takenAtMs: 2, addresses: failed({ code: 'timeout', detail: 'timeout after 60000 ms' }), topology: ok({ reachability: 'Private', networkAvailability: 'Available' }) };

function expectView(s: NetworkScreenSnapshot): void {
  const content = selectNetworkContent(s, null);
  const { poll, pollError } = s.context;
  if (pollError !== null) expect(content.subtitle).toBe('poll failed unexpectedly: a bug');
  if (poll === null) return expect(content.status).toBe(pollError ? 'error' : 'loading');
  const reach = content.sections.find((x) => x.id === 'reachability');
  expect(reach?.kind === 'facts' && reach.rows[0]?.value).toBe(poll === publicPoll ? 'Public' : 'Private');
}

describeMachineModel(networkScreenMachine, {
  input: { pollIntervalMs: 30_000 },
  events: {
    'screen.pollInterval': [{ type: 'screen.pollInterval', intervalMs: 5_000 }],
    'poll.done': { public: { type: 'poll.done', poll: publicPoll }, private: { type: 'poll.done', poll: privatePoll } },
    'poll.failed': { bug: { type: 'poll.failed', line: 'poll failed unexpectedly: a bug' } },
    'screen.visible': { hide: { type: 'screen.visible', visible: false } },
  },
  states: {
    showing: (s, probe) => {
      expect(probe.inputOf('poller')).toEqual({ intervalMs: 30_000 });
      expectView(s);
    },
  },
});
