/**
 * Which missing chunks of a per-chunk walk are data and which parity, and whether a download from each vantage
 * can still rebuild the content (issue 23 item 6b).
 *
 * Bee v2.8.1 erasure-codes every intermediate chunk of a file tree uploaded at redundancy level > 0 (bee-api.md
 * §3): its data references are followed by parity references, and a reader missing some of its children
 * rebuilds them from any `data` of the `data + parity` (Reed-Solomon, core/swarm/erasure.ts). So one
 * intermediate chunk can lose at most as many children, data and parity counted together, as it has parity
 * chunks; with every data child there, missing parity costs nothing.
 *
 * Judged per vantage, from what the walk saw there: `found`, `missing` (the node answered it has no such
 * chunk) or unknown (no answer, not probed, beyond the cap). The verdict is:
 * - false when some intermediate chunk misses more children than it has parity chunks, or a chunk under a
 *   parent without parity (redundancy 0) is missing;
 * - null when it cannot be told: a missing tree root (the reference's root, a manifest node, a file's root:
 *   Bee keeps dispersed replicas of those at level > 0, which the walk does not probe), a missing intermediate
 *   chunk whose own children nobody served, unknown children that could tip a group over its parity, or a
 *   walk cut short by its cap;
 * - true otherwise.
 */
import type { ChunkVantageProbe, Erasure, ErasureGroup, ErasureVantage } from '../../config-schema/retcheck-report.js';
import { groupDigits } from '../cockpit/format.js';
import { CHUNK_SIZE } from '../swarm/chunk.js';
import { maxDataShards, type RedundancyLevel } from '../swarm/redundancy.js';

/** An intermediate chunk of a file tree as the walk read it (machines/retcheck/chunk-walk.machine.ts). */
export interface WalkedTree {
  /** Its walk key: 64 hex, or 128 (address ‖ key) in encrypted content. */
  address: string;
  /** Its subtree size in bytes (span without the level byte). */
  size: number;
  level: RedundancyLevel;
  /** Every data reference in order, repeats and references the cap kept out included (walk keys). */
  data: readonly string[];
  /** Every parity reference (64 hex). */
  parity: readonly string[];
}

export interface WalkRow {
  /** Walk key (64 or 128 hex). */
  address: string;
  perVantage: readonly (ChunkVantageProbe | null)[];
}

export interface ChunkRole {
  role: 'data' | 'parity';
  /** The intermediate chunk's address (64 hex). */
  parent: string;
}

type State = 'found' | 'missing' | 'unknown';

const short = (address: string) => `${address.slice(0, 8)}…`;

function stateOf(probe: ChunkVantageProbe | null | undefined): State {
  if (!probe) return 'unknown';
  if (probe.found) return 'found';
  return probe.error === undefined ? 'missing' : 'unknown';
}

/** Role of every chunk that sits under an erasure-coded intermediate chunk, keyed by walk key (first parent wins). */
export function chunkRoles(trees: readonly WalkedTree[]): Map<string, ChunkRole> {
  const roles = new Map<string, ChunkRole>();
  for (const tree of trees) {
    if (tree.parity.length === 0) continue;
    const parent = tree.address.slice(0, 64);
    for (const address of tree.data) if (!roles.has(address)) roles.set(address, { role: 'data', parent });
    for (const address of tree.parity) if (!roles.has(address)) roles.set(address, { role: 'parity', parent });
  }
  return roles;
}

/** Subtree size of data child `index` of an intermediate chunk (Bee's splitter fills every child but the last). */
export function childSubtreeSize(tree: Pick<WalkedTree, 'size' | 'level' | 'address'>, index: number): number {
  const branching = maxDataShards(tree.level, tree.address.length === 128);
  let childSize = CHUNK_SIZE;
  while (childSize * branching < tree.size) childSize *= branching;
  return Math.max(0, Math.min(childSize, tree.size - index * childSize));
}

interface GroupCount {
  missingData: number;
  missingParity: number;
  unknown: number;
}

function countGroup(tree: WalkedTree, state: (address: string) => State): GroupCount {
  const count: GroupCount = { missingData: 0, missingParity: 0, unknown: 0 };
  for (const address of tree.data) {
    const s = state(address);
    if (s === 'missing') count.missingData++;
    else if (s === 'unknown') count.unknown++;
  }
  for (const address of tree.parity) {
    const s = state(address);
    if (s === 'missing') count.missingParity++;
    else if (s === 'unknown') count.unknown++;
  }
  return count;
}

function groupVerdict(tree: WalkedTree, count: GroupCount): boolean | null {
  const missing = count.missingData + count.missingParity;
  if (missing > tree.parity.length) return false;
  if (missing + count.unknown > tree.parity.length) return null;
  return true;
}

interface VantageJudgement {
  entry: ErasureVantage;
  groups: Map<string, { count: GroupCount; recoverable: boolean | null }>;
}

function judgeVantage(rows: readonly WalkRow[], trees: readonly WalkedTree[], roles: Map<string, ChunkRole>, vantage: number, truncated: boolean): VantageJudgement {
  const byKey = new Map<string, State>();
  for (const row of rows) byKey.set(row.address, stateOf(row.perVantage[vantage]));
  const state = (address: string): State => byKey.get(address) ?? 'unknown';
  const treeKeys = new Set(trees.map((t) => t.address));
  const underAParent = new Set<string>();
  for (const tree of trees) for (const address of [...tree.data, ...tree.parity]) underAParent.add(address);

  const entry: ErasureVantage = { missing_data: 0, missing_parity: 0, missing_other: 0, recoverable: true, why: '' };
  for (const [address, s] of byKey) {
    if (s !== 'missing') continue;
    const role = roles.get(address)?.role;
    if (role === 'data') entry.missing_data++;
    else if (role === 'parity') entry.missing_parity++;
    else entry.missing_other++;
  }

  const refusals: string[] = [];
  const unknowns: string[] = [];
  const groups = new Map<string, { count: GroupCount; recoverable: boolean | null }>();
  for (const tree of trees) {
    const count = countGroup(tree, state);
    const missing = count.missingData + count.missingParity;
    if (missing === 0 && count.unknown === 0) continue;
    if (tree.parity.length === 0) {
      if (missing > 0) refusals.push(`${missing} ${missing === 1 ? 'child' : 'children'} of ${short(tree.address)} missing, which has no parity chunks (redundancy 0)`);
      else unknowns.push(`${count.unknown} ${count.unknown === 1 ? 'child' : 'children'} of ${short(tree.address)} without an answer`);
      continue;
    }
    const recoverable = groupVerdict(tree, count);
    if (missing > 0) groups.set(tree.address, { count, recoverable });
    if (recoverable === false) refusals.push(`${short(tree.address)} misses ${missing} of its children, more than its ${tree.parity.length} parity chunks`);
    else if (recoverable === null) unknowns.push(`${short(tree.address)} misses ${missing} of its children and ${count.unknown} more had no answer, against ${tree.parity.length} parity chunks`);
    // A missing intermediate child is rebuilt, then its own children are needed: nobody served it, so they were never seen.
    tree.data.forEach((address, index) => {
      if (state(address) === 'missing' && !treeKeys.has(address) && childSubtreeSize(tree, index) > CHUNK_SIZE) {
        unknowns.push(`intermediate chunk ${short(address)} would be rebuilt, but no vantage served it, so its own children were never walked`);
      }
    });
  }
  for (const [address, s] of byKey) {
    if (underAParent.has(address)) continue;
    if (s === 'missing') unknowns.push(`${short(address)} is missing and is the root of a tree (the reference, a manifest node or a file): Bee keeps dispersed replicas of roots uploaded at redundancy > 0, which the walk does not probe (--cold downloads through them)`);
    else if (s === 'unknown') unknowns.push(`${short(address)} had no answer`);
  }
  const missingTotal = entry.missing_data + entry.missing_parity + entry.missing_other;
  if (refusals.length > 0) {
    entry.recoverable = false;
    entry.why = `not recoverable: ${refusals[0]}${refusals.length > 1 ? ` (and ${groupDigits(refusals.length - 1)} more)` : ''}`;
  } else if (unknowns.length > 0) {
    entry.recoverable = null;
    entry.why = `cannot tell: ${unknowns[0]}${unknowns.length > 1 ? ` (and ${groupDigits(unknowns.length - 1)} more)` : ''}`;
  } else if (missingTotal > 0 && truncated) {
    entry.recoverable = null;
    entry.why = 'cannot tell: every missing chunk walked is rebuilt, but the walk stopped at its cap and the chunks beyond it were not probed';
  } else if (missingTotal === 0) {
    entry.why = truncated ? 'nothing missing among the chunks walked' : 'nothing missing';
  } else if (entry.missing_data === 0) {
    entry.why = `recoverable: only parity chunks are missing (${entry.missing_parity}); every data chunk is there, so nothing needs rebuilding`;
  } else {
    let worst = { missing: 0, parity: 0 };
    for (const [address, g] of groups) {
      const tree = trees.find((t) => t.address === address)!;
      const missing = g.count.missingData + g.count.missingParity;
      if (missing / tree.parity.length > worst.missing / Math.max(1, worst.parity)) worst = { missing, parity: tree.parity.length };
    }
    entry.why = `recoverable: each intermediate chunk misses at most as many children as it has parity chunks (worst ${worst.missing} of ${worst.parity}), so a download rebuilds the ${groupDigits(entry.missing_data)} missing data ${entry.missing_data === 1 ? 'chunk' : 'chunks'}`;
  }
  return { entry, groups };
}

/**
 * The report's `erasure` section, or undefined when no chunk was missing on any vantage. `urls` are the walk's
 * vantages in walk order (the index of each row's probes).
 */
export function erasureReport(rows: readonly WalkRow[], trees: readonly WalkedTree[], urls: readonly string[], truncated: boolean): Erasure | undefined {
  const anyMissing = rows.some((row) => row.perVantage.some((p) => stateOf(p) === 'missing'));
  if (!anyMissing) return undefined;
  const roles = chunkRoles(trees);
  const perVantage: Record<string, ErasureVantage> = {};
  const groupRows = new Map<string, ErasureGroup>();
  urls.forEach((url, vantage) => {
    const judged = judgeVantage(rows, trees, roles, vantage, truncated);
    perVantage[url] = judged.entry;
    for (const [address, g] of judged.groups) {
      const tree = trees.find((t) => t.address === address)!;
      let row = groupRows.get(address);
      if (!row) {
        row = { address: address.slice(0, 64), level: tree.level, data: tree.data.length, parity: tree.parity.length, per_vantage: {} };
        groupRows.set(address, row);
      }
      row.per_vantage[url] = { missing_data: g.count.missingData, missing_parity: g.count.missingParity, unknown: g.count.unknown, recoverable: g.recoverable };
    }
  });
  return { per_vantage: perVantage, groups: [...groupRows.values()] };
}
