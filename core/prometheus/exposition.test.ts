import { describe, expect, it } from 'vitest';
import { Histogram, parseExposition, renderExposition } from './exposition.js';

describe('exposition text', () => {
  it('renders gauges, counters and histograms with escaped labels, and reads them back', () => {
    const h = new Histogram([0.1, 1]);
    h.observe(0.05);
    h.observe(0.5);
    h.observe(5);
    const text = renderExposition([
      { name: 'a_gauge', help: 'A gauge.\nTwo lines.', type: 'gauge', samples: [{ labels: { node: 'say "hi"\\n' }, value: 1.5 }, { value: Infinity }] },
      { name: 'a_total', help: 'A counter.', type: 'counter', samples: [{ value: 3 }] },
      { name: 'a_seconds', help: 'A histogram.', type: 'histogram', samples: [h.sample({ endpoint: 'x' })] },
    ]);
    expect(text).toContain('# HELP a_gauge A gauge.\\nTwo lines.\n');
    expect(text).toContain('a_gauge{node="say \\"hi\\"\\\\n"} 1.5\n');
    expect(text).toContain('a_gauge +Inf\n');
    expect(text).toContain('a_seconds_bucket{endpoint="x",le="0.1"} 1\na_seconds_bucket{endpoint="x",le="1"} 2\na_seconds_bucket{endpoint="x",le="+Inf"} 3\na_seconds_sum{endpoint="x"} 5.55\na_seconds_count{endpoint="x"} 3\n');
    const families = parseExposition(text);
    expect(families.get('a_gauge')).toMatchObject({ type: 'gauge', labelNames: new Set(['node']) });
    expect(families.get('a_gauge')!.series[0]!.labels.node).toBe('say "hi"\\n');
    expect(families.get('a_gauge')!.series[1]!.value).toBe(Infinity);
    expect(families.get('a_seconds')).toMatchObject({ type: 'histogram', labelNames: new Set(['endpoint']) });
    expect(families.get('a_seconds')!.series).toHaveLength(5);
    expect(families.get('a_total')!.type).toBe('counter');
  });

  it('refuses a line that is not exposition text', () => {
    expect(() => parseExposition('# TYPE x gauge\nx{a="1" 2\n')).toThrow(/not an exposition line/);
    expect(() => parseExposition('<html>\n')).toThrow(/not an exposition line/);
  });

  it('reads timestamps and untyped series', () => {
    const families = parseExposition('up{job="a"} 1 1700000000000\nother 2\n');
    expect(families.get('up')).toMatchObject({ type: 'untyped', series: [{ name: 'up', labels: { job: 'a' }, value: 1 }] });
  });
});
