/** What a palette line becomes (palette.ts parses it) and the shape of a verb in the table (palette-verbs.ts). */
import type { KeyCommand } from '../bindings/key-bindings.js';
import type { ScreenId } from '../view/screens.js';
import type { Face } from '../view/view-model.js';
import type { PollingPreset } from './polling-presets.js';

/** One-shot verbs: they run once and answer with a banner (green ok, red error). */
export type OneShotVerb =
  | 'hash'
  | 'cid'
  | 'feed-probe'
  | 'replica-check'
  | 'probe-upload'
  | 'drain-check'
  | 'radius-doctor'
  | 'sample-forecast'
  | 'diagnose'
  | 'upload'
  | 'pss'
  | 'buy-preview'
  | 'topup-preview'
  | 'dilute-preview'
  | 'extend-preview'
  | 'pins-check'
  | 'loggers'
  | 'set-logger';

export type PaletteCommand =
  | { readonly kind: 'screen'; readonly screen: ScreenId }
  /** What a key does too (`:nodes` is Ctrl+N): the binding table's command, run as the key runs it. */
  | { readonly kind: 'key'; readonly command: KeyCommand }
  | { readonly kind: 'switchNode'; readonly target: string }
  /** Opens `screen` and hands it the verb (S11 `inspect`, S13 `feed-timeline`, S12 `durability`). */
  | { readonly kind: 'screenCommand'; readonly screen: ScreenId; readonly verb: string; readonly args: readonly string[] }
  | { readonly kind: 'oneShot'; readonly verb: OneShotVerb; readonly args: readonly string[] }
  | { readonly kind: 'watchStart'; readonly reference: string; readonly intervalSeconds: number; readonly clampedFrom: number | null }
  | { readonly kind: 'watchStop'; readonly reference: string | null }
  | { readonly kind: 'polling'; readonly preset: PollingPreset }
  | { readonly kind: 'supervisor'; readonly action: 'stop' | 'start' };

export class PaletteError extends Error {
  override name = 'PaletteError';
}

export interface PaletteVerb {
  readonly name: string;
  readonly aliases: readonly string[];
  /** `:feed-timeline <owner> <topic> [max]`. */
  readonly usage: string;
  readonly description: string;
  readonly faces: readonly Face[];
  /** The key command this verb runs, when it does what a key does: its description names the face's keys. */
  readonly key?: KeyCommand;
  /** `word` is the name or alias the operator typed. Throws PaletteError on bad arguments. */
  readonly parse: (args: readonly string[], word: string) => PaletteCommand;
}
