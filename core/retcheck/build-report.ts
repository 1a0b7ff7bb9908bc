/**
 * Assembles the spec_version 1 report from the parts the machines collected. Pure: presence rules of the
 * spec live here (gateways omitted when none were probed, chunks/chunk_stats only in per-chunk mode,
 * cold_downloads only in cold mode, resolution only for a feed input), and so do the additive explanations:
 * each chunk's erasure role and the `erasure` verdicts (erasure-verdict.ts), stewardship-vs-walk
 * `disagreements` (disagreements.ts) and `partial_because_unreachable` (status.ts).
 */
import type { ChunkProbe, ChunkVantageProbe, ChunkWalk, ColdDownloadResult, GatewayResult, Resolution, RetcheckReport, VantageResult } from '../../config-schema/retcheck-report.js';
import { SPEC_VERSION } from '../../config-schema/retcheck-report.js';
import type { Replicas } from '../../config-schema/retcheck-replicas.js';
import { hexToBytes } from '../swarm/bytes.js';
import { proximity } from '../swarm/proximity.js';
import { aggregateStatus, partialBecauseUnreachable } from './status.js';
import { chunkRoles, erasureReport, type WalkedTree } from './erasure-verdict.js';
import { findDisagreements } from './disagreements.js';
import { computeChunkStats } from './chunk-stats.js';
import { frameByTargetOverlay } from './target-overlay.js';

export interface WalkedChunkRow {
  address: string;
  perVantage: (ChunkVantageProbe | null)[];
}

export interface ReportParts {
  reference: string;
  vantages: VantageResult[];
  gateways?: GatewayResult[];
  resolution?: Resolution;
  walked?: WalkedChunkRow[];
  /** Intermediate chunks the walk read (their data and parity references). */
  trees?: WalkedTree[];
  walkCap?: ChunkWalk;
  cold?: ColdDownloadResult[];
  targetOverlay?: string;
  replicas?: Replicas;
}

/** Spec: proximity_to_root is the PO between the vantage's overlay and the reference (its first 32 bytes). */
export function withRootProximity(vantage: VantageResult, reference: string): VantageResult {
  if (!vantage.overlay) return vantage;
  return { ...vantage, proximity_to_root: proximity(hexToBytes(vantage.overlay), hexToBytes(reference.slice(0, 64))) };
}

export function toChunkProbes(walked: readonly WalkedChunkRow[], vantages: readonly VantageResult[], trees: readonly WalkedTree[] = []): ChunkProbe[] {
  const overlays = vantages.map((v) => (v.overlay ? hexToBytes(v.overlay) : null));
  const roles = chunkRoles(trees);
  return walked.map((row) => {
    // Walk keys of encrypted content are 128-hex references; the report shows the chunk address.
    const address = row.address.slice(0, 64);
    const addressBytes = hexToBytes(address);
    const perVantage: ChunkProbe['per_vantage'] = {};
    row.perVantage.forEach((probe, i) => {
      const vantage = vantages[i];
      if (!vantage || !probe) return;
      const overlay = overlays[i];
      perVantage[vantage.node_url] = { ...probe, ...(overlay ? { proximity: proximity(overlay, addressBytes) } : {}) };
    });
    const role = roles.get(row.address);
    return { address, neighborhood: address.slice(0, 2), per_vantage: perVantage, ...(role ? { role: role.role, parent: role.parent } : {}) };
  });
}

export function buildReport(parts: ReportParts): RetcheckReport {
  const located = parts.vantages.map((v) => withRootProximity(v, parts.reference));
  const trees = parts.trees ?? [];
  const chunks = parts.walked ? toChunkProbes(parts.walked, located, trees) : undefined;
  const truncated = parts.walkCap?.truncated === true;
  const erasure = parts.walked ? erasureReport(parts.walked, trees, located.map((v) => v.node_url), truncated) : undefined;
  const erasureCoded = trees.some((t) => t.parity.length > 0);
  const disagreements = chunks ? findDisagreements(located, chunks, erasure, truncated, erasureCoded) : [];
  const vantages = parts.targetOverlay ? frameByTargetOverlay(located, parts.targetOverlay) : located;
  const gateways = parts.gateways && parts.gateways.length > 0 ? parts.gateways : undefined;
  const targets = [...vantages.map((v) => ({ url: v.node_url, retrievable: v.retrievable, unreachable: v.unreachable })), ...(gateways ?? [])];
  const status = aggregateStatus(targets.map((t) => t.retrievable));
  const onlyUnreachable = partialBecauseUnreachable(status, targets);
  return {
    reference: parts.reference,
    status,
    vantages,
    ...(gateways ? { gateways } : {}),
    ...(parts.resolution ? { resolution: parts.resolution } : {}),
    ...(chunks ? { chunks, chunk_stats: computeChunkStats(chunks) } : {}),
    ...(chunks && parts.walkCap ? { chunk_walk: parts.walkCap } : {}),
    ...(parts.cold ? { cold_downloads: parts.cold } : {}),
    ...(disagreements.length > 0 ? { disagreements } : {}),
    ...(erasure ? { erasure } : {}),
    ...(parts.replicas ? { replicas: parts.replicas } : {}),
    ...(onlyUnreachable ? { partial_because_unreachable: onlyUnreachable } : {}),
    spec_version: SPEC_VERSION,
  };
}
