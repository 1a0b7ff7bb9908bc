/**
 * describeMachineModel() (test/model-based.ts) builds its graph from one input. Machines that route on
 * their input (retcheck: feed or reference, per-chunk, cold, re-seed) need several inputs before every
 * transition is reachable. This runs the same checks over a set of named inputs: a problem counts only
 * when it holds for every input (a transition no input drives, a state no input reaches), and every
 * generated path of every input is replayed on the real machine with the helper's own replayPath.
 */
import { describe, it } from 'vitest';
import type { AnyMachineSnapshot, AnyStateMachine, InputFrom, SnapshotFrom } from 'xstate';
import { buildMachineModel, replayPath, type EventFixtures, type MachineModel, type MachineModelOptions, type ReplayProbe } from '../model-based.js';
import type { FixtureList } from '../model-based/graph-model.js';

export interface AcrossInputsOptions<TMachine extends AnyStateMachine> extends Omit<MachineModelOptions<TMachine>, 'input' | 'states' | 'events'> {
  inputs: Record<string, InputFrom<TMachine>>;
  events?: EventFixtures<TMachine>;
  states: Record<string, (snapshot: SnapshotFrom<TMachine>, probe: ReplayProbe) => void | Promise<void>>;
}

const everywhere = (lists: string[][]): string[] => (lists[0] ?? []).filter((item) => lists.every((list) => list.includes(item)));
const anywhere = (lists: string[][]): string[] => [...new Set(lists.flat())];

function expectNone(items: string[], heading: string): void {
  if (items.length) throw new Error(`${heading}:\n  - ${items.join('\n  - ')}`);
}

export function describeMachineModelAcrossInputs<TMachine extends AnyStateMachine>(machine: TMachine, options: AcrossInputsOptions<TMachine>): void {
  describe(`${machine.id} (model-based, ${Object.keys(options.inputs).length} inputs)`, () => {
    const models: [string, unknown, MachineModel][] = Object.entries(options.inputs).map(([name, input]) => [
      name,
      input,
      buildMachineModel(machine, { input, events: options.events as Readonly<Record<string, FixtureList>> | undefined, assertedStates: Object.keys(options.states) }),
    ]);
    const problems = (pick: (m: MachineModel) => string[]) => models.map(([, , model]) => pick(model));
    it('has assertions only for states that exist', () => expectNone(anywhere(problems((m) => m.problems.unknownAssertions)), 'assertions name states the machine does not have'));
    it('has an assertion for every settleable state', () => expectNone(anywhere(problems((m) => m.problems.unassertedStates)), 'states without an assertion'));
    it('reaches every state with some input', () => expectNone(everywhere(problems((m) => m.problems.unreachableStates)), 'states no input reaches'));
    it('checks every assertion with some input', () => expectNone(everywhere(problems((m) => m.problems.assertionsNeverChecked)), 'assertions for states that never settle'));
    it('drives every transition with some input', () => expectNone(everywhere(problems((m) => m.problems.undrivenTransitions)), 'transitions no path of any input takes'));
    it('uses every fixture with some input', () => expectNone(everywhere(problems((m) => m.problems.unusedFixtures)), 'fixtures for events no reachable state accepts'));
    for (const [name, input, model] of models) {
      for (const path of model.paths) {
        it(`${name}: ${path.title}`, () =>
          replayPath(model, path, {
            input,
            states: options.states as Record<string, (s: AnyMachineSnapshot, p: ReplayProbe) => void | Promise<void>>,
            drive: options.drive,
            actors: options.actors,
            compareContext: options.compareContext,
            stepTimeoutMs: options.stepTimeoutMs,
          }));
      }
    }
  });
}
