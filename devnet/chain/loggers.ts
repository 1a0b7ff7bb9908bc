/**
 * A node's runtime logger registry, shaped like Bee's /loggers answer: a tree keyed by name segments
 * ("/" children, "+" leaf entries "verbosity|subsystem") and a flat list whose ids are the padded
 * base64url encoding of each subsystem. PUT /loggers/{exp}/{verbosity} changes every logger whose
 * subsystem matches the regular expression.
 */
import { base64UrlPadded } from './formats.js';

export const VERBOSITIES = ['none', 'error', 'warning', 'info', 'debug', 'all'] as const;
export type Verbosity = (typeof VERBOSITIES)[number];

export interface LoggerInfo {
  logger: string;
  verbosity: Verbosity;
  subsystem: string;
  id: string;
}

export interface LoggerTreeNode {
  '/'?: Record<string, LoggerTreeNode>;
  '+'?: string[];
}

const DEFAULT_LOGGERS = [
  'node',
  'node/api',
  'node/chequebook',
  'node/kademlia',
  'node/postage',
  'node/pullsync',
  'node/pusher',
  'node/salud',
  'node/storageincentives',
  'node/storer',
];

/** Bee's sink identifier suffix; any stable number works, real nodes print a pointer value. */
const SINK = '>>824634474528';

export class LoggerRegistry {
  private readonly verbosity = new Map<string, Verbosity>();

  constructor(names: readonly string[] = DEFAULT_LOGGERS) {
    for (const name of names) this.verbosity.set(name, 'info');
  }

  list(matching?: RegExp): LoggerInfo[] {
    const out: LoggerInfo[] = [];
    for (const [logger, verbosity] of this.verbosity) {
      const subsystem = `${logger}[0][]${SINK}`;
      if (matching && !matching.test(subsystem)) continue;
      out.push({ logger, verbosity, subsystem, id: base64UrlPadded(subsystem) });
    }
    return out;
  }

  /** The nested tree of the given loggers. */
  static tree(loggers: readonly LoggerInfo[]): Record<string, LoggerTreeNode> {
    const root: Record<string, LoggerTreeNode> = {};
    for (const info of loggers) {
      const segments = info.logger.split('/');
      let level = root;
      let node: LoggerTreeNode | undefined;
      for (const [i, segment] of segments.entries()) {
        node = level[segment] ??= {};
        if (i < segments.length - 1) level = node['/'] ??= {};
      }
      (node!['+'] ??= []).push(`${info.verbosity}|${info.subsystem}`);
    }
    return root;
  }

  /** Sets the verbosity of every logger whose subsystem matches; returns how many changed. */
  set(matching: RegExp, verbosity: Verbosity): number {
    let changed = 0;
    for (const info of this.list(matching)) {
      this.verbosity.set(info.logger, verbosity);
      changed += 1;
    }
    return changed;
  }
}

export function isVerbosity(value: string): value is Verbosity {
  return (VERBOSITIES as readonly string[]).includes(value);
}
