/**
 * results.csv: one row per case, parameter set and runner (spec "export-csv"), RFC 4180 quoting. `parseCsv`
 * reads it back (the round-trip test holds the two together).
 */
import type { Aggregate } from './model.js';

export const CSV_COLUMNS = [
  'case_id', 'kind', 'domain', 'param_key', 'runner', 'status', 'median_ms', 'ratio_to_best', 'p95_ms', 'variance_pct',
  'throughput_mb_s', 'per_unit_ms', 'unit', 'peak_rss_mb', 'cpu_ms_median', 'cpu_to_wall', 'iterations', 'iterations_ms', 'note',
] as const;

export type CsvRecord = Record<(typeof CSV_COLUMNS)[number], string>;

const num = (n: number | null): string => (n === null ? '' : String(n));

function quote(field: string): string {
  return /[",\n\r]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field;
}

export function toCsvRecords(agg: Aggregate): CsvRecord[] {
  const out: CsvRecord[] = [];
  for (const row of agg.rows) {
    for (const runner of agg.runners.map((r) => r.runner)) {
      const c = row.cells[runner]!;
      out.push({
        case_id: row.id,
        kind: row.kind,
        domain: row.domain,
        param_key: row.param_key,
        runner,
        status: c.status,
        median_ms: num(c.median_ms),
        ratio_to_best: num(c.ratio),
        p95_ms: num(c.p95_ms),
        variance_pct: num(c.variance_pct),
        throughput_mb_s: num(c.throughput_mb_s),
        per_unit_ms: num(c.per_unit_ms),
        unit: c.unit,
        peak_rss_mb: num(c.peak_rss_mb),
        cpu_ms_median: num(c.cpu_ms_median),
        cpu_to_wall: num(c.cpu_ratio),
        iterations: String(c.iterations_ms.length),
        iterations_ms: c.iterations_ms.join(';'),
        note: c.note,
      });
    }
  }
  return out;
}

export function toCsv(agg: Aggregate): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const rec of toCsvRecords(agg)) lines.push(CSV_COLUMNS.map((c) => quote(rec[c])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** RFC 4180 parser: quoted fields may hold commas, quotes ("") and newlines. First line is the header. */
export function parseCsv(text: string): Record<string, string>[] {
  const rows: string[][] = [];
  let field = '';
  let row: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  const [header, ...body] = rows;
  if (!header) return [];
  return body.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
}
