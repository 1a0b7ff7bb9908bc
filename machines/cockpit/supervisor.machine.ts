/**
 * supervisorMachine: the cockpit runs the node itself (`--node-bin` + `--node-config`, or `[store]`), per
 * the state table of 2-cockpit.md §3 "Supervised node process".
 *
 * Top-level states
 *   checking     the start-up check (`checkStartup`): binary exists and is executable, the YAML is readable
 *                and Bee would accept it, its API port is free, the capture directory exists.
 *   supervising  the node runs (`nodeProcess`, its own process group, output into the rotating capture):
 *     starting   /health is polled (`probeHealth`, every `healthPollInterval`) until it answers 200. A
 *                parallel region keeps the `readinessTimeout` (60 s): past it the chip turns red (`overdue`)
 *                but the node is left running and polling goes on; a later 200 still makes it `running`.
 *                (The spec leaves this case open. A Bee that migrates its database or waits for a slow
 *                chain RPC can take minutes to open its API, and killing it mid-migration does harm; the
 *                operator sees the red chip and decides. Decision recorded in docs/cockpit.md.)
 *     running    /health answered 200; uptime counts from the spawn.
 *     stopping   the window closed: SIGTERM to the group, `stopGrace` (5 s), then SIGKILL (`killing`).
 *   backingOff   auto_restart only: the node exited; respawn after `restartBackoff` (1, 2, 4, 8, 16 s,
 *                capped at 30 s, growing with the restarts inside the sliding hour).
 *   exited       the node exited (no auto_restart): chip `exited (0)` grey, `exited (<code>)` red.
 *   killed       a signal ended the node: chip `killed (sig <n>)` red.
 *   gaveUp       auto_restart, but the budget (`max_restarts_per_hour`, default 6, in a sliding hour) is
 *                spent: chip `max restarts (6/6) hit` red. No more respawns until `supervisor.start`.
 *   refused      the start-up check failed, or the binary could not be executed: the reason is the chip.
 *   stopped      final: the node is gone after `supervisor.stop`; the output is the final status line.
 *
 * Events
 *   from the engine   `supervisor.stop` (the window closes, SIGTERM/SIGINT in headless modes),
 *                     `supervisor.start` (start again after exited / killed / gaveUp / refused; resets
 *                     the restart budget, since an operator chose to), `supervisor.autoRestart` (config
 *                     reloaded; the desktop always sends false).
 *   from nodeProcess  `process.spawned`, `process.exited`, `process.failed`, `capture.status`.
 * Times come in the events (`atMs`), never from a clock read here, so the chart stays pure and the
 * restart budget is testable; uptime is derived in the selectors from `spawnedAtMs` and the caller's now.
 */
import { assign, fromCallback, fromPromise, sendTo, setup, type SnapshotFrom } from 'xstate';
import { backoffMs, restartsInWindow, settingsFrom, type ExitPhase, type ExitRecord, type SupervisorInput, type SupervisorSettings } from '../../core/cockpit/supervisor-rules.js';
import { finalStatusOf } from './supervisor.view.js';

export * from '../../core/cockpit/supervisor-rules.js';
import type { HealthProbe, HealthProbeInput, NodeProcessEvent, NodeProcessInput, NodeProcessSignal, StartupCheck, StartupCheckInput } from './supervisor.contracts.js';

export type { ProcessExited, SupervisorContext, SupervisorEvent } from './supervisor.contracts.js';
import type { ProcessExited, SupervisorContext, SupervisorEvent } from './supervisor.contracts.js';

function exitRecord(context: SupervisorContext, event: ProcessExited, phase: ExitPhase): ExitRecord {
  return {
    code: event.code,
    signal: event.signal,
    signalName: event.signalName,
    atMs: event.atMs,
    uptimeMs: context.spawnedAtMs === null ? null : Math.max(0, event.atMs - context.spawnedAtMs),
    phase,
    tail: event.tail,
    groupEnded: event.groupEnded ?? null,
  };
}

function notProvided<TOutput, TInput>(name: string) {
  return fromPromise<TOutput, TInput>(async () => {
    throw new Error(`actor '${name}' was not provided: use supervisorMachine.provide({ actors: supervisorActors() })`);
  });
}

const nodeProcessNotProvided = fromCallback<NodeProcessSignal, NodeProcessInput, NodeProcessEvent>(() => {
  throw new Error("actor 'nodeProcess' was not provided: use supervisorMachine.provide({ actors: supervisorActors() })");
});

/**
 * Where an exit leads, in order: respawn while the budget lasts; with auto_restart and no budget, give
 * up; without auto_restart, killed (a signal) or exited (a code). `phase` records when it happened.
 */
function exitRoutes(phase: 'starting' | 'running') {
  const record = { type: 'recordExit', params: ({ event }: { event: ProcessExited }) => ({ event, phase }) } as const;
  return [
    { guard: { type: 'hasRestartBudget', params: ({ event }: { event: ProcessExited }) => event }, target: '#supervisor.backingOff', actions: [record, { type: 'recordRestart', params: ({ event }: { event: ProcessExited }) => event }] },
    { guard: 'isAutoRestartOn', target: '#supervisor.gaveUp', actions: record },
    { guard: { type: 'wasKilledBySignal', params: ({ event }: { event: ProcessExited }) => event }, target: '#supervisor.killed', actions: record },
    { target: '#supervisor.exited', actions: record },
  ] as const;
}

/** A state the node rests in: an operator's start begins again (with a fresh budget); a stop ends supervision. */
function settled(description: string) {
  return { description, on: { 'supervisor.start': { target: 'checking', actions: 'resetRestartBudget' }, 'supervisor.stop': 'stopped' } } as const;
}

export const supervisorMachine = setup({
  types: {
    context: {} as SupervisorContext,
    events: {} as SupervisorEvent,
    input: {} as SupervisorInput,
    output: {} as { finalStatus: string },
  },
  actors: {
    checkStartup: notProvided<StartupCheck, StartupCheckInput>('checkStartup'),
    probeHealth: notProvided<HealthProbe, HealthProbeInput>('probeHealth'),
    nodeProcess: nodeProcessNotProvided,
  },
  delays: {
    readinessTimeout: ({ context }) => context.settings.readinessTimeoutMs,
    healthPollInterval: ({ context }) => context.settings.healthPollMs,
    stopGrace: ({ context }) => context.settings.stopGraceMs,
    // The restart just recorded is the last entry; the ones before it in the window set the step.
    restartBackoff: ({ context }) => backoffMs(Math.max(0, context.restarts.length - 1)),
  },
  guards: {
    isCheckPassed: (_, check: StartupCheck) => check.ok,
    isHealthy: (_, probe: HealthProbe) => probe.healthy,
    hasRestartBudget: ({ context }, event: ProcessExited) =>
      context.settings.autoRestart && restartsInWindow(context.restarts, event.atMs).length < context.settings.maxRestartsPerHour,
    isAutoRestartOn: ({ context }) => context.settings.autoRestart,
    wasKilledBySignal: (_, event: ProcessExited) => event.code === null,
  },
  actions: {
    adoptCheck: assign((_, check: StartupCheck) => (check.ok ? { apiUrl: check.apiUrl, captureFile: check.captureFile, refusal: null } : {})),
    // Absolute paths from the check, so a respawn does not depend on the cockpit's cwd.
    adoptCheckedPaths: assign(({ context }, check: StartupCheck) =>
      check.ok ? { settings: { ...context.settings, binPath: check.binPath, configPath: check.configPath } } : {},
    ),
    refuseStart: assign((_, reason: string) => ({ refusal: reason })),
    // Each run starts clean: its own spawn, its own capture writer; why the last run ended is in the Cockpit tab.
    forgetRun: assign({ pid: null, spawnedAtMs: null, healthDetail: null, lastExit: null, captureProblem: null }),
    recordSpawn: assign((_, event: { pid: number; atMs: number }) => ({ pid: event.pid, spawnedAtMs: event.atMs })),
    recordHealthDetail: assign((_, detail: string) => ({ healthDetail: detail })),
    recordExit: assign(({ context }, params: { event: ProcessExited; phase: ExitPhase }) => ({ lastExit: exitRecord(context, params.event, params.phase), pid: null })),
    recordRestart: assign(({ context }, event: ProcessExited) => ({ restarts: [...restartsInWindow(context.restarts, event.atMs), event.atMs] })),
    resetRestartBudget: assign({ restarts: [], lastExit: null, refusal: null, captureProblem: null }),
    recordCaptureStatus: assign((_, event: Extract<NodeProcessEvent, { type: 'capture.status' }>) => ({
      captureProblem: event.ok ? null : { message: event.message, droppedBytes: event.droppedBytes },
    })),
    noteUnkillable: assign(({ context }) => ({
      stopProblem: `process group ${context.pid ?? '?'} did not exit ${Math.round(context.settings.stopGraceMs / 1000)} s after SIGKILL (stuck in the kernel?); check it with ps`,
    })),
    setAutoRestart: assign(({ context }, enabled: boolean) => ({ settings: { ...context.settings, autoRestart: enabled } })),
    sendTerm: sendTo('nodeProcess', { type: 'process.signal', signal: 'SIGTERM' } satisfies NodeProcessSignal),
    sendKill: sendTo('nodeProcess', { type: 'process.signal', signal: 'SIGKILL' } satisfies NodeProcessSignal),
  },
}).createMachine({
  id: 'supervisor',
  description: 'Runs the node binary as a child process group: start-up check, readiness, exits, restarts, stop.',
  context: ({ input }) => ({
    settings: settingsFrom(input),
    apiUrl: null,
    captureFile: null,
    pid: null,
    spawnedAtMs: null,
    restarts: [],
    lastExit: null,
    refusal: null,
    healthDetail: null,
    captureProblem: null,
    stopProblem: null,
  }),
  initial: 'checking',
  on: {
    'supervisor.autoRestart': { actions: { type: 'setAutoRestart', params: ({ event }) => event.enabled } },
  },
  states: {
    checking: {
      description: 'Start-up check: binary executable, YAML readable and accepted, API port free, capture directory made.',
      invoke: {
        src: 'checkStartup',
        id: 'checkStartup',
        input: ({ context }) => ({ binPath: context.settings.binPath, configPath: context.settings.configPath, ...(context.settings.captureDir ? { captureDir: context.settings.captureDir } : {}) }),
        onDone: [
          {
            guard: { type: 'isCheckPassed', params: ({ event }) => event.output },
            target: 'supervising',
            actions: [{ type: 'adoptCheck', params: ({ event }) => event.output }, { type: 'adoptCheckedPaths', params: ({ event }) => event.output }],
          },
          { target: 'refused', actions: { type: 'refuseStart', params: ({ event }) => (event.output.ok ? '' : event.output.reason) } },
        ],
        onError: { target: 'refused', actions: { type: 'refuseStart', params: ({ event }) => `start-up check failed: ${event.error instanceof Error ? event.error.message : String(event.error)}` } },
      },
      on: { 'supervisor.stop': 'stopped' },
    },
    supervising: {
      description: 'The node process runs in its own group; its output goes to the rotating capture file.',
      entry: 'forgetRun',
      invoke: {
        src: 'nodeProcess',
        id: 'nodeProcess',
        input: ({ context }) => ({
          binPath: context.settings.binPath,
          configPath: context.settings.configPath,
          captureFile: context.captureFile ?? '',
          rotateBytes: context.settings.rotateBytes,
          keepFiles: context.settings.keepFiles,
          stopGraceMs: context.settings.stopGraceMs,
        }),
      },
      on: {
        'process.spawned': { actions: { type: 'recordSpawn', params: ({ event }) => event } },
        'capture.status': { actions: { type: 'recordCaptureStatus', params: ({ event }) => event } },
        'process.failed': { target: 'refused', actions: { type: 'refuseStart', params: ({ event }) => event.message } },
        'supervisor.stop': '.stopping',
      },
      initial: 'starting',
      states: {
        starting: {
          description: 'Polling /health until it answers 200; the readiness deadline runs beside it.',
          type: 'parallel',
          on: {
            'process.exited': exitRoutes('starting'),
          },
          states: {
            probe: {
              initial: 'polling',
              states: {
                polling: {
                  description: 'One GET /health.',
                  invoke: {
                    src: 'probeHealth',
                    id: 'probeHealth',
                    input: ({ context }) => ({ apiUrl: context.apiUrl ?? '' }),
                    onDone: [
                      { guard: { type: 'isHealthy', params: ({ event }) => event.output }, target: '#supervisor.supervising.running' },
                      { target: 'pausing', actions: { type: 'recordHealthDetail', params: ({ event }) => (event.output.healthy ? '' : event.output.detail) } },
                    ],
                    onError: { target: 'pausing', actions: { type: 'recordHealthDetail', params: ({ event }) => `/health: ${event.error instanceof Error ? event.error.message : String(event.error)}` } },
                  },
                },
                pausing: {
                  description: 'Waits healthPollInterval before the next probe.',
                  after: { healthPollInterval: 'polling' },
                },
              },
            },
            deadline: {
              initial: 'withinReadinessWait',
              states: {
                withinReadinessWait: {
                  description: 'Less than readinessTimeout (60 s) since the spawn.',
                  after: { readinessTimeout: 'overdue' },
                },
                overdue: {
                  description: 'No 200 within 60 s: the chip turns red, the node is left running, polling goes on.',
                },
              },
            },
          },
        },
        running: {
          description: '/health answered 200: chip `running` with uptime (and restart count under auto_restart).',
          on: {
            'process.exited': exitRoutes('running'),
          },
        },
        stopping: {
          description: 'The window closed: SIGTERM to the process group, SIGKILL after stopGrace.',
          initial: 'terminating',
          on: { 'supervisor.stop': {} },
          states: {
            terminating: {
              description: 'SIGTERM sent; waiting up to stopGrace (5 s) for the exit.',
              entry: 'sendTerm',
              after: { stopGrace: 'killing' },
              on: { 'process.exited': { target: '#supervisor.stopped', actions: { type: 'recordExit', params: ({ event }) => ({ event, phase: 'terminating' as const }) } } },
            },
            killing: {
              description: 'Still alive after the grace: SIGKILL sent to the group.',
              entry: 'sendKill',
              after: { stopGrace: { target: '#supervisor.stopped', actions: 'noteUnkillable' } },
              on: { 'process.exited': { target: '#supervisor.stopped', actions: { type: 'recordExit', params: ({ event }) => ({ event, phase: 'killing' as const }) } } },
            },
          },
        },
      },
    },
    backingOff: {
      description: 'auto_restart: the node exited; respawning after restartBackoff (1, 2, 4 … 30 s).',
      after: { restartBackoff: 'supervising' },
      on: { 'supervisor.stop': 'stopped' },
    },
    exited: settled('The node exited by itself: `exited (0)` grey, `exited (<code>)` red (red for any exit during start-up).'),
    killed: settled('A signal ended the node: `killed (sig <n>)` red.'),
    gaveUp: settled('auto_restart budget spent in the sliding hour: `max restarts (6/6) hit` red.'),
    refused: settled('Not started: the start-up check failed or the binary could not run; the chip names why.'),
    stopped: {
      description: 'Supervision over after supervisor.stop; the output is the final status line.',
      type: 'final',
    },
  },
  output: ({ context }) => ({ finalStatus: finalStatusOf(context) }),
});

export type SupervisorSnapshot = SnapshotFrom<typeof supervisorMachine>;
