/**
 * `cockpit --once <verb> [args...]`: one verb, no UI, one result. Each verb lives in its own file
 * (once-<verb>.ts) and is listed in once-verbs.ts; this module finds it, runs it and renders the common
 * result object. Exit codes follow the desktop spec (2-cockpit.md §7): 0 ok, 1 unhealthy or sad result,
 * 2 error (network, parse, unreadable input), 64 usage error.
 */
import { jsonForTerminal, showControlCharacters, terminalSafeOutput } from '../../../core/terminal/visible-text.js';

export type OnceStatus = 'ok' | 'unhealthy' | 'sad' | 'error';

/** The `--json` object every verb returns; `text` is the one-line text output when it differs from `message`. */
export interface OnceResult {
  verb: string;
  status: OnceStatus;
  message: string;
  data: unknown;
  text?: string;
}

/** What every verb may need besides its arguments: the node flags and the environment (NODE_URL, NODE_TOKEN). */
export interface OnceContext {
  /** `--node <URL>`. */
  readonly node?: string;
  /** `--token <bearer>`; never printed. */
  readonly token?: string;
  /** `--timeout <SECS>` in milliseconds: each request's limit, body included (default 15 s, DEFAULT_ONCE_TIMEOUT_MS). */
  readonly timeoutMs?: number;
  readonly env: Readonly<Record<string, string | undefined>>;
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

/** `unhealthy` (a failing gate) and `sad` (a negative answer, e.g. an incompatible version) share code 1. */
export const ONCE_EXIT = { ok: 0, unhealthy: 1, sad: 1, error: 2, usage: 64 } as const;

export class OnceUsageError extends Error {
  override name = 'OnceUsageError';
}

export interface OnceOutput {
  json: boolean;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

export function findVerb(verbs: readonly OnceVerb[], name: string): OnceVerb | undefined {
  return verbs.find((verb) => verb.name === name || verb.aliases?.includes(name));
}

export function verbList(verbs: readonly OnceVerb[]): string {
  return verbs.map((verb) => `  ${`${verb.name} ${verb.usage}`.padEnd(24)} ${verb.summary}`).join('\n');
}

/** The options every verb takes, for the per-verb help. */
const COMMON_OPTIONS = `Options:
  --json            print the result as one JSON object {verb, status, message, data}
  --node <URL>      node API URL (default: a trailing URL, then env NODE_URL, then http://localhost:1633)
  --token <bearer>  bearer token for the node API (default: env NODE_TOKEN)
  --timeout <SECS>  per-request timeout in seconds, body included (default ${DEFAULT_ONCE_TIMEOUT_MS / 1000})
  -h, --help        show this help`;

/** `cockpit --once <verb> --help`. */
export async function verbHelp(verb: OnceVerb): Promise<string> {
  const aliases = verb.aliases?.length ? `\nAliases: ${verb.aliases.join(', ')}` : '';
  const more = await verb.loadDetails?.();
  const details = more ? `\n\n${more.trim()}` : '';
  return `Usage: cockpit --once ${verb.name} ${verb.usage} [options]\n\n${verb.summary}${aliases}${details}\n\n${COMMON_OPTIONS}\n\nExit codes: 0 ok, 1 unhealthy or sad result, 2 error (network, parse, unreadable input), 64 usage error.\n`;
}

/** Runs one verb and writes its result; returns the exit code. */
export async function runOnce(
  verbs: readonly OnceVerb[],
  name: string,
  args: readonly string[],
  out: OnceOutput,
  context: OnceContext = { env: {} },
): Promise<number> {
  const verb = findVerb(verbs, name);
  if (!verb) {
    out.stderr(`cockpit: unknown verb '${showControlCharacters(name)}' for --once\nverbs:\n${verbList(verbs)}\n`);
    return ONCE_EXIT.usage;
  }
  let result: OnceResult;
  try {
    result = await verb.run(args, context);
  } catch (error) {
    if (error instanceof OnceUsageError) {
      out.stderr(terminalSafeOutput(`cockpit: ${error.message}\nusage: cockpit --once ${verb.name} ${verb.usage}\n`));
      return ONCE_EXIT.usage;
    }
    throw error;
  }
  // Results carry text from nodes and files. The output layer makes its control characters visible, so a node
  // cannot drive the terminal: `message` is one line, so even a newline in it is shown, not obeyed; a verb's
  // multi-line `text` keeps its own newlines, and its verb escapes each outside value (showControlCharacters).
  if (out.json) {
    const { text: _text, ...object } = result;
    out.stdout(`${jsonForTerminal(JSON.stringify(object))}\n`);
  } else if (result.status === 'error') {
    out.stderr(`cockpit: ${showControlCharacters(result.message)}\n`);
  } else {
    out.stdout(`${result.text === undefined ? showControlCharacters(result.message) : terminalSafeOutput(result.text)}\n`);
  }
  return ONCE_EXIT[result.status];
}
