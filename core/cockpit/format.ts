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
