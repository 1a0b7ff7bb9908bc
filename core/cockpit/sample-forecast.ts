/**
 * sample-forecast (issue 29 item 4): will the node's reserve sample finish inside the round's sample window?
 *
 * The window, from Bee v2.8.1's storageincentives agent (pkg/storageincentives/agent.go, read at tag v2.8.1):
 * a round is 152 blocks, phases are 38 blocks (commit [0, 37], reveal [38, 75], claim [76, 151]). The sample
 * starts when the agent sees the claim phase begin and builds the sample for the next round; when it ends inside
 * that next round's commit phase the agent commits at once, and the reveal phase cancels a sample still running.
 * So a sample has from block 76 of round N to block 37 of round N+1: 114 blocks. Less what Bee itself loses: it
 * checks the phase every 5 blocks (phases longer than 10 blocks), so the sample may start up to 5 blocks late,
 * and the commit transaction must be mined before the commit phase ends (1 block). The budget is 108 blocks:
 * 540 s at Gnosis's 5 s blocks (Bee's default --block-time; the API does not report the block time).
 *
 * The sampler walks every chunk of the reserve within the storage radius (pkg/storer/sample.go), so its time
 * grows with the reserve: the forecast scales the rchash benchmark (GET /rchash runs the same sampler) by the
 * reserve it would sample, now and once the reserve is full (capacity 2^22 chunks, doubled per
 * reserve-capacity-doubling; past that Bee raises the radius and the reserve halves).
 */
import { CLAIM_FROM, REVEAL_FROM, ROUND_BLOCKS } from './rules/round-phase.js';

/** From the claim phase's first block to the next round's reveal phase: 152 - 76 + 38. */
export const SAMPLE_WINDOW_BLOCKS = ROUND_BLOCKS - CLAIM_FROM + REVEAL_FROM;
/** Bee checks the phase every 5 blocks when a phase is longer than 10 blocks: the sample may start that late. */
export const PHASE_CHECK_LAG_BLOCKS = 5;
/** The commit transaction has to be mined inside the commit phase. */
export const COMMIT_TX_BLOCKS = 1;
export const SAMPLE_BUDGET_BLOCKS = SAMPLE_WINDOW_BLOCKS - PHASE_CHECK_LAG_BLOCKS - COMMIT_TX_BLOCKS;
/** Bee's default --block-time (Gnosis Chain). */
export const DEFAULT_BLOCK_SECONDS = 5;
/** Under this share of the budget left over, the margin is thin: a slower disk day or a fuller reserve misses. */
export const THIN_MARGIN_SHARE = 0.25;
/** Bee's DefaultReserveCapacity (2^22 chunks). */
export const RESERVE_CAPACITY_CHUNKS = 2 ** 22;

export type ForecastVerdict = 'fits' | 'thin' | 'misses';

export interface BlockTime {
  readonly seconds: number;
  /** `option`: --block-time; `measured`: successive polls; `assumed`: Bee's default, the API does not report it. */
  readonly source: 'option' | 'measured' | 'assumed';
}

export interface ForecastInputs {
  /** The rchash benchmark: the sampler's own duration and the depth it ran at. */
  readonly benchmark: { readonly durationSeconds: number; readonly depth: number } | null;
  /** Why there is no benchmark, when there is none. */
  readonly benchmarkMissing?: string;
  /** /status reserveSizeWithinRadius when the benchmark ran (the chunks it walked). */
  readonly reserveAtBenchmark: number | null;
  /** /status reserveSizeWithinRadius now. */
  readonly reserveNow: number | null;
  readonly reserveCapacityDoubling: number | null;
  /** /redistributionstate lastSampleDurationSeconds: the node's own last round sample (0: none yet). */
  readonly lastSampleSeconds: number | null;
  /** /redistributionstate block, round and the round the neighbourhood was last selected for. */
  readonly block: number | null;
  readonly round: number | null;
  readonly lastSelectedRound: number | null;
  readonly blockTime: BlockTime;
}

export interface SampleEstimate {
  readonly seconds: number;
  readonly marginSeconds: number;
  readonly verdict: ForecastVerdict;
}

export interface SampleForecast {
  readonly windowBlocks: number;
  readonly budgetBlocks: number;
  readonly blockTime: BlockTime;
  readonly budgetSeconds: number;
  /** Chunks per second the benchmark walked, or null (no benchmark, or no reserve read). */
  readonly chunksPerSecond: number | null;
  /** The sample of the reserve as it is now; null without a benchmark. */
  readonly now: SampleEstimate | null;
  /** The sample once the reserve is full; null without a benchmark or a reserve reading. */
  readonly full: SampleEstimate | null;
  /** The node's own last sample, judged against the same budget; null when it has sampled no round yet. */
  readonly lastSample: SampleEstimate | null;
  /** Whether lastSampleDurationSeconds was read at all: a null lastSample means "none yet" only when it was. */
  readonly lastSampleRead: boolean;
  /** Blocks until the next sample window opens (the next claim phase), or null without a block. */
  readonly nextWindowInBlocks: number | null;
  /** The neighbourhood is selected for the next round: the coming sample counts. */
  readonly selectedNext: boolean | null;
  /** The worst of now and last sample (full is the outlook, not today's risk); null when neither is known. */
  readonly verdict: ForecastVerdict | null;
  readonly headline: string;
  readonly warnings: readonly string[];
}

export function judgeSample(seconds: number, budgetSeconds: number): SampleEstimate {
  const marginSeconds = budgetSeconds - seconds;
  const verdict: ForecastVerdict = marginSeconds < 0 ? 'misses' : marginSeconds < budgetSeconds * THIN_MARGIN_SHARE ? 'thin' : 'fits';
  return { seconds, marginSeconds, verdict };
}

const RANK: Record<ForecastVerdict, number> = { fits: 0, thin: 1, misses: 2 };
const worse = (a: ForecastVerdict | null, b: ForecastVerdict | null): ForecastVerdict | null => (a === null ? b : b === null ? a : RANK[b] > RANK[a] ? b : a);

/** Blocks from `block` to the next claim phase's first block (0 when it is that block). */
export function blocksToNextSampleWindow(block: number): number {
  const at = Math.max(0, Math.floor(block)) % ROUND_BLOCKS;
  return at <= CLAIM_FROM ? CLAIM_FROM - at : ROUND_BLOCKS - at + CLAIM_FROM;
}

export function forecastSample(input: ForecastInputs): SampleForecast {
  const budgetSeconds = SAMPLE_BUDGET_BLOCKS * input.blockTime.seconds;
  const capacity = RESERVE_CAPACITY_CHUNKS * 2 ** (input.reserveCapacityDoubling ?? 0);
  const bench = input.benchmark;
  const chunksPerSecond = bench && input.reserveAtBenchmark !== null && input.reserveAtBenchmark > 0 && bench.durationSeconds > 0 ? input.reserveAtBenchmark / bench.durationSeconds : null;
  // Now: the benchmark as measured, scaled to the reserve's growth since (when both readings exist).
  const nowSeconds = bench === null ? null : chunksPerSecond !== null && input.reserveNow !== null ? Math.max(bench.durationSeconds, input.reserveNow / chunksPerSecond) : bench.durationSeconds;
  const fullSeconds = chunksPerSecond === null ? null : Math.max(nowSeconds ?? 0, capacity / chunksPerSecond);
  const now = nowSeconds === null ? null : judgeSample(nowSeconds, budgetSeconds);
  const full = fullSeconds === null ? null : judgeSample(fullSeconds, budgetSeconds);
  const lastSample = input.lastSampleSeconds !== null && input.lastSampleSeconds > 0 ? judgeSample(input.lastSampleSeconds, budgetSeconds) : null;
  const nextWindowInBlocks = input.block === null ? null : blocksToNextSampleWindow(input.block);
  const selectedNext = input.round === null || input.lastSelectedRound === null ? null : input.lastSelectedRound === input.round + 1;
  const verdict = worse(now?.verdict ?? null, lastSample?.verdict ?? null);
  const base = { windowBlocks: SAMPLE_WINDOW_BLOCKS, budgetBlocks: SAMPLE_BUDGET_BLOCKS, blockTime: input.blockTime, budgetSeconds, chunksPerSecond, now, full, lastSample, lastSampleRead: input.lastSampleSeconds !== null, nextWindowInBlocks, selectedNext, verdict };
  return { ...base, headline: forecastHeadline(base, input), warnings: forecastWarnings(base) };
}

type ForecastBase = Omit<SampleForecast, 'headline' | 'warnings'>;

const secs = (s: number): string => (s < 10 ? `${s.toFixed(1)} s` : `${Math.round(s)} s`);

export function blockTimeText(b: BlockTime): string {
  const how = b.source === 'assumed' ? "assumed: Bee's default --block-time, the API does not report it" : b.source === 'measured' ? 'measured between polls' : '--block-time';
  return `${b.seconds} s blocks (${how})`;
}

function forecastHeadline(f: ForecastBase, input: ForecastInputs): string {
  const budget = `the ${secs(f.budgetSeconds)} sample budget (${f.budgetBlocks} of ${f.windowBlocks} blocks at ${f.blockTime.seconds} s)`;
  if (f.now === null && f.lastSample === null) return `sample time unknown: ${input.benchmarkMissing ?? 'no rchash benchmark'}; budget ${secs(f.budgetSeconds)}`;
  const est = f.now ?? f.lastSample!;
  const what = f.now ? 'forecast sample' : "the node's last sample";
  const words = { fits: `fits, margin ${secs(est.marginSeconds)}`, thin: `margin thin, ${secs(est.marginSeconds)}`, misses: `misses, over by ${secs(-est.marginSeconds)}` }[est.verdict];
  return `${what} ${secs(est.seconds)} of ${budget}: ${words}`;
}

function forecastWarnings(f: ForecastBase): string[] {
  const out: string[] = [];
  const selected = f.selectedNext ? ' The neighbourhood is selected for the next round: this one counts.' : '';
  const when = f.nextWindowInBlocks === null ? '' : ` The next sample window opens in ${f.nextWindowInBlocks} block${f.nextWindowInBlocks === 1 ? '' : 's'} (~${secs(f.nextWindowInBlocks * f.blockTime.seconds)}).`;
  if (f.now?.verdict === 'misses') out.push(`The sample would take ${secs(f.now.seconds)}, past the ${secs(f.budgetSeconds)} budget: the node will miss its commit.${selected}${when}`);
  else if (f.now?.verdict === 'thin') out.push(`The sample leaves ${secs(f.now.marginSeconds)} of ${secs(f.budgetSeconds)}: a slower disk or a fuller reserve misses the commit.${selected}${when}`);
  if (f.lastSample && f.lastSample.verdict !== 'fits') out.push(`The node's last round sample took ${secs(f.lastSample.seconds)} of the ${secs(f.budgetSeconds)} budget (${f.lastSample.verdict === 'misses' ? 'missed' : 'margin thin'}).`);
  if (f.full && f.full.verdict !== 'fits' && f.now?.verdict === 'fits') out.push(`Once the reserve is full the sample would take ~${secs(f.full.seconds)} (${f.full.verdict === 'misses' ? 'past the budget' : 'margin thin'}): plan a faster disk before it fills.`);
  return out;
}

/** The forecast as lines of text: the headline, the estimates and the warnings. */
export function forecastText(f: SampleForecast, node: string): string {
  const est = (label: string, e: SampleEstimate | null, missing: string) =>
    `  ${label.padEnd(18)} ${e === null ? missing : `${secs(e.seconds)} (${e.marginSeconds >= 0 ? `margin ${secs(e.marginSeconds)}` : `over by ${secs(-e.marginSeconds)}`}, ${e.verdict})`}`;
  return [
    `sample-forecast ${node}: ${f.headline}`,
    `  window             ${f.windowBlocks} blocks (claim start to the next round's reveal), budget ${f.budgetBlocks} blocks = ${secs(f.budgetSeconds)} at ${blockTimeText(f.blockTime)}`,
    `  sampler speed      ${f.chunksPerSecond === null ? 'unknown (needs the benchmark and the reserve size)' : `${Math.round(f.chunksPerSecond).toLocaleString('en-US')} chunks/s`}`,
    est('sample now', f.now, 'unknown: no rchash benchmark'),
    est('reserve full', f.full, 'unknown: needs the benchmark and the reserve size'),
    est("node's last sample", f.lastSample, f.lastSampleRead ? 'none yet: the node has not sampled a round' : 'unknown: /redistributionstate not read'),
    `  next window        ${f.nextWindowInBlocks === null ? 'unknown (block not read)' : `in ${f.nextWindowInBlocks} blocks`}; selected for next round: ${f.selectedNext === null ? 'unknown' : f.selectedNext ? 'yes' : 'no'}`,
    ...f.warnings.map((w) => `  ! ${w}`),
  ].join('\n');
}
