/**
 * One line of styled segments as one Ink <Text>. Adjacent segments with the same style are merged, so a
 * frame has few nodes. Segment text is already inert (lines.ts `seg`).
 */
import { memo } from 'react';
import { Box, Text } from 'ink';
import type { Line, Seg } from '../lines.js';
import type { TerminalTheme } from '../theme.js';

interface Style {
  color: string | undefined;
  bold: boolean;
  dim: boolean;
  inverse: boolean;
}

function styleOf(part: Seg, theme: TerminalTheme): Style {
  const tone = part.tone === undefined ? undefined : theme.tone[part.tone];
  const accent = part.accent ? theme.accent : undefined;
  return {
    color: accent?.color ?? tone?.color,
    bold: Boolean(part.bold || accent?.bold || tone?.bold),
    dim: Boolean(part.dim || tone?.dim),
    inverse: Boolean(part.inverse),
  };
}

function sameStyle(a: Style, b: Style): boolean {
  return a.color === b.color && a.bold === b.bold && a.dim === b.dim && a.inverse === b.inverse;
}

export const LineText = memo(function LineText({ line, theme }: { readonly line: Line; readonly theme: TerminalTheme }) {
  const runs: { text: string; style: Style }[] = [];
  for (const part of line) {
    if (part.text === '') continue;
    const style = styleOf(part, theme);
    const last = runs[runs.length - 1];
    if (last !== undefined && sameStyle(last.style, style)) last.text += part.text;
    else runs.push({ text: part.text, style });
  }
  if (runs.length === 0) return <Text> </Text>;
  return (
    <Text wrap="truncate-end">
      {runs.map((run, i) => (
        <Text key={i} {...(run.style.color === undefined ? {} : { color: run.style.color })} bold={run.style.bold} dimColor={run.style.dim} inverse={run.style.inverse}>
          {run.text}
        </Text>
      ))}
    </Text>
  );
});

/** A fixed-height block of lines (shorter content leaves the rest blank). */
export const Lines = memo(function Lines({ lines, height, width, theme }: { readonly lines: readonly Line[]; readonly height: number; readonly width: number; readonly theme: TerminalTheme }) {
  if (height <= 0) return null;
  return (
    <Box height={height} width={width} flexDirection="column">
      {lines.slice(0, height).map((line, i) => (
        <LineText key={i} line={line} theme={theme} />
      ))}
    </Box>
  );
});
