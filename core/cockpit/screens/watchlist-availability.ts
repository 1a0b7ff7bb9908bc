/**
 * S12's availability cells for one watched reference (issue 29.6; the definitions are core/cockpit/availability.ts):
 * `Retrievable` (share of the checks that could run, and how many), `First failure` (date and time),
 * `Longest outage`, `Trend` (the newest ten checks, oldest first, and better/worse/steady). A reference never
 * checked shows `–` in each; one whose checks never could run says so rather than 0 %.
 */
import { formatDuration, formatPercent, formatCount } from '../format.js';
import { resultStrip, share, trend, type AvailabilityRecord } from '../availability.js';
import type { CellView, Tone } from '../view/view-model.js';

const NONE: CellView = { text: '–', tone: 'muted' };

/** `2026-11-29 00:14` in local time: an outage may be days old, so the date is part of it. */
export function dayTime(ms: number): string {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

function shareTone(fraction: number): Tone {
  if (fraction >= 1) return 'ok';
  return fraction >= 0.9 ? 'warn' : 'fail';
}

export function shareText(record: AvailabilityRecord): CellView {
  const fraction = share(record);
  const judged = record.retrievable + record.notRetrievable;
  const unknown = record.unknown ? `, ${formatCount(record.unknown)} could not run` : '';
  if (fraction === null) return { text: `unknown: ${formatCount(record.unknown)} check${record.unknown === 1 ? '' : 's'} could not run`, tone: 'warn' };
  return { text: `${formatPercent(fraction)} of ${formatCount(judged)}${unknown}`, tone: shareTone(fraction) };
}

/** The longest outage; one still open says since when (or that it is the longest). */
function outageCell(record: AvailabilityRecord, judged: boolean): CellView {
  const longest = formatDuration(record.longestOutageMs / 1000);
  if (record.outageSinceMs === null) return record.longestOutageMs > 0 ? { text: longest, tone: 'fail' } : { text: judged ? 'no outage' : '–', tone: 'muted' };
  const current = (record.recent[0]?.checkedAtMs ?? record.outageSinceMs) - record.outageSinceMs;
  if (current > 0 && current >= record.longestOutageMs) return { text: `${longest} (ongoing)`, tone: 'fail' };
  const since = `ongoing since ${dayTime(record.outageSinceMs)}`;
  return { text: record.longestOutageMs > 0 ? `${longest}; ${since}` : since, tone: 'fail' };
}

export function availabilityCells(record: AvailabilityRecord | undefined): CellView[] {
  if (!record || record.checks === 0) return [NONE, NONE, NONE, NONE];
  const judged = record.retrievable + record.notRetrievable > 0;
  const direction = trend(record);
  return [
    shareText(record),
    record.firstFailureMs === null ? { text: judged ? 'never failed' : '–', tone: judged ? 'ok' : 'muted' } : { text: dayTime(record.firstFailureMs), tone: 'fail' },
    outageCell(record, judged),
    { text: `${resultStrip(record)}${direction ? ` ${direction}` : ''}`, ...(direction === 'worse' ? { tone: 'fail' as Tone } : direction === 'better' ? { tone: 'ok' as Tone } : {}) },
  ];
}
