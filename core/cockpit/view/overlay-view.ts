/** The overlays of the cockpit view model (view-model.ts states the rules): palette, node picker, help, alerts. */
import type { Tone } from './view-model.js';

// ---------------------------------------------------------------------------------------------------- overlays

export type OverlayView = PaletteView | PickerView | HelpView | AlertsView;

/** `:` or Ctrl+P: filters as you type; Up/Down move the highlight; Enter submits; Esc closes. */
export interface PaletteView {
  readonly kind: 'palette';
  readonly input: string;
  readonly suggestions: readonly {
    /** e.g. `:feed-timeline <owner> <topic> [max]`. */
    readonly usage: string;
    readonly description: string;
  }[];
  readonly highlighted: number;
  /** The reason the last submit was refused (wrong arity, bad hex), shown under the input. */
  readonly error: string | null;
}

/** Ctrl+N: the configured nodes; arrows or j/k, Enter switches, Esc cancels. */
export interface PickerView {
  readonly kind: 'picker';
  readonly nodes: readonly { readonly name: string; readonly url: string; readonly tone: Tone; readonly status: string; readonly active: boolean }[];
  readonly highlighted: number;
}

/** `?` / `:help`: the keys and verbs of this face. */
export interface HelpView {
  readonly kind: 'help';
  readonly groups: readonly { readonly title: string; readonly entries: readonly { readonly keys: string; readonly action: string }[] }[];
  /**
   * Where a face that cannot show all of it starts: an index over every entry of every group, in order
   * (0 = the first). Up/Down, j/k, PgUp/PgDn and Home/End move it; a face with room for everything
   * ignores it. Absent: 0.
   */
  readonly top?: number;
}

/** Desktop Ctrl+A alerts popup, terminal `:notifications` / Ctrl+Alt+N (last 200, newest first). */
export interface AlertsView {
  readonly kind: 'alerts';
  readonly title: string;
  readonly entries: readonly AlertEntryView[];
  readonly highlighted: number;
}

export interface AlertEntryView {
  readonly key: string;
  /** `14:03:12`. */
  readonly time: string;
  readonly node: string;
  readonly gate: string;
  /** `Pass → Fail`, `— → Warn` on the first poll. */
  readonly change: string;
  readonly reason: string;
  readonly tone: Tone;
}
