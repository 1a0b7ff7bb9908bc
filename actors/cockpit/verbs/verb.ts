/**
 * A cockpit verb: what `cockpit --once <verb>` and the palette both run (2-cockpit.md §4, §7). A verb takes its
 * arguments and the node flags, does its work (reads a node, a file, the chain) and answers one result object;
 * the `--once` surface (surfaces/cli/cockpit/once.ts) has its words composed (core/cockpit/verb-text/), prints
 * them as text or JSON and maps its status to an exit code, and the palette (actors/cockpit/one-shot-verbs.ts)
 * shows the first line of the same words. An error the verb cannot answer with data is thrown as OnceError,
 * carrying a typed failure whose words core/cockpit/verb-text/failure-words.ts composes.
 * Each verb lives in its own file here and is listed in index.ts.
 */
import type { RadiusTrack } from '../../../core/cockpit/radius-facts.js';
import type { InspectTarget } from '../../../core/inspection/inspect-flag.js';
import type { OnceStatus } from '../../../core/cockpit/verb-text/verb-text.js';
import type { VerbFailure } from '../../../core/cockpit/verb-text/failure.js';

export type { OnceStatus } from '../../../core/cockpit/verb-text/verb-text.js';

/**
 * What a verb answers: data only, its status and the `data` its JSON Schema describes (config-schema/once-results.ts).
 * Its words (the JSON `message`, the text output, the palette's banner) are composed from this alone, outside
 * actors/, by core/cockpit/verb-text/<verb>.ts; test/layering.test.ts keeps this type free of text fields.
 */
export interface OnceResult {
  verb: string;
  status: OnceStatus;
  data: unknown;
}

/** What every verb may need besides its arguments: the node flags and the environment (NODE_URL, NODE_TOKEN). */
export interface OnceContext {
  /** `--node <URL>`. */
  readonly node?: string;
  /** `--token <bearer>`; never printed. */
  readonly token?: string;
  /** `--config <PATH>`: where the node, its token and the supervised node's YAML may come from. */
  readonly config?: string;
  /** `--timeout <SECS>` in milliseconds: each request's limit, body included (default 15 s, DEFAULT_ONCE_TIMEOUT_MS). */
  readonly timeoutMs?: number;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Diagnostics while a verb runs (upload progress); the result itself goes through runOnce. */
  readonly stderr?: (text: string) => void;
  /** Whether stderr is a terminal: progress then updates one line in place instead of printing lines. */
  readonly stderrIsTty?: boolean;
  /** radius-doctor run from the palette: the node's radius history from the engine's trend ring (core/cockpit/radius-ring.ts). */
  readonly radiusHistory?: RadiusTrack | null;
  /** The engine's clock, for a verb run from the palette whose answer is read against engine history; default Date.now. */
  readonly now?: () => number;
  /** `--inspect`: the verb runs as one actor (`once:<verb>`) under the inspector (docs/cockpit.md "Live inspection"). */
  readonly inspect?: InspectTarget;
}

/** A verb's per-request timeout when `--timeout` is not given: a one-shot check must answer even if a node hangs. */
export const DEFAULT_ONCE_TIMEOUT_MS = 15_000;

export const timeoutOf = (context: OnceContext): number => context.timeoutMs ?? DEFAULT_ONCE_TIMEOUT_MS;

/** A verb's implementation: throws OnceUsageError for bad arguments; returns every other outcome as a result. */
export type OnceRun = (args: readonly string[], context: OnceContext) => Promise<OnceResult>;

export interface OnceVerb {
  name: string;
  aliases?: readonly string[];
  /** Arguments after the verb, e.g. `<path>`. */
  usage: string;
  summary: string;
  run: OnceRun;
  /** More lines for `cockpit --once <verb> --help` (arguments, output, exit codes), from the verb's module. */
  loadDetails?: () => Promise<string | undefined>;
}

export class OnceUsageError extends Error {
  override name = 'OnceUsageError';
}

/**
 * A verb that cannot produce its result (node unreachable, endpoint missing, unreadable file, bad config)
 * throws this with why as data: `failure`, a code and its facts, whose words core/cockpit/verb-text/failure-words.ts
 * composes (the `--once` surface and the palette call it), and `data`, the result's JSON data. runOnce renders
 * it as status `error`. Its Error message is the failure's code only (test/layering.test.ts keeps verbs from
 * writing words here).
 */
export class OnceError extends Error {
  override name = 'OnceError';
  constructor(
    readonly failure: VerbFailure,
    readonly data: Record<string, unknown> = {},
  ) {
    super(failure.code);
  }
}


export function findVerb(verbs: readonly OnceVerb[], name: string): OnceVerb | undefined {
  return verbs.find((verb) => verb.name === name || verb.aliases?.includes(name));
}
