/**
 * S6 Peers and S7 Network against a live devnet: the real fetch actors through the node client, the pure
 * screen models, and devnet faults producing every state each screen shows; plus nodes that lack an endpoint,
 * answer garbage or hang, each failing only its own line.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchNetworkFacts } from '../../actors/cockpit/screens/network.js';
import { fetchPeerDrill, fetchPeersTopology } from '../../actors/cockpit/screens/peers.js';
import { createNodeClient, type NodeClient } from '../../actors/node-client/index.js';
import { sendJson, startLoopbackServer, type LoopbackServer } from '../../actors/node-client/loopback-server.js';
import { renderNetwork } from '../../core/cockpit/screens/network.js';
import { peerRows, renderPeers, type PeerDrillFacts, type PeersTopologyFacts } from '../../core/cockpit/screens/peers.js';
import type { ScreenContent } from '../../core/cockpit/view/screen-contract.js';
import type { FactsSection, Section, StripSection } from '../../core/cockpit/view/view-model.js';
import type { FaultPatch } from '../../devnet/control/devnet-control.js';
import { startDevnet, type StartedDevnet } from '../../devnet/devnet.js';

let devnet: StartedDevnet;
let clients: NodeClient[];

beforeAll(async () => {
  devnet = await startDevnet({ nodes: 3, port: 0, mineBlocks: false, pushDelayMs: 0 });
  clients = devnet.nodes.map((node) => createNodeClient({ baseUrl: node.url, timeoutMs: 5000 }));
});
afterAll(() => devnet?.stop());

const section = (content: ScreenContent | NonNullable<ScreenContent['drill']>, id: string): Section | undefined => content.sections.find((s) => s.id === id);
const facts = (s: Section | undefined): Record<string, FactsSection['rows'][number]> => (s?.kind === 'facts' ? Object.fromEntries(s.rows.map((r) => [r.label, r])) : {});

async function topologyOf(client: NodeClient): Promise<PeersTopologyFacts> {
  const fetched = await fetchPeersTopology(client);
  if (!fetched.ok) throw new Error(`topology failed: ${fetched.error.detail}`);
  return fetched.value;
}

function peersScreen(topology: PeersTopologyFacts, drill: PeerDrillFacts | null = null, open = false): ScreenContent {
  return renderPeers({ topology, lastOkAtMs: 0, pollError: null, selectedPeer: drill?.peer ?? null, drill: { open, loading: false, facts: drill, error: null } });
}

const strip = (content: ScreenContent): StripSection => {
  const s = section(content, 'bins');
  if (s?.kind !== 'strip') throw new Error('no strip');
  return s;
};

async function withFault<T>(node: number, patch: FaultPatch, run: () => Promise<T>): Promise<T> {
  await devnet.control.node(node).setFault(patch);
  try {
    return await run();
  } finally {
    await devnet.control.node(node).heal();
  }
}

describe('S6 Peers on a devnet node', () => {
  it('a healthy node: every bin below the depth saturated, the table lists every connected peer', async () => {
    const topology = await topologyOf(clients[0]!);
    const content = peersScreen(topology);
    const cells = strip(content).cells;
    const depth = topology.depth;
    expect(depth).toBe((await clients[0]!.status()).storageRadius);
    for (let po = 0; po < Math.max(depth, 1); po++) expect(cells[po]!.tone, `bin ${po}`).toBe('ok');
    expect(strip(content).legend).toMatch(/all saturated$/);
    const table = section(content, 'peers');
    expect(table?.kind === 'table' && table.rows.length).toBe(topology.connected);
    for (const node of devnet.nodes.slice(1)) expect(topology.peers.some((p) => p.address === node.overlay)).toBe(true);
  });

  it('a starving bin warns, an empty one fails, in the strip and its legend', async () => {
    const depth = (await topologyOf(clients[0]!)).depth;
    const bin = Math.max(0, depth - 1);
    const warned = await withFault(0, { starvingBin: bin }, async () => peersScreen(await topologyOf(clients[0]!)));
    expect(strip(warned).cells[bin]!.tone).toBe('warn');
    expect(strip(warned).legend).toContain(`STARVING: bin ${bin} has 3/8`);
    const empty = await withFault(0, { starvingBin: bin, starvingBinPeers: 0 }, async () => peersScreen(await topologyOf(clients[0]!)));
    expect(strip(empty).cells[bin]!.tone).toBe('fail');
    const lonely = await withFault(0, { lowPeers: true }, async () => peersScreen(await topologyOf(clients[0]!)));
    const lonelyTable = section(lonely, 'peers');
    expect(lonelyTable?.kind === 'table' && lonelyTable.rows.length).toBe(1);
  });

  it('the drill of a devnet peer: balance, ping, settlements, cheques, its status and an agreeing commitment', async () => {
    const topology = await topologyOf(clients[0]!);
    const peer = devnet.nodes[1]!.overlay;
    const drill = await fetchPeerDrill(clients[0]!, peer);
    expect(drill.ping.ok && drill.ping.value.rttMs).toBeGreaterThan(0);
    const rows = facts(section(peersScreen(topology, drill, true).drill!, 'peer'));
    expect(rows['balance']!.value).toMatch(/(xBZZ|PLUR)|no balance/);
    expect(rows['ping']!.value).toMatch(/ ms$/);
    expect(rows['settlement in']!.value).toMatch(/(xBZZ|PLUR)|none yet/);
    expect(rows['last cheque in']!.value).toMatch(/(xBZZ|PLUR)|none/);
    expect(rows['storage radius']!.value).toBe(String((await clients[1]!.status()).storageRadius));
    expect(rows['reserve size']!.value).toMatch(/ chunks$/);
    expect(rows['pullsync rate']!.value).toBe('0.00 chunks/s');
    expect(rows['batch commitment']).toMatchObject({ tone: 'ok', value: expect.stringContaining('+0.0 %') });
  });

  it('a simulated peer has an account too, and an outlier commitment is flagged', async () => {
    const topology = await topologyOf(clients[0]!);
    const first = peerRows(topology).find((p) => !devnet.nodes.some((n) => n.overlay === p.address))!;
    const normal = facts(section(peersScreen(topology, await fetchPeerDrill(clients[0]!, first.address), true).drill!, 'peer'));
    expect(normal['balance']!.value).toMatch(/(xBZZ|PLUR) \((the peer owes this node|this node owes the peer)\)$/);
    expect(normal['batch commitment']!.tone).toBe('ok');
    const outlier = await withFault(0, { outlierPeers: 1 }, async () => facts(section(peersScreen(topology, await fetchPeerDrill(clients[0]!, first.address), true).drill!, 'peer')));
    expect(outlier['batch commitment']).toMatchObject({ tone: 'fail', value: expect.stringContaining('OUTLIER +20.0 %') });
  });

  it('swap off: settlement and cheque rows say why, the rest of the drill stays', async () => {
    const off = await startDevnet({ nodes: 2, port: 0, mineBlocks: false, pushDelayMs: 0, swapEnable: false });
    try {
      const client = createNodeClient({ baseUrl: off.nodes[0]!.url, timeoutMs: 5000 });
      const topology = await topologyOf(client);
      const rows = facts(section(peersScreen(topology, await fetchPeerDrill(client, off.nodes[1]!.overlay), true).drill!, 'peer'));
      expect(rows['settlement in']!.value).toBe('/settlements: 403 Swap is disabled. This endpoint is unavailable.');
      expect(rows['last cheque out']!.value).toBe('/chequebook/cheque: 403 Swap is disabled. This endpoint is unavailable.');
      expect(rows['ping']!.value).toMatch(/ ms$/);
      expect(rows['batch commitment']!.tone).toBe('ok');
    } finally {
      await off.stop();
    }
  });

  it('a failing or unreachable node is the screen error, a later failure keeps the last table', async () => {
    const failed = await withFault(0, { error500: true }, () => fetchPeersTopology(clients[0]!));
    expect(failed.ok).toBe(false);
    const content = renderPeers({ topology: null, lastOkAtMs: null, pollError: failed.ok ? null : `/topology: ${failed.error.detail}`, selectedPeer: null, drill: { open: false, loading: false, facts: null, error: null } });
    expect(content).toMatchObject({ status: 'error', subtitle: '/topology: 500 Internal Server Error' });
    const down = await withFault(0, { down: true }, () => fetchPeersTopology(clients[0]!));
    expect(!down.ok && down.error.code).toBe('network');
  });
});

/** A node that proxies the devnet node but breaks the listed paths. */
async function brokenNode(upstream: string, breaks: Record<string, 'missing' | 'garbage' | 'hang'>): Promise<LoopbackServer> {
  return startLoopbackServer(async (request, response) => {
    const path = request.url.split('?')[0]!;
    const rule = Object.entries(breaks).find(([prefix]) => path.startsWith(prefix))?.[1];
    if (rule === 'missing') return sendJson(response, 404, { code: 404, message: 'Not Found' });
    if (rule === 'garbage') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('<html><script>alert(1)</script></html>');
      return;
    }
    if (rule === 'hang') return new Promise<void>(() => undefined);
    const answer = await fetch(`${upstream}${request.url}`, { method: request.method, ...(request.body.length ? { body: new Uint8Array(request.body) } : {}) });
    response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
    response.end(Buffer.from(await answer.arrayBuffer()));
  });
}

describe('S6 and S7 against nodes that lack an endpoint, answer garbage or hang', () => {
  it('a node without /status/peers and a hanging ping: those rows say why, balance and settlements stay', async () => {
    const server = await brokenNode(devnet.nodes[0]!.url, { '/status/peers': 'missing', '/pingpong': 'hang' });
    try {
      const client = createNodeClient({ baseUrl: server.url, timeoutMs: 1500 });
      const topology = await topologyOf(client);
      const drill = await fetchPeerDrill(client, devnet.nodes[1]!.overlay);
      const rows = facts(section(peersScreen(topology, drill, true).drill!, 'peer'));
      expect(rows['storage radius']!.value).toMatch(/^\/status\/peers: 404 Not Found \(not served by this node/);
      expect(rows['ping']).toMatchObject({ tone: 'fail', value: expect.stringMatching(/^\/pingpong: timeout/) });
      expect(rows['balance']!.value).toMatch(/(xBZZ|PLUR)|no balance/);
    } finally {
      await server.close();
    }
  });

  it('garbage for /topology is one line, never markup; garbage /addresses keeps the reachability', async () => {
    const server = await brokenNode(devnet.nodes[0]!.url, { '/topology': 'garbage', '/addresses': 'garbage' });
    try {
      const client = createNodeClient({ baseUrl: server.url, timeoutMs: 5000 });
      const fetched = await fetchPeersTopology(client);
      expect(fetched.ok).toBe(false);
      const poll = await fetchNetworkFacts(client);
      const network = renderNetwork({ addresses: poll.addresses, topology: poll.topology, polledAtMs: poll.takenAtMs });
      expect(network.status).toBe('error');
      expect(network.subtitle).toMatch(/^\/addresses: the node answered something that is not Bee's: .*; \/topology: /);
      expect(network.subtitle).not.toContain('\n');
    } finally {
      await server.close();
    }
  });
});

describe('S7 Network on a devnet node', () => {
  const network = async (node: number) => {
    const poll = await fetchNetworkFacts(clients[node]!);
    return renderNetwork({ addresses: poll.addresses, topology: poll.topology, polledAtMs: poll.takenAtMs });
  };

  it('shows identity, Public reachability and the loopback underlays', async () => {
    const content = await network(0);
    const identity = facts(section(content, 'identity'));
    expect(identity['overlay']!.full).toBe(devnet.nodes[0]!.overlay);
    expect(identity['ethereum address']!.full).toBe(devnet.nodes[0]!.ethAddress);
    expect(identity['PSS public key']!.full).toMatch(/^0[23][0-9a-f]{64}$/);
    expect(facts(section(content, 'reachability'))['reachability']).toMatchObject({ value: 'Public', tone: 'ok' });
    const underlays = section(content, 'underlays');
    expect(underlays?.kind === 'table' && underlays.rows.map((r) => r.cells[2]!.text)).toEqual([expect.stringMatching(/^loopback/), expect.stringMatching(/^loopback/)]);
    expect(section(content, 'advice')).toBeDefined();
  });

  it('Private under the privateReachability fault, and when the node is isolated (network unavailable)', async () => {
    const behindNat = await withFault(0, { privateReachability: true }, () => network(0));
    expect(facts(section(behindNat, 'reachability'))['reachability']).toMatchObject({ value: 'Private', tone: 'fail' });
    expect(facts(section(behindNat, 'reachability'))['why']!.value).toContain('behind NAT');
    expect((await clients[0]!.status()).isReachable).toBe(true);
    await withFault(0, { privateReachability: true }, async () => expect((await clients[0]!.status()).isReachable).toBe(false));
    // Right after start (warming up) AutoNAT has not decided: Private, amber, and why.
    const starting = await withFault(0, { warmingUp: true }, () => network(0));
    expect(facts(section(starting, 'reachability'))['reachability']).toMatchObject({ value: 'Private', tone: 'warn' });
    expect(facts(section(starting, 'reachability'))['why']!.value).toContain('not decided yet (Unknown)');
    const isolated = await withFault(0, { isolated: true, peerCount: 0 }, () => network(0));
    expect(facts(section(isolated, 'reachability'))['why']!.value).toContain('network unavailable');
  });

  it('a node answering 500 to everything is the screen error', async () => {
    const content = await withFault(0, { error500: true }, () => network(0));
    expect(content.status).toBe('error');
    expect(content.subtitle).toMatch(/^\/addresses: 500 Internal Server Error; \/topology: 500 Internal Server Error/);
  });
});

describe('devnet logs what a fault does, at Bee levels', () => {
  it('a starving bin is a warning, an empty wallet an error, a 500 answer an error line', async () => {
    const log = () => devnet.control.node(2).node.log.recentLines().join('\n');
    await withFault(2, { starvingBin: 0 }, async () => undefined);
    expect(log()).toMatch(/"level"="warning" "logger"="node\/kademlia" "msg"="bin is not saturated" "bin"=0 "connected"=3/);
    await withFault(2, { emptyWallet: true }, async () => undefined);
    expect(log()).toMatch(/"level"="error" "logger"="node\/storageincentives" "msg"="insufficient funds to play the round"/);
    await withFault(2, { error500: true }, async () => clients[2]!.status().catch(() => undefined));
    expect(log()).toMatch(/"level"="error" "logger"="node\/api" "msg"="api request failed" "method"="GET" "uri"="\/status" "status"=500/);
  });
});
