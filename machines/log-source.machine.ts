/**
 * logSourceMachine: decides where the cockpit reads one node's own log from.
 *
 * Tiers, highest first (spec 2-cockpit, "Bee-log source (node log) handling"):
 *   1. the supervisor's capture file, when the cockpit runs the node itself (--node-bin);
 *   2. the CLI flags: --node-log-cmd beats --node-log;
 *   3. the node's config: log_command beats log_file;
 *   4. auto-discovery: Linux only, loopback node URL only. Find the process listening on the API
 *      port and classify its stdout: a regular file that reads as Bee's log is tailed (one that does not
 *      is refused, with why), a container runtime's pipe becomes `<runtime> logs`, a systemd unit's
 *      stream becomes `journalctl`, anything else is explained;
 *   5. none, with the reason the pane header shows.
 *
 * Top-level states:
 *   choosingTier  routes on the inputs alone (no I/O), so it never settles.
 *   checkingFile  a named file (capture, --node-log, log_file) is looked at once. A file that does
 *                 not exist yet is still chosen (the tailer waits for it); a directory or an
 *                 unreadable path is reported instead of silently falling to a lower tier, because
 *                 the operator asked for that file.
 *   discovering   walks the host (/proc) through injected actors, bounded by `discoveryTimeout`.
 *   waitingForFirstLine  the discovered stdout file has no line yet (a node that has just started): it is
 *                 classified again after `emptyFileRecheck`, EMPTY_FILE_CHECKS times at most, then named as
 *                 still empty.
 *   resolved      a file or command was chosen: context.source says which and why.
 *   unavailable   no source: context.source.reason names the cause for the placeholder.
 *
 * Events: `node.switched` (sent by the surface when the operator switches node, or when the
 * supervisor starts a node) carries the new inputs and restarts resolution from any state.
 * The side effects (inspectLogFile, findListener, classifyStdout) are named here and supplied by
 * `logSourceActors` from actors/log-source through `.provide()`, so this file does no I/O.
 */
import { assign, fromPromise, not, setup, type ErrorActorEvent } from 'xstate';
import { errorText } from '../core/error-text.js';
import type {
  ListenerLookup,
  ListenerQuery,
  LogFileCheck,
  LogFileQuery,
  StdoutClass,
  StdoutQuery,
} from './log-source.contracts.js';

export type LogSourceOrigin = 'supervised' | 'cli' | 'config' | 'discovered' | 'none';

/** The resolved source, as the log pane and its header read it. */
export type LogSource =
  | { kind: 'file'; path: string; origin: Exclude<LogSourceOrigin, 'none'>; reason: string }
  | { kind: 'command'; command: string; origin: Exclude<LogSourceOrigin, 'none'>; reason: string }
  | { kind: 'none'; origin: 'none'; reason: string };

export interface LogSourceChoices {
  logCommand?: string;
  logFile?: string;
}

export interface LogSourceInput {
  /** The node's API URL, e.g. http://127.0.0.1:1633. */
  nodeUrl: string;
  /** The supervisor's capture file; present only when the cockpit supervises the node (--node-bin). */
  supervisedCaptureFile?: string;
  /** --node-log-cmd / --node-log. */
  cli?: LogSourceChoices;
  /** The node's `log_command` / `log_file` config keys. */
  config?: LogSourceChoices;
  /** process.platform of the machine running the cockpit (discovery reads Linux's /proc). */
  platform: string;
}

export type LogSourceEvent = { type: 'node.switched'; input: LogSourceInput };

interface FileCandidate {
  path: string;
  origin: 'supervised' | 'cli' | 'config';
  /** How the pane names where the path came from. */
  label: string;
}

export interface LogSourceContext {
  inputs: LogSourceInput;
  candidate: FileCandidate | null;
  listener: { pid: number; processName: string } | null;
  /** The listener's stdout file while it has no line yet, and how many times it was found empty. */
  emptyStdoutFile: string | null;
  emptyFileChecks: number;
  source: LogSource | null;
}

/** Discovery scans /proc; on a host with very many processes it must still end. */
export const DISCOVERY_TIMEOUT_MS = 5_000;

/** How often, and how many times, an empty stdout file is looked at (Bee writes its first log line as it starts). */
export const EMPTY_FILE_RECHECK_MS = 500;
export const EMPTY_FILE_CHECKS = 6;

/** The result once resolution has settled; undefined while it is still working. */
export function selectLogSource(snapshot: { context: LogSourceContext }): LogSource | undefined {
  return snapshot.context.source ?? undefined;
}

/** Loopback only: /proc describes this host, so a remote node's process is not in it. */
export function loopbackPort(nodeUrl: string): number | undefined {
  let url: URL;
  try {
    url = new URL(nodeUrl);
  } catch {
    return undefined;
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const isLoopback = host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
  if (!isLoopback) return undefined;
  return url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
}

/** Quote for `sh -c` only when needed, so the pane header shows the plain command in the usual case. */
function shellArg(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`;
}

/** The command that follows a discovered stdout; stderr joins because log commands follow stdout only. */
export function followCommandFor(stdout: Extract<StdoutClass, { kind: 'containerPipe' | 'servicePipe' }>): string {
  if (stdout.kind === 'containerPipe') {
    return `${stdout.runtime} logs --follow --tail 0 ${shellArg(stdout.containerId)} 2>&1`;
  }
  const user = stdout.scope === 'user' ? '--user ' : '';
  return `journalctl ${user}--follow --lines 0 --unit ${shellArg(stdout.unit)}`;
}

function none(reason: string): LogSource {
  return { kind: 'none', origin: 'none', reason };
}

// onError params: xstate leaves the error event untyped in `params` functions.
const errorOf = ({ event }: { event: ErrorActorEvent }): unknown => event.error;

function fresh(inputs: LogSourceInput): LogSourceContext {
  return { inputs, candidate: null, listener: null, emptyStdoutFile: null, emptyFileChecks: 0, source: null };
}

function processText(listener: LogSourceContext['listener']): string {
  return listener ? `process ${listener.pid} (${listener.processName})` : 'the node process';
}

/** A contract without an implementation: the composition root must `.provide()` the real actor. */
function providedLater<TOutput, TInput>(name: string) {
  return fromPromise<TOutput, TInput>(async () => {
    throw new Error(`actor '${name}' was not provided: use logSourceMachine.provide({ actors: logSourceActors })`);
  });
}

export const logSourceMachine = setup({
  types: {
    context: {} as LogSourceContext,
    events: {} as LogSourceEvent,
    input: {} as LogSourceInput,
  },
  actors: {
    inspectLogFile: providedLater<LogFileCheck, LogFileQuery>('inspectLogFile'),
    findListener: providedLater<ListenerLookup, ListenerQuery>('findListener'),
    classifyStdout: providedLater<StdoutClass, StdoutQuery>('classifyStdout'),
  },
  delays: { discoveryTimeout: DISCOVERY_TIMEOUT_MS, emptyFileRecheck: EMPTY_FILE_RECHECK_MS },
  guards: {
    isSupervised: ({ context }) => Boolean(context.inputs.supervisedCaptureFile),
    hasCliCommand: ({ context }) => Boolean(context.inputs.cli?.logCommand),
    hasCliFile: ({ context }) => Boolean(context.inputs.cli?.logFile),
    hasConfigCommand: ({ context }) => Boolean(context.inputs.config?.logCommand),
    hasConfigFile: ({ context }) => Boolean(context.inputs.config?.logFile),
    isLinuxHost: ({ context }) => context.inputs.platform === 'linux',
    isNodeOnLoopback: ({ context }) => loopbackPort(context.inputs.nodeUrl) !== undefined,
    isFileUsable: (_, check: LogFileCheck) => check.status === 'regularFile' || check.status === 'missing',
    isListenerFound: (_, lookup: ListenerLookup) => lookup.found,
    isStdoutRegularFile: (_, stdout: StdoutClass) => stdout.kind === 'regularFile',
    isStdoutContainerLog: (_, stdout: StdoutClass) => stdout.kind === 'containerPipe',
    isStdoutServiceJournal: (_, stdout: StdoutClass) => stdout.kind === 'servicePipe',
    isStdoutFileEmpty: (_, stdout: StdoutClass) => stdout.kind === 'notBeeLog' && stdout.empty === true,
    mayRecheckEmptyFile: ({ context }) => context.emptyFileChecks < EMPTY_FILE_CHECKS,
  },
  actions: {
    adoptNodeInputs: assign(({ event }) => fresh(event.input)),
    considerCaptureFile: assign(({ context }) => ({
      candidate: { path: context.inputs.supervisedCaptureFile ?? '', origin: 'supervised', label: 'the supervised node (--node-bin) capture file' } as const,
    })),
    considerCliFile: assign(({ context }) => ({
      candidate: { path: context.inputs.cli?.logFile ?? '', origin: 'cli', label: '--node-log' } as const,
    })),
    considerConfigFile: assign(({ context }) => ({
      candidate: { path: context.inputs.config?.logFile ?? '', origin: 'config', label: 'log_file in the node config' } as const,
    })),
    chooseCliCommand: assign(({ context }) => ({
      source: { kind: 'command', command: context.inputs.cli?.logCommand ?? '', origin: 'cli', reason: 'from --node-log-cmd' } as const,
    })),
    chooseConfigCommand: assign(({ context }) => ({
      source: { kind: 'command', command: context.inputs.config?.logCommand ?? '', origin: 'config', reason: 'from log_command in the node config' } as const,
    })),
    chooseCandidateFile: assign(({ context }, check: LogFileCheck) => {
      const { path, origin, label } = context.candidate as FileCandidate;
      const waiting = check.status === 'missing' ? '; it does not exist yet, the tail starts when it appears' : '';
      return { source: { kind: 'file', path, origin, reason: `from ${label}${waiting}` } as const };
    }),
    refuseCandidateFile: assign(({ context }, check: LogFileCheck) => {
      const { path, label } = context.candidate as FileCandidate;
      const why = check.status === 'notRegularFile' ? `is a ${check.what}, not a file` : check.status === 'unreadable' ? `cannot be read (${check.code})` : 'is unusable';
      return { source: none(`${path} (${label}) ${why}`) };
    }),
    reportFileCheckFailure: assign(({ context }, error: unknown) => ({
      source: none(`could not look at ${context.candidate?.path} (${context.candidate?.label}): ${errorText(error)}`),
    })),
    giveUpOffLinux: assign(({ context }) => ({
      source: none(`no log source configured, and auto-discovery reads /proc, which ${context.inputs.platform} does not have; set --node-log or --node-log-cmd`),
    })),
    giveUpRemoteNode: assign(({ context }) => ({
      source: none(`no log source configured, and ${context.inputs.nodeUrl} is not on this host, so its process cannot be found; set --node-log-cmd (e.g. an ssh command)`),
    })),
    rememberListener: assign((_, lookup: ListenerLookup) => ({
      listener: lookup.found ? { pid: lookup.pid, processName: lookup.processName } : null,
    })),
    giveUpNoListener: assign((_, lookup: ListenerLookup) => ({
      source: none(`no log source configured, and discovery found no process: ${lookup.found ? 'unknown' : lookup.reason}`),
    })),
    chooseDiscoveredFile: assign(({ context }, stdout: StdoutClass) => ({
      source: {
        kind: 'file',
        path: stdout.kind === 'regularFile' ? stdout.path : '',
        origin: 'discovered',
        reason: `discovered: ${processText(context.listener)} writes its stdout to this file`,
      } as const,
    })),
    chooseFollowCommand: assign(({ context }, stdout: StdoutClass) => {
      if (stdout.kind !== 'containerPipe' && stdout.kind !== 'servicePipe') return {};
      const owner = stdout.kind === 'containerPipe' ? `${stdout.runtime} container ${stdout.containerId.slice(0, 12)}` : `systemd unit ${stdout.unit}`;
      const reason = `discovered: ${processText(context.listener)} runs in ${owner}`;
      return { source: { kind: 'command', command: followCommandFor(stdout), origin: 'discovered', reason } as const };
    }),
    explainUncapturable: assign(({ context }, stdout: StdoutClass) => ({
      source: none(
        stdout.kind === 'notBeeLog'
          ? `${processText(context.listener)} writes its stdout to ${stdout.path}, which does not read as Bee's log (${stdout.why}); not followed: set --node-log ${stdout.path} to follow it anyway`
          : `${processText(context.listener)} cannot be captured: ${stdout.kind === 'uncapturable' ? stdout.detail : stdout.kind}`,
      ),
    })),
    giveUpDiscoveryFailed: assign((_, error: unknown) => ({
      source: none(`auto-discovery failed: ${errorText(error)}`),
    })),
    rememberEmptyStdoutFile: assign(({ context }, stdout: StdoutClass) => ({
      emptyStdoutFile: stdout.kind === 'notBeeLog' ? stdout.path : null,
      emptyFileChecks: context.emptyFileChecks + 1,
    })),
    giveUpStillEmpty: assign(({ context }) => ({
      source: none(
        `${processText(context.listener)} writes its stdout to ${context.emptyStdoutFile}, which was still empty after ${(EMPTY_FILE_CHECKS * EMPTY_FILE_RECHECK_MS) / 1000} s, so it cannot be told to be Bee's log; not followed: set --node-log ${context.emptyStdoutFile} to follow it anyway`,
      ),
    })),
    giveUpDiscoverySlow: assign({
      source: none(`auto-discovery did not finish within ${DISCOVERY_TIMEOUT_MS / 1000} s`),
    }),
  },
}).createMachine({
  id: 'logSource',
  description: 'Chooses where the cockpit reads one node’s log from: capture file, CLI flag, config, discovery, or none.',
  context: ({ input }) => fresh(input),
  initial: 'choosingTier',
  on: {
    // From any state: the operator (or the supervisor) pointed the cockpit at another node.
    'node.switched': { target: '.choosingTier', reenter: true, actions: 'adoptNodeInputs' },
  },
  states: {
    choosingTier: {
      description: 'Routes by tier on the inputs alone; commands beat files within a tier.',
      always: [
        { guard: 'isSupervised', target: 'checkingFile', actions: 'considerCaptureFile' },
        { guard: 'hasCliCommand', target: 'resolved', actions: 'chooseCliCommand' },
        { guard: 'hasCliFile', target: 'checkingFile', actions: 'considerCliFile' },
        { guard: 'hasConfigCommand', target: 'resolved', actions: 'chooseConfigCommand' },
        { guard: 'hasConfigFile', target: 'checkingFile', actions: 'considerConfigFile' },
        { target: 'discovering' },
      ],
    },
    checkingFile: {
      description: 'Looks once at the named file: a file or a not-yet-created path is chosen; a directory or unreadable path is reported.',
      invoke: {
        id: 'inspectLogFile',
        src: 'inspectLogFile',
        input: ({ context }) => ({ path: context.candidate?.path ?? '' }),
        onDone: [
          { guard: { type: 'isFileUsable', params: ({ event }) => event.output }, target: 'resolved', actions: { type: 'chooseCandidateFile', params: ({ event }) => event.output } },
          { target: 'unavailable', actions: { type: 'refuseCandidateFile', params: ({ event }) => event.output } },
        ],
        onError: { target: 'unavailable', actions: { type: 'reportFileCheckFailure', params: errorOf } },
      },
    },
    discovering: {
      description: 'Auto-discovery: Linux and a loopback node URL only; finds the API port’s listener and classifies its stdout.',
      initial: 'checkingEligibility',
      after: { discoveryTimeout: { target: 'unavailable', actions: 'giveUpDiscoverySlow' } },
      states: {
        checkingEligibility: {
          description: 'Discovery needs /proc (Linux) and the node on this host (loopback URL).',
          always: [
            { guard: not('isLinuxHost'), target: '#logSource.unavailable', actions: 'giveUpOffLinux' },
            { guard: not('isNodeOnLoopback'), target: '#logSource.unavailable', actions: 'giveUpRemoteNode' },
            { target: 'findingListener' },
          ],
        },
        findingListener: {
          description: 'Finds the process whose socket listens on the node API port.',
          invoke: {
            id: 'findListener',
            src: 'findListener',
            input: ({ context }) => ({ port: loopbackPort(context.inputs.nodeUrl) ?? 0 }),
            onDone: [
              { guard: { type: 'isListenerFound', params: ({ event }) => event.output }, target: 'classifyingStdout', actions: { type: 'rememberListener', params: ({ event }) => event.output } },
              { target: '#logSource.unavailable', actions: { type: 'giveUpNoListener', params: ({ event }) => event.output } },
            ],
            onError: { target: '#logSource.unavailable', actions: { type: 'giveUpDiscoveryFailed', params: errorOf } },
          },
        },
        classifyingStdout: {
          description: 'Classifies where the listener’s stdout goes: file, container runtime, service manager, or nothing capturable.',
          invoke: {
            id: 'classifyStdout',
            src: 'classifyStdout',
            input: ({ context }) => ({ pid: context.listener?.pid ?? 0, processName: context.listener?.processName ?? '' }),
            onDone: [
              { guard: { type: 'isStdoutRegularFile', params: ({ event }) => event.output }, target: '#logSource.resolved', actions: { type: 'chooseDiscoveredFile', params: ({ event }) => event.output } },
              { guard: { type: 'isStdoutContainerLog', params: ({ event }) => event.output }, target: '#logSource.resolved', actions: { type: 'chooseFollowCommand', params: ({ event }) => event.output } },
              { guard: { type: 'isStdoutServiceJournal', params: ({ event }) => event.output }, target: '#logSource.resolved', actions: { type: 'chooseFollowCommand', params: ({ event }) => event.output } },
              { guard: { type: 'isStdoutFileEmpty', params: ({ event }) => event.output }, target: '#logSource.waitingForFirstLine', actions: { type: 'rememberEmptyStdoutFile', params: ({ event }) => event.output } },
              { target: '#logSource.unavailable', actions: { type: 'explainUncapturable', params: ({ event }) => event.output } },
            ],
            onError: { target: '#logSource.unavailable', actions: { type: 'giveUpDiscoveryFailed', params: errorOf } },
          },
        },
      },
    },
    waitingForFirstLine: {
      description: 'The discovered stdout file has no line yet (a node that has just started): looked at again, a bounded number of times.',
      after: {
        emptyFileRecheck: [
          { guard: 'mayRecheckEmptyFile', target: 'discovering.classifyingStdout' },
          { target: 'unavailable', actions: 'giveUpStillEmpty' },
        ],
      },
    },
    resolved: {
      description: 'A file to tail or a command to follow was chosen; context.source names it and its origin.',
    },
    unavailable: {
      description: 'No node log: the node tabs stay empty and the pane shows context.source.reason.',
    },
  },
});
