/**
 * Which root replicas a reference should have (docs/retcheck.md "Root replicas"): the redundancy level it was
 * uploaded at decides how many (Bee v2.8.1 `pkg/replicas`: 2, 4, 8 or 16 for levels 1–4, none at 0).
 *
 * Where the level comes from, in order:
 * - the root chunk's span, when the root is an intermediate chunk: Bee marks the level there (top span byte
 *   128 + level) whenever it appended parity, which it always does for an intermediate chunk at level > 0
 *   (pkg/file/pipeline/hashtrie). An intermediate root without the mark was uploaded at level 0: no replicas.
 * - `--redundancy-level`, which the operator knows and the root does not say: a root that is a single chunk
 *   (a small file, a manifest node) carries no mark at any level, and neither does a root no node served.
 *   When the span marks a level, the span wins (a fact read beats a claim) and the note says so.
 * - otherwise a search: all 16 addresses of the highest level are asked, as Bee's own download does (it tries
 *   PARANOID's 16 unless told a level), and the replicas found tell the least level the upload had.
 */
import { CHUNK_SIZE, SPAN_SIZE } from '../swarm/chunk.js';
import { decodeSpan, REDUNDANCY_LEVEL_NAMES, type RedundancyLevel } from '../swarm/redundancy.js';
import { REPLICA_COUNTS } from '../swarm/replicas.js';

/** The root chunk as read: plain (decrypted) span ‖ payload, a single-owner chunk, or not read (why). */
export type RootRead = { kind: 'content'; plain: Uint8Array } | { kind: 'soc' } | { kind: 'unknown'; why: string };

export type ReplicaLevelSource = 'span' | 'option' | 'search' | 'none';

export interface ReplicaLevelVerdict {
  /** The level whose replicas are checked; null for a search (not known) or a chunk Bee keeps none of. */
  level: RedundancyLevel | null;
  source: ReplicaLevelSource;
  /** What to ask: the level's replicas, all 16 addresses (search), or nothing. */
  check: 'level' | 'search' | 'skip';
  /** Why, in a sentence (shown in the report). */
  note: string;
}

/** The highest level: a search asks its addresses (Bee's download default, PARANOID). */
export const SEARCH_LEVEL: RedundancyLevel = 4;

const levelName = (level: RedundancyLevel) => `${level} (${REDUNDANCY_LEVEL_NAMES[level]})`;
const copies = (level: RedundancyLevel) => `${REPLICA_COUNTS[level]} copies`;

export function replicaLevel(root: RootRead, declared?: RedundancyLevel): ReplicaLevelVerdict {
  if (root.kind === 'soc') {
    return {
      level: null,
      source: 'none',
      check: 'skip',
      note: 'the reference is a single-owner chunk: Bee keeps replicas only of the root of content it splits and uploads, so there are none to check',
    };
  }
  if (root.kind === 'content') {
    const marked = markedLevel(root.plain);
    if (marked !== undefined) {
      const ignored = declared !== undefined && declared !== marked ? ` (--redundancy-level ${declared} ignored: the span says otherwise)` : '';
      if (marked === 0) {
        return { level: 0, source: 'span', check: 'skip', note: `uploaded at redundancy level 0 (the root chunk's span marks no erasure coding): Bee keeps no replicas${ignored}` };
      }
      return { level: marked, source: 'span', check: 'level', note: `level ${levelName(marked)}, read from the root chunk's span: Bee keeps ${copies(marked)} of the root${ignored}` };
    }
  }
  const unmarked =
    root.kind === 'content' ? 'the root is a single chunk, whose span carries no level' : `the root chunk could not be read (${root.why})`;
  if (declared === 0) return { level: 0, source: 'option', check: 'skip', note: `level 0 as given by --redundancy-level (${unmarked}): Bee keeps no replicas` };
  if (declared !== undefined) {
    return { level: declared, source: 'option', check: 'level', note: `level ${levelName(declared)} as given by --redundancy-level (${unmarked}): Bee keeps ${copies(declared)} of the root` };
  }
  return {
    level: null,
    source: 'search',
    check: 'search',
    note: `the level is not known (${unmarked}): all ${REPLICA_COUNTS[SEARCH_LEVEL]} replica addresses were asked, as a Bee download does; give --redundancy-level to check a known level`,
  };
}

/** The level an intermediate root's span marks (0 when unmarked); undefined for a leaf, which never says. */
function markedLevel(plain: Uint8Array): RedundancyLevel | undefined {
  if (plain.length < SPAN_SIZE) return undefined;
  let span;
  try {
    span = decodeSpan(plain.subarray(0, SPAN_SIZE));
  } catch {
    return undefined; // a level byte Bee never writes: not a mark to trust
  }
  return span.size > BigInt(CHUNK_SIZE) ? span.level : undefined;
}

/** The level at which slot `index` of Bee's dispersal order is first stored: 0–1 level 1, 2–3 level 2, 4–7 level 3, 8–15 level 4. */
export function slotLevel(index: number): RedundancyLevel {
  if (index < 2) return 1;
  return Math.min(4, Math.floor(Math.log2(index)) + 1) as RedundancyLevel;
}
