/**
 * Assembles the spec_version 1 report from the parts the machines collected. Pure: presence rules of the
 * spec live here (gateways omitted when none were probed, chunks/chunk_stats only in per-chunk mode,
 * cold_downloads only in cold mode, resolution only for a feed input).
 */
import type { ChunkProbe, ChunkVantageProbe, ChunkWalk, ColdDownloadResult, GatewayResult, Resolution, RetcheckReport, VantageResult } from '../../config-schema/retcheck-report.js';
import { SPEC_VERSION } from '../../config-schema/retcheck-report.js';
import { hexToBytes } from '../swarm/bytes.js';
import { proximity } from '../swarm/proximity.js';
import { aggregateStatus } from './status.js';
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
  walkCap?: ChunkWalk;
  cold?: ColdDownloadResult[];
  targetOverlay?: string;
}

/** Spec: proximity_to_root is the PO between the vantage's overlay and the reference (its first 32 bytes). */
export function withRootProximity(vantage: VantageResult, reference: string): VantageResult {
  if (!vantage.overlay) return vantage;
  return { ...vantage, proximity_to_root: proximity(hexToBytes(vantage.overlay), hexToBytes(reference.slice(0, 64))) };
}

export function toChunkProbes(walked: readonly WalkedChunkRow[], vantages: readonly VantageResult[]): ChunkProbe[] {
  const overlays = vantages.map((v) => (v.overlay ? hexToBytes(v.overlay) : null));
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
    return { address, neighborhood: address.slice(0, 2), per_vantage: perVantage };
  });
}

export function buildReport(parts: ReportParts): RetcheckReport {
  const located = parts.vantages.map((v) => withRootProximity(v, parts.reference));
  const chunks = parts.walked ? toChunkProbes(parts.walked, located) : undefined;
  const vantages = parts.targetOverlay ? frameByTargetOverlay(located, parts.targetOverlay) : located;
  const gateways = parts.gateways && parts.gateways.length > 0 ? parts.gateways : undefined;
  const answers = [...vantages.map((v) => v.retrievable), ...(gateways ?? []).map((g) => g.retrievable)];
  return {
    reference: parts.reference,
    status: aggregateStatus(answers),
    vantages,
    ...(gateways ? { gateways } : {}),
    ...(parts.resolution ? { resolution: parts.resolution } : {}),
    ...(chunks ? { chunks, chunk_stats: computeChunkStats(chunks) } : {}),
    ...(chunks && parts.walkCap ? { chunk_walk: parts.walkCap } : {}),
    ...(parts.cold ? { cold_downloads: parts.cold } : {}),
    spec_version: SPEC_VERSION,
  };
}
