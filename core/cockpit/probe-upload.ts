/**
 * `probe-upload` (issue 29 item 1), the pure half: which batch stamps the probe, how its flags read, and how a
 * report reads as text. The probe itself (upload, stewardship polls, clean-up) is actors/cockpit/probe-upload.ts.
 *
 * A vantage's row is one of: `retrievable` (and after how long), `not-retrievable` (the node answered "no" until
 * the deadline passed), `unreachable` (the node never answered: connection refused, timeout), `error` (it
 * answered, but not with a stewardship result: HTTP 500, 401…). Unknown is never shown as "not retrievable".
 */
import { formatMs, groupDigits } from './format.js';

/** Default payload: small enough to be one chunk, so the probe measures push and retrieval, not throughput. */
export const PROBE_DEFAULT_SIZE = 1024;
/** At most 1 MiB: a probe, not a benchmark. */
export const PROBE_MAX_SIZE = 1024 * 1024;
/** How long every vantage gets to say retrievable, from the end of the upload. */
export const PROBE_DEFAULT_DEADLINE_MS = 60_000;
/** Pause between two stewardship questions to one vantage that said "not yet". */
export const PROBE_POLL_MS = 1_000;

export interface ProbeOptions {
  readonly size: number;
  readonly batchPrefix?: string;
  readonly deadlineMs: number;
}

/** Why the flags were refused, for a usage error. */
export class ProbeUsageError extends Error {
  override name = 'ProbeUsageError';
}

/** `[--size BYTES] [--batch PREFIX] [--deadline SECS]`, as the `--once` verb and the palette pass them. */
export function parseProbeArgs(args: readonly string[]): ProbeOptions {
  let size = PROBE_DEFAULT_SIZE;
  let deadlineMs = PROBE_DEFAULT_DEADLINE_MS;
  let batchPrefix: string | undefined;
  for (let i = 0; i < args.length; i += 1) {
    const flag = args[i]!;
    const value = args[i + 1];
    if (!['--size', '--batch', '--deadline'].includes(flag)) throw new ProbeUsageError(`probe-upload takes --size BYTES, --batch PREFIX and --deadline SECS, not ${JSON.stringify(flag)}`);
    if (value === undefined) throw new ProbeUsageError(`${flag} needs a value`);
    i += 1;
    if (flag === '--size') {
      if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > PROBE_MAX_SIZE) throw new ProbeUsageError(`--size must be 1 to ${PROBE_MAX_SIZE} bytes, got ${JSON.stringify(value)}`);
      size = Number(value);
    } else if (flag === '--deadline') {
      const seconds = /^\d+(\.\d+)?$/.test(value) ? Number(value) : NaN;
      if (!(seconds > 0 && seconds <= 3600)) throw new ProbeUsageError(`--deadline must be seconds, more than 0 and at most 3600, got ${JSON.stringify(value)}`);
      deadlineMs = Math.round(seconds * 1000);
    } else {
      const prefix = value.toLowerCase().replace(/^0x/, '');
      if (!/^[0-9a-f]{1,64}$/.test(prefix)) throw new ProbeUsageError(`--batch must be a hex prefix of a batch ID, got ${JSON.stringify(value)}`);
      batchPrefix = prefix;
    }
  }
  return { size, deadlineMs, ...(batchPrefix === undefined ? {} : { batchPrefix }) };
}

export interface ProbeBatch {
  readonly batchID: string;
  readonly usable: boolean;
  readonly batchTTL: number;
}

export type BatchChoice = { readonly ok: true; readonly batchId: string } | { readonly ok: false; readonly code: 'no-usable-batch' | 'unknown-batch' | 'ambiguous-batch'; readonly why: string };

/** The usable batch with the longest TTL, or the one usable batch whose ID starts with the prefix. */
export function chooseProbeBatch(batches: readonly ProbeBatch[], prefix?: string): BatchChoice {
  const usable = batches.filter((batch) => batch.usable);
  if (prefix === undefined) {
    if (usable.length === 0) return { ok: false, code: 'no-usable-batch', why: `no usable postage batch on this node (${batches.length} batch${batches.length === 1 ? '' : 'es'}, none usable); buy one or wait until it is usable` };
    return { ok: true, batchId: usable.reduce((a, b) => (b.batchTTL > a.batchTTL ? b : a)).batchID };
  }
  const matching = usable.filter((batch) => batch.batchID.startsWith(prefix));
  if (matching.length === 1) return { ok: true, batchId: matching[0]!.batchID };
  if (matching.length > 1) return { ok: false, code: 'ambiguous-batch', why: `${matching.length} usable batches start with ${prefix}; give more of the ID` };
  const unusable = batches.some((batch) => batch.batchID.startsWith(prefix));
  return { ok: false, code: 'unknown-batch', why: unusable ? `the batch starting with ${prefix} is not usable` : `no batch on this node starts with ${prefix}` };
}

export type ProbeRow =
  | { readonly node: string; readonly url: string; readonly outcome: 'retrievable'; readonly afterMs: number; readonly checks: number }
  | { readonly node: string; readonly url: string; readonly outcome: 'not-retrievable' | 'unreachable' | 'error'; readonly why: string; readonly checks: number };

export interface ProbeCleanup {
  /** Whether the active node pinned the probe (Bee pins only when asked; checked, not assumed). */
  readonly pinned: boolean | null;
  readonly unpinned: boolean;
  /** Null: the upload had no tag (Bee gives a direct, unpinned upload none). */
  readonly tagDeleted: boolean | null;
  /** What could not be cleaned, one sentence each. */
  readonly left: readonly string[];
}

export interface ProbeReport {
  readonly node: string;
  readonly reference: string;
  readonly batchId: string;
  readonly size: number;
  readonly uploadMs: number;
  readonly deadlineMs: number;
  /** True when no other node is configured and the uploading node checks its own upload. */
  readonly selfOnly: boolean;
  readonly vantages: readonly ProbeRow[];
  readonly cleanup: ProbeCleanup;
}

/** Every vantage said retrievable. */
export const probeAllRetrievable = (report: ProbeReport): boolean => report.vantages.every((row) => row.outcome === 'retrievable');

export function probeHeadline(report: ProbeReport): string {
  const ok = report.vantages.filter((row) => row.outcome === 'retrievable').length;
  const slowest = Math.max(0, ...report.vantages.flatMap((row) => (row.outcome === 'retrievable' ? [row.afterMs] : [])));
  const through = `${groupDigits(report.size)} bytes through ${report.node} in ${formatMs(report.uploadMs)}`;
  const seen = `retrievable on ${ok} of ${report.vantages.length} vantage${report.vantages.length === 1 ? '' : 's'}${ok > 0 ? ` (slowest ${formatMs(slowest)})` : ''}`;
  return `probe-upload ${report.reference.slice(0, 16)}…: ${through}; ${seen}${report.selfOnly ? '; no other node is configured, so the uploading node checked itself' : ''}`;
}

export function probeRowText(row: ProbeRow): string {
  switch (row.outcome) {
    case 'retrievable':
      return `retrievable after ${formatMs(row.afterMs)}`;
    case 'not-retrievable':
      return `deadline passed: ${row.why}`;
    case 'unreachable':
      return `unreachable: ${row.why}`;
    case 'error':
      return `error: ${row.why}`;
  }
}

export function probeText(report: ProbeReport): string {
  const width = Math.max(...report.vantages.map((row) => row.node.length), 7);
  const rows = report.vantages.map((row) => `  ${row.node.padEnd(width)}  ${probeRowText(row)}`);
  const cleanup = report.cleanup;
  const pin = cleanup.pinned === null ? 'pin state unknown' : cleanup.pinned ? (cleanup.unpinned ? 'unpinned' : 'still pinned') : 'not pinned';
  const tag = cleanup.tagDeleted === null ? 'no tag (Bee tags only deferred or pinned uploads)' : cleanup.tagDeleted ? 'tag deleted' : 'tag left';
  return [
    probeHeadline(report),
    `reference ${report.reference}, batch ${report.batchId.slice(0, 16)}…, deadline ${formatMs(report.deadlineMs)}`,
    ...rows,
    `clean-up: ${pin}, ${tag}; ${cleanup.left.join('; ')}`,
  ].join('\n');
}
