/**
 * How the terminal's rows are shared (pure, so the rule is tested on its own):
 *
 *   top bar            1
 *   screen tabs        1
 *   screen title       1   \ hidden while the log pane is fullscreen (Shift+L)
 *   body               *   /
 *   log pane           2 + its height (4..24, the engine's), when shown; more when the screen leaves rows unused
 *   banner             1, while there is one
 *   key hints          1
 *
 * The body keeps at least MIN_BODY rows: a log pane taller than the terminal allows shows fewer lines
 * (its height setting is kept, and comes back when the terminal grows). An open log pane also takes the rows
 * the screen's content leaves unused below it (issue 28 item 1, as bee-tui's does): the screen keeps the rows
 * its content needs, the log pane its height at least and the rest. The last terminal row stays empty:
 * Ink redraws the whole screen on every frame once its output is as tall as the terminal.
 * Below MIN_COLUMNS x MIN_ROWS the cockpit is not drawn at all; a message says so instead.
 */
import type { CockpitView } from '../../core/cockpit/view/view-model.js';
import { LOG_PANE_CHROME } from './log-pane.js';

export const MIN_COLUMNS = 60;
export const MIN_ROWS = 16;
export const MIN_BODY = 4;

export interface Regions {
  readonly tooSmall: boolean;
  /** Rows the face draws (the terminal's rows minus the spare last one). */
  readonly rows: number;
  readonly columns: number;
  /** 0 when the fullscreen log pane hides the screen. */
  readonly title: number;
  readonly body: number;
  /** Log lines shown (not counting the pane's two header lines); 0 and `logPane` false when hidden. */
  readonly logLines: number;
  readonly logPane: boolean;
  readonly banner: number;
}

/**
 * @param contentRows the lines the screen's body would draw with unlimited rows (its arranged columns' longest);
 *   absent: unknown, and the log pane keeps its own height.
 */
export function regionsFor(view: Pick<CockpitView, 'logPane' | 'banner'>, columns: number, rows: number, contentRows?: number): Regions {
  const usable = Math.max(0, rows - 1);
  const tooSmall = columns < MIN_COLUMNS || rows < MIN_ROWS;
  const banner = view.banner === null ? 0 : 1;
  const fixed = 2 + 1 + banner;
  const pane = view.logPane;
  if (tooSmall) return { tooSmall, rows: usable, columns, title: 0, body: 0, logLines: 0, logPane: false, banner: 0 };
  if (pane.visible && pane.fullscreen) {
    return { tooSmall, rows: usable, columns, title: 0, body: 0, logLines: Math.max(1, usable - fixed - LOG_PANE_CHROME), logPane: true, banner };
  }
  const title = 1;
  const room = usable - fixed - title;
  if (!pane.visible) return { tooSmall, rows: usable, columns, title, body: room, logLines: 0, logPane: false, banner };
  const asked = Math.max(1, Math.min(pane.height, room - LOG_PANE_CHROME - MIN_BODY));
  const spare = contentRows === undefined ? 0 : room - LOG_PANE_CHROME - Math.max(MIN_BODY, contentRows);
  const logLines = Math.max(asked, spare);
  return { tooSmall, rows: usable, columns, title, body: room - LOG_PANE_CHROME - logLines, logLines, logPane: true, banner };
}
