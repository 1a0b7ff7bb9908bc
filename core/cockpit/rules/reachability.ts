/**
 * Operator rule for S7 (2-cockpit.md §2 "reachability: Public or Private"): whether peers can dial this node.
 *
 * Bee's `/topology` has `reachability` (Unknown / Public / Private, from libp2p AutoNAT) and
 * `networkAvailability` (Unknown / Available / Unavailable). Bee itself counts a node as reachable only when
 * AutoNAT says Public (`/status` isReachable), so the cockpit does too: Public needs `reachability: Public`
 * and a network that is not Unavailable; everything else is Private, with the reason saying which case it is
 * (behind NAT, not determined yet, network down), because "Unknown" right after start-up is not a problem
 * while "Private" for hours is.
 */

export type Reachability = 'Public' | 'Private';

export interface ReachabilityVerdict {
  readonly reachability: Reachability;
  /** `warn` for a node not known to be dialable yet, `fail` for one that is not, `ok` for Public. */
  readonly tone: 'ok' | 'warn' | 'fail';
  readonly reason: string;
}

export function judgeReachability(reachability: string | undefined, networkAvailability: string | undefined): ReachabilityVerdict {
  const network = networkAvailability ?? 'Unknown';
  if (network === 'Unavailable') {
    return { reachability: 'Private', tone: 'fail', reason: 'network unavailable: the node has no working connection to the swarm' };
  }
  switch (reachability) {
    case 'Public':
      return { reachability: 'Public', tone: 'ok', reason: 'AutoNAT: peers can dial this node' };
    case 'Private':
      return { reachability: 'Private', tone: 'fail', reason: 'AutoNAT: behind NAT or a firewall, peers cannot dial in (forward the P2P port, or set --nat-addr)' };
    case undefined:
      return { reachability: 'Private', tone: 'warn', reason: 'the node does not report reachability (Bee before v2.2): not known to be dialable' };
    default:
      return { reachability: 'Private', tone: 'warn', reason: `AutoNAT has not decided yet (${reachability}): not known to be dialable` };
  }
}
