/**
 * `cockpit --once <verb> [args...]`: one verb, no UI, one result. Each verb lives in its own file
 * (once-<verb>.ts) and is listed in once-verbs.ts; this module finds it, runs it and renders the common
 * result object. Exit codes follow the desktop spec (2-cockpit.md §7): 0 ok, 1 unhealthy or sad result,
 * 2 error (network, parse, unreadable input), 64 usage error.
 */
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
  readonly env: Readonly<Record<string, string | undefined>>;
}

export interface OnceVerb {
  name: string;
  aliases?: readonly string[];
  /** Arguments after the verb, e.g. `<path>`. */
  usage: string;
  summary: string;
  /** Throws OnceUsageError for bad arguments; returns every other outcome as a result. */
  run(args: readonly string[], context: OnceContext): Promise<OnceResult>;
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
    out.stderr(`cockpit: unknown verb '${name}' for --once\nverbs:\n${verbList(verbs)}\n`);
    return ONCE_EXIT.usage;
  }
  let result: OnceResult;
  try {
    result = await verb.run(args, context);
  } catch (error) {
    if (error instanceof OnceUsageError) {
      out.stderr(`cockpit: ${error.message}\nusage: cockpit --once ${verb.name} ${verb.usage}\n`);
      return ONCE_EXIT.usage;
    }
    throw error;
  }
  if (out.json) {
    const { text: _text, ...object } = result;
    out.stdout(`${JSON.stringify(object)}\n`);
  } else if (result.status === 'error') {
    out.stderr(`cockpit: ${result.message}\n`);
  } else {
    out.stdout(`${result.text ?? result.message}\n`);
  }
  return ONCE_EXIT[result.status];
}
