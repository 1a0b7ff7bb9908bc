/**
 * Operator rule (2-cockpit.md §1, S6): a peer's batch commitment is flagged "when an outlier above 5 %".
 *
 * Every node computes `batchCommitment` (the sum of 2^depth over all valid postage batches) from the same
 * chain, so healthy nodes agree on it exactly. A peer that disagrees is reading another chain state (a stalled
 * or forked RPC endpoint, a postage listener far behind) and will compute another storage radius.
 *
 * The comparison, decided here because the spec leaves it open: the reference is the MEDIAN commitment over
 * the local node (`/status`) and every peer that answered in `/status/peers` (failed peers carry no numbers).
 * The median, not the mean, so a few broken peers cannot drag the reference towards themselves. The
 * deviation is |peer − median| / median, in either direction; above 5 % (strictly) the peer is an outlier.
 * With no reference (nobody answered, or the median is 0) there is no verdict.
 */

export const COMMITMENT_OUTLIER_FRACTION = 0.05;

export interface CommitmentVerdict {
  /** The median of the reference commitments, or null when there is none. */
  readonly median: number | null;
  /** Signed (peer − median) / median; null without a reference. */
  readonly deviation: number | null;
  readonly outlier: boolean;
  /** How many commitments the median was taken over. */
  readonly sampleSize: number;
}

export function median(values: readonly number[]): number | null {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (!sorted.length) return null;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Judges `peer` against the commitments of the local node and every answering peer (the peer itself included). */
export function judgeCommitment(peer: number, references: readonly number[], threshold = COMMITMENT_OUTLIER_FRACTION): CommitmentVerdict {
  const sampleSize = references.filter((v) => Number.isFinite(v)).length;
  const mid = median(references);
  if (mid === null || mid <= 0 || !Number.isFinite(peer)) return { median: mid, deviation: null, outlier: false, sampleSize };
  const deviation = (peer - mid) / mid;
  return { median: mid, deviation, outlier: Math.abs(deviation) > threshold, sampleSize };
}
