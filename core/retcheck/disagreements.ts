/**
 * Vantages whose stewardship verdict and per-chunk walk tell different stories, with the likely cause (issue 23
 * item 6a). The two measure different things on the same node:
 * - stewardship (GET /stewardship/{ref}) fetches every chunk of the tree, parity chunks included, from OTHER
 *   nodes through the retrieval protocol, and rebuilds nothing: one chunk it cannot fetch makes it say no
 *   (Bee v2.8.1 pkg/steward IsRetrievable over the joiner's IterateChunkAddresses);
 * - the walk asks the node GET /chunks/{address} for each chunk, which the node answers from its own store
 *   first and from the network otherwise.
 * So a node that holds chunks the network cannot give back (an upload not pushed yet) says no to stewardship and
 * yes to every chunk; content whose missing chunks erasure coding rebuilds reads as not retrievable to
 * stewardship while a download works. And on Bee the stewardship check rebuilds, as a side effect, the missing
 * data chunks of each erasure-coded intermediate chunk it reaches and keeps them in the node's cache (its joiner
 * starts a decoder per intermediate chunk, v2.8.1 pkg/file/joiner and pkg/file/redundancy/getter), in the
 * background: the walk that follows may find them there. The disagreement entries name these; where the two agree, or one of them has no
 * answer, there is nothing to explain.
 */
import type { ChunkProbe, Disagreement, Erasure, VantageResult } from '../../config-schema/retcheck-report.js';
import { groupDigits } from '../cockpit/format.js';

interface WalkTally {
  total: number;
  found: number;
  missing: number;
  noAnswer: number;
}

function tally(chunks: readonly ChunkProbe[], url: string): WalkTally {
  const t: WalkTally = { total: 0, found: 0, missing: 0, noAnswer: 0 };
  for (const chunk of chunks) {
    const probe = chunk.per_vantage[url];
    if (!probe) continue;
    t.total++;
    if (probe.found) t.found++;
    else if (probe.error === undefined) t.missing++;
    else t.noAnswer++;
  }
  return t;
}

const plural = (n: number, one: string, many = `${one}s`) => `${groupDigits(n)} ${n === 1 ? one : many}`;

/** Said where the content is erasure-coded and the walk found data chunks stewardship may have lacked. */
const REBUILT_NOTE = "; on Bee the stewardship check itself rebuilds missing data chunks of erasure-coded content from parity into the node's cache (in the background), so data chunks the network lacked may have been found here";

export function findDisagreements(
  vantages: readonly VantageResult[],
  chunks: readonly ChunkProbe[],
  erasure: Erasure | undefined,
  truncated: boolean,
  erasureCoded = false,
): Disagreement[] {
  const out: Disagreement[] = [];
  const rebuilt = erasureCoded ? REBUILT_NOTE : '';
  for (const v of vantages) {
    if (v.retrievable === null) continue;
    const t = tally(chunks, v.node_url);
    if (t.total === 0) continue;
    const base = { node_url: v.node_url, stewardship: v.retrievable, walk_found: t.found, walk_total: t.total, walk_missing: t.missing };
    if (v.retrievable === false) {
      if (t.found === t.total) {
        out.push(
          truncated
            ? {
                ...base,
                cause: 'walk_truncated',
                explanation: `stewardship says not retrievable, and the walk found all ${plural(t.total, 'chunk')} it probed on this node, but it stopped at its cap: the chunk the network could not deliver may be one it never reached`,
              }
            : {
                ...base,
                cause: 'local_store',
                explanation: `stewardship says not retrievable, yet this node served all ${plural(t.total, 'chunk')} through GET /chunks, which reads the node's own store first, while stewardship fetches every chunk from other nodes: the content is likely held here but not (yet) in the network, e.g. an upload to this node that has not been pushed, or chunks it keeps that their neighbourhood lost${rebuilt}`,
              },
        );
        continue;
      }
      const e = erasure?.per_vantage[v.node_url];
      if (t.noAnswer === 0 && e?.recoverable === true && t.missing > 0) {
        out.push(
          e.missing_data === 0 && e.missing_other === 0
            ? {
                ...base,
                cause: 'parity_only',
                explanation: `stewardship says not retrievable because it fetches every chunk, parity included; the walk found every data chunk on this node and only ${plural(e.missing_parity, 'parity chunk')} missing, which a download never needs: the content downloads as it is${rebuilt}`,
              }
            : {
                ...base,
                cause: 'recoverable',
                explanation: `stewardship says not retrievable because it fetches every chunk and rebuilds none; the walk found ${plural(t.missing, 'chunk')} missing on this node (${e.missing_data} data, ${e.missing_parity} parity), but erasure coding rebuilds them: a download works`,
              },
        );
      }
      continue;
    }
    if (t.missing > 0) {
      out.push({
        ...base,
        cause: 'walk_missing',
        explanation: `stewardship says retrievable, but this node answered it does not have ${plural(t.missing, 'chunk')} when the walk asked for ${t.missing === 1 ? 'it' : 'them'} through GET /chunks: the chunks were lost or became unreachable between the two calls, or the node's retrieval is flaky; run the check again`,
      });
    }
  }
  return out;
}
