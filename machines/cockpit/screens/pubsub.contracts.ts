/** S14 Pubsub's input, context and form names (pubsub.machine.ts explains the states). */
import type { PubsubMessage, PubsubTarget } from '../../../core/cockpit/pubsub.js';
import type { PubsubForm } from '../../../core/cockpit/screens/pubsub.js';
import type { ReplaySpeed } from '../../../core/cockpit/pubsub-replay.js';
import type { ScreenContent } from '../../../core/cockpit/view/screen-contract.js';

export interface PubsubScreenInput {
  /** Messages kept (default 200, the spec's ring). */
  readonly ringSize?: number;
  /** The dropped-frames count stops here (default one million). */
  readonly droppedCap?: number;
  /** The back-off step stops here (default BACKOFF_STEPS, where the delay reaches its 30 s cap). */
  readonly maxBackoffStep?: number;
}

export interface PubsubScreenContext {
  readonly form: PubsubForm;
  readonly formErrors: Readonly<Partial<Record<keyof PubsubForm, string>>>;
  readonly target: PubsubTarget | null;
  /** Back-off step: 0 after a successful open, +1 per failed connection, at most maxBackoffStep. */
  readonly attempt: number;
  readonly maxBackoffStep: number;
  readonly lastError: string | null;
  readonly ringSize: number;
  readonly messages: readonly PubsubMessage[];
  readonly seq: number;
  readonly filter: string;
  readonly droppedCap: number;
  readonly dropped: { readonly count: number; readonly lastReason: string | null };
  /** The history file the writer reported (`history.opened`), null without `[pubsub].history_file`. */
  readonly historyFile: string | null;
  readonly historyError: string | null;
  /** `:pubsub-replay`: the file, its speed, its message count once checked, and how many were played. */
  readonly replay: { readonly file: string; readonly speed: ReplaySpeed; readonly total: number | null; readonly played: number } | null;
  /** The replay's last one-shot result, for the 8 s banner (the id alternates so each shows once). */
  readonly banner: NonNullable<ScreenContent['banner']> | null;
}

/** reconnectDelayMs reaches its 30 s cap at step 6 (1, 2, 4, 8, 16, 30 s). */
export const BACKOFF_STEPS = 6;
export const SUBSCRIBE_FORM = 'subscribe';
export const FILTER_FORM = 'filter';
