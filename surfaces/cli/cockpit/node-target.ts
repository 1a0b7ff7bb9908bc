/**
 * Which node a `--once` verb talks to, resolved once at the boundary (2-cockpit.md §4 `--once` verbs, §5):
 * URL from `--node`, else a trailing positional, else env NODE_URL, else http://localhost:1633; token from
 * `--token`, else env NODE_TOKEN. Command-line values beat the environment. `--node` together with a
 * different trailing URL is a usage error rather than a silent pick.
 */
import { InputError } from '../../../core/swarm/input-error.js';
import { parseBaseUrl } from '../../../actors/node-client/index.js';
import { OnceUsageError, type OnceContext } from './once.js';

export const DEFAULT_NODE_URL = 'http://localhost:1633';

export interface NodeTarget {
  readonly url: string;
  readonly token?: string;
}

/** `args` are the verb's positionals: at most one, a node URL. */
export function resolveNodeTarget(verb: string, args: readonly string[], context: OnceContext): NodeTarget {
  if (args.length > 1) throw new OnceUsageError(`${verb} takes at most one node URL, got ${args.length} arguments`);
  const positional = args[0];
  if (context.node !== undefined && positional !== undefined && context.node !== positional) {
    throw new OnceUsageError(`two node URLs: --node ${context.node} and ${positional}; give one`);
  }
  const raw = context.node ?? positional ?? nonEmpty(context.env.NODE_URL) ?? DEFAULT_NODE_URL;
  let url: string;
  try {
    url = parseBaseUrl(raw, 'node URL');
  } catch (error) {
    if (error instanceof InputError) throw new OnceUsageError(error.message);
    throw error;
  }
  const token = nonEmpty(context.token) ?? nonEmpty(context.env.NODE_TOKEN);
  return token === undefined ? { url } : { url, token };
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}

// Shared with the interactive cockpit's node status (core/cockpit/node-status.ts).
export { describeUnreadableHealth, healthUnreadable } from '../../../core/cockpit/node-status.js';
