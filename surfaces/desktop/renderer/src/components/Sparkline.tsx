/**
 * A sparkline cell in the window (issue 28 item 3): the engine's levels (0..7, null for a gap) as an SVG path,
 * one step per level cell. A gap breaks the line (a poll that read nothing is not drawn as a zero).
 */
import { memo } from 'react';
import { SPARK_LEVELS } from '../../../../../core/cockpit/sparkline.js';

const STEP = 6;
const HEIGHT = 16;

export const Sparkline = memo(function Sparkline({ levels, label }: { readonly levels: readonly (number | null)[]; readonly label: string }) {
  const width = levels.length * STEP;
  let d = '';
  let drawing = false;
  levels.forEach((level, i) => {
    if (level === null) {
      drawing = false;
      return;
    }
    const y = HEIGHT - 2 - (level / (SPARK_LEVELS - 1)) * (HEIGHT - 4);
    const x = i * STEP + STEP / 2;
    d += `${drawing ? 'L' : 'M'}${x.toFixed(1)} ${y.toFixed(1)} `;
    drawing = true;
  });
  // A lone point (its neighbours gaps) is drawn as a dot: a path of one M draws nothing.
  const dots = levels.flatMap((level, i) =>
    level !== null && (levels[i - 1] ?? null) === null && (levels[i + 1] ?? null) === null ? [{ x: i * STEP + STEP / 2, y: HEIGHT - 2 - (level / (SPARK_LEVELS - 1)) * (HEIGHT - 4) }] : [],
  );
  return (
    <svg className="sparkline" role="img" aria-label={label} width={width} height={HEIGHT} viewBox={`0 0 ${width} ${HEIGHT}`}>
      <title>{label}</title>
      <path d={d.trim()} fill="none" stroke="currentColor" strokeWidth="1.5" />
      {dots.map((dot) => (
        <circle key={dot.x} cx={dot.x} cy={dot.y} r="1.5" fill="currentColor" />
      ))}
    </svg>
  );
});
