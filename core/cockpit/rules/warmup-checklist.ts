/**
 * The S5 bootstrap checklist: what a starting Bee node has to get through before it serves and earns,
 * each item with its progress, from /readiness, /status, /topology, /chainstate and /reservestate
 * (documented in docs/cockpit.md "S5 Warmup"). Thresholds are the health gates' (gate-definitions.ts), so
 * a finished checklist and the S1 ladder agree.
 *
 *  1. Node ready: /readiness says ready (200).
 *  2. Warm-up over: /status `isWarmingUp` is false (Bee's warm-up period, 5 min by default).
 *  3. Peers connected: `connectedPeers` toward the 16 the peer-count gate wants.
 *  4. Bins saturated: every bin below the Kademlia depth has 8 connected peers (bin 0 at depth 0).
 *  5. Chain RPC: /chainstate answers with a chain tip (the node reaches its blockchain endpoint).
 *  6. Batches synced: the postage listener's block (/chainstate `block`) within the 13 blocks of lag Bee's
 *     listener normally trails the tip by, with batches in the batch store (/reservestate `commitment`).
 *  7. Pull-sync idle: `pullsyncRate` 0 after warm-up (full nodes).
 *  8. Reserve filled: `reserveSizeWithinRadius` toward 65,536 chunks at the storage radius (full nodes).
 */
import { againstTarget, formatCount } from '../format.js';
import { GATE_THRESHOLDS as T } from '../gate-definitions.js';
import type { ChainFacts, Fetched, ReadinessFacts, ReserveFacts, StatusFacts, TopologyFacts } from '../health-snapshot.js';
import type { Tone } from '../view/view-model.js';

export interface WarmupFacts {
  readonly readiness: Fetched<ReadinessFacts>;
  readonly status: Fetched<StatusFacts>;
  readonly topology: Fetched<TopologyFacts>;
  readonly chainstate: Fetched<ChainFacts>;
  readonly reservestate: Fetched<ReserveFacts>;
}

export type ItemState = 'done' | 'progress' | 'waiting' | 'unknown' | 'notApplicable';

export interface ChecklistItem {
  readonly id: 'ready' | 'warmup' | 'peers' | 'bins' | 'chain' | 'batches' | 'pullsync' | 'reserve';
  readonly label: string;
  readonly state: ItemState;
  /** 0..1 for the progress bar. */
  readonly fraction: number;
  readonly text: string;
}

// An item that could not be read is unknown (muted), never red: it says nothing about the node's progress.
const TONES: Record<ItemState, Tone> = { done: 'ok', progress: 'info', waiting: 'warn', unknown: 'muted', notApplicable: 'muted' };
export const itemTone = (state: ItemState): Tone => TONES[state];

const clamp = (x: number): number => (Number.isFinite(x) ? Math.max(0, Math.min(1, x)) : 0);
const unknown = (id: ChecklistItem['id'], label: string, why: string): ChecklistItem => ({ id, label, state: 'unknown', fraction: 0, text: `not read: ${why}` });

export function warmupChecklist(f: WarmupFacts): ChecklistItem[] {
  const status = f.status.ok ? f.status.value : null;
  const full = status === null || status.beeMode === 'full';
  const items: ChecklistItem[] = [];

  items.push(
    f.readiness.ok
      ? f.readiness.value.ready
        ? { id: 'ready', label: 'Node ready', state: 'done', fraction: 1, text: '/readiness: ready' }
        : { id: 'ready', label: 'Node ready', state: 'waiting', fraction: 0, text: `/readiness: notReady (${f.readiness.value.httpStatus})` }
      : unknown('ready', 'Node ready', `/readiness: ${f.readiness.error.detail}`),
  );

  if (!status) items.push(unknown('warmup', 'Warm-up over', `/status: ${failDetail(f.status)}`));
  else if (status.isWarmingUp === undefined) items.push({ id: 'warmup', label: 'Warm-up over', state: 'notApplicable', fraction: 1, text: 'not reported by this Bee (before v2.6)' });
  else if (status.isWarmingUp) items.push({ id: 'warmup', label: 'Warm-up over', state: 'progress', fraction: 0.5, text: 'warming up: Bee holds back pushes and reserve work until it ends' });
  else items.push({ id: 'warmup', label: 'Warm-up over', state: 'done', fraction: 1, text: 'warm-up period over' });

  const peers = status?.connectedPeers ?? (f.topology.ok ? f.topology.value.connected : null);
  if (peers === null) items.push(unknown('peers', 'Peers connected', `/status: ${failDetail(f.status)}`));
  else {
    const need = T.peerCountWarnBelow;
    items.push({
      id: 'peers',
      label: 'Peers connected',
      state: peers >= need ? 'done' : peers >= T.peerCountFailBelow ? 'progress' : 'waiting',
      fraction: clamp(peers / need),
      // What the 16 is: the peers the peer-count gate wants, not a total to be `of`.
      text: againstTarget(peers, need, 'connected peers'),
    });
  }

  if (!f.topology.ok) items.push(unknown('bins', 'Bins saturated', `/topology: ${f.topology.error.detail}`));
  else {
    const { depth, connectedPerBin } = f.topology.value;
    const checked = depth === 0 ? [0] : Array.from({ length: depth }, (_, po) => po);
    const saturated = checked.filter((po) => (connectedPerBin[po] ?? 0) >= T.saturationPeers).length;
    items.push({
      id: 'bins',
      label: 'Bins saturated',
      state: saturated === checked.length ? 'done' : 'progress',
      fraction: clamp(saturated / checked.length),
      text: `${saturated} of ${checked.length} bin${checked.length === 1 ? '' : 's'} below depth ${depth} have ${T.saturationPeers}+ peers`,
    });
  }

  if (!f.chainstate.ok) {
    items.push(unknown('chain', 'Chain RPC', `/chainstate: ${f.chainstate.error.detail}`));
    items.push(unknown('batches', 'Batches synced', `/chainstate: ${f.chainstate.error.detail}`));
  } else {
    const { chainTip, block } = f.chainstate.value;
    items.push(
      chainTip > 0
        ? { id: 'chain', label: 'Chain RPC', state: 'done', fraction: 1, text: `chain tip ${chainTip}` }
        : { id: 'chain', label: 'Chain RPC', state: 'waiting', fraction: 0, text: 'no chain tip yet' },
    );
    const lag = Math.max(0, chainTip - block);
    const caughtUp = lag <= T.chainLagAllowanceBlocks + T.chainLagWarnBlocks - 1;
    const commitment = f.reservestate.ok ? f.reservestate.value.commitment : null;
    const known = commitment === null ? '' : commitment > 0 ? `, ${formatCount(commitment)} chunk slots committed` : ', no batches known yet';
    items.push({
      id: 'batches',
      label: 'Batches synced',
      state: caughtUp && commitment !== 0 ? 'done' : 'progress',
      fraction: caughtUp ? 1 : clamp(chainTip > 0 ? block / chainTip : 0),
      text: `postage listener at block ${block}, ${lag} behind the tip${known}`,
    });
  }

  if (!full) {
    const why = `a ${status?.beeMode ?? 'light'} node keeps no reserve`;
    items.push({ id: 'pullsync', label: 'Pull-sync idle', state: 'notApplicable', fraction: 1, text: why });
    items.push({ id: 'reserve', label: 'Reserve filled', state: 'notApplicable', fraction: 1, text: why });
    return items;
  }
  if (!status) {
    items.push(unknown('pullsync', 'Pull-sync idle', `/status: ${failDetail(f.status)}`));
    items.push(unknown('reserve', 'Reserve filled', `/status: ${failDetail(f.status)}`));
    return items;
  }
  const syncing = status.pullsyncRate > 0 || status.isWarmingUp === true;
  items.push({
    id: 'pullsync',
    label: 'Pull-sync idle',
    state: syncing ? 'progress' : 'done',
    fraction: syncing ? 0.5 : 1,
    text: status.pullsyncRate > 0 ? `pulling ${status.pullsyncRate} chunks/s from the neighbourhood` : status.isWarmingUp ? 'starts after warm-up' : 'idle: caught up with the neighbourhood',
  });
  const depth = f.reservestate.ok ? f.reservestate.value.storageRadius : status.storageRadius;
  const size = status.reserveSizeWithinRadius;
  items.push({
    id: 'reserve',
    label: 'Reserve filled',
    state: size >= T.reserveTargetChunks ? 'done' : syncing ? 'progress' : 'waiting',
    fraction: clamp(size / T.reserveTargetChunks),
    text: againstTarget(size, T.reserveTargetChunks, `chunks at depth ${depth}`),
  });
  return items;
}

function failDetail(f: Fetched<unknown>): string {
  return f.ok ? '' : f.error.detail;
}
