import { describe, expect, it } from 'vitest';
import { assign, createMachine, fromPromise, setup, type AnyStateMachine } from 'xstate';
import { actorDone, actorFailed, buildMachineModel, describeMachineModel, replayPath } from './model-based.js';

// A toy with everything the helper must walk past: a transient router, an invoke with guarded
// done branches and an error path, a delayed fallback, a nested state, and a root-level event.
const toy = setup({
  types: { context: {} as { size: number; retries: number }, events: {} as { type: 'toy.reset' } | { type: 'toy.poke' } },
  actors: { measure: fromPromise<number, { attempt: number }>(async () => 0) },
  guards: { isBig: (_, size: number) => size > 5, hasRetried: ({ context }) => context.retries > 0 },
  actions: { keepSize: assign((_, size: number) => ({ size })), countRetry: assign(({ context }) => ({ retries: context.retries + 1 })) },
  delays: { patience: 250 },
}).createMachine({
  id: 'toy',
  context: { size: 0, retries: 0 },
  initial: 'routing',
  on: { 'toy.reset': { target: '.routing', reenter: true } },
  states: {
    routing: { always: [{ guard: 'hasRetried', target: 'settled.small' }, { target: 'measuring' }] },
    measuring: {
      invoke: {
        id: 'measure',
        src: 'measure',
        input: ({ context }) => ({ attempt: context.retries + 1 }),
        onDone: [
          { guard: { type: 'isBig', params: ({ event }) => event.output }, target: 'settled.big', actions: { type: 'keepSize', params: ({ event }) => event.output } },
          { target: 'settled.small' },
        ],
        onError: 'failed',
      },
      after: { patience: { target: 'routing', actions: 'countRetry' } },
    },
    settled: { initial: 'small', states: { small: { on: { 'toy.poke': 'big' } }, big: {} } },
    failed: { type: 'final' },
  },
});

const toyEvents = {
  'xstate.done.actor.measure': { big: actorDone('measure', 9), tiny: actorDone('measure', 2) },
  'xstate.error.actor.measure': { boom: actorFailed('measure', 'boom') },
};

describeMachineModel(toy, {
  events: toyEvents,
  states: {
    measuring: (s, probe) => expect(probe.inputOf('measure')).toEqual({ attempt: s.context.retries + 1 }),
    'settled.small': (s) => expect(s.context.size).toBe(0),
    'settled.big': (s) => expect(s.hasTag('nothing')).toBe(false),
    failed: (s) => expect(s.status).toBe('done'),
  },
});

const build = (machine: AnyStateMachine, states: string[], events: Parameters<typeof buildMachineModel>[1]['events'] = toyEvents) =>
  buildMachineModel(machine, { events, assertedStates: states });

describe('buildMachineModel', () => {
  const allStates = ['measuring', 'settled.small', 'settled.big', 'failed'];

  it('covers every transition of the toy, including the delayed retry and the eventless branch it enables', () => {
    const { problems, paths } = build(toy, allStates);
    expect(problems).toEqual({ unknownAssertions: [], unassertedStates: [], unreachableStates: [], assertionsNeverChecked: [], undrivenTransitions: [], unusedFixtures: [] });
    const walked = paths.map((p) => p.steps.map((s) => s.event.type));
    expect(walked.some((events) => events.includes('xstate.after.patience.toy.measuring'))).toBe(true);
  });

  it('names states without assertions, and assertions for states that do not exist or never settle', () => {
    const { problems } = build(toy, ['measuring', 'settled.big', 'failed', 'settled.nope', 'routing']);
    expect(problems.unassertedStates).toEqual(['settled.small']);
    expect(problems.unknownAssertions).toEqual(['settled.nope']);
    expect(problems.assertionsNeverChecked).toEqual(['routing']);
  });

  it('reports transitions and states the fixtures cannot reach', () => {
    const { problems } = build(toy, allStates, { 'xstate.done.actor.measure': { tiny: actorDone('measure', 2) } });
    // No fixture satisfies isBig, so settled.big is only reachable by poking from small.
    expect(problems.undrivenTransitions).toEqual(['measuring --measure.done [isBig]--> settled.big']);
    const unreachable = setup({}).createMachine({ id: 'u', initial: 'a', states: { a: {}, island: {} } });
    expect(build(unreachable, ['a', 'island'], {}).problems.unreachableStates).toEqual(['island']);
  });

  it('reports fixtures for events that no reachable state accepts', () => {
    const { problems } = build(toy, allStates, { ...toyEvents, 'xstate.done.actor.mesure': [actorDone('mesure', 1)] });
    expect(problems.unusedFixtures).toEqual(['xstate.done.actor.mesure']);
  });

  it('refuses invokes of inline logic: house style names every actor in setup', () => {
    const inline = createMachine({ initial: 'a', states: { a: { invoke: { src: fromPromise(async () => 1) } } } });
    expect(() => build(inline, ['a'], {})).toThrow(/invokes inline logic/);
  });
});

describe('replayPath', () => {
  it('fails when the real machine does not do what the graph predicted', async () => {
    let sunny = false;
    const weather = setup({ guards: { isSunny: () => sunny } }).createMachine({
      id: 'weather',
      initial: 'home',
      states: { home: { on: { go: [{ guard: 'isSunny', target: 'beach' }, { target: 'museum' }] } }, beach: {}, museum: {} },
    });
    const model = build(weather, ['home', 'museum'], {});
    const toMuseum = model.paths.find((p) => p.title.includes('museum'));
    expect(toMuseum).toBeDefined();
    sunny = true; // the real guard now disagrees with the one the graph was built from
    await expect(replayPath(model, toMuseum!, { states: {} })).rejects.toThrow(/model predicts "museum".*\n.*real actor is in "beach"/);
  });

  it('drives done events only through an invoke that is really running', async () => {
    const model = build(toy, ['measuring', 'settled.small', 'settled.big', 'failed']);
    const viaDone = model.paths.find((p) => p.steps.some((s) => s.event.type === 'xstate.done.actor.measure'));
    // With real logic kept for `measure`, there is no controllable invoke to settle.
    const real = { measure: fromPromise(() => new Promise<number>(() => {})) };
    await expect(replayPath(model, viaDone!, { states: {}, actors: real, stepTimeoutMs: 200 })).rejects.toThrow(/no running invoke 'measure'/);
  });

  it('runs the assertion of every active state and reports the path it failed on', async () => {
    const model = build(toy, ['measuring']);
    const path = model.paths[0]!;
    await expect(replayPath(model, path, { states: { measuring: () => expect('real').toBe('imagined') } })).rejects.toThrow(/on path 1/);
  });
});
