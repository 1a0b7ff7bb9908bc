/**
 * Model-based tests for XState machines: paths come from the machine's graph (`xstate/graph`),
 * then each path is replayed on the REAL machine. One call per machine:
 *
 *   describeMachineModel(logSourceMachine, {
 *     input: { ... },
 *     events: {
 *       'node.switched': { cliFile: { type: 'node.switched', input: { ... } } },
 *       'xstate.done.actor.findListener': { found: actorDone('findListener', { found: true, pid: 7, processName: 'bee' }) },
 *     },
 *     states: { resolved: (snapshot, probe) => expect(...), ... },
 *   });
 *
 * It registers, under one `describe`:
 *   - checks that fail the suite when an assertion names no state, a settleable leaf state has no
 *     assertion, a state is unreachable, a declared transition is never driven (add fixtures), or a
 *     fixture is for an event no state accepts;
 *   - one `it` per generated path, replayed on a real actor (see model-based/replay.ts).
 * Event types without fixtures are sent bare (`{ type }`); `after` delays need no fixture.
 */
import { describe, it } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine, DoneActorEvent, ErrorActorEvent, EventFromLogic, InputFrom, SnapshotFrom } from 'xstate';
import { buildMachineModel, type FixtureList, type MachineModel, type ModelProblems } from './model-based/graph-model.js';
import { replayPath, type ReplayOptions, type ReplayProbe, type DriveArgs } from './model-based/replay.js';

export { buildMachineModel, replayPath };
export type { MachineModel, ReplayProbe, DriveArgs };

type Fixtures<E> = readonly E[] | Readonly<Record<string, E>>;

/** Fixture events per type: a list, or named fixtures (the names appear in test titles). */
export type EventFixtures<TMachine extends AnyStateMachine> = {
  [K in EventFromLogic<TMachine>['type']]?: Fixtures<Extract<EventFromLogic<TMachine>, { type: K }>>;
} & { [internal: `xstate.${string}`]: Fixtures<AnyEventObject> };

export interface MachineModelOptions<TMachine extends AnyStateMachine> {
  input?: InputFrom<TMachine>;
  /**
   * Named inputs instead of `input`, for a machine whose input decides a branch (a child it runs or not): one
   * graph per input, paths from each; a state counts as reached, and a transition as driven, when any input does.
   */
  inputs?: Readonly<Record<string, InputFrom<TMachine>>>;
  events?: EventFixtures<TMachine>;
  /** An assertion per state path (`snapshot.matches` form); every settleable leaf state needs one. */
  states: Record<string, (snapshot: SnapshotFrom<TMachine>, probe: ReplayProbe) => void | Promise<void>>;
  /** Custom drivers per event type, e.g. to act through a surface instead of `actor.send`. */
  drive?: ReplayOptions['drive'];
  /** Real logic to keep for some actor `src` names instead of the controllable double. */
  actors?: ReplayOptions['actors'];
  compareContext?: boolean;
  stepTimeoutMs?: number;
  /** Bound of the graph walk (default 5000 snapshots); raise it for machines with several independent context fields. */
  maxSnapshots?: number;
  /** Graph identity of a snapshot besides its value (see ModelSpec.stateKey): bound counters and free text. */
  stateKey?: (snapshot: SnapshotFrom<TMachine>) => unknown;
}

/** The event the runtime sends when invoke `id` resolves with `output`. */
export function actorDone<T>(id: string, output: T): DoneActorEvent<T> {
  return { type: `xstate.done.actor.${id}`, output, actorId: id };
}

/** The event the runtime sends when invoke `id` rejects with `error`. */
export function actorFailed(id: string, error: unknown): ErrorActorEvent {
  return { type: `xstate.error.actor.${id}`, error, actorId: id };
}

function expectNone(items: string[], heading: string, hint: string): void {
  if (items.length) throw new Error(`${heading}:\n  - ${items.join('\n  - ')}\n${hint}`);
}

/** Problems of several graphs of one machine: reached or driven by any input counts; an unasserted state by any is one. */
function mergeProblems(all: readonly ModelProblems[]): ModelProblems {
  const inEvery = (pick: (p: ModelProblems) => string[]) => pick(all[0]!).filter((item) => all.every((p) => pick(p).includes(item)));
  const inAny = (pick: (p: ModelProblems) => string[]) => [...new Set(all.flatMap(pick))];
  return {
    unknownAssertions: inAny((p) => p.unknownAssertions),
    unassertedStates: inAny((p) => p.unassertedStates),
    unreachableStates: inEvery((p) => p.unreachableStates),
    assertionsNeverChecked: inEvery((p) => p.assertionsNeverChecked),
    undrivenTransitions: inEvery((p) => p.undrivenTransitions),
    unusedFixtures: inEvery((p) => p.unusedFixtures),
  };
}

export function describeMachineModel<TMachine extends AnyStateMachine>(machine: TMachine, options: MachineModelOptions<TMachine>): void {
  describe(`${machine.id} (model-based)`, () => {
    const inputs: [string | null, unknown][] = options.inputs ? Object.entries(options.inputs) : [[null, options.input]];
    let models: { name: string | null; input: unknown; model: MachineModel }[];
    try {
      models = inputs.map(([name, input]) => ({
        name,
        input,
        model: buildMachineModel(machine, {
          input,
          events: options.events as Readonly<Record<string, FixtureList>> | undefined,
          assertedStates: Object.keys(options.states),
          ...(options.maxSnapshots !== undefined ? { maxSnapshots: options.maxSnapshots } : {}),
          ...(options.stateKey ? { stateKey: options.stateKey as (s: AnyMachineSnapshot) => unknown } : {}),
        }),
      }));
    } catch (error) {
      it('builds a test model from the machine graph', () => {
        throw error;
      });
      return;
    }
    const problems = mergeProblems(models.map((m) => m.model.problems));
    it('has assertions only for states that exist', () =>
      expectNone(problems.unknownAssertions, 'assertions name states the machine does not have', 'use dotted paths as snapshot.matches() takes them'));
    it('has an assertion for every settleable state', () =>
      expectNone(problems.unassertedStates, 'states without an assertion', 'add them to `states`'));
    it('reaches every state', () =>
      expectNone(problems.unreachableStates, 'states no path reaches', 'add event fixtures (e.g. actorDone outputs) that lead there, or remove the state'));
    it('checks every assertion at least once', () =>
      expectNone(problems.assertionsNeverChecked, 'assertions for states that never settle (transient or unreachable)', 'assert on the state the eventless transition leads to'));
    it('drives every transition', () =>
      expectNone(problems.undrivenTransitions, 'transitions no path takes', 'add fixtures that satisfy their guards'));
    it('uses every fixture', () =>
      expectNone(problems.unusedFixtures, 'fixtures for events no reachable state accepts', 'fix the event type or remove the fixture'));
    for (const { name, input, model } of models) {
      const replay: ReplayOptions = {
        input,
        states: options.states as Record<string, (s: AnyMachineSnapshot, p: ReplayProbe) => void | Promise<void>>,
        drive: options.drive,
        actors: options.actors,
        compareContext: options.compareContext,
        stepTimeoutMs: options.stepTimeoutMs,
        ...(options.stateKey ? { stateKey: options.stateKey as (s: AnyMachineSnapshot) => unknown } : {}),
      };
      for (const path of model.paths) it(name === null ? path.title : `[${name}] ${path.title}`, () => replayPath(model, path, replay));
    }
  });
}
