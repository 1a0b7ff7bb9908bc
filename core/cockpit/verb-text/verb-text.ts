/**
 * What a `--once` verb's result says in words. The verbs (actors/cockpit/verbs/) answer data only: a status and
 * the `data` object its JSON Schema describes (config-schema/once-results.ts). The words are composed here,
 * from that data alone, by one pure function per verb (<verb>.ts beside this file), so `--once` text, the
 * `message` of `--once --json` and the palette's banner line are the same sentence, and a face never composes it.
 */

/** How a verb's result came out: `ok`, `unhealthy` (a failing gate), `sad` (a negative answer), `error`. */
export type OnceStatus = 'ok' | 'unhealthy' | 'sad' | 'error';

/** The words of one result. */
export interface VerbText {
  /** One line: the JSON `message`, the text output when there is no `text`, the palette's banner. */
  readonly message: string;
  /**
   * The text output when it differs from `message` (several lines, or a script-friendly line); for an `error`,
   * what the verb could still show, printed on stdout before the message goes to stderr. Node and file text in
   * it has its control characters made visible already.
   */
  readonly text?: string;
}

/** A verb's words from its status and data. */
export type VerbTextOf<D> = (status: OnceStatus, data: D) => VerbText;

export const plural = (n: number, word: string): string => `${word}${n === 1 ? '' : 's'}`;
