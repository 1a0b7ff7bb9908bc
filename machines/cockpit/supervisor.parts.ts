/**
 * Pieces of supervisorMachine's chart kept beside it (so the machine file stays one screenful): the exit record,
 * the stand-ins for actors not provided, where an exit leads, and the shape of a state the node rests in.
 */
import { fromCallback, fromPromise } from 'xstate';
import type { ExitPhase, ExitRecord } from '../../core/cockpit/supervisor-rules.js';
import { assessDrain } from '../../core/cockpit/drain.js';
import type { DrainEnd, NodeProcessEvent, NodeProcessInput, NodeProcessSignal, ProcessExited, RedistributionRead, StopBy, SupervisorContext } from './supervisor.contracts.js';

export function exitRecord(context: SupervisorContext, event: ProcessExited, phase: ExitPhase): ExitRecord {
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

export function notProvided<TOutput, TInput>(name: string) {
  return fromPromise<TOutput, TInput>(async () => {
    throw new Error(`actor '${name}' was not provided: use supervisorMachine.provide({ actors: supervisorActors() })`);
  });
}

export const nodeProcessNotProvided = fromCallback<NodeProcessSignal, NodeProcessInput, NodeProcessEvent>(() => {
  throw new Error("actor 'nodeProcess' was not provided: use supervisorMachine.provide({ actors: supervisorActors() })");
});

/**
 * Where an exit leads, in order: respawn while the budget lasts; with auto_restart and no budget, give
 * up; without auto_restart, killed (a signal) or exited (a code). `phase` records when it happened.
 */
export function exitRoutes(phase: 'starting' | 'running') {
  const record = { type: 'recordExit', params: ({ event }: { event: ProcessExited }) => ({ event, phase }) } as const;
  return [
    { guard: { type: 'hasRestartBudget', params: ({ event }: { event: ProcessExited }) => event }, target: '#supervisor.backingOff', actions: [record, { type: 'recordRestart', params: ({ event }: { event: ProcessExited }) => event }] },
    { guard: 'isAutoRestartOn', target: '#supervisor.gaveUp', actions: record },
    { guard: { type: 'wasKilledBySignal', params: ({ event }: { event: ProcessExited }) => event }, target: '#supervisor.killed', actions: record },
    { target: '#supervisor.exited', actions: record },
  ] as const;
}

/** Whether a stop event is the operator's `:stop` (supervision goes on) rather than the cockpit ending. */
export const isOperatorStopEvent = (event: { type: string; by?: StopBy }): boolean => event.type === 'supervisor.stop' && event.by === 'operator';

/**
 * Where a stop of a node that is not running leads: the operator's `:stop` to `stoppedByOperator` (`:start`
 * runs it again), the cockpit ending to the final `stopped`.
 */
export const stopWithoutProcess = [{ guard: 'isOperatorStop', target: '#supervisor.stoppedByOperator' }, { target: '#supervisor.stopped' }] as const;

/** Where the end of a stop sequence leads: as the stop was asked (the latest ask wins; shutdown is never undone). */
export function afterStop<TActions>(actions?: TActions) {
  const extra = actions === undefined ? {} : { actions };
  return [{ guard: 'wasStoppedByOperator', target: '#supervisor.stoppedByOperator', ...extra }, { target: '#supervisor.stopped', ...extra }] as const;
}

/** A state the node rests in: an operator's start begins again (with a fresh budget); a stop ends supervision or holds it. */
export function settled(description: string) {
  // The start forgets the last run at once (not only at the spawn), so the check starts from a clean slate.
  return { description, on: { 'supervisor.start': { target: 'checking', actions: ['resetRestartBudget', 'forgetRun'] }, 'supervisor.stop': stopWithoutProcess } } as const;
}

/** The drain after one read of /redistributionstate: an unreadable state ends it (unknown never holds a stop). */
export function drainAfterRead(context: SupervisorContext, read: RedistributionRead): SupervisorContext['drain'] {
  return {
    sinceMs: context.drain?.sinceMs ?? read.atMs,
    lastAtMs: read.atMs,
    verdict: read.ok ? assessDrain(read.reading) : (context.drain?.verdict ?? null),
    unreadable: read.ok ? null : read.detail,
    ended: !read.ok ? 'unreadable' : assessDrain(read.reading).safe === false ? null : 'safe',
  };
}

/** The drain as it ended (a second stop, the time limit, the node leaving) with what was read until then. */
export function drainEnded(context: SupervisorContext, ended: DrainEnd): SupervisorContext['drain'] {
  return context.drain ? { ...context.drain, ended } : { sinceMs: 0, lastAtMs: 0, verdict: null, unreadable: null, ended };
}
