/**
 * The Prometheus text exposition format (version 0.0.4), both ways: metric families rendered to text (the
 * devnet's Bee `/metrics`, retcheck's exporter) and text read back into families (tests comparing a real Bee's
 * `/metrics` with the devnet's, the exporter's own checks). Pure: values in, text out.
 */

export const EXPOSITION_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

export type MetricType = 'gauge' | 'counter' | 'histogram' | 'summary' | 'untyped';

export interface Sample {
  /** Label pairs in the order they are written. */
  readonly labels?: Readonly<Record<string, string>>;
  readonly value: number;
}

export interface HistogramSample {
  readonly labels?: Readonly<Record<string, string>>;
  /** Upper bounds, ascending, without +Inf. */
  readonly buckets: readonly number[];
  /** Cumulative counts, one per bound. */
  readonly counts: readonly number[];
  readonly sum: number;
  readonly count: number;
}

export type MetricFamily =
  | { readonly name: string; readonly help: string; readonly type: 'gauge' | 'counter' | 'untyped'; readonly samples: readonly Sample[] }
  | { readonly name: string; readonly help: string; readonly type: 'histogram'; readonly samples: readonly HistogramSample[] };

/** A label value with `\`, `"` and newlines escaped, as the text format requires. */
export function escapeLabelValue(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

function escapeHelp(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');
}

/** `{a="1",b="2"}`, or nothing without labels. */
export function labelSet(labels: Readonly<Record<string, string>> | undefined): string {
  if (labels === undefined) return '';
  const pairs = Object.entries(labels);
  if (pairs.length === 0) return '';
  return `{${pairs.map(([key, value]) => `${key}="${escapeLabelValue(value)}"`).join(',')}}`;
}

/** Go's strconv.FormatFloat(v, 'g', -1, 64) style for the special values; plain JS numbers otherwise. */
export function formatValue(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return '+Inf';
  if (value === -Infinity) return '-Inf';
  return String(value);
}

function renderFamily(family: MetricFamily, lines: string[]): void {
  lines.push(`# HELP ${family.name} ${escapeHelp(family.help)}`, `# TYPE ${family.name} ${family.type}`);
  if (family.type !== 'histogram') {
    for (const sample of family.samples) lines.push(`${family.name}${labelSet(sample.labels)} ${formatValue(sample.value)}`);
    return;
  }
  for (const sample of family.samples) {
    sample.buckets.forEach((le, i) => lines.push(`${family.name}_bucket${labelSet({ ...sample.labels, le: formatValue(le) })} ${sample.counts[i] ?? 0}`));
    lines.push(`${family.name}_bucket${labelSet({ ...sample.labels, le: '+Inf' })} ${sample.count}`);
    lines.push(`${family.name}_sum${labelSet(sample.labels)} ${formatValue(sample.sum)}`);
    lines.push(`${family.name}_count${labelSet(sample.labels)} ${sample.count}`);
  }
}

/** The families as one exposition text, in the order given, ending with a newline. */
export function renderExposition(families: readonly MetricFamily[]): string {
  const lines: string[] = [];
  for (const family of families) renderFamily(family, lines);
  return `${lines.join('\n')}\n`;
}

/** Cumulative bucket counts for a set of observations (histogram helper). */
export class Histogram {
  private readonly counts: number[];
  private sum = 0;
  private count = 0;

  constructor(readonly buckets: readonly number[]) {
    this.counts = new Array<number>(buckets.length).fill(0);
  }

  observe(value: number): void {
    for (let i = 0; i < this.buckets.length; i++) if (value <= this.buckets[i]!) this.counts[i]!++;
    this.sum += value;
    this.count++;
  }

  sample(labels?: Readonly<Record<string, string>>): HistogramSample {
    return { ...(labels ? { labels } : {}), buckets: this.buckets, counts: [...this.counts], sum: this.sum, count: this.count };
  }
}

/** What a family looks like in a scraped text: its type and the label names its series carry. */
export interface ScrapedFamily {
  readonly type: MetricType;
  /** Label names over all series (histogram `le` and summary `quantile` left out). */
  readonly labelNames: ReadonlySet<string>;
  readonly series: readonly { readonly name: string; readonly labels: Readonly<Record<string, string>>; readonly value: number }[];
}

const SERIES_LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+-?\d+)?$/;
const LABEL_PAIR = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"\s*,?\s*/gy;

function parseLabels(text: string): Record<string, string> | undefined {
  const labels: Record<string, string> = {};
  LABEL_PAIR.lastIndex = 0;
  let consumed = 0;
  for (let match = LABEL_PAIR.exec(text); match; match = LABEL_PAIR.exec(text)) {
    labels[match[1]!] = match[2]!.replace(/\\(["\\n])/g, (_all, c: string) => (c === 'n' ? '\n' : c));
    consumed = LABEL_PAIR.lastIndex;
  }
  return consumed === text.trim().length || text.trim() === '' ? labels : undefined;
}

function parseValue(text: string): number {
  if (text === '+Inf') return Infinity;
  if (text === '-Inf') return -Infinity;
  return Number(text);
}

/** The family a series line belongs to: histogram and summary series carry suffixes. */
function familyOf(name: string, types: ReadonlyMap<string, MetricType>): string {
  if (types.has(name)) return name;
  for (const suffix of ['_bucket', '_sum', '_count']) {
    if (name.endsWith(suffix)) {
      const base = name.slice(0, -suffix.length);
      const type = types.get(base);
      if (type === 'histogram' || type === 'summary') return base;
    }
  }
  return name;
}

/**
 * Reads an exposition text into families by name. Throws on a line that is neither a comment nor a series,
 * so a malformed answer is a failure of the reader's caller, never a silently smaller set.
 */
export function parseExposition(text: string): Map<string, ScrapedFamily> {
  const types = new Map<string, MetricType>();
  const families = new Map<string, { type: MetricType; labelNames: Set<string>; series: { name: string; labels: Record<string, string>; value: number }[] }>();
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '') continue;
    if (line.startsWith('#')) {
      const type = /^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (\w+)$/.exec(line);
      if (type) types.set(type[1]!, type[2] as MetricType);
      continue;
    }
    const match = SERIES_LINE.exec(line);
    const labels = match ? parseLabels(match[2] ?? '') : undefined;
    if (!match || !labels) throw new Error(`not an exposition line: ${line.slice(0, 120)}`);
    const name = familyOf(match[1]!, types);
    let family = families.get(name);
    if (!family) families.set(name, (family = { type: types.get(name) ?? 'untyped', labelNames: new Set(), series: [] }));
    for (const key of Object.keys(labels)) if (key !== 'le' && key !== 'quantile') family.labelNames.add(key);
    family.series.push({ name: match[1]!, labels, value: parseValue(match[3]!) });
  }
  return families;
}
