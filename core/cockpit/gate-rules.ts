/**
 * One function per gate: snapshot in, Gate out. The rules and their thresholds are the documented contract
 * (docs/cockpit.md "Gates"); tests pin each boundary. A gate whose endpoint gave no usable answer is Unknown
 * (`not measured: /<endpoint>: <why>`), never a Fail of what it measures, except where the refusal itself is
 * an answer (403/400: not applicable). Only "API reachable" fails on a missing /health: reaching the API is
 * what it measures.
 */
import { compareApiVersion, describeVersionComparison, EXPECTED_API_VERSION } from './api-version.js';
import { againstTarget, formatBzz, formatDuration, formatNative, formatPercent, formatTokensApart, NATIVE_DECIMALS, shortId } from './format.js';
import { GATE_NAMES, GATE_THRESHOLDS as T, NOT_MEASURED, type Gate, type GateId, type GateState } from './gate-definitions.js';
import { starvingBins } from './rules/bin-saturation.js';
import { DEFAULT_BLOCK_SECONDS, judgeSample, SAMPLE_BUDGET_BLOCKS } from './sample-forecast.js';
import { EMPTY_FILL_HISTORY, fillNote, soonestDeadline, type StampFillHistory } from './stamp-fill.js';
import { SNAPSHOT_ENDPOINTS, type EndpointFailure, type Fetched, type NodeHealthSnapshot, type SnapshotEndpoint, type StampFacts } from './health-snapshot.js';

const gate = (id: GateId, state: GateState, reason: string): Gate => ({ id, name: GATE_NAMES[id], state, reason, applicable: true });
const notApplicable = (id: GateId, why: string): Gate => ({ id, name: GATE_NAMES[id], state: 'Warn', reason: `not applicable: ${why}`, applicable: false });
const notMeasured = (id: GateId, why: string): Gate => ({ id, name: GATE_NAMES[id], state: 'Unknown', reason: `${NOT_MEASURED}: ${why}`, applicable: true });
const noAnswer = (id: GateId, endpoint: SnapshotEndpoint, error: EndpointFailure): Gate => notMeasured(id, `/${endpoint}: ${error.detail}`);
const isHttp = (f: Fetched<unknown>, status: number): boolean => !f.ok && f.error.code === 'http' && f.error.status === status;

export function apiReachableGate(s: NodeHealthSnapshot): Gate {
  const id = 'apiReachable';
  if (!s.health.ok) {
    const { code, detail } = s.health.error;
    // The cockpit's own cancellation says nothing about the node (core/cockpit/call-outcome.ts); a health poll
    // cut short normally throws before it gets here, and this keeps the rule if one ever does not.
    if (code === 'aborted') return notMeasured(id, `/health: the cockpit cancelled its own call (${detail})`);
    if (code === 'network' || code === 'timeout') return gate(id, 'Fail', `cannot reach the node: ${detail}`);
    return gate(id, 'Fail', `/health did not answer as Bee does: ${detail}`);
  }
  const { status, version, apiVersion } = s.health.value;
  if (status !== 'ok') return gate(id, 'Fail', `/health says status "${status}" (Bee ${version})`);
  // 400 and 403 are answers (not a full node, feature off); anything else (401, 404, 5xx, transport) means
  // the API is up but not serving this client.
  const failing = SNAPSHOT_ENDPOINTS.flatMap((endpoint) => {
    const f: Fetched<unknown> = s[endpoint];
    if (f.ok || (f.error.code === 'http' && (f.error.status === 400 || f.error.status === 403))) return [];
    return [`/${endpoint} ${f.error.detail}`];
  });
  if (failing.length) {
    const more = failing.length > 1 ? ` (+${failing.length - 1} more)` : '';
    return gate(id, 'Warn', `/health ok but ${failing.length} endpoint${failing.length > 1 ? 's' : ''} failing: ${failing[0]}${more}`);
  }
  return gate(id, 'Pass', `Bee ${version}, API ${apiVersion}`);
}

export function chainRpcFreshGate(s: NodeHealthSnapshot, streak: number): Gate {
  const id = 'chainRpcFresh';
  if (!s.chainstate.ok) return noAnswer(id, 'chainstate', s.chainstate.error);
  const { chainTip, block } = s.chainstate.value;
  const lag = Math.max(0, chainTip - block);
  const excess = Math.max(0, lag - T.chainLagAllowanceBlocks);
  const where = `tip ${chainTip}, synced ${block}: lag ${lag} blocks`;
  if (excess >= T.chainLagFailBlocks) return gate(id, 'Fail', `${where}, RPC endpoint or postage listener stalled`);
  if (excess >= T.chainLagWarnBlocks && streak >= T.chainLagSustainedPolls) {
    return gate(id, 'Fail', `${where}, sustained over ${streak} polls: slow RPC endpoint`);
  }
  if (excess >= T.chainLagWarnBlocks) {
    return gate(id, 'Warn', `${where}, ${excess} beyond the ${T.chainLagAllowanceBlocks}-block listener tail (fails if sustained)`);
  }
  return gate(id, 'Pass', where);
}

export function walletFundedGate(s: NodeHealthSnapshot): Gate {
  const id = 'walletFunded';
  if (isHttp(s.wallet, 403)) return notApplicable(id, 'the node has no chain backend (403)');
  if (!s.wallet.ok) return noAnswer(id, 'wallet', s.wallet.error);
  const bzz = BigInt(s.wallet.value.bzzBalance ?? '0');
  const native = BigInt(s.wallet.value.nativeTokenBalance ?? '0');
  const balances = `${formatBzz(bzz)}, ${formatNative(native)}`;
  const empty = [bzz <= 0n ? 'xBZZ' : '', native <= 0n ? 'native token' : ''].filter(Boolean);
  if (empty.length) return gate(id, 'Fail', `${balances}: no ${empty.join(' and no ')}`);
  const r = s.redistributionstate;
  if (r.ok && r.value.minimumGasFunds !== null && native < BigInt(r.value.minimumGasFunds)) {
    // Both with the digits that tell them apart: a balance just below the need never reads as equal to it.
    const [have, need] = formatTokensApart(native, BigInt(r.value.minimumGasFunds), NATIVE_DECIMALS);
    return gate(id, 'Warn', `${formatBzz(bzz)}, ${have} native: below the ${need} native a redistribution round needs for gas`);
  }
  return gate(id, 'Pass', balances);
}

export function warmupCompleteGate(s: NodeHealthSnapshot): Gate {
  const id = 'warmupComplete';
  if (!s.readiness.ok) return noAnswer(id, 'readiness', s.readiness.error);
  const warming = s.status.ok && s.status.value.isWarmingUp === true;
  if (!s.readiness.value.ready) {
    return gate(id, 'Fail', `/readiness says notReady (${s.readiness.value.httpStatus})${warming ? ', still warming up' : ''}`);
  }
  if (warming && s.status.ok) return gate(id, 'Warn', `ready but still warming up (pull-sync ${s.status.value.pullsyncRate} chunks/s)`);
  // Ready, but whether the warm-up period is over is /status's to say.
  if (!s.status.ok) return notMeasured(id, `/readiness says ready, but the warm-up state is unknown: /status: ${s.status.error.detail}`);
  return gate(id, 'Pass', 'ready, warm-up done');
}

export function peerCountGate(s: NodeHealthSnapshot): Gate {
  const id = 'peerCount';
  if (!s.status.ok && !s.topology.ok) return noAnswer(id, 'status', s.status.error);
  const peers = s.status.ok ? s.status.value.connectedPeers : s.topology.ok ? s.topology.value.connected : 0;
  const text = `${peers} connected peer${peers === 1 ? '' : 's'}`;
  if (peers < T.peerCountFailBelow) return gate(id, 'Fail', `${text}: too few to form a neighbourhood (need ${T.peerCountFailBelow})`);
  if (peers < T.peerCountWarnBelow) return gate(id, 'Warn', `${text}: thin connectivity (want ${T.peerCountWarnBelow})`);
  return gate(id, 'Pass', text);
}

export function reserveFillGate(s: NodeHealthSnapshot): Gate {
  const id = 'reserveFill';
  if (!s.status.ok) return noAnswer(id, 'status', s.status.error);
  const { beeMode, reserveSizeWithinRadius: size, pullsyncRate, isWarmingUp } = s.status.value;
  if (beeMode !== 'full') return notApplicable(id, `a ${beeMode} node keeps no reserve`);
  const depth = s.reservestate.ok ? s.reservestate.value.storageRadius : s.status.value.storageRadius;
  // Fill against the target, saying which side of it: `12,288 chunks at depth 8, below the 65,536 target (19 %)`.
  const fill = againstTarget(size, T.reserveTargetChunks, `chunks at depth ${depth}`);
  if (size >= T.reserveTargetChunks) return gate(id, 'Pass', fill);
  const part = `${fill} (${formatPercent(size / T.reserveTargetChunks)})`;
  if (isWarmingUp === true || pullsyncRate > 0) return gate(id, 'Warn', `filling: ${part}, pull-sync ${pullsyncRate} chunks/s`);
  return gate(id, 'Fail', `${part} and pull-sync idle: the reserve stopped short of the target`);
}

export function binSaturationGate(s: NodeHealthSnapshot): Gate {
  const id = 'binSaturation';
  if (!s.topology.ok) return noAnswer(id, 'topology', s.topology.error);
  const { depth, connectedPerBin } = s.topology.value;
  const starving = starvingBins(connectedPerBin, depth, T.saturationPeers);
  const range = depth <= 1 ? 'bin 0' : `bins 0-${depth - 1}`;
  if (!starving.length) return gate(id, 'Pass', `${range} ${depth <= 1 ? 'has' : 'each have'} ${T.saturationPeers}+ connected peers (depth ${depth})`);
  const worst = starving[0]!;
  const more = starving.length > 1 ? ` (+${starving.length - 1} more bins)` : '';
  const reason = `STARVING: bin ${worst.po} has ${worst.connected}/${T.saturationPeers} connected peers at depth ${depth}${more}`;
  return gate(id, worst.connected === 0 ? 'Fail' : 'Warn', reason);
}

/** 403: incentives off; 400: not a full node. Both mean the redistribution gates have nothing to judge. */
function redistributionNotApplicable(s: NodeHealthSnapshot, id: GateId): Gate | undefined {
  if (isHttp(s.redistributionstate, 403)) return notApplicable(id, 'storage incentives disabled (403)');
  if (isHttp(s.redistributionstate, 400)) return notApplicable(id, 'not a full node (400)');
  return undefined;
}

export function redistributionHealthyGate(s: NodeHealthSnapshot): Gate {
  const id = 'redistributionHealthy';
  const skip = redistributionNotApplicable(s, id);
  if (skip) return skip;
  if (!s.redistributionstate.ok) return noAnswer(id, 'redistributionstate', s.redistributionstate.error);
  const r = s.redistributionstate.value;
  const round = `round ${r.round} (${r.phase}), last played ${r.lastPlayedRound}, last won ${r.lastWonRound}`;
  if (r.isHealthy === false) return gate(id, 'Fail', `unhealthy: committed depth disagrees with the neighbourhood; ${round}`);
  if (!r.hasSufficientFunds) return gate(id, 'Fail', `not enough gas funds: rounds are skipped; ${round}`);
  if (!r.isFullySynced) return gate(id, 'Warn', `not fully synced: rounds are skipped until the reserve syncs; ${round}`);
  const sample = sampleMargin(r.lastSampleDurationSeconds);
  if (sample) return gate(id, 'Warn', `${sample}; ${round}`);
  return gate(id, 'Pass', round);
}

/**
 * sample-forecast's gate reason (issue 29 item 4): the node's own last round sample against the sample budget
 * (108 blocks at Bee's default 5 s blocks, core/cockpit/sample-forecast.ts), when the margin is thin or gone.
 */
function sampleMargin(seconds: number | undefined): string | null {
  if (seconds === undefined || seconds <= 0) return null;
  const budget = SAMPLE_BUDGET_BLOCKS * DEFAULT_BLOCK_SECONDS;
  const judged = judgeSample(seconds, budget);
  if (judged.verdict === 'fits') return null;
  const took = `last round sample took ${Math.round(seconds)} s of the ${budget} s sample budget (${SAMPLE_BUDGET_BLOCKS} blocks at ${DEFAULT_BLOCK_SECONDS} s)`;
  return judged.verdict === 'misses' ? `${took}: past it, the commit is missed` : `${took}: margin thin, a fuller reserve or slower disk misses the commit`;
}

export function notFrozenGate(s: NodeHealthSnapshot): Gate {
  const id = 'notFrozen';
  const skip = redistributionNotApplicable(s, id);
  if (skip) return skip;
  if (!s.redistributionstate.ok) return noAnswer(id, 'redistributionstate', s.redistributionstate.error);
  const r = s.redistributionstate.value;
  if (r.isFrozen) return gate(id, 'Fail', `frozen in the staking contract (last frozen round ${r.lastFrozenRound}): no rounds until it thaws`);
  return gate(id, 'Pass', r.lastFrozenRound > 0 ? `not frozen (last frozen round ${r.lastFrozenRound})` : 'not frozen');
}

/** The batch with the shortest known TTL (-1 means Bee cannot estimate it), or null: the S1 worst-batch TTL. */
export function worstBatch(s: NodeHealthSnapshot): StampFacts | null {
  if (!s.stamps.ok) return null;
  const known = s.stamps.value.filter((b) => b.batchTTL >= 0);
  return known.length ? known.reduce((a, b) => (b.batchTTL < a.batchTTL ? b : a)) : null;
}

/**
 * Whichever ends a batch first (stamp-fill.ts): its price (Bee's batchTTL) or its fill at the growth of its
 * fullest bucket over successive polls (`fill`, the fleet poller's samples; a one-shot check has none and says
 * the fill rate is unknown). The reason names which one it was.
 */
export function stampTtlGate(s: NodeHealthSnapshot, fill: StampFillHistory = EMPTY_FILL_HISTORY): Gate {
  const id = 'stampTtl';
  if (isHttp(s.stamps, 403)) return notApplicable(id, 'the node has no chain backend (403)');
  if (!s.stamps.ok) {
    // 503: Bee's postage listener has not caught up (or the node is still starting): no verdict yet.
    if (isHttp(s.stamps, 503)) return notMeasured(id, `postage batches not known yet: /stamps: ${s.stamps.error.detail}`);
    return noAnswer(id, 'stamps', s.stamps.error);
  }
  const batches = s.stamps.value;
  if (!batches.length) return gate(id, 'Warn', 'no postage batches: this node cannot upload');
  const first = soonestDeadline(batches, fill);
  // Bee answers -1 for a TTL it cannot estimate (no price yet), and no batch is filling: the node itself does not know.
  if (!first) return notMeasured(id, `Bee does not know the TTL of ${batches.length === 1 ? 'its batch' : `any of its ${batches.length} batches`} yet (no price)`);
  const worst = first.batch;
  const name = `${shortId(worst.batchID)}${worst.label ? ` (${worst.label})` : ''}`;
  const of = batches.length > 1 ? ` (worst of ${batches.length})` : '';
  const text = `batch ${name} ${first.text}${of}`;
  const note = fillNote(first);
  // A batch that fills first needs more slots (a deeper batch: dilute), not more time (a top-up).
  const remedy = first.by === 'price' ? 'top up' : 'dilute it or buy another batch';
  if (first.seconds === 0) return gate(id, worst.immutable === false ? 'Warn' : 'Fail', `${text}${note}`);
  if (first.seconds < T.stampTtlFailSeconds) return gate(id, 'Fail', `${text}: ${remedy} now${note}`);
  if (first.seconds < T.stampTtlWarnSeconds) return gate(id, 'Warn', `${text}: ${remedy} within the day${note}`);
  return gate(id, 'Pass', `${text}${note}`);
}

export function apiVersionGate(s: NodeHealthSnapshot): Gate {
  const id = 'apiVersion';
  if (!s.health.ok) return noAnswer(id, 'health', s.health.error);
  let comparison;
  try {
    comparison = compareApiVersion(s.health.value.apiVersion);
  } catch {
    return gate(id, 'Fail', `/health apiVersion "${s.health.value.apiVersion}" is not a version; expected ${EXPECTED_API_VERSION}`);
  }
  const text = describeVersionComparison(comparison);
  if (!comparison.compatible) return gate(id, 'Fail', text);
  return gate(id, comparison.verdict === 'olderMinor' ? 'Warn' : 'Pass', text);
}
