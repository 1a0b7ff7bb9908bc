/**
 * Parses Go's `time.Duration.String()` output (`5.0018ms`, `1m2.5s`, `250µs`, `0s`), which Bee uses for
 * `/pingpong` round-trip times, into milliseconds. Returns undefined for anything else rather than guessing.
 */
const UNIT_MS: Readonly<Record<string, number>> = {
  ns: 1e-6,
  us: 1e-3,
  'µs': 1e-3,
  'μs': 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};

const PART = /(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|μs|ms|s|m|h)/gy;

export function goDurationToMs(text: string): number | undefined {
  const negative = text.startsWith('-');
  const body = negative || text.startsWith('+') ? text.slice(1) : text;
  if (body === '0') return 0;
  if (body === '') return undefined;
  PART.lastIndex = 0;
  let total = 0;
  let consumed = 0;
  let match: RegExpExecArray | null;
  while ((match = PART.exec(body)) !== null) {
    total += Number(match[1]) * UNIT_MS[match[2]!]!;
    consumed = PART.lastIndex;
  }
  if (consumed !== body.length) return undefined;
  return negative ? -total : total;
}
