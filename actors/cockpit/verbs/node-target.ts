/**
 * Which node a `--once` verb talks to, resolved once at the boundary (2-cockpit.md §4 `--once` verbs, §5) by the
 * same resolver as the interactive cockpit (actors/cockpit/config-loader.ts): URL from `--node`, else a trailing
 * positional, else env NODE_URL, else the config's default node, else http://localhost:1633; token from
 * `--token`, else env NODE_TOKEN, else the node's `token` key (`@env:` read). `--node` together with a
 * different trailing URL is a usage error rather than a silent pick. A bad config file is an error result
 * (exit 2 desktop, 1 terminal), a bad flag a usage error.
 */
import { homedir } from 'node:os';
import type { ResolveCockpitConfigInput } from '../config-loader.js';
import type { ResolvedCockpitConfig } from '../../../core/cockpit/config/resolved-config.js';
import { OnceError, OnceUsageError, type OnceContext } from './verb.js';

export const DEFAULT_NODE_URL = 'http://localhost:1633';

export interface NodeTarget {
  readonly url: string;
  readonly token?: string;
  /** The node's name: its config name, or its URL. */
  readonly name: string;
  /** The whole resolved configuration, for verbs that need more than the node (the supervised node's YAML). */
  readonly config: ResolvedCockpitConfig;
}

/** Anything with a scheme is meant as a URL (so `ftp://x` is refused as a node URL, not taken as a verb argument). */
export const LOOKS_LIKE_URL = /^[a-z][a-z0-9+.-]*:\/\//i;

/** Splits a trailing node URL off a verb's arguments: `inspect <ref> [node-url]`. */
export function takeTrailingUrl(args: readonly string[]): { rest: string[]; url?: string } {
  const last = args[args.length - 1];
  if (last !== undefined && LOOKS_LIKE_URL.test(last)) return { rest: args.slice(0, -1), url: last };
  return { rest: [...args] };
}

/** `args` are the verb's positionals: at most one, a node URL. */
export async function resolveNodeTarget(verb: string, args: readonly string[], context: OnceContext): Promise<NodeTarget> {
  if (args.length > 1) throw new OnceUsageError(`${verb} takes at most one node URL, got ${args.length} arguments`);
  const positional = args[0];
  if (context.node !== undefined && positional !== undefined && context.node !== positional) {
    throw new OnceUsageError(`two node URLs: --node ${context.node} and ${positional}; give one`);
  }
  const config = await resolveOnceConfig(context, positional === undefined || positional === context.node ? [] : [positional]);
  const node = config.nodes.find((n) => n.name === config.activeNode) ?? config.nodes[0]!;
  return { url: node.url, name: node.name, config, ...(node.token === undefined ? {} : { token: node.token }) };
}

/** What the config resolver needs from a verb's context: the launch flags and the environment. */
export function configInput(context: OnceContext, urls: readonly string[]): ResolveCockpitConfigInput {
  return {
    args: {
      urls,
      ...(context.node === undefined ? {} : { node: context.node }),
      ...(context.token === undefined ? {} : { token: context.token }),
      ...(context.config === undefined ? {} : { config: context.config }),
    },
    env: context.env,
    platform: process.platform,
    homedir: homedir(),
  };
}

/** The cockpit configuration for a verb: flags, environment and config file, as the interactive cockpit reads them. */
export async function resolveOnceConfig(context: OnceContext, urls: readonly string[] = []): Promise<ResolvedCockpitConfig> {
  const [{ diagnoseCockpitConfig }, { formatConfigProblem }] = await Promise.all([import('../config-loader.js'), import('../../../core/cockpit/config/config-problem.js')]);
  const diagnosis = await diagnoseCockpitConfig(configInput(context, urls));
  if (diagnosis.ok) return diagnosis.config;
  if (diagnosis.problems.every((p) => p.kind === 'usage')) throw new OnceUsageError(diagnosis.problems.map(formatConfigProblem).join('; '));
  throw new OnceError({ code: 'config-invalid', problems: diagnosis.problems }, { config: diagnosis.configPath, problems: diagnosis.problems });
}

// Shared with the interactive cockpit's node status (core/cockpit/node-status.ts).
export { describeUnreadableHealth, healthUnreadable } from '../../../core/cockpit/unreadable-health.js';
