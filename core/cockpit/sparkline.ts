/**
 * Sparklines (issue 28 item 3): a series becomes levels 0..7, one per cell, and a level becomes a glyph. The
 * engine sends levels (CellView.trend); the terminal draws them as Unicode blocks, or ASCII under `--ascii`, and
 * the window as SVG. A gap (a poll that could not read the figure, or no poll in that cell's time) stays a gap:
 * a blank cell, never the bottom level, which would read as a zero.
 */

export const SPARK_LEVELS = 8;
const BLOCKS = '▁▂▃▄▅▆▇█';
/** Eight ASCII glyphs rising in weight, for consoles without block glyphs. */
const ASCII_STEPS = '_.-:=+*#';
export const SPARK_GAP = ' ';

/**
 * Levels 0..7 scaled between the series' own minimum and maximum (a sparkline shows the shape, the figure beside
 * it the value). A flat series sits at the middle level: steady, not empty.
 */
export function sparkLevels(values: readonly (number | null)[]): (number | null)[] {
  let min = Infinity;
  let max = -Infinity;
  for (const v of values) {
    if (v === null) continue;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  if (min === Infinity) return values.map(() => null);
  const range = max - min;
  return values.map((v) => {
    if (v === null) return null;
    if (range === 0) return SPARK_LEVELS / 2 - 1;
    return Math.min(SPARK_LEVELS - 1, Math.floor(((v - min) / range) * SPARK_LEVELS));
  });
}

/** The glyphs of a line of levels; `ascii` draws with `_.-:=+*#`. */
export function sparkText(levels: readonly (number | null)[], ascii = false): string {
  const glyphs = ascii ? ASCII_STEPS : BLOCKS;
  let out = '';
  for (const level of levels) out += level === null ? SPARK_GAP : glyphs[Math.max(0, Math.min(SPARK_LEVELS - 1, level))]!;
  return out;
}

/** True when every cell is a gap: nothing to draw (the face shows the placeholder instead). */
export function isAllGaps(levels: readonly (number | null)[]): boolean {
  return levels.every((level) => level === null);
}
