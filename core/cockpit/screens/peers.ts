/**
 * S6 Peers (2-cockpit.md §1): the bin-saturation strip, the peer table, and the peer drill fed by the six-call
 * fan-out (peer balance, peer cheques, peer settlement, ping, `/status/peers`, local `/status`).
 *
 * - Strip: connected peers per bin 0..31, judged by the same rule as the S1 gate (rules/bin-saturation.ts): a
 *   bin below the depth with fewer than 8 is STARVING (warn), with none it is empty (fail).
 * - Table: every connected peer of `/topology`, by bin then address, with its latency, direction and health.
 * - Drill: balance (positive: the peer owes this node), ping, settlements received/sent, the last cheques
 *   received/sent, and the peer's own storage radius, reserve size and pull-sync rate from `/status/peers`;
 *   its batch commitment is judged against the median of the local node and every answering peer
 *   (rules/commitment-outlier.ts). Each of the six calls can fail on its own: that row says why, the others stay.
 */
import { formatBzzIn, formatCount, formatMs, pairedBzzUnits } from '../format.js';
import { classifyBins, SATURATION_PEERS, starvingBins, type BinSaturation } from '../rules/bin-saturation.js';
import { judgeCommitment, type CommitmentVerdict } from '../rules/commitment-outlier.js';
import { shortHex } from '../text.js';
import type { ScreenContent } from '../view/screen-contract.js';
import type { FactsSection, Section, Tone } from '../view/view-model.js';
import { cell, failureLine, formatBzz, formatSignedBzz, pollSubtitle, type Fetched } from './common.js';

export interface PeerFacts {
  readonly address: string;
  /** Proximity order to this node: the bin. */
  readonly po: number;
  readonly latencyMs: number | null;
  readonly direction: string | null;
  readonly healthy: boolean | null;
  readonly reachability: string | null;
  readonly sessionSeconds: number | null;
}

export interface PeersTopologyFacts {
  readonly depth: number;
  readonly connected: number;
  readonly population: number;
  readonly connectedPerBin: readonly number[];
  readonly peers: readonly PeerFacts[];
}

/** One node's `/status` snapshot as the drill reads it (every field optional: failed peers carry none). */
export interface StatusSnapshotFacts {
  readonly overlay: string;
  readonly storageRadius?: number;
  readonly reserveSize?: number;
  readonly reserveSizeWithinRadius?: number;
  readonly pullsyncRate?: number;
  readonly batchCommitment?: number;
  readonly requestFailed?: boolean;
}

export interface PeerDrillFacts {
  readonly peer: string;
  /** PLUR; null: Bee has no balance with this peer yet (404). */
  readonly balance: Fetched<string | null>;
  /** Payouts (PLUR) of the last cheques; null: none. */
  readonly cheques: Fetched<{ readonly lastReceived: string | null; readonly lastSent: string | null }>;
  /** null: no settlements with this peer yet (404). */
  readonly settlement: Fetched<{ readonly received: string | null; readonly sent: string | null } | null>;
  readonly ping: Fetched<{ readonly rtt: string; readonly rttMs: number | null }>;
  readonly peerStatuses: Fetched<readonly StatusSnapshotFacts[]>;
  readonly localStatus: Fetched<StatusSnapshotFacts>;
}

/** One topology poll: when it started, and the answer or why there is none. */
export interface TopologyPoll {
  readonly takenAtMs: number;
  readonly topology: Fetched<PeersTopologyFacts>;
}

export interface PeersScreenInput {
  /** Latest good topology, kept while a later poll fails. */
  readonly topology: PeersTopologyFacts | null;
  readonly lastOkAtMs: number | null;
  /** The last poll's failure, one line, or null. */
  readonly pollError: string | null;
  /** The peer whose fan-out is loading or loaded (the selected row), or null. */
  readonly selectedPeer: string | null;
  readonly drill: { readonly open: boolean; readonly loading: boolean; readonly facts: PeerDrillFacts | null; readonly error: string | null };
}

export interface PeerDrillModel {
  readonly peer: string;
  readonly po: number | null;
  readonly rows: FactsSection['rows'];
  readonly commitment: CommitmentVerdict | null;
}

export interface PeersModel {
  readonly bins: readonly BinSaturation[];
  readonly depth: number | null;
  readonly starving: readonly BinSaturation[];
  readonly peers: readonly PeerFacts[];
  readonly drill: PeerDrillModel | null;
}

const byBinThenAddress = (a: PeerFacts, b: PeerFacts) => a.po - b.po || (a.address < b.address ? -1 : a.address > b.address ? 1 : 0);

/** The peer rows in table order (the selection index refers to this order). */
export function peerRows(topology: PeersTopologyFacts | null): PeerFacts[] {
  return topology ? [...topology.peers].sort(byBinThenAddress) : [];
}

export function peersModel(input: PeersScreenInput): PeersModel {
  const t = input.topology;
  const peers = peerRows(t);
  const drillFacts = input.drill.facts;
  return {
    bins: t ? classifyBins(t.connectedPerBin, t.depth) : [],
    depth: t ? t.depth : null,
    starving: t ? starvingBins(t.connectedPerBin, t.depth) : [],
    peers,
    drill: drillFacts ? peerDrillModel(drillFacts, peers.find((p) => p.address === drillFacts.peer)?.po ?? null) : null,
  };
}


export function peerDrillModel(f: PeerDrillFacts, po: number | null): PeerDrillModel {
  const rows: { label: string; value: string; tone?: Tone; full?: string }[] = [];
  rows.push({ label: 'peer', value: shortHex(f.peer), full: f.peer });
  if (po !== null) rows.push({ label: 'bin', value: String(po) });

  if (!f.balance.ok) rows.push({ label: 'balance', value: failureLine(`/balances/${shortHex(f.peer)}`, f.balance.error), tone: 'warn' });
  else if (f.balance.value === null) rows.push({ label: 'balance', value: 'no balance with this peer yet' });
  else {
    const plur = BigInt(f.balance.value);
    const who = plur > 0n ? ' (the peer owes this node)' : plur < 0n ? ' (this node owes the peer)' : '';
    rows.push({ label: 'balance', value: `${formatSignedBzz(f.balance.value)}${who}` });
  }

  if (!f.ping.ok) rows.push({ label: 'ping', value: failureLine('/pingpong', f.ping.error), tone: 'fail' });
  else rows.push({ label: 'ping', value: f.ping.value.rttMs === null ? f.ping.value.rtt : formatMs(f.ping.value.rttMs) });

  if (!f.settlement.ok) {
    const line = failureLine('/settlements', f.settlement.error);
    rows.push({ label: 'settlement in', value: line, tone: 'muted' }, { label: 'settlement out', value: line, tone: 'muted' });
  } else {
    const s = f.settlement.value;
    const [inUnit, outUnit] = pairedBzzUnits([s?.received], [s?.sent]);
    rows.push({ label: 'settlement in', value: s ? formatBzzIn(s.received, inUnit) : 'none yet' }, { label: 'settlement out', value: s ? formatBzzIn(s.sent, outUnit) : 'none yet' });
  }

  if (!f.cheques.ok) {
    const line = failureLine('/chequebook/cheque', f.cheques.error);
    rows.push({ label: 'last cheque in', value: line, tone: 'muted' }, { label: 'last cheque out', value: line, tone: 'muted' });
  } else {
    const { lastReceived, lastSent } = f.cheques.value;
    rows.push({ label: 'last cheque in', value: lastReceived === null ? 'none' : formatBzz(lastReceived) }, { label: 'last cheque out', value: lastSent === null ? 'none' : formatBzz(lastSent) });
  }

  let commitment: CommitmentVerdict | null = null;
  const statusRows = (why: string, tone: Tone) =>
    ['storage radius', 'reserve size', 'pullsync rate', 'batch commitment'].forEach((label) => rows.push({ label, value: why, tone }));
  if (!f.peerStatuses.ok) statusRows(failureLine('/status/peers', f.peerStatuses.error), 'warn');
  else {
    const own = f.peerStatuses.value.find((s) => s.overlay.toLowerCase() === f.peer.toLowerCase());
    if (!own) statusRows('the peer is not in /status/peers (disconnected since?)', 'warn');
    else if (own.requestFailed) statusRows('the peer did not answer the status request', 'warn');
    else {
      rows.push({ label: 'storage radius', value: own.storageRadius === undefined ? '—' : String(own.storageRadius) });
      rows.push({ label: 'reserve size', value: own.reserveSize === undefined ? '—' : `${formatCount(own.reserveSize)} chunks` });
      rows.push({ label: 'pullsync rate', value: own.pullsyncRate === undefined ? '—' : `${own.pullsyncRate.toFixed(2)} chunks/s` });
      if (own.batchCommitment === undefined) rows.push({ label: 'batch commitment', value: '—' });
      else {
        const references = f.peerStatuses.value.filter((s) => !s.requestFailed && s.batchCommitment !== undefined).map((s) => s.batchCommitment!);
        if (f.localStatus.ok && f.localStatus.value.batchCommitment !== undefined) references.push(f.localStatus.value.batchCommitment);
        commitment = judgeCommitment(own.batchCommitment, references);
        rows.push(commitmentRow(own.batchCommitment, commitment, f.localStatus.ok ? null : failureLine('/status', f.localStatus.error)));
      }
    }
  }
  return { peer: f.peer, po, rows, commitment };
}

function commitmentRow(value: number, verdict: CommitmentVerdict, localProblem: string | null): { label: string; value: string; tone?: Tone } {
  const base = `${formatCount(value)} chunk slots`;
  if (verdict.deviation === null || verdict.median === null) return { label: 'batch commitment', value: `${base} (no reference to compare with)` };
  const pct = `${verdict.deviation >= 0 ? '+' : ''}${(verdict.deviation * 100).toFixed(1)} %`;
  const against = `the median ${formatCount(Math.round(verdict.median))} across ${verdict.sampleSize} nodes${localProblem ? `; ${localProblem}` : ''}`;
  if (verdict.outlier) return { label: 'batch commitment', value: `${base}: OUTLIER ${pct} vs ${against} (its chain view differs)`, tone: 'fail' };
  return { label: 'batch commitment', value: `${base} (${pct} vs ${against})`, tone: 'ok' };
}

const BIN_TONE: Readonly<Record<BinSaturation['state'], Tone>> = { saturated: 'ok', starving: 'warn', empty: 'fail', neighbourhood: 'info' };

function legend(model: PeersModel): string {
  if (model.depth === null) return '';
  const worst = model.starving[0];
  const head = `depth ${model.depth} · bins below it want ${SATURATION_PEERS}+ connected peers`;
  if (!worst) return `${head} · all saturated`;
  const more = model.starving.length > 1 ? ` (+${model.starving.length - 1} more)` : '';
  return `${head} · STARVING: bin ${worst.po} has ${worst.connected}/${SATURATION_PEERS}${more}`;
}

const duration = (seconds: number | null) => {
  if (seconds === null) return '—';
  if (seconds < 120) return `${Math.round(seconds)} s`;
  if (seconds < 7200) return `${Math.round(seconds / 60)} min`;
  return `${Math.round(seconds / 3600)} h`;
};

export function renderPeers(input: PeersScreenInput): ScreenContent {
  const model = peersModel(input);
  const t = input.topology;
  const status = t ? 'ready' : input.pollError ? 'error' : 'loading';
  const sections: Section[] = [];
  if (t) {
    sections.push({
      kind: 'strip',
      id: 'bins',
      title: 'Bin saturation',
      cells: model.bins.map((bin) => ({
        label: String(bin.po),
        value: String(bin.connected),
        tone: bin.state === 'neighbourhood' && bin.connected === 0 ? 'muted' : BIN_TONE[bin.state],
      })),
      legend: legend(model),
    });
    sections.push({
      kind: 'facts',
      id: 'summary',
      title: null,
      rows: [
        { label: 'connected', value: `${formatCount(t.connected)} of ${formatCount(t.population)} known peers` },
        {
          label: 'depth',
          value: String(t.depth),
          // Out of range: a bin below the depth with fewer than 8 connected peers (STARVING).
          ...(model.starving[0]
            ? { hint: { text: `bin ${model.starving[0].po} has ${model.starving[0].connected} of the ${SATURATION_PEERS} connected peers it wants: keep Bee’s P2P port reachable (S7 Network); Bee adds peers there as it finds them`, tone: model.starving[0].connected === 0 ? ('fail' as const) : ('warn' as const) } }
            : {}),
        },
      ],
    });
  }
  sections.push({
    kind: 'table',
    id: 'peers',
    title: 'Connected peers',
    columns: [
      { id: 'peer', label: 'Peer', align: 'left', priority: 1, kind: 'id' },
      { id: 'bin', label: 'Bin', align: 'right', priority: 1, kind: 'number' },
      { id: 'latency', label: 'Latency', align: 'right', priority: 2, kind: 'latency' },
      { id: 'direction', label: 'Direction', align: 'left', priority: 4, kind: 'label' },
      { id: 'healthy', label: 'Healthy', align: 'left', priority: 3, kind: 'status' },
      { id: 'session', label: 'Connected for', align: 'right', priority: 5, kind: 'duration' },
    ],
    rows: model.peers.map((p) => ({
      key: p.address,
      cells: [
        cell(shortHex(p.address), undefined, p.address),
        cell(String(p.po)),
        cell(p.latencyMs === null ? '—' : formatMs(p.latencyMs)),
        cell(p.direction ?? '—'),
        cell(p.healthy === null ? '—' : p.healthy ? 'yes' : 'no', p.healthy === false ? 'warn' : undefined),
        cell(duration(p.sessionSeconds)),
      ],
      ...(p.healthy === false ? { tone: 'warn' as const } : {}),
    })),
    selectable: true,
    emptyText: t ? 'no connected peers: the node is isolated (check its P2P port and bootnodes)' : input.pollError ? `not read: ${input.pollError}` : 'waiting for /topology',
  });
  if (input.selectedPeer && !input.drill.open) {
    const line = input.drill.loading
      ? `peer ${shortHex(input.selectedPeer)}: asking balance, cheques, settlement, ping and status…`
      : input.drill.error
        ? `peer ${shortHex(input.selectedPeer)}: ${input.drill.error}`
        : `peer ${shortHex(input.selectedPeer)}: ${drillSummary(model.drill)} · Enter for details`;
    sections.push({ kind: 'text', id: 'selection', title: null, lines: [{ text: line, ...(input.drill.error ? { tone: 'fail' as const } : {}) }] });
  }
  const drill = input.drill.open && input.selectedPeer ? renderDrill(input, model) : null;
  return {
    status,
    subtitle: pollSubtitle(input.lastOkAtMs, input.pollError),
    sections,
    drill,
  };
}

function drillSummary(drill: PeerDrillModel | null): string {
  if (!drill) return 'no details yet';
  const pick = (label: string) => drill.rows.find((r) => r.label === label)?.value ?? '—';
  return `ping ${pick('ping')}, balance ${pick('balance')}${drill.commitment?.outlier ? ', commitment OUTLIER' : ''}`;
}

function renderDrill(input: PeersScreenInput, model: PeersModel): NonNullable<ScreenContent['drill']> {
  const peer = input.selectedPeer!;
  const title = `Peer ${shortHex(peer)}`;
  if (input.drill.error) return { title, status: 'error', subtitle: input.drill.error, sections: [] };
  if (!model.drill || model.drill.peer !== peer) return { title, status: 'loading', subtitle: 'six calls in flight', sections: [] };
  return {
    title,
    status: 'ready',
    subtitle: input.drill.loading ? 'refreshing…' : null,
    sections: [{ kind: 'facts', id: 'peer', title: null, rows: model.drill.rows }],
  };
}
