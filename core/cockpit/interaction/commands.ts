/**
 * What the UI interpreter (interpret.ts) produces from a face's event: events for the UI session machine
 * (machines/cockpit/ui-session.machine.ts: which screen, overlay, selection, log pane, banner) and requests
 * for the root cockpit machine (machines/cockpit/cockpit.machine.ts: switch node, run a verb, forward to a
 * screen actor, watch a reference). Plain serialisable data, so the interpreter is a pure function.
 */
import type { OneShotVerb } from './palette.js';
import type { PollingPreset } from './polling-presets.js';
import type { ScreenEvent } from '../view/screen-contract.js';
import type { ScreenId } from '../view/screens.js';
import type { LogTabId, SelectionView } from '../view/view-model.js';

export type AlertsOverlayKind = 'alerts' | 'notifications';

export type UiSessionEvent =
  | { readonly type: 'screen.show'; readonly screen: ScreenId }
  | { readonly type: 'selection.set'; readonly screen: ScreenId; readonly selection: SelectionView }
  | { readonly type: 'drillSelection.set'; readonly selection: SelectionView | null }
  | { readonly type: 'palette.open'; readonly input: string }
  | { readonly type: 'palette.input'; readonly input: string }
  | { readonly type: 'palette.highlight'; readonly highlighted: number }
  | { readonly type: 'palette.refuse'; readonly error: string }
  /** Opens on the active node. */
  | { readonly type: 'picker.open' }
  | { readonly type: 'picker.highlight'; readonly highlighted: number }
  | { readonly type: 'help.open' }
  /** The first help entry a face that cannot show all of them starts at (HelpView.top). */
  | { readonly type: 'help.scroll'; readonly top: number }
  | { readonly type: 'alerts.open'; readonly kind: AlertsOverlayKind }
  | { readonly type: 'alerts.highlight'; readonly highlighted: number }
  | { readonly type: 'overlay.close' }
  | { readonly type: 'log.toggle' }
  | { readonly type: 'log.fullscreen' }
  | { readonly type: 'log.resize'; readonly height: number }
  /** The face has room for `rows` text rows (the window's renderer reports it): opens the log pane at LOG_PANE_OPEN_ROWS unless chosen. */
  | { readonly type: 'log.fit'; readonly rows: number }
  | { readonly type: 'log.tab'; readonly tab: LogTabId }
  | { readonly type: 'filter.open' }
  | { readonly type: 'filter.input'; readonly text: string }
  | { readonly type: 'filter.commit' }
  | { readonly type: 'filter.cancel' }
  | { readonly type: 'filter.clear' }
  | { readonly type: 'form.focus'; readonly section: string; readonly field: string }
  | { readonly type: 'form.blur' }
  | { readonly type: 'banner.show'; readonly text: string; readonly tone: 'ok' | 'fail' }
  | { readonly type: 'session.quit' };

export type EngineRequest =
  /** `:context <name|URL>`, the picker, S15 Enter: a node name, or a URL (a node of the fleet, or a new ad-hoc node). */
  | { readonly type: 'engine.switchNode'; readonly target: string }
  /** Something for one screen's actor (the active node's). */
  | { readonly type: 'engine.screen'; readonly screen: ScreenId; readonly event: ScreenEvent }
  | { readonly type: 'engine.oneShot'; readonly verb: OneShotVerb; readonly args: readonly string[] }
  | { readonly type: 'engine.watchStart'; readonly reference: string; readonly intervalSeconds: number; readonly clampedFrom: number | null }
  | { readonly type: 'engine.watchStop'; readonly reference: string | null }
  /** Re-poll every fleet node now (S15 `r`), or only `node` (S1 `r`). */
  | { readonly type: 'engine.repollFleet'; readonly node?: string }
  /** S12's watchlist is engine-wide (it outlives node switches): its screen actor asks the engine to change it. */
  | { readonly type: 'engine.watchlist'; readonly request: WatchlistRequest }
  /** The operator opened the alerts or notifications list: what is in it now counts as seen. */
  | { readonly type: 'engine.alertsSeen' }
  /** `:polling <preset>`: the fleet and the timed screens poll at the preset's cadence from their next wait on. */
  | { readonly type: 'engine.polling'; readonly preset: PollingPreset }
  /** `:stop` / `:start`: the supervised node's stop (drain first, with drain_secs) or start again; the cockpit keeps running. */
  | { readonly type: 'engine.supervisor'; readonly action: 'stop' | 'start' };

export type UiCommand = { readonly to: 'session'; readonly event: UiSessionEvent } | { readonly to: 'engine'; readonly event: EngineRequest };

export const toSession = (event: UiSessionEvent): UiCommand => ({ to: 'session', event });
export const toEngine = (event: EngineRequest): UiCommand => ({ to: 'engine', event });

export type WatchlistRequest =
  | { readonly kind: 'add' | 'check' | 'remove'; readonly reference: string }
  | { readonly kind: 'recheckAll' };
