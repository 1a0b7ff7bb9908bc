/**
 * logPaneMachine: the bottom log pane of both cockpits (2-cockpit.md §4 "Bee-log source handling").
 *
 * Two parallel regions:
 *   source       where the node's log comes from, and the follower reading it.
 *     idle              no node yet: the engine sends `node.switched` for the active node at start, on every
 *                       switch, and when the supervisor's capture file becomes known.
 *     resolving         the log-source machine picks a tier (`resolveLogSource`): supervised capture,
 *                       CLI, config, discovery, none.
 *     tailingFile       `tailFile` follows a file (start at its end; rotation, truncation, re-creation).
 *     followingCommand  `followCommand` runs a log command through `sh -c` (stdout only).
 *     commandPaused     the command exited; it runs again after `commandRestartDelay` (1, 2, 4 … 30 s,
 *                       growing while it keeps exiting within a minute; back to 1 s after a longer run).
 *     unavailable       no source; the node tabs stay empty and the header says why.
 *   publishing   throttles what surfaces see: lines go straight into the LogBook (never through events),
 *                the book says once that it changed (`log.dirty`), and `publishInterval` (200 ms) later the
 *                new `revision` is published. At most 5 revisions a second come from log traffic: under a
 *                flood each one is a redrawn pane, and at 20 a second the terminal face spent most of its
 *                time repainting lines nobody can read at that speed, while key presses waited behind them
 *                (bench:cockpit-tui's key lag). Every line stays in the book; a view shows the newest.
 *     idle / waiting
 *
 * Events
 *   from the engine   `node.switched` (active node changed, or the supervisor started: re-resolve, respawn
 *                     the follower, clear the node rings), `log.httpCall` (the node client's call hook),
 *                     `log.cockpit` (the cockpit's own events)
 *   from the faces    `pane.*` and `filter.set`, forwarded to the child `display` (log-pane-display.machine.ts:
 *                     docked / hidden / fullscreen, height 4..24, active tab, filter); the child emits
 *                     `pane.resized` for the data-directory store (actors/log-pane/pane-settings.ts)
 *   from followers    `follower.status`, `command.exited`; from the book watcher `log.dirty`
 *
 * The LogBook in context is a mutable store held by reference (see core/log/log-book.ts for why); every
 * other field is plain data.
 */
import { assign, forwardTo, fromCallback, fromPromise, setup, type EventObject, type SnapshotFrom } from 'xstate';
import type { FollowCommandInput, FollowerStatus, LogFollowerEvent, TailFileInput } from './log-pane.contracts.js';
import type { BeeLogLevel } from '../../core/log/bee-log-line.js';
import { LogBook, type HttpCallEntry } from '../../core/log/log-book.js';
import type { LogSource, LogSourceInput } from '../log-source.machine.js';
import { logPaneDisplayMachine, type LogPaneDisplayEvent } from './log-pane-display.machine.js';

export { clampHeight, PANE_DEFAULT_LINES, PANE_MAX_LINES, PANE_MIN_LINES } from './log-pane-display.machine.js';
/** 200 ms: at most 5 published revisions a second (a key press still gets its view at once, with the lines published so far). */
export const PUBLISH_INTERVAL_MS = 200;
export const COMMAND_QUICK_EXIT_MS = 60_000;
const MAX_COUNTED_FAILURES = 6;

export interface LogPaneInput {
  /** Share the engine's book (so it can read views), or let the pane make one. */
  book?: LogBook;
  /** The persisted pane height (clamped to 4..24). */
  height?: number;
}

export interface CommandExit {
  code: number | null;
  signalName: string | null;
  ranMs: number;
  lines: number;
  lastStderr: string;
}

export interface LogPaneContext {
  book: LogBook;
  node: LogSourceInput | null;
  source: LogSource | null;
  follower: { status: FollowerStatus; detail: string } | null;
  /** Consecutive quick exits of the log command (capped), which set its restart delay. */
  commandFailures: number;
  lastCommandExit: CommandExit | null;
  /** The book revision surfaces last saw. */
  revision: number;
  /** Kept for the display child's input. */
  initialHeight: number | undefined;
}

export type LogPaneEvent =
  | { type: 'node.switched'; input: LogSourceInput }
  | { type: 'log.dirty' }
  | { type: 'log.httpCall'; call: HttpCallEntry; time: string }
  | { type: 'log.cockpit'; level: BeeLogLevel; message: string; time: string; logger?: string }
  | LogPaneDisplayEvent
  | LogFollowerEvent;

/** 1 s after the first quick exit, doubling, capped at 30 s. */
export function commandRestartDelayMs(failures: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, failures - 1));
}

function notProvided<TInput>(name: string) {
  return fromCallback<EventObject, TInput, LogFollowerEvent>(() => {
    throw new Error(`actor '${name}' was not provided: use logPaneMachine.provide({ actors: logPaneActors() })`);
  });
}

/** Turns the book's clean-to-dirty edge into one `log.dirty` event. */
const watchBook = fromCallback<EventObject, { book: LogBook }>(({ input, sendBack }) => input.book.onDirty(() => sendBack({ type: 'log.dirty' })));

export const logPaneMachine = setup({
  types: {
    context: {} as LogPaneContext,
    events: {} as LogPaneEvent,
    input: {} as LogPaneInput,
  },
  actors: {
    resolveLogSource: fromPromise<LogSource, LogSourceInput>(async () => {
      throw new Error("actor 'resolveLogSource' was not provided: use logPaneMachine.provide({ actors: logPaneActors() })");
    }),
    tailFile: notProvided<TailFileInput>('tailFile'),
    followCommand: notProvided<FollowCommandInput>('followCommand'),
    watchBook,
    display: logPaneDisplayMachine,
  },
  delays: {
    publishInterval: PUBLISH_INTERVAL_MS,
    commandRestartDelay: ({ context }) => commandRestartDelayMs(context.commandFailures),
  },
  guards: {
    isFileSource: (_, source: LogSource) => source.kind === 'file',
    isCommandSource: (_, source: LogSource) => source.kind === 'command',
  },
  actions: {
    adoptNode: assign((_, node: LogSourceInput) => ({ node, source: null, follower: null, commandFailures: 0, lastCommandExit: null })),
    clearNodeTabs: ({ context }) => context.book.clearNodeTabs(),
    adoptSource: assign((_, source: LogSource) => ({ source })),
    failResolution: assign((_, message: string) => ({ source: { kind: 'none', origin: 'none', reason: `log source resolution failed: ${message}` } as const })),
    recordFollowerStatus: assign((_, params: { status: FollowerStatus; detail: string }) => ({ follower: { status: params.status, detail: params.detail } })),
    recordCommandExit: assign(({ context }, exit: CommandExit) => ({
      lastCommandExit: exit,
      commandFailures: exit.ranMs >= COMMAND_QUICK_EXIT_MS ? 1 : Math.min(MAX_COUNTED_FAILURES, context.commandFailures + 1),
    })),
    publishRevision: assign(({ context }) => ({ revision: context.book.revision })),
    markBookClean: ({ context }) => context.book.markClean(),
    addHttpCall: ({ context }, params: { call: HttpCallEntry; time: string }) => context.book.addHttpCall(params.call, params.time),
    addCockpitEvent: ({ context }, params: { level: BeeLogLevel; message: string; time: string; logger?: string }) =>
      context.book.addCockpitEvent(params.level, params.message, params.time, params.logger),
    forwardToDisplay: forwardTo('display'),
  },
}).createMachine({
  id: 'logPane',
  description: 'The bottom log pane: resolves the node’s log source, follows it into per-tab rings, publishes at most 20 updates a second.',
  type: 'parallel',
  context: ({ input }) => ({
    book: input.book ?? new LogBook(),
    node: null,
    source: null,
    follower: null,
    commandFailures: 0,
    lastCommandExit: null,
    revision: 0,
    initialHeight: input.height,
  }),
  invoke: [
    { src: 'watchBook', id: 'watchBook', input: ({ context }) => ({ book: context.book }) },
    { src: 'display', id: 'display', input: ({ context }) => (context.initialHeight === undefined ? {} : { height: context.initialHeight }) },
  ],
  on: {
    'log.httpCall': { actions: { type: 'addHttpCall', params: ({ event }) => event } },
    'log.cockpit': { actions: { type: 'addCockpitEvent', params: ({ event }) => event } },
    'pane.toggle': { actions: 'forwardToDisplay' },
    'pane.fullscreen': { actions: 'forwardToDisplay' },
    'pane.grow': { actions: 'forwardToDisplay' },
    'pane.shrink': { actions: 'forwardToDisplay' },
    'pane.tab': { actions: 'forwardToDisplay' },
    'filter.set': { actions: 'forwardToDisplay' },
  },
  states: {
    source: {
      initial: 'idle',
      on: {
        // Not `reenter`: that would make the whole pane the transition's domain (the pane is parallel), exiting the
        // publishing region too and dropping a pending publish while the book stays dirty, so no news would be
        // published again. A transition to a child still exits and re-enters that child, so a switch during
        // `resolving` restarts the resolution.
        'node.switched': { target: '.resolving', actions: [{ type: 'adoptNode', params: ({ event }) => event.input }, 'clearNodeTabs'] },
      },
      states: {
        idle: {
          description: 'No active node yet; waiting for node.switched.',
        },
        resolving: {
          description: 'The log-source machine picks the tier: supervised capture, CLI, config, discovery, or none.',
          invoke: {
            src: 'resolveLogSource',
            id: 'resolveLogSource',
            input: ({ context }) => context.node!,
            onDone: [
              { guard: { type: 'isFileSource', params: ({ event }) => event.output }, target: 'tailingFile', actions: { type: 'adoptSource', params: ({ event }) => event.output } },
              { guard: { type: 'isCommandSource', params: ({ event }) => event.output }, target: 'followingCommand', actions: { type: 'adoptSource', params: ({ event }) => event.output } },
              { target: 'unavailable', actions: { type: 'adoptSource', params: ({ event }) => event.output } },
            ],
            onError: { target: 'unavailable', actions: { type: 'failResolution', params: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)) } },
          },
        },
        tailingFile: {
          description: 'Following a file from its end; survives rotation, truncation and re-creation.',
          invoke: {
            src: 'tailFile',
            id: 'tailFile',
            input: ({ context }) => ({
              path: context.source?.kind === 'file' ? context.source.path : '',
              sink: context.book,
              // The supervised capture is the cockpit's own new file: its start-up lines are shown too.
              fromStart: context.source?.origin === 'supervised',
            }),
          },
          on: { 'follower.status': { actions: { type: 'recordFollowerStatus', params: ({ event }) => event } } },
        },
        followingCommand: {
          description: 'Running the log command through sh -c: stdout to the node tabs, stderr to Cockpit.',
          invoke: {
            src: 'followCommand',
            id: 'followCommand',
            input: ({ context }) => ({ command: context.source?.kind === 'command' ? context.source.command : '', sink: context.book }),
          },
          on: {
            'follower.status': { actions: { type: 'recordFollowerStatus', params: ({ event }) => event } },
            'command.exited': { target: 'commandPaused', actions: { type: 'recordCommandExit', params: ({ event }) => event } },
          },
        },
        commandPaused: {
          description: 'The log command exited; it runs again after commandRestartDelay.',
          after: { commandRestartDelay: 'followingCommand' },
        },
        unavailable: {
          description: 'No node log source: the node tabs stay empty; the header names the cause.',
        },
      },
    },
    publishing: {
      initial: 'idle',
      states: {
        idle: {
          description: 'Surfaces are up to date with the book.',
          on: { 'log.dirty': 'waiting' },
        },
        waiting: {
          description: 'The book changed; the revision is published after publishInterval (200 ms).',
          after: { publishInterval: { target: 'idle', actions: ['publishRevision', 'markBookClean'] } },
        },
      },
    },
  },
});

export type LogPaneSnapshot = SnapshotFrom<typeof logPaneMachine>;
