/**
 * The cockpit's regions, each memoised on its slice of the view (plus width, height and theme): the engine
 * keeps an unchanged slice's identity between views, so a new log line re-renders the log pane and nothing
 * else. Every region turns its slice into lines with the pure builders next door and draws them with <Lines>.
 */
import { memo, useMemo, useRef } from 'react';
import { Box } from 'ink';
import type {
  BannerView,
  InputTarget,
  KeyHintView,
  LogPaneView,
  OverlayView,
  ScreenTabView,
  ScreenView,
  ToastView,
  TopBarView,
} from '../../../core/cockpit/view/view-model.js';
import { arrangeBody, bodyLines, type BodyColumns } from '../body.js';
import { bannerLine, hintsLine, tabsLine, titleLine, toastLines, topBarLine } from '../chrome.js';
import { fitLine, seg, space, type Line } from '../lines.js';
import { logPaneLines } from '../log-pane.js';
import { overlayLines, overlayTitle } from '../overlays.js';
import type { TerminalTheme } from '../theme.js';
import { Lines } from './LineText.js';

interface Sized {
  readonly width: number;
  readonly theme: TerminalTheme;
}

/** A one-line region drawn by `build` from its slice of the view. */
function lineRegion<T>(name: string, build: (slice: T, width: number, theme: TerminalTheme) => Line) {
  const Region = memo(function LineRegion({ slice, width, theme }: Sized & { readonly slice: T }) {
    const lines = useMemo(() => [build(slice, width, theme)], [slice, width, theme]);
    return <Lines lines={lines} height={1} width={width} theme={theme} />;
  });
  Region.displayName = name;
  return Region;
}

export const TopBar = lineRegion<TopBarView>('TopBar', topBarLine);
export const Tabs = lineRegion<readonly ScreenTabView[]>('Tabs', tabsLine);
export const Title = lineRegion<ScreenView>('Title', titleLine);
export const Banner = lineRegion<BannerView>('Banner', bannerLine);
export const Hints = lineRegion<readonly KeyHintView[]>('Hints', hintsLine);

/** The screen's body arranged for this width (arrangeBody), with the lines it would draw given every row it asks for. */
export function useArrangedBody(screen: ScreenView, focus: InputTarget | null, width: number, theme: TerminalTheme): { arranged: BodyColumns; contentRows: number } {
  return useMemo(() => {
    const arranged = arrangeBody({ sections: screen.sections, selection: screen.selection, drill: screen.drill, focus }, width, theme);
    // An empty screen still draws its one "loading…" / "no data" line.
    return { arranged, contentRows: Math.max(1, ...arranged.columns.map((entry) => entry.column.lines.length)) };
  }, [screen, focus, width, theme]);
}

export const Body = memo(function Body({ screen, arranged, height, width, theme }: Sized & { readonly screen: ScreenView; readonly arranged: BodyColumns; readonly height: number }) {
  // Where each column's window was last drawn, per screen and drill, so the selection scrolls smoothly.
  const tops = useRef(new Map<string, number[]>());
  const key = `${screen.id}\u0000${screen.drill?.title ?? ''}`;
  const lines = useMemo(() => {
    const drawn = bodyLines(arranged, height, tops.current.get(key) ?? [], theme);
    tops.current.set(key, drawn.tops);
    if (drawn.lines.length === 0 && screen.sections.length === 0 && screen.drill === null) {
      const why = screen.status === 'loading' ? `loading${theme.glyphs.ellipsis}` : screen.status === 'error' ? 'no data' : 'nothing to show';
      return [[seg(why, { tone: 'muted' })]] as Line[];
    }
    return drawn.lines;
  }, [screen, arranged, height, theme, key]);
  return <Lines lines={lines} height={height} width={width} theme={theme} />;
});

export const LogPane = memo(function LogPane({ pane, rows, width, theme }: Sized & { readonly pane: LogPaneView; readonly rows: number }) {
  const lines = useMemo(() => logPaneLines(pane, width, rows, theme), [pane, rows, width, theme]);
  return <Lines lines={lines} height={rows + 2} width={width} theme={theme} />;
});

/** Pads a line to the inner width of a box, with one space each side, so the box hides what is beneath it. */
function boxed(line: Line, inner: number, theme: TerminalTheme): Line {
  return [space(1), ...fitLine(line, inner - 2, theme.glyphs.ellipsis, true), space(1)];
}

/** The open overlay: a bordered box over the body, below the title line. */
export const Overlay = memo(function Overlay({ overlay, rows, width, theme }: Sized & { readonly overlay: OverlayView; readonly rows: number }) {
  // Narrow terminals give the overlay the whole width (a margin would show torn rows of the screen beneath).
  const boxWidth = width < 120 ? width : Math.min(width - 4, overlay.kind === 'help' ? 150 : 110);
  const inner = boxWidth - 2;
  const top = 3;
  const maxInnerRows = Math.max(3, rows - top - 2 - 1);
  const lines = useMemo(() => {
    const content = overlayLines(overlay, inner - 2, maxInnerRows - 2, theme);
    return [boxed([seg(overlayTitle(overlay), { accent: true })], inner, theme), boxed([], inner, theme), ...content.map((line) => boxed(line, inner, theme))];
  }, [overlay, inner, maxInnerRows, theme]);
  const height = Math.min(lines.length, maxInnerRows);
  return (
    <Box position="absolute" width={width} flexDirection="column" alignItems="center">
      <Box marginTop={top} width={boxWidth} height={height + 2} borderStyle={theme.glyphs.border} flexDirection="column" {...(theme.accent.color === undefined ? {} : { borderColor: theme.accent.color })}>
        <Lines lines={lines} height={height} width={inner} theme={theme} />
      </Box>
    </Box>
  );
});

/** Toasts: top right, under the tabs, newest last, at most three; the border takes the worst tone's colour. */
export const Toasts = memo(function Toasts({ toasts, width, theme }: Sized & { readonly toasts: readonly ToastView[] }) {
  const boxWidth = Math.min(64, Math.max(36, Math.floor(width * 0.55)));
  const inner = boxWidth - 2;
  const lines = useMemo(() => toastLines(toasts, inner - 2, theme).map((line) => boxed(line, inner, theme)), [toasts, inner, theme]);
  const worst = toasts.some((t) => t.tone === 'fail') ? 'fail' : toasts.some((t) => t.tone === 'warn') ? 'warn' : toasts[toasts.length - 1]?.tone ?? 'info';
  const color = theme.tone[worst].color;
  return (
    <Box position="absolute" width={width} flexDirection="row" justifyContent="flex-end">
      <Box marginTop={2} width={boxWidth} height={lines.length + 2} borderStyle={theme.glyphs.border} flexDirection="column" {...(color === undefined ? {} : { borderColor: color })}>
        <Lines lines={lines} height={lines.length} width={inner} theme={theme} />
      </Box>
    </Box>
  );
});
