/**
 * `cockpit --once <verb> [args...]` and `cockpit-tui --once <verb> [args...]`: one verb, no UI, one result.
 * The verbs themselves are actors (actors/cockpit/verbs/, listed in its index.ts; the palette runs the same
 * code) and answer data only; this module finds one, runs it, has its words composed from that data
 * (core/cockpit/verb-text/, the palette's banner uses the same) and prints them as text or JSON, and its status
 * as the exit code. Same verbs, same JSON in both bins; only the exit codes differ
 * (2-cockpit.md §7): desktop 0 ok, 1 unhealthy or sad, 2 error (network, parse, unreadable input), 64 usage;
 * terminal 0 ok, 1 unhealthy or failed (errors included), 2 usage.
 */
import { jsonForTerminal, showControlCharacters, terminalSafeOutput } from '../../../core/terminal/visible-text.js';
import { DEFAULT_ONCE_TIMEOUT_MS, findVerb, OnceError, OnceUsageError, type OnceContext, type OnceResult, type OnceStatus, type OnceVerb } from '../../../actors/cockpit/verbs/verb.js';
import type { InspectTarget } from '../../../core/inspection/inspect-flag.js';
import { composeVerbText, type VerbText } from '../../../core/cockpit/verb-text/index.js';
import { failureWords } from '../../../core/cockpit/verb-text/failure-words.js';
import { startInspectionOrRefuse } from '../inspect-option.js';

export type OnceExitCodes = Readonly<Record<OnceStatus | 'usage', number>>;

/** Desktop `cockpit`: `unhealthy` (a failing gate) and `sad` (a negative answer, e.g. an incompatible version) share 1. */
export const ONCE_EXIT = { ok: 0, unhealthy: 1, sad: 1, error: 2, usage: 64 } as const satisfies OnceExitCodes;
/** Terminal `cockpit-tui`: "1 unhealthy or failed; 2 usage error", so an error (network, parse) is a failure, 1. */
export const TUI_ONCE_EXIT = { ok: 0, unhealthy: 1, sad: 1, error: 1, usage: 2 } as const satisfies OnceExitCodes;

/** Which bin runs the verb: its name in messages and its exit codes. */
export interface OnceFrontEnd {
  readonly name: 'cockpit' | 'cockpit-tui';
  readonly exit: OnceExitCodes;
}
export const DESKTOP_FRONT_END: OnceFrontEnd = { name: 'cockpit', exit: ONCE_EXIT };
export const TERMINAL_FRONT_END: OnceFrontEnd = { name: 'cockpit-tui', exit: TUI_ONCE_EXIT };

export interface OnceOutput {
  json: boolean;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

export function verbList(verbs: readonly OnceVerb[]): string {
  return verbs.map((verb) => `  ${`${verb.name} ${verb.usage}`.padEnd(40)} ${verb.summary}`).join('\n');
}

/** The options every verb takes, for the per-verb help. */
const COMMON_OPTIONS = `Options:
  --json            print the result as one JSON object {verb, status, message, data}
  --node <URL>      node API URL (default: a trailing URL, env NODE_URL, the config's default node, http://localhost:1633)
  --token <bearer>  bearer token for the node API (default: env NODE_TOKEN, then the node's config token)
  --config <PATH>   config file (default: env COCKPIT_CONFIG, then the platform's config.toml)
  --timeout <SECS>  per-request timeout in seconds, body included (default ${DEFAULT_ONCE_TIMEOUT_MS / 1000})
  -h, --help        show this help`;

/** `cockpit --once <verb> --help`. */
export async function verbHelp(verb: OnceVerb, frontEnd: OnceFrontEnd = DESKTOP_FRONT_END): Promise<string> {
  const aliases = verb.aliases?.length ? `\nAliases: ${verb.aliases.join(', ')}` : '';
  const more = await verb.loadDetails?.();
  const details = more ? `\n\n${more.trim()}` : '';
  const codes = frontEnd.exit.error === 1 ? '0 ok, 1 unhealthy or failed (network, parse, unreadable input included), 2 usage error' : '0 ok, 1 unhealthy or sad result, 2 error (network, parse, unreadable input), 64 usage error';
  return `Usage: ${frontEnd.name} --once ${verb.name} ${verb.usage} [options]\n\n${verb.summary}${aliases}${details}\n\n${COMMON_OPTIONS}\n\nExit codes: ${codes}.\n`;
}

/** Runs one verb and writes its result; returns the exit code. */
export async function runOnce(
  verbs: readonly OnceVerb[],
  name: string,
  args: readonly string[],
  out: OnceOutput,
  context: OnceContext = { env: {} },
  frontEnd: OnceFrontEnd = DESKTOP_FRONT_END,
): Promise<number> {
  const bin = frontEnd.name;
  const verb = findVerb(verbs, name);
  if (!verb) {
    out.stderr(`${bin}: unknown verb '${showControlCharacters(name)}' for --once\nverbs:\n${verbList(verbs)}\n`);
    return frontEnd.exit.usage;
  }
  const inspection = await startInspectionOrRefuse(context.inspect, (line) => out.stderr(`${bin}: ${showControlCharacters(line)}\n`), { shortRun: true });
  if (inspection === null) return frontEnd.exit.error;
  let result: OnceResult;
  let words: VerbText;
  try {
    if (inspection) {
      const live = inspection;
      live.notes((note) => out.stderr(`${bin}: ${showControlCharacters(note.message)}\n`));
      const { runInspected } = await import('../../../actors/inspection/inspected-promise.js');
      result = await runInspected(`once:${verb.name}`, { verb: verb.name, args }, () => verb.run(args, context), live);
    } else result = await verb.run(args, context);
    words = await composeVerbText(result);
  } catch (error) {
    if (error instanceof OnceUsageError) {
      out.stderr(terminalSafeOutput(`${bin}: ${error.message}\nusage: ${bin} --once ${verb.name} ${verb.usage}\n`));
      return frontEnd.exit.usage;
    }
    if (!(error instanceof OnceError)) throw error;
    result = { verb: verb.name, status: 'error', data: error.data };
    words = { message: failureWords(error.failure) };
  }
  // Results carry text from nodes and files. The output layer makes its control characters visible, so a node
  // cannot drive the terminal: `message` is one line, so even a newline in it is shown, not obeyed; a verb's
  // multi-line `text` keeps its own newlines, and its words escape each outside value (showControlCharacters).
  if (out.json) {
    out.stdout(`${jsonForTerminal(JSON.stringify({ verb: result.verb, status: result.status, message: words.message, data: result.data }))}\n`);
  } else if (result.status === 'error') {
    // What a verb could still read before it had to give up (readiness's ladder with gates not measured) is
    // output; why it gives up is the diagnostic.
    if (words.text !== undefined) out.stdout(`${terminalSafeOutput(words.text)}\n`);
    out.stderr(`${bin}: ${showControlCharacters(words.message)}\n`);
  } else {
    out.stdout(`${words.text === undefined ? showControlCharacters(words.message) : terminalSafeOutput(words.text)}\n`);
  }
  return frontEnd.exit[result.status];
}
