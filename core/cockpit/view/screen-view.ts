/**
 * The screen region of the cockpit view model (view-model.ts states the rules): the screen document, its drill
 * and the section kinds every screen is made of. A face implements each section kind once.
 */
import type { Tone } from './view-model.js';
import type { ScreenId } from './screens.js';

// ---------------------------------------------------------------------------------------------------- screens

export interface ScreenView {
  readonly id: ScreenId;
  readonly number: number;
  readonly title: string;
  /** Loading before the first answer; error when the screen's data cannot be had (the message says why). */
  readonly status: 'loading' | 'ready' | 'error';
  /** One line under the title: the source and age of the data (`polled 3 s ago`), or why it failed. */
  readonly subtitle: string | null;
  readonly sections: readonly Section[];
  /** The selected row: which selectable section and which row index in it. */
  readonly selection: SelectionView | null;
  /** A drill-down opened with Enter on a row (S2 bucket histogram, S6 peer drill, ...); Esc closes it. */
  readonly drill: DrillView | null;
}

export interface SelectionView {
  readonly section: string;
  readonly index: number;
}

export interface DrillView {
  readonly title: string;
  readonly status: 'loading' | 'ready' | 'error';
  readonly subtitle: string | null;
  readonly sections: readonly Section[];
  readonly selection: SelectionView | null;
}

export type Section =
  | FactsSection
  | TableSection
  | BarsSection
  | StripSection
  | TreeSection
  | FormSection
  | TextSection
  | ActionsSection;

interface SectionBase {
  /** Stable within the screen (selection and clicks refer to it). */
  readonly id: string;
  readonly title: string | null;
  /**
   * A detail of the selected row too wide to sit beside its table (S2's selected batch): the terminal's wide
   * layout keeps it under the rows instead of in the side pane, so the table keeps its columns.
   */
  readonly withRows?: boolean;
}

/**
 * A line under a row that says what to do about it (issue 28 item 2): a Warn or Fail gate's remedy, why a gate
 * was not measured, the gate behind a fleet row's warn, a batch's top-up. Only where a figure is out of range or
 * unknown; a healthy row has none. Faces draw it under the row, indented, in its tone (muted when absent).
 */
export interface RowHint {
  readonly text: string;
  readonly tone?: Tone;
}

/** Label/value lines: the chequebook card, identity, chain state, the stake card. */
export interface FactsSection extends SectionBase {
  readonly kind: 'facts';
  /**
   * `full` and `detail` as in CellView; `hint` as in RowHint. `spark`: the figure's last hour (issue 28 item 3), a
   * CellView of kind `trend` (core/cockpit/screens/trend-cell.ts) that faces draw between the label and the value.
   */
  readonly rows: readonly FactsRow[];
}

export interface FactsRow {
  readonly label: string;
  readonly value: string;
  readonly tone?: Tone;
  readonly full?: string;
  readonly detail?: string;
  readonly hint?: RowHint;
  readonly spark?: CellView;
}

/**
 * What every cell of a column holds, so a face (and the tests over every width) can tell a column's own field
 * from a stray one. core/cockpit/view/column-kinds.ts says what text each kind takes.
 * - `id`: a hex identifier or reference (batch, peer, transaction, chunk), maybe shortened `4a235821…`,
 *   maybe followed by a label (`4a235821… devnet`)
 * - `address`: a network address (multiaddr); `url`: an http(s) URL
 * - `number`: an ordinal or small integer without grouping (depth, bin, nonce, feed index, tag uid)
 * - `count`: a count grouped by thousands (`65,536`)
 * - `amount`: a token amount with its unit (`12.5 xBZZ`, `405 M PLUR`, `1.2 gwei`); one unit per column
 * - `duration`: a span of time (`19 h 11 min`, `every 60 s`); `latency`: a measured time (`12 ms`, `1.25 s`)
 * - `time`: a clock time or date (`14:03:12`, `2026-01-02 03:04:05`)
 * - `size`: a byte size with its unit; `fill`: used of capacity (`3/64 4.7 %`)
 * - `name`: a name an operator gave (node, endpoint); `label`: a word from a small set (transport, kind,
 *   direction); `status`: a state word, maybe with a figure (`Syncing 40 %`); `text`: a sentence
 * - `mark`: one or two glyph markers (the active node's ●, the default node's ★), or nothing
 * - `bar`: a fill bar of a fixed width drawn with two glyphs (`███░░░░░░░`, `###.......` under --ascii)
 * - `trend`: a sparkline of the last hour (the cell's `trend` levels; its text is them as Unicode blocks)
 */
export type ColumnKind =
  | 'id'
  | 'address'
  | 'url'
  | 'number'
  | 'count'
  | 'amount'
  | 'duration'
  | 'latency'
  | 'time'
  | 'size'
  | 'fill'
  | 'name'
  | 'label'
  | 'status'
  | 'text'
  | 'mark'
  | 'bar'
  | 'trend';

export interface ColumnView {
  readonly id: string;
  readonly label: string;
  readonly align: 'left' | 'right';
  /** Narrow layouts drop columns with the highest number first (1 = never dropped). */
  readonly priority: number;
  /** What the column's cells hold: each cell's `text` (and `full`) is of this kind, at every width. */
  readonly kind: ColumnKind;
}

export interface CellView {
  readonly text: string;
  readonly tone?: Tone;
  /**
   * The same value as `text`, not shortened (the 64-hex reference of `4a235821…`): `text` is `full` with parts
   * replaced by `…` (see isShortenedFrom in cell-text.ts). A face with room shows it in place of `text`, so it
   * must never hold another field: that belongs in `detail`.
   */
  readonly full?: string;
  /**
   * More about the value (which batch is the worst, the exact amount, where a cheque came from), offered on
   * demand (the desktop's tooltip) and never shown in place of `text`.
   */
  readonly detail?: string;
  /**
   * A sparkline (core/cockpit/sparkline.ts): one level 0..7 per cell, oldest first, null for a gap (no figure read
   * in that cell's time). `text` holds it as Unicode blocks; the terminal draws ASCII under `--ascii`, the window SVG.
   */
  readonly trend?: readonly (number | null)[];
}

/** Rows and columns: gates, batches, cheques, peers, tags, pins, fleet, messages, history. */
export interface TableSection extends SectionBase {
  readonly kind: 'table';
  readonly columns: readonly ColumnView[];
  readonly rows: readonly { readonly key: string; readonly cells: readonly CellView[]; readonly tone?: Tone; readonly hint?: RowHint }[];
  /** Up/Down, PgUp/PgDn, Home/End and clicks select rows; Enter drills (or switches node in S15). */
  readonly selectable: boolean;
  /** Shown instead of rows when there are none (`no batches: buy one with ...`). */
  readonly emptyText: string;
}

/** Progress bars: the S5 warmup checklist, bucket fill in the S2 drill, reserve fill. */
export interface BarsSection extends SectionBase {
  readonly kind: 'bars';
  readonly bars: readonly { readonly label: string; readonly fraction: number; readonly text: string; readonly tone?: Tone }[];
}

/** A row of small cells: the S6 bin-saturation strip (one cell per bin). */
export interface StripSection extends SectionBase {
  readonly kind: 'strip';
  readonly cells: readonly { readonly label: string; readonly value: string; readonly tone?: Tone }[];
  readonly legend: string | null;
}

/** The S11 lazy manifest walker: rows in display order with their depth. */
export interface TreeSection extends SectionBase {
  readonly kind: 'tree';
  readonly rows: readonly {
    readonly key: string;
    readonly depth: number;
    readonly label: string;
    readonly detail: string | null;
    readonly expandable: boolean;
    readonly expanded: boolean;
    readonly loading: boolean;
    readonly tone?: Tone;
  }[];
  readonly selectable: boolean;
  readonly emptyText: string;
}

/** Inputs on a screen: S11 root, S13 owner/topic/max, S14 mode and topic, S12 reference to add. */
export interface FormSection extends SectionBase {
  readonly kind: 'form';
  readonly fields: readonly {
    readonly id: string;
    readonly label: string;
    readonly value: string;
    readonly placeholder: string;
    /** When the field is a choice (S14 mode: PSS / GSOC), its options; Enter/Space or a click cycles. */
    readonly options?: readonly string[];
    /** A one-line validation message for this field. */
    readonly error?: string;
  }[];
  /** The action a submit runs (`Walk`, `Subscribe`, `Add`), sent as `ui.submit`. */
  readonly submitLabel: string;
}

export interface TextSection extends SectionBase {
  readonly kind: 'text';
  readonly lines: readonly { readonly text: string; readonly tone?: Tone }[];
}

/** Buttons of a screen (desktop buttons; the terminal draws them as `[r] Re-poll` chips). */
export interface ActionsSection extends SectionBase {
  readonly kind: 'actions';
  readonly actions: readonly {
    readonly id: string;
    readonly label: string;
    /** The key that presses it on this face: the engine fills it from the binding table (screens leave it out). */
    readonly key?: string | null;
    readonly enabled: boolean;
  }[];
}
