/**
 * The terminal cockpit's root component. It renders the CockpitView the engine gives and sends the key
 * presses back as `ui.key` events; nothing else. The view arrives through `useSyncExternalStore` on the
 * engine handle (at most 20 views a second: the engine coalesces), the terminal size through the stdout
 * `resize` event, so a resize redraws at once (and a new height is reported to the engine as `ui.viewport`).
 */
import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { Box, useStdout } from 'ink';
import type { CockpitEngineHandle } from '../../../core/cockpit/view/engine.js';
import type { CockpitUiEvent } from '../../../core/cockpit/view/ui-events.js';
import type { CockpitView } from '../../../core/cockpit/view/view-model.js';
import { shareUnchanged } from '../../../core/cockpit/view/share-unchanged.js';
import { tooSmallLines } from '../chrome.js';
import { MIN_COLUMNS, MIN_ROWS, regionsFor } from '../layout.js';
import { terminalTheme } from '../theme.js';
import { useCockpitKeys } from '../use-cockpit-keys.js';
import { Lines } from './LineText.js';
import { Banner, Body, Hints, LogPane, Overlay, Tabs, Title, Toasts, TopBar, useArrangedBody } from './Regions.js';

export type FaceEngine = Pick<CockpitEngineHandle, 'getView' | 'subscribe' | 'send'>;

/** Columns and rows of the terminal, live. Without a size (not a TTY), 80x24. */
export function useTerminalSize(): { columns: number; rows: number } {
  const { stdout } = useStdout();
  const subscribe = useCallback(
    (onChange: () => void) => {
      stdout.on('resize', onChange);
      return () => {
        stdout.off('resize', onChange);
      };
    },
    [stdout],
  );
  // One string, so an unchanged size is an unchanged snapshot.
  const size = useSyncExternalStore(subscribe, () => `${stdout.columns || 80}x${stdout.rows || 24}`);
  return useMemo(() => {
    const [columns, rows] = size.split('x').map(Number);
    return { columns: columns ?? 80, rows: rows ?? 24 };
  }, [size]);
}

/**
 * The engine's current view, with every part equal to the last view's kept as the last view's object
 * (core's shareUnchanged), so the memoised regions below redraw only what changed even when the engine
 * builds each view afresh.
 */
function useEngineView(engine: FaceEngine): CockpitView {
  const subscribe = useCallback((onChange: () => void) => engine.subscribe(() => onChange()), [engine]);
  const last = useRef<{ raw: CockpitView; shared: CockpitView } | null>(null);
  const getSnapshot = useCallback(() => {
    const raw = engine.getView();
    const cached = last.current;
    if (cached !== null && cached.raw === raw) return cached.shared;
    const shared = cached === null ? raw : shareUnchanged(cached.shared, raw);
    last.current = { raw, shared };
    return shared;
  }, [engine]);
  return useSyncExternalStore(subscribe, getSnapshot);
}

/**
 * Tells the engine the terminal's rows when a resize changes them (`ui.viewport`), as the window's renderer does:
 * the engine decides whether the log pane opens at that height (40 rows, unless `[ui] log_pane` or the operator
 * chose). The rows at launch are the engine's already (startCockpitEngine's logPaneOpen).
 */
function useReportedRows(rows: number, send: (event: CockpitUiEvent) => void): void {
  const reported = useRef(rows);
  useEffect(() => {
    if (rows === reported.current) return;
    reported.current = rows;
    send({ type: 'ui.viewport', rows });
  }, [rows, send]);
}

export function CockpitApp({ engine }: { readonly engine: FaceEngine }) {
  const view = useEngineView(engine);
  const send = useCallback((event: CockpitUiEvent) => engine.send(event), [engine]);
  useCockpitKeys(send);
  const { columns, rows } = useTerminalSize();
  useReportedRows(rows, send);
  const { scheme, ascii } = view.theme;
  const theme = useMemo(() => terminalTheme({ scheme, ascii }), [scheme, ascii]);
  const body = useArrangedBody(view.screen, view.inputFocus, columns, theme);
  // The open log pane takes the rows the screen's content leaves unused (layout.ts).
  const regions = regionsFor(view, columns, rows, body.contentRows);
  if (regions.tooSmall) {
    const lines = tooSmallLines(columns, rows, MIN_COLUMNS, MIN_ROWS, columns);
    return <Lines lines={lines} height={Math.max(1, Math.min(lines.length, regions.rows))} width={columns} theme={theme} />;
  }
  return (
    <Box width={columns} height={regions.rows} flexDirection="column">
      <TopBar slice={view.topBar} width={columns} theme={theme} />
      <Tabs slice={view.tabs} width={columns} theme={theme} />
      {regions.title > 0 ? <Title slice={view.screen} width={columns} theme={theme} /> : null}
      {regions.body > 0 ? <Body screen={view.screen} arranged={body.arranged} height={regions.body} width={columns} theme={theme} /> : null}
      {regions.logPane ? <LogPane pane={view.logPane} rows={regions.logLines} width={columns} theme={theme} /> : null}
      {view.banner !== null ? <Banner slice={view.banner} width={columns} theme={theme} /> : null}
      <Hints slice={view.hints} width={columns} theme={theme} />
      {/* An open overlay has the operator's attention; toasts wait beneath it (torn box edges beside it help nobody). */}
      {view.toasts.length > 0 && view.overlay === null ? <Toasts toasts={view.toasts} width={columns} theme={theme} /> : null}
      {view.overlay !== null ? <Overlay overlay={view.overlay} rows={regions.rows} width={columns} theme={theme} /> : null}
    </Box>
  );
}
