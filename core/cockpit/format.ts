/** Small text helpers for gate reasons: token amounts, durations, short IDs. */

/** `1234500000000000000` with 18 decimals → `1.2345`; at most `shown` fraction digits, trailing zeros dropped. */
export function formatUnits(value: bigint, decimals: number, shown = 4): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const unit = 10n ** BigInt(decimals);
  const whole = abs / unit;
  const fraction = (abs % unit).toString().padStart(decimals, '0').slice(0, shown).replace(/0+$/, '');
  const text = fraction ? `${whole}.${fraction}` : whole.toString();
  // A positive amount too small to show must not read as zero: the wallet gate fails only on a true zero.
  if (!negative && abs > 0n && text === '0') return `<0.${'0'.repeat(Math.max(0, shown - 1))}1`;
  return negative ? `-${text}` : text;
}

/** 1 BZZ = 10^16 PLUR (bee-api.md §6). */
export const BZZ_DECIMALS = 16;
/** The native gas token (xDAI on Gnosis, ETH on a test chain) has 18 decimals. */
export const NATIVE_DECIMALS = 18;

/** Seconds as an operator reads them: `45 s`, `42 min`, `5 h 3 min`, `2 d 3 h`. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return `${s} s`;
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}

/** First 8 hex characters of a batch ID or overlay, as the stamp table shows them. */
export function shortId(hex: string): string {
  return hex.length > 8 ? `${hex.slice(0, 8)}…` : hex;
}

/** `65,536`: thousands separated, independent of the host locale. */
export function formatCount(n: number): string {
  return Math.trunc(n)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** `62.2 G`, `850 k`, `12`: a large count (PLUR per chunk, chunk slots) in three significant digits. */
export function formatCompact(value: bigint | number): string {
  const n = typeof value === 'bigint' ? Number(value) : value;
  if (!Number.isFinite(n)) return String(value);
  const abs = Math.abs(n);
  const units: readonly [number, string][] = [
    [1e15, 'P'],
    [1e12, 'T'],
    [1e9, 'G'],
    [1e6, 'M'],
    [1e3, 'k'],
  ];
  for (const [size, suffix] of units) {
    if (abs >= size) return `${trimDigits(n / size)} ${suffix}`;
  }
  return Number.isInteger(n) ? String(n) : trimDigits(n);
}

function trimDigits(n: number): string {
  const abs = Math.abs(n);
  const digits = abs >= 100 ? 0 : abs >= 10 ? 1 : 2;
  return n.toFixed(digits).replace(/\.0+$|(\.\d*?)0+$/, '$1');
}

/**
 * A PLUR amount (1 xBZZ = 10^16 PLUR) as an operator reads it: `12.5 xBZZ` from 0.0001 xBZZ up, and below
 * that in PLUR (`13.5 M PLUR`), where settlements and cheques between busy peers usually are.
 */
export function formatBzz(plur: bigint | string | null): string {
  if (plur === null) return '—';
  const value = typeof plur === 'string' ? BigInt(plur) : plur;
  const abs = value < 0n ? -value : value;
  if (abs !== 0n && abs < 10n ** BigInt(BZZ_DECIMALS - 4)) return `${formatCompact(value)} PLUR`;
  return `${formatUnits(value, BZZ_DECIMALS)} xBZZ`;
}

/** Milliseconds as a latency: `0.8 ms`, `12 ms`, `1.25 s`. */
export function formatMs(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return '—';
  if (ms < 10) return `${ms.toFixed(1)} ms`;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(2)} s`;
}

/** A fraction 0..1 as a percentage: `0 %`, `4.7 %`, `100 %`. */
export function formatPercent(fraction: number): string {
  const p = fraction * 100;
  if (p === 0 || p >= 10 || !Number.isFinite(p)) return `${Math.round(p)} %`;
  return `${p.toFixed(1)} %`;
}

/** Local wall-clock time `14:03:12` of a timestamp (ms since the epoch). */
export function clockTime(ms: number): string {
  return new Date(ms).toTimeString().slice(0, 8);
}
