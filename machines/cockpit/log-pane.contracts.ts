/**
 * The contracts between the log-pane machine and the actors that read the node's log for it. The machine
 * owns them (its actors in actors/log-pane/ implement them) and imports them as types only.
 */
import type { BeeLogLevel } from '../../core/log/bee-log-line.js';
import type { SplitLine } from '../../core/log/line-splitter.js';

/** Where followers put what they read: the pane's LogBook, structurally. */
export interface LogSink {
  ingestNodeLines(lines: readonly SplitLine[]): void;
  addCockpitEvent(level: BeeLogLevel, message: string, time: string, logger?: string): void;
}

export interface TailFileInput {
  path: string;
  sink: LogSink;
  /**
   * Read the file found at start from its beginning instead of its end: the supervised node's capture file
   * is the cockpit's own and new, and its first lines (version, addresses, why start-up failed) matter.
   */
  fromStart?: boolean;
}

export interface FollowCommandInput {
  command: string;
  sink: LogSink;
}

/** What the pane header says about the follower. */
export type FollowerStatus = 'waiting' | 'following' | 'failed';

export type LogFollowerEvent =
  | { type: 'follower.status'; status: FollowerStatus; detail: string }
  | {
      type: 'command.exited';
      code: number | null;
      signalName: string | null;
      /** How long it ran, and how many stdout lines it gave. */
      ranMs: number;
      lines: number;
      /** Its last stderr line, to explain a command that fails at once. */
      lastStderr: string;
    };
