/**
 * radius-doctor (issue 29 item 3): why the storage radius and the committed depth are where they are, and what
 * to do. Pure: the facts come in as read (each an answer or why not), the findings go out.
 *
 * How Bee v2.8.1 moves them (read at tag v2.8.1: pkg/storer/reserve.go, pkg/node/node.go, pkg/salud/salud.go):
 * - after warm-up the reserve starts at its stored radius, or the network's (salud's most common committed depth
 *   among peers) when the stored one is at the minimum (--minimum-storage-radius, default 0);
 * - over capacity (2^22 chunks, doubled per reserve-capacity-doubling) it evicts and raises the radius by one;
 * - every 15 minutes, when the chunks within the radius are under half the capacity AND the pull-sync rate is 0
 *   AND the radius is above the minimum, it lowers the radius by one. A sync that never goes idle holds it;
 * - committed depth = storage radius + reserve-capacity-doubling;
 * - the node plays only when fully synced (reserve at least half the capacity, pull-sync rate 0) and healthy:
 *   salud calls it unhealthy when its neighbourhood's most common committed depth equals the network's and its
 *   own differs.
 * The neighbourhood is every node sharing the first storage-radius bits of the overlay; a neighbourhood with no
 * other node has no one to pull-sync from and no one holding its chunks but this node.
 */
import type { Fetched } from './health-snapshot.js';
import { RESERVE_CAPACITY_CHUNKS } from './sample-forecast.js';
import { addressBitString, type NeighbourhoodFacts, type PeerDepthFacts, type RadiusChange, type RadiusInputs, type RadiusStatusFacts } from './radius-facts.js';

export type FindingTone = 'ok' | 'info' | 'warn' | 'fail' | 'unknown';

export type FindingId =
  | 'status-unread'
  | 'warming-up'
  | 'over-capacity'
  | 'under-filled-reserve'
  | 'slow-pull-sync'
  | 'syncing'
  | 'lonely-neighbourhood'
  | 'thin-neighbourhood'
  | 'depth-disagrees'
  | 'depth-differs-from-network'
  | 'wider-than-commitment'
  | 'few-peers-near-depth'
  | 'settled';

export interface Finding {
  readonly id: FindingId;
  readonly tone: FindingTone;
  readonly finding: string;
  readonly advice: string | null;
}

/** Reserve fill below this share of the capacity: Bee lowers the radius (sync idle) and the node does not play. */
export const HALF_FULL = 0.5;
/** Bee's reserve worker wakes every 15 minutes (pkg/node/node.go reserveWakeUpDuration). */
export const RESERVE_WAKEUP_MINUTES = 15;
/** A sync that needs longer than this to reach half the capacity is slow. */
export const SLOW_SYNC_SECONDS = 6 * 3600;
/** Swarm aims at 4 nodes per neighbourhood; fewer than this other nodes is thin. */
export const THIN_NEIGHBOURHOOD_PEERS = 3;
/** Bee's kademlia saturation: bins below the depth want 8 connected peers. */
export const NEAR_DEPTH_PEERS = 8;

export interface NeighbourhoodPopulation {
  readonly neighborhood: string;
  readonly reserveSizeWithinRadius: number;
  /** Connected peers (answering /status/peers) whose overlay starts with the bit-string. */
  readonly peers: number | null;
}

export interface RadiusDiagnosis {
  readonly storageRadius: number | null;
  readonly committedDepth: number | null;
  /** /reservestate radius: what the network's total commitment implies for this capacity. */
  readonly commitmentRadius: number | null;
  readonly capacity: number | null;
  readonly reserveSize: number | null;
  readonly reserveSizeWithinRadius: number | null;
  readonly pullsyncRate: number | null;
  /** Connected peers in the neighbourhood (proximity >= storage radius), or null with why in the findings. */
  readonly neighbours: number | null;
  readonly neighbourhoods: readonly NeighbourhoodPopulation[] | null;
  /** Salud's view from /status/peers: most common committed depth of all peers, and of the neighbours. */
  readonly networkDepth: number | null;
  readonly neighbourhoodDepth: number | null;
  /** Connected peers per bin just below the depth (depth-2, depth-1), from /topology. */
  readonly nearDepthBins: readonly { readonly po: number; readonly connected: number }[] | null;
  readonly lastChange: RadiusChange;
  readonly findings: readonly Finding[];
  readonly worst: FindingTone;
  readonly headline: string;
  /** Inputs that could not be read, each with why. */
  readonly unread: readonly string[];
}

const TONE_RANK: Record<FindingTone, number> = { ok: 0, unknown: 1, info: 2, warn: 3, fail: 4 };
const n = (x: number): string => Math.round(x).toLocaleString('en-US');
const pct = (x: number): string => `${(x * 100).toFixed(x < 0.1 ? 1 : 0)} %`;

export function durationText(seconds: number): string {
  if (seconds < 90) return `${Math.round(seconds)} s`;
  if (seconds < 5400) return `${Math.round(seconds / 60)} min`;
  if (seconds < 2 * 86400) return `${(seconds / 3600).toFixed(1)} h`;
  return `${(seconds / 86400).toFixed(1)} days`;
}

/** The most common value (ties: the lowest, as salud's first maximum), or null for none. */
export function mostCommon(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const counts = new Map<number, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: number | null = null;
  for (const [v, c] of [...counts.entries()].sort((a, b) => a[0] - b[0])) if (best === null || c > counts.get(best)!) best = v;
  return best;
}

function failed(what: string, f: Fetched<unknown>): string | null {
  return f.ok ? null : `${what}: ${f.error.detail}`;
}

export function diagnoseRadius(input: RadiusInputs): RadiusDiagnosis {
  const unread = [failed('/status', input.status), failed('/reservestate', input.reserve), failed('/status/peers', input.peers), failed('/status/neighborhoods', input.neighborhoods), failed('/topology', input.topology)].filter((x): x is string => x !== null);
  const status = input.status.ok ? input.status.value : null;
  const reserve = input.reserve.ok ? input.reserve.value : null;
  const storageRadius = status?.storageRadius ?? reserve?.storageRadius ?? null;
  const doubling = reserve?.reserveCapacityDoubling ?? null;
  const committedDepth = status?.committedDepth ?? (storageRadius !== null && doubling !== null ? storageRadius + doubling : null);
  const capacity = doubling === null ? null : RESERVE_CAPACITY_CHUNKS * 2 ** doubling;
  const peers = input.peers.ok ? input.peers.value.filter((p) => !p.requestFailed) : null;
  const neighbourPeers = peers && storageRadius !== null ? peers.filter((p) => p.proximity >= storageRadius) : null;
  const neighbours = neighbourPeers ? neighbourPeers.length : (status?.neighborhoodSize ?? null);
  const depths = (list: readonly PeerDepthFacts[]) => list.flatMap((p) => (p.committedDepth === undefined ? [] : [p.committedDepth]));
  const networkDepth = peers ? mostCommon(depths(peers)) : null;
  const neighbourhoodDepth = neighbourPeers ? mostCommon(depths(neighbourPeers)) : null;
  const neighbourhoods = input.neighborhoods.ok ? populations(input.neighborhoods.value, input.peers.ok ? input.peers.value : null, status?.overlay ?? null, committedDepth) : null;
  const depth = input.topology.ok ? input.topology.value.depth : storageRadius;
  const nearDepthBins =
    input.topology.ok && depth !== null && depth > 0 ? [depth - 2, depth - 1].filter((po) => po >= 0).map((po) => ({ po, connected: input.topology.ok ? (input.topology.value.connectedPerBin[po] ?? 0) : 0 })) : input.topology.ok ? [] : null;

  const findings: Finding[] = [];
  if (!status) findings.push({ id: 'status-unread', tone: 'unknown', finding: `the node's status was not read (${unread[0] ?? '/status'}): reserve, pull sync and radius unknown`, advice: null });
  if (status?.isWarmingUp) findings.push({ id: 'warming-up', tone: 'info', finding: 'the node is warming up: Bee sets the starting radius only when warm-up ends', advice: 'wait for warm-up to finish (S5 shows it)' });
  if (status && capacity !== null) findings.push(...reserveFindings(status, capacity, storageRadius ?? 0, input.change));
  if (status && capacity === null && status.reserveSizeWithinRadius < (RESERVE_CAPACITY_CHUNKS * HALF_FULL)) {
    findings.push({ id: 'under-filled-reserve', tone: 'unknown', finding: `reserve ${n(status.reserveSizeWithinRadius)} chunks within the radius; the capacity is unknown (/reservestate not read), so half-full is not judged`, advice: null });
  }
  findings.push(...neighbourhoodFindings(neighbours, neighbourPeers !== null, storageRadius, input.peers));
  findings.push(...depthFindings(committedDepth, networkDepth, neighbourhoodDepth, peers?.length ?? 0));
  if (reserve && storageRadius !== null && storageRadius < reserve.radius) {
    findings.push({ id: 'wider-than-commitment', tone: 'info', finding: `storage radius ${storageRadius} is below the ${reserve.radius} the network's commitment implies for this capacity: the node stores a wider slice because its reserve fills slowly`, advice: 'nothing to do while it fills; the radius rises as the reserve reaches capacity' });
  }
  const thinBins = (nearDepthBins ?? []).filter((b) => b.connected < NEAR_DEPTH_PEERS);
  if (thinBins.length > 0 && depth !== null) {
    findings.push({ id: 'few-peers-near-depth', tone: 'warn', finding: `few connected peers near the depth ${depth}: ${thinBins.map((b) => `bin ${b.po} has ${b.connected}/${NEAR_DEPTH_PEERS}`).join(', ')}`, advice: 'check the node is reachable (S7) and has bandwidth; peers near the depth carry its pull sync and salud view' });
  }
  if (status && findings.every((f) => f.tone === 'ok' || f.tone === 'info')) {
    findings.push({ id: 'settled', tone: 'ok', finding: `radius ${storageRadius}, committed depth ${committedDepth ?? 'unknown'}: reserve synced, neighbourhood populated, depth agrees with the network`, advice: null });
  }
  const worst = findings.reduce<FindingTone>((w, f) => (TONE_RANK[f.tone] > TONE_RANK[w] ? f.tone : w), 'ok');
  const diagnosis = {
    storageRadius,
    committedDepth,
    commitmentRadius: reserve?.radius ?? null,
    capacity,
    reserveSize: status?.reserveSize ?? null,
    reserveSizeWithinRadius: status?.reserveSizeWithinRadius ?? null,
    pullsyncRate: status?.pullsyncRate ?? null,
    neighbours,
    neighbourhoods,
    networkDepth,
    neighbourhoodDepth,
    nearDepthBins,
    lastChange: input.change,
    findings,
    worst,
    unread,
  };
  return { ...diagnosis, headline: headline(diagnosis) };
}

function reserveFindings(status: RadiusStatusFacts, capacity: number, radius: number, change: RadiusChange): Finding[] {
  const out: Finding[] = [];
  const half = capacity * HALF_FULL;
  const within = status.reserveSizeWithinRadius;
  const rate = status.pullsyncRate;
  if (status.reserveSize >= capacity) {
    out.push({ id: 'over-capacity', tone: 'info', finding: `the reserve is full (${n(status.reserveSize)} of ${n(capacity)} chunks): Bee evicts the cheapest batches and raises the radius to ${radius + 1}`, advice: null });
  }
  if (within < half) {
    const fill = `${n(within)} of ${n(capacity)} chunks within radius ${radius} (${pct(within / capacity)}, under half)`;
    const held = rate > 0 ? `a pull sync still running (${rate.toFixed(1)} chunks/s) holds the radius at ${radius}: Bee lowers it only once the sync is idle` : radius > 0 ? `with the sync idle Bee lowers the radius by one every ${RESERVE_WAKEUP_MINUTES} min until the reserve is half full (unless --minimum-storage-radius holds it at ${radius})` : 'the radius is 0 and cannot go lower';
    out.push({ id: 'under-filled-reserve', tone: 'warn', finding: `under-filled reserve: ${fill}; the node does not play rounds until it is half full; ${held}`, advice: rate > 0 ? 'let the sync finish; see the pull-sync finding' : radius > 0 ? `wait: the radius steps down every ${RESERVE_WAKEUP_MINUTES} min${change.kind === 'unchangedSince' && change.forSeconds > RESERVE_WAKEUP_MINUTES * 120 ? '; if it has not moved for longer, check --minimum-storage-radius in the node config' : ''}` : 'the network has too little data for this node to fill half its reserve; nothing to fix on the node' });
  }
  if (rate > 0) {
    const left = Math.max(0, half - status.reserveSize);
    const eta = left / rate;
    const slow = within < half && eta > SLOW_SYNC_SECONDS;
    out.push(
      slow
        ? { id: 'slow-pull-sync', tone: 'warn', finding: `slow pull sync: ${rate.toFixed(1)} chunks/s with ${n(left)} chunks to half full: ~${durationText(eta)} before the node can play`, advice: 'check bandwidth, the peers near the depth and the neighbourhood (a thin one has few peers to pull from); restarting does not speed it up' }
        : { id: 'syncing', tone: within < half ? 'info' : 'warn', finding: within < half ? `pulling ${rate.toFixed(1)} chunks/s: half full in ~${durationText(eta)}` : `the reserve is half full but the pull sync still runs (${rate.toFixed(1)} chunks/s): the node plays once it reads 0`, advice: within < half ? null : 'wait for the sync to go idle' },
    );
  }
  return out;
}

function neighbourhoodFindings(neighbours: number | null, fromPeers: boolean, radius: number | null, peers: RadiusInputs['peers']): Finding[] {
  if (neighbours === null) return [{ id: 'lonely-neighbourhood', tone: 'unknown', finding: `neighbourhood population unknown: ${peers.ok ? 'the storage radius was not read' : peers.error.detail}`, advice: null }];
  const source = fromPeers ? 'connected peers (/status/peers)' : "/status neighborhoodSize (/status/peers not read)";
  const prefix = radius === null ? 'the neighbourhood' : `the neighbourhood (the first ${radius} bits of the overlay)`;
  if (neighbours === 0) {
    return [{ id: 'lonely-neighbourhood', tone: 'warn', finding: `lonely neighbourhood: no other node shares ${prefix} among the ${source}: nothing to pull-sync from, and no one else holds its chunks`, advice: 'check connectivity first (S6 peers, S7 reachability); a neighbourhood with no other node needs more nodes, not a restart' }];
  }
  if (neighbours < THIN_NEIGHBOURHOOD_PEERS) {
    return [{ id: 'thin-neighbourhood', tone: 'info', finding: `thin neighbourhood: ${neighbours} other node${neighbours === 1 ? '' : 's'} in ${prefix} (${source}); Swarm aims at 4 per neighbourhood`, advice: null }];
  }
  return [];
}

function depthFindings(own: number | null, network: number | null, hood: number | null, answered: number): Finding[] {
  if (own === null || network === null) return [];
  if (own === network) return [];
  if (hood === network) {
    return [{ id: 'depth-disagrees', tone: 'fail', finding: `committed depth ${own} disagrees with the network's ${network} (most common of ${answered} peers) and the neighbourhood's: Bee's salud marks the node unhealthy and it skips rounds`, advice: own < network ? 'the radius is low: the reserve is under-filled or the sync holds it; see the reserve findings' : 'the radius is high: check reserve-capacity-doubling and the batch store (GET /reservestate commitment) against the peers' }];
  }
  return [{ id: 'depth-differs-from-network', tone: 'info', finding: `committed depth ${own}; most peers say ${network}, the neighbourhood ${hood ?? 'unknown'}: salud judges against the neighbourhood, so this is not held against the node`, advice: null }];
}

/**
 * Connected peers per neighbourhood. Only the first committed-depth bits of Bee's bit-string name the
 * neighbourhood: at depth 0 Bee v2.8.1 writes 256 zero bits (a uint8 count that wraps), which every peer is in.
 */
function populations(list: readonly NeighbourhoodFacts[], peers: readonly PeerDepthFacts[] | null, overlay: string | null, depth: number | null): NeighbourhoodPopulation[] {
  return list.map((hood) => {
    const prefix = neighbourhoodPrefix(hood.neighborhood, depth);
    return {
      neighborhood: hood.neighborhood,
      reserveSizeWithinRadius: hood.reserveSizeWithinRadius,
      peers: peers === null ? null : peers.filter((p) => !p.requestFailed && p.overlay !== overlay && addressBitString(p.overlay, prefix.length) === prefix).length,
    };
  });
}

/** The bits of a /status/neighborhoods bit-string that name the neighbourhood at this committed depth. */
export function neighbourhoodPrefix(bits: string, depth: number | null): string {
  return depth === null ? bits : bits.slice(0, depth);
}

function changeText(c: RadiusChange): string {
  if (c.kind === 'unknown') return `unknown (${c.why})`;
  if (c.kind === 'changed') return `${durationText(c.agoSeconds)} ago (radius was ${c.from.storageRadius}, committed depth ${c.from.committedDepth ?? 'unknown'})`;
  return `over ${durationText(c.forSeconds)} ago (unchanged in every poll since)`;
}

const CAUSE: Partial<Record<FindingId, string>> = {
  'under-filled-reserve': 'an under-filled reserve',
  'slow-pull-sync': 'a slow pull sync',
  syncing: 'a pull sync not yet idle',
  'lonely-neighbourhood': 'a lonely neighbourhood',
  'depth-disagrees': 'a committed depth the network disagrees with',
  'few-peers-near-depth': 'few peers near the depth',
};

function headline(d: Omit<RadiusDiagnosis, 'headline'>): string {
  const where = `storage radius ${d.storageRadius ?? 'unknown'}, committed depth ${d.committedDepth ?? 'unknown'}`;
  const causes = d.findings.filter((f) => f.tone === 'warn' || f.tone === 'fail').map((f) => CAUSE[f.id] ?? f.id.replace(/-/g, ' '));
  const why = causes.length ? `held by ${causes.join(', ')}` : d.worst === 'unknown' ? 'not fully judged' : 'settled';
  return `${where}: ${why}; last change ${changeText(d.lastChange)}`;
}

export { changeText as radiusChangeText };
