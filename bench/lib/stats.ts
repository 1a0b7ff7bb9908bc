/** Small statistics shared by the runners' result writing and the reports. */

export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Nearest-rank percentile (p in 0..100). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1]!;
}

export function mean(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0) / values.length;
}

/** Coefficient of variation (sample standard deviation over mean), in percent; 0 for fewer than 2 values. */
export function variancePct(values: readonly number[]): number {
  if (values.length < 2) return 0;
  const m = mean(values);
  if (m === 0) return 0;
  const ss = values.reduce((acc, v) => acc + (v - m) ** 2, 0) / (values.length - 1);
  return (Math.sqrt(ss) / m) * 100;
}

export function geometricMean(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  return Math.exp(values.reduce((acc, v) => acc + Math.log(v), 0) / values.length);
}

/** Least-squares line y = slope * x + intercept, with r². */
export function linearFit(points: ReadonlyArray<readonly [number, number]>): { slope: number; intercept: number; r2: number } | undefined {
  if (points.length < 2) return undefined;
  const n = points.length;
  const mx = points.reduce((a, [x]) => a + x, 0) / n;
  const my = points.reduce((a, [, y]) => a + y, 0) / n;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (const [x, y] of points) {
    sxx += (x - mx) ** 2;
    sxy += (x - mx) * (y - my);
    syy += (y - my) ** 2;
  }
  if (sxx === 0) return undefined;
  const slope = sxy / sxx;
  const intercept = my - slope * mx;
  const r2 = syy === 0 ? 1 : (sxy * sxy) / (sxx * syy);
  return { slope, intercept, r2 };
}
