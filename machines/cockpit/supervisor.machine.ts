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
 *                (The spec leaves this open: a Bee migrating its database can take minutes to open its API,
 *                and killing it mid-migration does harm. Decision recorded in docs/cockpit.md.)
 *     running    /health answered 200; uptime counts from the spawn.
 *     stopping   the window closed: SIGTERM to the group, `stopGrace` (5 s), then SIGKILL (`killing`).
 *                With `[store.supervisor] drain_secs` > 0, a stop of a running node first drains (`draining`):
 *                /redistributionstate is read every `drainPollInterval` while the node is in a commit or
 *                reveal phase of a round it plays (core/cockpit/drain.ts), for at most `drainLimit`; a safe
 *                phase, an unreadable state or a second stop go on to SIGTERM at once.
 *   backingOff   auto_restart only: the node exited; respawn after `restartBackoff` (1, 2, 4 … 30 s cap).
 *   exited       the node exited (no auto_restart): chip `exited (0)` grey, `exited (<code>)` red.
 *   killed       a signal ended the node: chip `killed (sig <n>)` red.
 *   gaveUp       auto_restart, but the budget (`max_restarts_per_hour`, default 6, in a sliding hour) is
 *                spent: chip `max restarts (6/6) hit` red. No more respawns until `supervisor.start`.
 *   refused      the start-up check failed, or the binary could not be executed: the reason is the chip.
 *   stoppedByOperator  the operator's `:stop` (`supervisor.stop` by `operator`) ended the node; supervision goes
 *                on: `supervisor.start` checks and spawns it again (same command, capture file, health gates).
 *   stopped      final: the node is gone after the cockpit's own stop; the output is the final status line.
 *
 * Events
 *   from the engine   `supervisor.stop` (the window closes, SIGTERM/SIGINT in headless modes; `by: 'operator'`
 *                     for `:stop`, recorded as `stopBy`), `supervisor.start` (start again after exited /
 *                     killed / gaveUp / refused / stoppedByOperator; resets the restart budget, since an
 *                     operator chose to), `supervisor.autoRestart` (config reloaded; the desktop sends false).
 *   from nodeProcess  `process.spawned`, `process.exited`, `process.failed`, `capture.status`.
 * Times come in the events (`atMs`), never from a clock read here, so the chart stays pure and the
 * restart budget is testable; uptime is derived in the selectors from `spawnedAtMs` and the caller's now.
 */
import { assign, sendTo, setup, type SnapshotFrom } from 'xstate';
import { backoffMs, restartsInWindow, settingsFrom, type ExitPhase, type SupervisorInput } from '../../core/cockpit/supervisor-rules.js';
import { assessDrain } from '../../core/cockpit/drain.js';
import { finalStatusOf } from './supervisor.view.js';
import { afterStop, drainAfterRead, drainEnded, exitRecord, exitRoutes, isOperatorStopEvent, nodeProcessNotProvided, notProvided, settled, stopWithoutProcess } from './supervisor.parts.js';

export * from '../../core/cockpit/supervisor-rules.js';
import type { DrainEnd, StopBy, HealthProbe, HealthProbeInput, NodeProcessEvent, NodeProcessSignal, ProcessExited, RedistributionRead, RedistributionReadInput, StartupCheck, StartupCheckInput, SupervisorContext, SupervisorEvent } from './supervisor.contracts.js';
export type { ProcessExited, SupervisorContext, SupervisorEvent } from './supervisor.contracts.js';

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
    readRedistribution: notProvided<RedistributionRead, RedistributionReadInput>('readRedistribution'),
  },
  delays: {
    readinessTimeout: ({ context }) => context.settings.readinessTimeoutMs,
    healthPollInterval: ({ context }) => context.settings.healthPollMs,
    stopGrace: ({ context }) => context.settings.stopGraceMs,
    drainLimit: ({ context }) => context.settings.drainMs,
    drainPollInterval: ({ context }) => context.settings.drainPollMs,
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
    isDrainOn: ({ context }) => context.settings.drainMs > 0,
    // Unknown never holds a stop: an unreadable state or a phase Bee does not know yet ends the drain.
    isStopSafeOrUnknown: (_, read: RedistributionRead) => !read.ok || assessDrain(read.reading).safe !== false,
    isOperatorStop: ({ event }) => isOperatorStopEvent(event),
    wasStoppedByOperator: ({ context }) => context.stopBy === 'operator',
  },
  actions: {
    adoptCheck: assign((_, check: StartupCheck) => (check.ok ? { apiUrl: check.apiUrl, captureFile: check.captureFile, refusal: null } : {})),
    // Absolute paths from the check, so a respawn does not depend on the cockpit's cwd.
    adoptCheckedPaths: assign(({ context }, check: StartupCheck) =>
      check.ok ? { settings: { ...context.settings, binPath: check.binPath, configPath: check.configPath } } : {},
    ),
    refuseStart: assign((_, reason: string) => ({ refusal: reason })),
    // Each run starts clean: its own spawn, its own capture writer; why the last run ended is in the Cockpit tab.
    forgetRun: assign({ pid: null, spawnedAtMs: null, healthDetail: null, lastExit: null, captureProblem: null, drain: null, stopBy: null, stopProblem: null }),
    // The cockpit ending wins over an operator's stop under way: supervision then ends with it.
    recordStopBy: assign(({ context }, by: StopBy) => ({ stopBy: context.stopBy === 'shutdown' ? 'shutdown' : by })),
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
    beginDrain: assign({ drain: null }),
    recordDrainRead: assign(({ context }, read: RedistributionRead) => ({ drain: drainAfterRead(context, read) })),
    endDrain: assign(({ context }, ended: DrainEnd) => ({ drain: drainEnded(context, ended) })),
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
    drain: null,
    stopBy: null,
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
        // A start after an earlier run keeps its capture file: the log pane follows one file across restarts.
        input: ({ context }) => ({ binPath: context.settings.binPath, configPath: context.settings.configPath, ...(context.settings.captureDir ? { captureDir: context.settings.captureDir } : {}), ...(context.captureFile ? { captureFile: context.captureFile } : {}) }),
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
      on: { 'supervisor.stop': stopWithoutProcess },
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
        'supervisor.stop': { target: '.stopping', actions: { type: 'recordStopBy', params: ({ event }) => event.by ?? 'shutdown' } },
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
            'supervisor.stop': { guard: 'isDrainOn', target: '#supervisor.supervising.stopping.draining', actions: { type: 'recordStopBy', params: ({ event }) => event.by ?? 'shutdown' } },
          },
        },
        stopping: {
          description: 'The window closed: SIGTERM to the process group, SIGKILL after stopGrace.',
          initial: 'terminating',
          on: { 'supervisor.stop': { actions: { type: 'recordStopBy', params: ({ event }) => event.by ?? 'shutdown' } } },
          states: {
            draining: {
              description: 'drain_secs > 0: waits while the node commits or reveals in a round it plays (/redistributionstate), up to drainLimit.',
              entry: 'beginDrain',
              initial: 'reading',
              after: { drainLimit: { target: 'terminating', actions: { type: 'endDrain', params: 'limit' as const } } },
              on: {
                'supervisor.stop': { target: 'terminating', actions: [{ type: 'endDrain', params: 'skipped' as const }, { type: 'recordStopBy', params: ({ event }) => event.by ?? 'shutdown' }] },
                'process.exited': afterStop({ type: 'recordExit', params: ({ event }: { event: ProcessExited }) => ({ event, phase: 'running' as const }) }),
              },
              states: {
                reading: {
                  description: 'One GET /redistributionstate: safe, unknown or unreadable go on to SIGTERM; a commit or reveal due waits.',
                  invoke: {
                    src: 'readRedistribution',
                    id: 'readRedistribution',
                    input: ({ context }) => ({ apiUrl: context.apiUrl ?? '' }),
                    onDone: [
                      { guard: { type: 'isStopSafeOrUnknown', params: ({ event }) => event.output }, target: '#supervisor.supervising.stopping.terminating', actions: { type: 'recordDrainRead', params: ({ event }) => event.output } },
                      { target: 'waiting', actions: { type: 'recordDrainRead', params: ({ event }) => event.output } },
                    ],
                    onError: {
                      target: '#supervisor.supervising.stopping.terminating',
                      actions: { type: 'recordDrainRead', params: ({ context, event }) => ({ ok: false as const, detail: event.error instanceof Error ? event.error.message : String(event.error), atMs: context.drain?.lastAtMs ?? 0 }) },
                    },
                  },
                },
                waiting: {
                  description: 'A commit or reveal is due: reads again after drainPollInterval.',
                  after: { drainPollInterval: 'reading' },
                },
              },
            },
            terminating: {
              description: 'SIGTERM sent; waiting up to stopGrace (5 s) for the exit.',
              entry: 'sendTerm',
              after: { stopGrace: 'killing' },
              on: { 'process.exited': afterStop({ type: 'recordExit', params: ({ event }: { event: ProcessExited }) => ({ event, phase: 'terminating' as const }) }) },
            },
            killing: {
              description: 'Still alive after the grace: SIGKILL sent to the group.',
              entry: 'sendKill',
              after: { stopGrace: afterStop('noteUnkillable' as const) },
              on: { 'process.exited': afterStop({ type: 'recordExit', params: ({ event }: { event: ProcessExited }) => ({ event, phase: 'killing' as const }) }) },
            },
          },
        },
      },
    },
    backingOff: {
      description: 'auto_restart: the node exited; respawning after restartBackoff (1, 2, 4 … 30 s).',
      after: { restartBackoff: 'supervising' },
      on: { 'supervisor.stop': stopWithoutProcess },
    },
    exited: settled('The node exited by itself: `exited (0)` grey, `exited (<code>)` red (red for any exit during start-up).'),
    killed: settled('A signal ended the node: `killed (sig <n>)` red.'),
    gaveUp: settled('auto_restart budget spent in the sliding hour: `max restarts (6/6) hit` red.'),
    refused: settled('Not started: the start-up check failed or the binary could not run; the chip names why.'),
    stoppedByOperator: settled('The operator stopped the node (`:stop`); supervision goes on: `:start` runs it again.'),
    stopped: {
      description: 'Supervision over after the cockpit’s own stop; the output is the final status line.',
      type: 'final',
    },
  },
  output: ({ context }) => ({ finalStatus: finalStatusOf(context) }),
});

export type SupervisorSnapshot = SnapshotFrom<typeof supervisorMachine>;
