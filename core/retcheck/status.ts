/**
 * Top-level status aggregation and exit codes (retcheck spec §3 and §7).
 * Gateway results count the same as vantage results; cold downloads never affect status.
 */
import type { ReportStatus, Unreachable } from '../../config-schema/retcheck-report.js';

/** One answer from a vantage or a gateway: true = yes, false = no, null = errored without an answer. */
export type Answer = boolean | null;

export function aggregateStatus(answers: readonly Answer[]): ReportStatus {
  const yes = answers.filter((a) => a === true).length;
  const no = answers.filter((a) => a === false).length;
  if (answers.length > 0 && yes === answers.length) return 'retrievable';
  if (yes > 0) return 'partial';
  if (no > 0) return 'unretrievable';
  return 'error';
}

/**
 * The targets that alone made the status `partial`: every target that did not say yes could not be asked at all
 * (DNS failure, refused connection, ...), and every one that answered said yes. The spec's aggregation stands (they
 * count as not-yes); this only says so. Undefined otherwise.
 */
export function partialBecauseUnreachable(
  status: ReportStatus,
  targets: readonly { url: string; retrievable: Answer; unreachable?: Unreachable | undefined }[],
): string[] | undefined {
  if (status !== 'partial') return undefined;
  const notYes = targets.filter((t) => t.retrievable !== true);
  if (notYes.length === 0 || notYes.some((t) => t.unreachable === undefined)) return undefined;
  return notYes.map((t) => t.url);
}

/**
 * Exit codes, documented in the README:
 *   0  retrievable or partial (at least one vantage or gateway said yes)
 *   2  unretrievable or error (none said yes)
 *   1  bad arguments, invalid input, or an internal failure
 *   3  re-seed refused (batch unknown or unusable), or the re-upload failed
 *   4  the result could not be pushed to --pushgateway (the report itself was printed)
 */
export const EXIT = { ok: 0, usage: 1, notRetrievable: 2, reseedRefused: 3, pushFailed: 4 } as const;

export function exitCodeForStatus(status: ReportStatus): number {
  return status === 'retrievable' || status === 'partial' ? EXIT.ok : EXIT.notRetrievable;
}
