/**
 * S4 Lottery: the redistribution round (phase, round, block within the round), the anchors and depth the
 * rchash benchmark uses, the stake card, and the benchmark's result, as a typed model and its rendering.
 * Rules: core/cockpit/rules/round-phase.ts, stake-card.ts, rchash.ts.
 */
import { formatBzz, formatDuration, formatNative, shortId } from '../format.js';
import type { Fetched } from '../health-snapshot.js';
import { anchorRange, rchashVerdict, type AnchorRange } from '../rules/rchash.js';
import { phaseLabel, ROUND_BLOCKS, roundPosition } from '../rules/round-phase.js';
import { requiredStake, stakeCard, type RedistributionFlags, type StakeCard } from '../rules/stake-card.js';
import type { ScreenContent } from '../view/screen-contract.js';
import type { FactsSection, Section, Tone } from '../view/view-model.js';
import { describeFailure, pollSubtitle } from './screen-text.js';
import { RCHASH_ACTION } from '../bindings/screen-actions.js';
import { blockTimeText, DEFAULT_BLOCK_SECONDS, forecastSample, type SampleEstimate, type SampleForecast } from '../sample-forecast.js';

export interface RedistributionFacts extends RedistributionFlags {
  readonly phase: string;
  readonly round: number;
  readonly block: number;
  readonly lastWonRound: number;
  readonly lastPlayedRound: number;
  readonly lastSelectedRound: number;
  readonly lastSampleDurationSeconds?: number | undefined;
  readonly reward: string | null;
  readonly fees: string | null;
}

export interface LotteryPoll {
  readonly takenAtMs: number;
  readonly redistribution: Fetched<RedistributionFacts>;
  readonly stake: Fetched<{ readonly stakedAmount: string | null }>;
  readonly withdrawable: Fetched<{ readonly withdrawableAmount: string | null }>;
  /** /status: the overlay (anchors) and the storage radius (fallback depth). */
  readonly status: Fetched<{ readonly overlay: string; readonly storageRadius: number; readonly beeMode: string; readonly reserveSizeWithinRadius?: number }>;
  readonly reserve: Fetched<{ readonly storageRadius: number; readonly reserveCapacityDoubling?: number | undefined }>;
}

/** The rchash benchmark as the machine tracks it. */
export type RchashRun =
  | { readonly kind: 'idle' }
  | { readonly kind: 'running'; readonly target: AnchorRange }
  | { readonly kind: 'done'; readonly target: AnchorRange; readonly durationSeconds: number; readonly requestMs: number; readonly hash: string }
  | { readonly kind: 'failed'; readonly target: AnchorRange; readonly message: string };

const REDISTRIBUTION_REFUSALS = {
  400: 'not a full node: only full nodes play the storage lottery',
  403: 'storage incentives are disabled on this node (--storage-incentives-enable=false)',
} as const;

/** The depth and anchors the benchmark runs at, or why they are not known. */
export function benchmarkTarget(poll: LotteryPoll | null): AnchorRange | { readonly error: string } {
  if (poll === null) return { error: 'no poll yet' };
  if (!poll.status.ok) return { error: `overlay unknown: ${describeFailure('status', poll.status.error)}` };
  const depth = poll.reserve.ok ? poll.reserve.value.storageRadius : poll.status.value.storageRadius;
  return anchorRange(poll.status.value.overlay, depth);
}

/** Bee serialises its staking calls: another one in flight (another client's, say) makes this one 429. */
const STAKE_REFUSALS = { 429: 'the node is busy with another staking call; asked again next poll' } as const;

export function lotteryStakeCard(poll: LotteryPoll): StakeCard | { readonly error: string } {
  if (!poll.redistribution.ok) return { error: describeFailure('redistributionstate', poll.redistribution.error, REDISTRIBUTION_REFUSALS) };
  if (!poll.stake.ok) return { error: describeFailure('stake', poll.stake.error, STAKE_REFUSALS) };
  const card = stakeCard(
    {
      stakedAmount: poll.stake.value.stakedAmount,
      withdrawableAmount: poll.withdrawable.ok ? poll.withdrawable.value.withdrawableAmount : undefined,
      reserveCapacityDoubling: poll.reserve.ok ? (poll.reserve.value.reserveCapacityDoubling ?? 0) : 0,
    },
    poll.redistribution.value,
  );
  // Healthy says the stake fits the reserve's height with no surplus: both must have been read to say so.
  if (card.state === 'Healthy' && !poll.reserve.ok) return { error: `unknown: the stake this reserve height needs was not read: ${describeFailure('reservestate', poll.reserve.error)}` };
  if (card.state === 'Healthy' && !poll.withdrawable.ok) return { error: `unknown: whether part of the stake is surplus was not read: ${describeFailure('stake/withdrawable', poll.withdrawable.error)}` };
  return card;
}

const PHASE_TONE: Record<string, Tone> = { Commit: 'info', Reveal: 'info', Claim: 'info', Sample: 'warn', Unknown: 'muted' };

function roundSection(r: RedistributionFacts): Section[] {
  const label = phaseLabel(r.phase);
  const at = roundPosition(r.block);
  const window = label === 'Sample' ? ` (building the sample for round ${at.round + 1} in the Claim window)` : '';
  const rows: FactsSection['rows'] = [
    { label: 'Phase', value: `${label}${window}`, tone: PHASE_TONE[label] ?? 'muted' },
    { label: 'Round', value: String(r.round) },
    { label: 'Block in round', value: `${at.blockInRound} of ${ROUND_BLOCKS} (${at.window} window, ${at.blocksLeft} block${at.blocksLeft === 1 ? '' : 's'} to ${at.next})` },
    { label: 'Block', value: String(r.block) },
    { label: 'Last played / won', value: `${roundText(r.lastPlayedRound)} / ${roundText(r.lastWonRound)}` },
    { label: 'Last selected / frozen', value: `${roundText(r.lastSelectedRound)} / ${roundText(r.lastFrozenRound)}` },
    {
      label: 'Last sample',
      value: r.lastSampleDurationSeconds === undefined || r.lastSampleDurationSeconds === 0 ? 'none yet' : `${r.lastSampleDurationSeconds.toFixed(1)} s`,
    },
    { label: 'Rewards / fees', value: `${formatBzz(r.reward)} won, ${r.fees === null ? '—' : formatNative(r.fees)} spent on gas` },
  ];
  return [
    { kind: 'facts', id: 'round', title: `Round ${r.round}: ${label}`, rows },
    {
      kind: 'bars',
      id: 'roundProgress',
      title: null,
      bars: [{ label: `Round ${at.round}`, fraction: at.blockInRound / ROUND_BLOCKS, text: `${at.window} · block ${at.blockInRound}/${ROUND_BLOCKS}` }],
    },
  ];
}

const roundText = (round: number): string => (round > 0 ? String(round) : 'never');

function stakeSection(poll: LotteryPoll): FactsSection {
  const card = lotteryStakeCard(poll);
  const rows: FactsSection['rows'][number][] = [];
  if ('error' in card) rows.push({ label: 'Card', value: card.error, tone: 'muted' });
  else rows.push({ label: 'Card', value: `${card.state}: ${card.reason}`, tone: card.tone });
  if (poll.stake.ok) rows.push({ label: 'Staked', value: formatBzz(poll.stake.value.stakedAmount) });
  if (poll.reserve.ok) {
    const doubling = poll.reserve.value.reserveCapacityDoubling ?? 0;
    rows.push({ label: 'Needed for this height', value: `${formatBzz(requiredStake(doubling))} (reserve doubled ${doubling}x)` });
  } else {
    rows.push({ label: 'Needed for this height', value: `unknown: ${describeFailure('reservestate', poll.reserve.error)}`, tone: 'muted' });
  }
  if (poll.withdrawable.ok) rows.push({ label: 'Withdrawable surplus', value: formatBzz(poll.withdrawable.value.withdrawableAmount) });
  if (poll.redistribution.ok) {
    const r = poll.redistribution.value;
    const gas = r.minimumGasFunds === null ? '—' : formatNative(r.minimumGasFunds);
    rows.push({
      label: 'Gas for a round',
      value: `${r.hasSufficientFunds ? 'enough' : 'NOT enough'} (needs more than ${gas})`,
      tone: r.hasSufficientFunds ? 'ok' : 'fail',
      ...(r.hasSufficientFunds ? {} : { hint: { text: `rounds are skipped: send native token (xDAI) to the node’s wallet, more than ${gas} (S7 Network shows its address)`, tone: 'fail' as const } }),
    });
    rows.push({ label: 'Reserve / salud', value: `${r.isFullySynced ? 'fully synced' : 'not fully synced'}, ${r.isHealthy === false ? 'unhealthy' : 'healthy'}` });
  }
  return { kind: 'facts', id: 'stake', title: 'error' in card ? 'Stake' : `Stake: ${card.state}`, rows };
}

function benchmarkSections(poll: LotteryPoll | null, run: RchashRun): Section[] {
  const target = run.kind === 'idle' ? benchmarkTarget(poll) : run.target;
  const rows: FactsSection['rows'][number][] = [];
  if ('error' in target) rows.push({ label: 'Anchors', value: `unknown: ${target.error}`, tone: 'muted' });
  else {
    rows.push({ label: 'Depth', value: `${target.depth} (the storage radius)` });
    rows.push({ label: 'Anchor 1', value: shortAnchor(target.anchor1), full: target.anchor1 });
    rows.push({ label: 'Anchor 2', value: shortAnchor(target.anchor2), full: target.anchor2 });
  }
  rows.push(benchmarkRow(run));
  return [
    { kind: 'facts', id: 'rchash', title: 'rchash benchmark', rows },
    forecastSection(poll, run),
    {
      kind: 'actions',
      id: 'actions',
      title: null,
      actions: [{ id: RCHASH_ACTION, label: run.kind === 'running' ? 'rchash running…' : 'Run rchash benchmark', enabled: run.kind !== 'running' && !('error' in target) }],
    },
  ];
}

const shortAnchor = (hex: string): string => `${hex.slice(0, 8)}…${hex.slice(-4)}`;

function benchmarkRow(run: RchashRun): FactsSection['rows'][number] {
  switch (run.kind) {
    case 'idle':
      return { label: 'Result', value: 'not run yet: press r (builds a reserve sample; seconds to minutes)', tone: 'muted' };
    case 'running':
      return { label: 'Result', value: 'running…', tone: 'info' };
    case 'failed':
      return { label: 'Result', value: `failed: ${run.message}`, tone: 'fail' };
    case 'done': {
      const verdict = rchashVerdict(run.durationSeconds);
      return { label: 'Result', value: `${verdict.text} (request ${formatDuration(run.requestMs / 1000)})`, tone: verdict.green ? 'ok' : 'fail' };
    }
  }
}

/**
 * sample-forecast on S4 (issue 29 item 4): the benchmark (when run) and the node's own last round sample against the
 * round's sample budget. The block time is Bee's default: the API does not report it (`--once sample-forecast
 * --block-time` takes another).
 */
export function lotteryForecast(poll: LotteryPoll | null, run: RchashRun): SampleForecast {
  const r = poll?.redistribution.ok ? poll.redistribution.value : null;
  const reserve = poll?.status.ok ? (poll.status.value.reserveSizeWithinRadius ?? null) : null;
  return forecastSample({
    benchmark: run.kind === 'done' ? { durationSeconds: run.durationSeconds, depth: run.target.depth } : null,
    benchmarkMissing: run.kind === 'running' ? 'the benchmark is running' : run.kind === 'failed' ? `the benchmark failed: ${run.message}` : 'the rchash benchmark has not run (press r)',
    reserveAtBenchmark: reserve,
    reserveNow: reserve,
    reserveCapacityDoubling: poll?.reserve.ok ? (poll.reserve.value.reserveCapacityDoubling ?? 0) : null,
    lastSampleSeconds: r?.lastSampleDurationSeconds ?? null,
    block: r?.block ?? null,
    round: r?.round ?? null,
    lastSelectedRound: r?.lastSelectedRound ?? null,
    blockTime: { seconds: DEFAULT_BLOCK_SECONDS, source: 'assumed' },
  });
}

const VERDICT_TONE = { fits: 'ok', thin: 'warn', misses: 'fail' } as const;

function estimateRow(label: string, e: SampleEstimate | null, missing: string): FactsSection['rows'][number] {
  if (e === null) return { label, value: missing, tone: 'muted' };
  const margin = e.marginSeconds >= 0 ? `margin ${formatDuration(e.marginSeconds)}` : `over by ${formatDuration(-e.marginSeconds)}`;
  return { label, value: `${formatDuration(e.seconds)}: ${e.verdict === 'fits' ? 'fits' : e.verdict === 'thin' ? 'fits, margin thin' : 'misses'} (${margin})`, tone: VERDICT_TONE[e.verdict] };
}

function forecastSection(poll: LotteryPoll | null, run: RchashRun): FactsSection {
  const f = lotteryForecast(poll, run);
  const rows: FactsSection['rows'][number][] = [
    { label: 'Budget', value: `${formatDuration(f.budgetSeconds)}: ${f.budgetBlocks} of the ${f.windowBlocks}-block window (claim start to the next reveal), ${blockTimeText(f.blockTime)}` },
    estimateRow('Sample now', f.now, 'unknown: run the rchash benchmark (r)'),
    estimateRow('Reserve full', f.full, 'unknown: needs the benchmark and the reserve size'),
    estimateRow('Last round sample', f.lastSample, poll?.redistribution.ok ? 'none yet: the node has not sampled a round' : 'unknown: /redistributionstate not read'),
    { label: 'Next window', value: f.nextWindowInBlocks === null ? 'unknown: the block was not read' : `in ${f.nextWindowInBlocks} blocks${f.selectedNext ? ' (the neighbourhood is selected: this one counts)' : ''}` },
    ...f.warnings.map((text) => ({ label: 'Warning', value: text, tone: f.verdict === 'misses' ? ('fail' as const) : ('warn' as const) })),
  ];
  return { kind: 'facts', id: 'sampleForecast', title: `Sample forecast: ${f.headline}`, rows };
}

/** The banner text of a finished benchmark. */
export function rchashBanner(run: RchashRun): { text: string; tone: 'ok' | 'fail' } | null {
  if (run.kind === 'done') {
    const verdict = rchashVerdict(run.durationSeconds);
    return { text: `rchash at depth ${run.target.depth}: ${verdict.text}`, tone: verdict.green ? 'ok' : 'fail' };
  }
  if (run.kind === 'failed') return { text: `rchash failed: ${run.message}`, tone: 'fail' };
  return null;
}

export function renderLottery(poll: LotteryPoll | null, run: RchashRun, banner: { id: number; text: string; tone: 'ok' | 'fail' } | null): ScreenContent {
  const base = { drill: null, ...(banner ? { banner } : {}) };
  if (poll === null) return { status: 'loading', subtitle: 'asking /redistributionstate, /stake, /status', sections: benchmarkSections(null, run), ...base };
  const sections: Section[] = [];
  if (poll.redistribution.ok) sections.push(...roundSection(poll.redistribution.value));
  else {
    const text = describeFailure('redistributionstate', poll.redistribution.error, REDISTRIBUTION_REFUSALS);
    sections.push({ kind: 'text', id: 'round', title: 'Round', lines: [{ text, tone: 'muted' }] });
  }
  sections.push(stakeSection(poll), ...benchmarkSections(poll, run));
  const allFailed = !poll.redistribution.ok && !poll.stake.ok && !poll.status.ok;
  if (allFailed && !poll.status.ok) return { status: 'error', subtitle: describeFailure('status', poll.status.error), sections, ...base };
  return { status: 'ready', subtitle: pollSubtitle(poll.takenAtMs, null, null), sections, ...base };
}
