/**
 * How a screen plugs into the cockpit engine. Each of S1..S15 is one child actor of the engine, spawned for
 * the active node only (a node switch stops them all and spawns fresh ones against the new node). The
 * engine's UI session does the generic work (which screen is shown, row selection, Esc, the palette) and
 * forwards to the shown screen's actor only what is that screen's business, as the ScreenEvents below.
 * The screen's selector turns its actor's snapshot into ScreenContent, which the engine puts into the view.
 *
 * A screen therefore lives in four small places:
 * - core/cockpit/screens/<screen>.ts: the pure, typed screen model (node answers -> what the screen shows,
 *   with the operator interpretation rules) and its rendering into view sections; unit-tested.
 * - actors/cockpit/screens/<screen>.ts: the fetches it needs, through the node client (fromPromise with signal).
 * - machines/cockpit/screens/<screen>.machine.ts: its flow (drills, runs, forms; a screen that polls invokes the
 *   one polling-screen machine as its child), with graph-generated model tests and a diagram, like every machine.
 * - one entry in the engine's screen registry (machines/cockpit/screens/index.ts): machine + selector;
 *   its keys (and their footer hints) are rows of the binding table, core/cockpit/bindings/key-bindings.ts.
 */
import type { DrillView, Section } from './view-model.js';

/** What the engine sends to the shown screen's actor. */
export type ScreenEvent =
  /**
   * Enter, a double click, or a click on the selected row: drill into it (S2 batch, S6 peer, S11 fork, ...).
   * `key` is the row's key (TableSection/TreeSection row `key`) when it has one; `inDrill` is true for a row
   * of the open drill's sections.
   */
  | { readonly type: 'screen.activate'; readonly section: string; readonly index: number; readonly key?: string; readonly inDrill?: boolean }
  /** The selected row moved (S6 starts its six-call fan-out on selection; most screens ignore it). */
  | { readonly type: 'screen.select'; readonly section: string; readonly index: number; readonly key?: string; readonly inDrill?: boolean }
  /** A form submit, with every field's value. */
  | { readonly type: 'screen.submit'; readonly section: string; readonly values: Readonly<Record<string, string>> }
  /** A field's value changed (a choice toggled, text typed), so the screen can validate or filter live. */
  | { readonly type: 'screen.input'; readonly section: string; readonly field: string; readonly value: string }
  /**
   * A button (`Re-check all`, `Switch to`) or the screen key that stands for it (`r`, `x`: the binding table,
   * core/cockpit/bindings/, turns keys into these ids, so a screen never sees a letter), with the selected row
   * when there is one (`Switch to` and `Remove` need it).
   */
  | { readonly type: 'screen.action'; readonly id: string; readonly selection?: { readonly section: string; readonly index: number; readonly key?: string } }
  /** A palette verb aimed at this screen, already parsed: `:inspect <ref>`, `:ft <owner> <topic> [max]`,
   *  `:durability <ref>`; args are validated by the engine's palette before they arrive. */
  | { readonly type: 'screen.command'; readonly verb: string; readonly args: readonly string[] }
  /** Toggle the full value of a shortened cell (S13 references). */
  | { readonly type: 'screen.reveal'; readonly section: string; readonly index: number; readonly column: string }
  | { readonly type: 'screen.closeDrill' }
  /** The screen became visible (true) or hidden (false): screens may poll only while visible. */
  | { readonly type: 'screen.visible'; readonly visible: boolean }
  /** The polling preset changed (`:polling`): a timed screen polls every `intervalMs` from its next wait on. */
  | { readonly type: 'screen.pollInterval'; readonly intervalMs: number };

/** What a screen's selector returns; the engine adds id, number, title and selection. */
export interface ScreenContent {
  readonly status: 'loading' | 'ready' | 'error';
  readonly subtitle: string | null;
  readonly sections: readonly Section[];
  /** Minus the selection, which the engine owns. */
  readonly drill: Omit<DrillView, 'selection'> | null;
  /**
   * A one-shot result the screen wants shown as the 8 s banner (`rchash 4.2 s: within the 95 s deadline`),
   * identified so the engine shows each once.
   */
  readonly banner?: { readonly id: number; readonly text: string; readonly tone: 'ok' | 'fail' } | null;
}
