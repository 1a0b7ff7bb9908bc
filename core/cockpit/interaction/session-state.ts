/**
 * The UI session's state as the view composer and the interpreter's callers read it: the machine's context
 * (machines/cockpit/ui-session.machine.ts) plus which overlay mode it is in. Defined here so core code can
 * read it without importing a machine.
 */
import type { AlertsOverlayKind } from './commands.js';
import type { ScreenId } from '../view/screens.js';
import type { BannerView, Face, LogTabId, SelectionView } from '../view/view-model.js';

export type UiMode = 'browsing' | 'palette' | 'picker' | 'help' | 'alerts' | 'filtering' | 'editingForm' | 'closed';

export interface UiSessionContext {
  readonly face: Face;
  readonly screen: ScreenId;
  /** Per screen: the selected row (the composer clamps it to the rows there are). */
  readonly selections: Readonly<Partial<Record<ScreenId, SelectionView>>>;
  readonly drillSelection: SelectionView | null;
  readonly palette: { readonly input: string; readonly highlighted: number; readonly error: string | null };
  /** null: the active node's row. */
  readonly pickerHighlighted: number | null;
  readonly alerts: { readonly kind: AlertsOverlayKind; readonly highlighted: number };
  /** The help overlay's first entry (HelpView.top). */
  readonly helpTop: number;
  readonly log: {
    readonly visible: boolean;
    readonly fullscreen: boolean;
    readonly height: number;
    readonly tab: LogTabId;
    /** The committed filter. */
    readonly filter: string;
    /** The text typed in the filter prompt (shown while `filtering`). */
    readonly editing: string;
    /**
     * Whether open or closed was chosen (`[ui] log_pane`, or the operator's Ctrl+L, Shift+L, a log tab, the
     * filter): the face's size (`log.fit`) no longer opens or closes it.
     */
    readonly chosen?: boolean;
  };
  readonly form: { readonly section: string; readonly field: string } | null;
  readonly banner: BannerView | null;
  readonly bannerSeq: number;
}

export interface UiSessionState {
  readonly mode: UiMode;
  readonly context: UiSessionContext;
}
