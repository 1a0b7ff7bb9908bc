/**
 * The two network steps after the nodes are ready: a full mesh of explicit connections (hive gossip
 * on a fresh cluster is slow), and one postage batch bought on the first node and waited on until
 * Bee calls it usable (the batch must be 10 blocks old first: pkg/postage blockThreshold) and every
 * other node has it in its batch store.
 */
import { BeeHttpError, beeJson, type BeeAddresses, type BeeNode } from './bee-node.js';
import { pollUntil } from './processes.js';

/** The loopback underlay that a peer can dial; bee does not advertise loopback addresses to others. */
export function loopbackUnderlay(node: BeeNode, addresses: BeeAddresses): string {
  const listed = addresses.underlay.find((u) => u.startsWith(`/ip4/127.0.0.1/tcp/${node.p2pPort}/`));
  if (listed) return listed;
  const peerId = addresses.underlay.map((u) => /\/p2p\/([^/]+)$/.exec(u)?.[1]).find((id) => id !== undefined);
  if (!peerId) throw new Error(`${node.name}: no /p2p/<peer id> in underlays ${JSON.stringify(addresses.underlay)}`);
  return `/ip4/127.0.0.1/tcp/${node.p2pPort}/p2p/${peerId}`;
}

async function connectedPeers(node: BeeNode): Promise<Set<string>> {
  const body = await beeJson<{ peers: Array<{ address: string }> | null }>(node.url, 'GET', '/peers');
  return new Set((body.peers ?? []).map((p) => p.address));
}

export async function meshNodes(nodes: BeeNode[], addresses: BeeAddresses[], log: (line: string) => void): Promise<void> {
  const underlays = nodes.map((n, i) => loopbackUnderlay(n, addresses[i]!));
  for (let i = 0; i < nodes.length; i++) {
    for (let j = i + 1; j < nodes.length; j++) {
      const peers = await connectedPeers(nodes[i]!);
      if (peers.has(addresses[j]!.overlay)) continue;
      await pollUntil(`${nodes[i]!.name} POST /connect to ${nodes[j]!.name}`, 60_000, async () => {
        try {
          await beeJson(nodes[i]!.url, 'POST', `/connect${underlays[j]}`, { timeoutMs: 20_000 });
        } catch (err) {
          // Hive may connect the pair between our /peers read and the POST: Bee then answers 500
          // "network status unknown: already connected", which is the state we want.
          if (err instanceof BeeHttpError && /already connected/.test(err.message)) return true;
          throw err;
        }
        return true;
      }, 1000);
    }
  }
  for (let i = 0; i < nodes.length; i++) {
    const others = addresses.filter((_, j) => j !== i).map((a) => a.overlay);
    await pollUntil(`${nodes[i]!.name} to list all ${others.length} peers`, 60_000, async () => {
      const peers = await connectedPeers(nodes[i]!);
      return others.every((o) => peers.has(o)) ? true : undefined;
    });
  }
  log(`full mesh: ${underlays.join(' ')}`);
}

interface PostageBatch {
  batchID: string;
  usable: boolean;
  batchTTL: number;
}

export async function buyUsableBatch(node: BeeNode, amount: bigint, depth: number): Promise<string> {
  // /stamps answers 503 until the node has synced postage events from the start block.
  await pollUntil(`${node.name} GET /stamps (postage sync)`, 120_000, async () => {
    await beeJson(node.url, 'GET', '/stamps');
    return true;
  });
  const { batchID } = await beeJson<{ batchID: string }>(node.url, 'POST', `/stamps/${amount}/${depth}`, { timeoutMs: 120_000 });
  await pollUntil(`batch ${batchID} to become usable`, 120_000, async () => {
    try {
      const batch = await beeJson<PostageBatch>(node.url, 'GET', `/stamps/${batchID}`);
      return batch.usable ? true : undefined;
    } catch (err) {
      // 404 until the listener has seen the BatchCreated event, 400 "not usable" before 10 blocks.
      if (err instanceof BeeHttpError && (err.status === 404 || err.status === 400)) return undefined;
      throw err;
    }
  });
  return batchID;
}

/**
 * Waits until every node lists the batch in GET /batches. A node validates the stamp of every chunk pushed
 * to it against its own batch store, and each node follows the chain on its own: right after the owner
 * calls the batch usable, a peer that has not synced the BatchCreated event yet would refuse the chunks
 * pushed to it. The tests start uploading at once, so the cluster is only ready when every node agrees.
 */
export async function waitForBatchOnEveryNode(nodes: BeeNode[], batchId: string): Promise<void> {
  await Promise.all(
    nodes.map((node) =>
      pollUntil(`${node.name} to list batch ${batchId} in GET /batches`, 120_000, async () => {
        const { batches } = await beeJson<{ batches: Array<{ batchID: string }> | null }>(node.url, 'GET', '/batches');
        return (batches ?? []).some((b) => b.batchID === batchId) ? true : undefined;
      }),
    ),
  );
}
