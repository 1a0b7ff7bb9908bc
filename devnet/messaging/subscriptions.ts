/**
 * Who listens for what on which node: the WebSocket subscriptions of PSS topics and GSOC addresses, one
 * registry per simulated network (so a PSS message sent on one node can find the subscribers on the others).
 * The registry lives beside the network in a WeakMap rather than on it, which keeps SimNetwork unaware of
 * messaging.
 */
import type { WebSocket } from 'ws';
import type { SimNetwork } from '../network/sim-network.js';
import type { DevnetNode } from '../node.js';

export type SubscriptionKind = 'pss' | 'gsoc';

export interface Subscription {
  readonly node: DevnetNode;
  readonly kind: SubscriptionKind;
  /** Lower-case hex: the 32-byte PSS topic (keccak of the topic string) or the 32-byte SOC address. */
  readonly key: string;
  readonly socket: WebSocket;
}

export class SubscriptionRegistry {
  private readonly byNode = new Map<DevnetNode, Set<Subscription>>();

  /** Registers a socket; it unregisters itself when the socket closes. */
  add(subscription: Subscription): void {
    let set = this.byNode.get(subscription.node);
    if (set === undefined) {
      set = new Set();
      this.byNode.set(subscription.node, set);
    }
    set.add(subscription);
    subscription.socket.once('close', () => set.delete(subscription));
  }

  /** The open subscriptions of one kind and key on a node. */
  on(node: DevnetNode, kind: SubscriptionKind, key: string): Subscription[] {
    const set = this.byNode.get(node);
    if (set === undefined) return [];
    return [...set].filter((s) => s.kind === kind && s.key === key);
  }

  /** Every open subscription of a node, e.g. to close them when the node goes down. */
  allOn(node: DevnetNode): Subscription[] {
    return [...(this.byNode.get(node) ?? [])];
  }

  /** Sends one binary frame to each subscriber; returns how many sockets were open to take it. */
  static sendFrame(subscriptions: readonly Subscription[], frame: Uint8Array): number {
    let sent = 0;
    for (const subscription of subscriptions) {
      if (subscription.socket.readyState !== subscription.socket.OPEN) continue;
      subscription.socket.send(frame, { binary: true });
      sent++;
    }
    return sent;
  }
}

const registries = new WeakMap<SimNetwork, SubscriptionRegistry>();

export function subscriptionsOf(network: SimNetwork): SubscriptionRegistry {
  let registry = registries.get(network);
  if (registry === undefined) {
    registry = new SubscriptionRegistry();
    registries.set(network, registry);
  }
  return registry;
}

/**
 * Whether a node can hand messages to its subscribers right now. A down node has no sockets left (they
 * are closed with the listener); a node under `error500` keeps its sockets but delivers nothing while the
 * fault lasts, as a node whose API fails cannot serve its subscriptions either.
 */
export function canServeSubscriptions(node: DevnetNode): boolean {
  return !node.faults.down && !node.faults.error500;
}
