/**
 * The face on a real terminal over a scripted engine, for the tmux tests of what only a terminal shows:
 * the key sequences a terminal really sends, the alternate screen and its restoration, the bell, resizes,
 * the too-small message and inert node text. (The cockpit itself, engine and all, is `cockpit-tui`.)
 *
 *   node dist/surfaces/tui/testing/scripted-cockpit.js [--ascii] [--scheme light|dark|mono]
 *
 * Script: every event received is shown in the banner as JSON; `b` rings (bell count + 1) with a fail
 * toast, `r` adds a recovery toast without ringing, `p` opens the palette, Escape closes it, `h` shows a
 * hostile node string as the screen subtitle, `g` grows the log by 5,000 lines, `ui.quit` and the binding
 * table's quit key (Ctrl+C) exit with 0.
 */
import type { CockpitView } from '../../../core/cockpit/view/view-model.js';
import { runInteractive } from '../index.js';
import { fixtureEngine } from './fixture-engine.js';
import { cockpitView, HOSTILE, logLines, PALETTE } from './view-fixtures.js';
import { resolveKey } from '../../../core/cockpit/bindings/resolve.js';

const argv = process.argv.slice(2);
const schemeAt = argv.indexOf('--scheme');
const scheme = (schemeAt === -1 ? 'dark' : argv[schemeAt + 1]) as CockpitView['theme']['scheme'];
let view = cockpitView({ ascii: argv.includes('--ascii'), scheme, logHeight: 5 });
let toastId = 0;
let lineCount = 40;

const engine = fixtureEngine(view, (event, self) => {
  const next: { -readonly [K in keyof CockpitView]: CockpitView[K] } = { ...view, banner: { id: Date.now(), text: `event ${JSON.stringify(event)}`, tone: 'ok' } };
  const quits = event.type === 'ui.quit' || (event.type === 'ui.key' && resolveKey(event, view)?.row.command.kind === 'quit');
  if (quits) next.exit = { code: 0, finalStatus: 'exited (0)' };
  if (event.type === 'ui.key' && !event.ctrl && !event.alt) {
    if (event.key === 'b') {
      next.bell = { count: view.bell.count + 1 };
      next.toasts = [...view.toasts, { id: ++toastId, text: `node-1: peer count Pass → Fail (${toastId})`, tone: 'fail' as const }].slice(-3);
    }
    if (event.key === 'r') next.toasts = [...view.toasts, { id: ++toastId, text: `node-1: peer count Fail → Pass (${toastId})`, tone: 'ok' as const }].slice(-3);
    if (event.key === 'p') next.overlay = PALETTE;
    if (event.key === 'h') next.screen = { ...view.screen, subtitle: HOSTILE };
    if (event.key === 'g') {
      const lines = logLines(5000, lineCount);
      lineCount += 5000;
      next.logPane = { ...view.logPane, lines: lines.slice(-300), matching: lineCount };
    }
  }
  if (event.type === 'ui.key' && event.key === 'Escape') next.overlay = null;
  view = next;
  self.setView(view);
});

const result = await runInteractive(async () => engine);
if (result.error !== null) process.stderr.write(`scripted-cockpit: ${result.error.message}\n`);
process.exitCode = result.code;
