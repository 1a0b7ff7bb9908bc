/**
 * Every number the cockpit writes for people, in one place (both faces, gate reasons, banners, the text of the
 * `--once` verbs; JSON keeps raw numbers and decimal strings): counts grouped by thousands, token amounts with
 * their unit (PLUR or xBZZ by magnitude, one unit for amounts shown together), durations, sizes, percentages,
 * short IDs. Rules (docs/cockpit.md "Numbers and units"):
 * - an amount always names its unit; a positive amount never reads as zero, 100 % only when full;
 * - two amounts compared in one line are shown with enough digits to read as different (formatTokensApart);
 * - identifiers (block and round numbers, nonces, feed indexes, tag uids) are not grouped.
 */

/** `37,324,800,000`: the whole digits of an integer grouped by thousands, independent of the host locale. */
export function groupDigits(value: bigint | number | string): string {
  const text = typeof value === 'number' ? Math.trunc(value).toString() : value.toString();
  const sign = text.startsWith('-') ? '-' : '';
  return sign + text.slice(sign.length).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * `1234500000000000000` with 18 decimals → `1.2345`; the whole part grouped (`12,345.5`), at most `shown`
 * fraction digits (cut, not rounded), trailing zeros dropped.
 */
export function formatUnits(value: bigint, decimals: number, shown = 4): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const unit = 10n ** BigInt(decimals);
  const whole = abs / unit;
  const fraction = (abs % unit).toString().padStart(decimals, '0').slice(0, shown).replace(/0+$/, '');
  const text = fraction ? `${groupDigits(whole)}.${fraction}` : groupDigits(whole);
  // A positive amount too small to show must not read as zero: the wallet gate fails only on a true zero.
  if (!negative && abs > 0n && text === '0') return `<0.${'0'.repeat(Math.max(0, shown - 1))}1`;
  return negative ? `-${text}` : text;
}

/**
 * A token amount for reading: 4 fraction digits from 1 up (`63.908`, `12,345`), and below 1 as many as three
 * significant digits need (`0.9997`, `0.00375`, `0.00000000135`), so a small amount keeps its size.
 */
export function formatToken(value: bigint, decimals: number): string {
  return formatUnits(value, decimals, tokenDigits(value, decimals));
}

function tokenDigits(value: bigint, decimals: number): number {
  const abs = value < 0n ? -value : value;
  const unit = 10n ** BigInt(decimals);
  if (abs === 0n || abs >= unit) return Math.min(4, decimals);
  const leadingZeros = decimals - abs.toString().length;
  return Math.min(decimals, Math.max(4, leadingZeros + 3));
}

/**
 * Two amounts of one line, each as formatToken shows it but with as many more digits as make them read as
 * different when they differ (`0.00374 native: below the 0.00375 a round needs`, never `0.0037 … 0.0037`).
 */
export function formatTokensApart(a: bigint, b: bigint, decimals: number): [string, string] {
  let shown = Math.max(tokenDigits(a, decimals), tokenDigits(b, decimals));
  let pair: [string, string] = [formatUnits(a, decimals, shown), formatUnits(b, decimals, shown)];
  while (a !== b && pair[0] === pair[1] && shown < decimals) {
    shown++;
    pair = [formatUnits(a, decimals, shown), formatUnits(b, decimals, shown)];
  }
  return pair;
}

/** 1 BZZ = 10^16 PLUR (bee-api.md §6). */
export const BZZ_DECIMALS = 16;
/** The native gas token (xDAI on Gnosis, ETH on a test chain) has 18 decimals. */
export const NATIVE_DECIMALS = 18;

/** Seconds as an operator reads them: `45 s`, `42 min`, `5 h 3 min`, `2 d 3 h`; a moment under a second `<1 s`. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s === 0 && seconds > 0) return '<1 s';
  if (s < 60) return `${s} s`;
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = groupDigits(Math.floor(hours / 24));
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}

/** First 8 hex characters of a batch ID or overlay, as the stamp table shows them. */
export function shortId(hex: string): string {
  return hex.length > 8 ? `${hex.slice(0, 8)}…` : hex;
}

/** `65,536`: a count, thousands separated, independent of the host locale. */
export function formatCount(n: number | bigint | string): string {
  return groupDigits(n);
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

export type BzzUnit = 'xBZZ' | 'PLUR';

/** From 0.0001 xBZZ (10^12 PLUR) up amounts read in xBZZ; below, in PLUR. */
const XBZZ_FROM_PLUR = 10n ** BigInt(BZZ_DECIMALS - 4);

const plurOf = (plur: bigint | string): bigint => (typeof plur === 'string' ? BigInt(plur) : plur);
const isPlur = (plur: bigint | string | null | undefined): plur is bigint | string => plur !== null && plur !== undefined && (typeof plur === 'bigint' || /^-?\d+$/.test(plur));

/**
 * The unit of amounts shown together (a table column, the two sides of a line), by the largest of them:
 * xBZZ from 0.0001 xBZZ up, else PLUR (where cheques and settlements between busy peers usually are).
 */
export function bzzUnitFor(amounts: Iterable<bigint | string | null | undefined>): BzzUnit {
  let largest = 0n;
  for (const amount of amounts) {
    if (!isPlur(amount)) continue;
    const value = plurOf(amount);
    const abs = value < 0n ? -value : value;
    if (abs > largest) largest = abs;
  }
  // Nothing but zeros: the token's own name.
  return largest >= XBZZ_FROM_PLUR || largest === 0n ? 'xBZZ' : 'PLUR';
}

/**
 * The units of two amounts (or columns of amounts) read against each other, received beside sent: each its own
 * (1.35 G PLUR beside 2 xBZZ), except that a side of nothing but zeros takes the other's: a zero has no size to
 * fit, and `0 xBZZ` beside `10.3 G PLUR` reads as two currencies.
 */
export function pairedBzzUnits(
  a: readonly (bigint | string | null | undefined)[],
  b: readonly (bigint | string | null | undefined)[],
): [BzzUnit, BzzUnit] {
  const nonZero = (amounts: readonly (bigint | string | null | undefined)[]) => amounts.some((amount) => isPlur(amount) && plurOf(amount) !== 0n);
  const own: [BzzUnit, BzzUnit] = [bzzUnitFor(a), bzzUnitFor(b)];
  if (!nonZero(b)) return [own[0], own[0]];
  if (!nonZero(a)) return [own[1], own[1]];
  return own;
}

/** A PLUR amount in `unit`: `12.5 xBZZ`, `0.00000000135 xBZZ`, `13.5 M PLUR`, `0 PLUR`; `—` when not said. */
export function formatBzzIn(plur: bigint | string | null | undefined, unit: BzzUnit): string {
  if (!isPlur(plur)) return '—';
  const value = plurOf(plur);
  return unit === 'xBZZ' ? `${formatToken(value, BZZ_DECIMALS)} xBZZ` : `${formatCompact(value)} PLUR`;
}

/** A PLUR amount (1 xBZZ = 10^16 PLUR) in the unit its size calls for (bzzUnitFor), compact: for screens. */
export function formatBzz(plur: bigint | string | null): string {
  return formatBzzIn(plur, bzzUnitFor([plur]));
}

/** As formatBzz, but PLUR in full digits (`414,720,000 PLUR`): for the `--once` verbs' lines. */
export function formatBzzExact(plur: bigint | string | null | undefined): string {
  if (!isPlur(plur)) return '—';
  return bzzUnitFor([plur]) === 'xBZZ' ? formatBzzIn(plur, 'xBZZ') : `${groupDigits(plurOf(plur))} PLUR`;
}

/**
 * Two PLUR amounts of one line (a cost and a wallet) in one unit, with the digits that tell them apart:
 * `costs 5.21838 xBZZ but the wallet holds 5.21837 xBZZ`, never the same figure twice.
 */
export function formatBzzApart(a: bigint, b: bigint): [string, string] {
  if (bzzUnitFor([a, b]) === 'PLUR') return [`${groupDigits(a)} PLUR`, `${groupDigits(b)} PLUR`];
  const [x, y] = formatTokensApart(a, b, BZZ_DECIMALS);
  return [`${x} xBZZ`, `${y} xBZZ`];
}

/**
 * Amounts that add up (a chequebook's total, available and owed) in one unit and to the same digits, so the
 * figures shown add up too: `10`, `9.99999999865`, `0.00000000135 xBZZ`, not `10`, `9.9999`, `0.00000000135`.
 * In PLUR they are exact, grouped.
 */
export function formatBzzSet(amounts: readonly bigint[]): string[] {
  if (bzzUnitFor(amounts) === 'PLUR') return amounts.map((a) => `${groupDigits(a)} PLUR`);
  const digits = Math.max(...amounts.map((a) => tokenDigits(a, BZZ_DECIMALS)));
  return amounts.map((a) => `${formatUnits(a, BZZ_DECIMALS, digits)} xBZZ`);
}

/** A native-token (gas) amount in wei: `0.9997 native`, `0.00375 native`. The API does not name the token. */
export function formatNative(wei: bigint | string): string {
  return `${formatToken(plurOf(wei), NATIVE_DECIMALS)} native`;
}

/** Milliseconds as a latency: `0.8 ms`, `12 ms`, `1.25 s`. */
export function formatMs(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return '—';
  if (ms < 10) return `${ms.toFixed(1)} ms`;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(2)} s`;
}

/**
 * A fraction 0..1 as a percentage: `0 %`, `4.7 %`, `100 %`. Only nothing reads `0 %` and only full reads
 * `100 %`: a sliver is `<0.1 %`, nearly full `99 %` (rounding never says empty or done when it is not).
 */
export function formatPercent(fraction: number): string {
  const p = fraction * 100;
  if (!Number.isFinite(p)) return `${Math.round(p)} %`;
  if (p > 0 && p < 0.05) return '<0.1 %';
  if (p > 99 && p < 100) return '99 %';
  if (p === 0 || p >= 10) return `${Math.round(p)} %`;
  return `${p.toFixed(1)} %`;
}

/** bytes -> `1.50 GB` (powers of 1000, as bee-js and Swarm docs quote batch sizes); a few bytes `40 B`. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'kB', 'MB', 'GB', 'TB', 'PB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return unit === 0 ? `${bytes} B` : `${value.toFixed(2)} ${units[unit]}`;
}

/**
 * A count measured against a target, saying which side of the target it is: `12,288 chunks at depth 8, below
 * the 65,536 target`, `2,500,124 chunks at depth 2, above the 65,536 target` (never `2,500,124 of 65,536`).
 * `what` follows the count (`chunks at depth 2`, `connected peers`).
 */
export function againstTarget(count: number, target: number, what: string): string {
  const side = count < target ? 'below' : count === target ? 'at' : 'above';
  return `${formatCount(count)} ${what}, ${side} the ${formatCount(target)} target`;
}

/**
 * A proximity order between two 32-byte addresses, to what when given: `PO 12`, `PO 12 to target`, and
 * `identical` (`identical to target`) when all 256 bits agree: `PO 256` reads as a distance, not as the same
 * address.
 */
export function formatProximity(po: number, to?: string): string {
  const text = po >= 256 ? 'identical' : `PO ${po}`;
  return to === undefined ? text : `${text} to ${to}`;
}

/** Local wall-clock time `14:03:12` of a timestamp (ms since the epoch). */
export function clockTime(ms: number): string {
  return new Date(ms).toTimeString().slice(0, 8);
}
