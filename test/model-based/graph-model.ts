/**
 * Builds the test model of a machine from `xstate/graph`: the adjacency map over the fixture
 * events, the shortest path to every snapshot, and from those a small set of paths that together
 * settle in every reachable state and take every declared transition. It also lists what the
 * model cannot cover (unreachable states, undriven transitions, assertions for states that do not
 * exist), which the vitest wrapper turns into failing tests.
 *
 * Which transitions an edge takes is not in the adjacency map, so each edge is replayed once
 * through `machine.transition` with a probe actor scope whose inspection records the microsteps.
 */
import { createEmptyActor, type AnyActorScope, type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate';
import { getAdjacencyMap, getShortestPaths, serializeSnapshot, type AdjacencyValue } from 'xstate/graph';
import { describeEventType } from '../../machines/visualize.js';
import { invokesOf, isLeaf, isTransient, pathOf, stateNodesOf, transitionKey, transitionsOfMachine, type InvokeInfo, type TransitionInfo } from './structure.js';

export type FixtureList = readonly AnyEventObject[] | Readonly<Record<string, AnyEventObject>>;

export interface ModelSpec {
  input?: unknown;
  /** Fixture events per event type; types without fixtures are sent bare (`{ type }`). */
  events?: Readonly<Record<string, FixtureList | undefined>>;
  /** Stop walking after this many snapshots (default 5000): the state space must be finite. */
  maxSnapshots?: number;
  /** State paths (as `snapshot.matches` takes them) that have an assertion. */
  assertedStates: readonly string[];
  /**
   * What makes two snapshots the same node of the graph, besides the state value (default: the whole context).
   * A machine whose context holds a counter (a banner id, a sequence number) or free text projects it here to
   * what its transitions depend on, so the walk stays finite.
   */
  stateKey?: (snapshot: AnyMachineSnapshot) => unknown;
}

export interface ModelStep {
  event: AnyEventObject;
  /** The snapshot the graph predicts after the event. */
  state: AnyMachineSnapshot;
  /** Keys of the transitions the graph took for this step (microsteps included). */
  transitions: string[];
}

export interface ModelPath {
  title: string;
  /** steps[0] is `xstate.init`. */
  steps: ModelStep[];
}

export interface ModelProblems {
  unknownAssertions: string[];
  unassertedStates: string[];
  unreachableStates: string[];
  assertionsNeverChecked: string[];
  undrivenTransitions: string[];
  unusedFixtures: string[];
}

export interface MachineModel {
  machine: AnyStateMachine;
  invokes: InvokeInfo[];
  transitions: TransitionInfo[];
  paths: ModelPath[];
  problems: ModelProblems;
  /** Human label of an event as used in path titles. */
  labelOf(event: AnyEventObject): string;
}

/** Internal events the runtime raises itself; sending them from outside would invent paths. */
const isRaisedInternally = (type: string): boolean => type.startsWith('xstate.done.state.') || type.startsWith('xstate.snapshot.');
const isWildcard = (type: string): boolean => type === '*' || type.endsWith('.*');

function recordingScope(): { scope: AnyActorScope; capture: (run: () => AnyMachineSnapshot) => { state: AnyMachineSnapshot; keys: string[] } } {
  const probe = createEmptyActor();
  let keys: string[] = [];
  probe.system.inspect((ev) => {
    // Only the machine's own steps: children it spawns (and their eventless steps) are not its transitions.
    if (ev.type === '@xstate.microstep' && ev.actorRef === probe) keys.push(...ev._transitions.map((t) => transitionKey(t)).filter((k): k is string => k !== undefined));
  });
  const scope = { self: probe, logger: () => {}, id: '', sessionId: 'model-probe', defer: () => {}, system: probe.system, stopChild: () => {}, emit: () => {}, actionExecutor: () => {} } as unknown as AnyActorScope;
  return {
    scope,
    capture: (run) => {
      keys = [];
      const state = run();
      return { state, keys: [...new Set(keys)] };
    },
  };
}

function fixtureEntries(list: FixtureList | undefined): Array<[string, AnyEventObject]> {
  if (!list) return [];
  return Array.isArray(list) ? list.map((e, i) => [String(i + 1), e] as [string, AnyEventObject]) : Object.entries(list as Record<string, AnyEventObject>);
}

export function buildMachineModel(machine: AnyStateMachine, spec: ModelSpec): MachineModel {
  const labels = new WeakMap<AnyEventObject, string>();
  const fixtures = new Map<string, AnyEventObject[]>();
  for (const [type, list] of Object.entries(spec.events ?? {})) {
    const entries = fixtureEntries(list);
    for (const [name, event] of entries) labels.set(event, `${describeEventType(type)}(${name})`);
    fixtures.set(type, entries.map(([, e]) => e));
  }
  const labelOf = (event: AnyEventObject): string => labels.get(event) ?? describeEventType(event.type);
  const offeredTypes = new Set<string>();
  const eventsFor = (snapshot: AnyMachineSnapshot): AnyEventObject[] => {
    if (snapshot.status !== 'active') return []; // a finished actor takes no more events
    const own = [...new Set(snapshot._nodes.flatMap((n) => n.ownEvents as string[]))];
    return own.flatMap((type) => {
      if (isRaisedInternally(type)) return [];
      offeredTypes.add(type);
      const given = fixtures.get(type);
      if (given) return given;
      return isWildcard(type) ? [] : [{ type }];
    });
  };

  const limit = spec.maxSnapshots ?? 5_000;
  const stateKey = spec.stateKey;
  const serialize = stateKey ? (snapshot: AnyMachineSnapshot) => JSON.stringify({ value: snapshot.value, key: stateKey(snapshot) }) : (snapshot: AnyMachineSnapshot) => serializeSnapshot(snapshot);
  const options = { events: eventsFor, serializeState: serialize, input: spec.input, limit };
  let adjacency: ReturnType<typeof getAdjacencyMap<AnyMachineSnapshot, AnyEventObject, unknown>>;
  try {
    adjacency = getAdjacencyMap(machine, options);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new Error(`walking the graph of '${machine.id}' failed: ${why}. Snapshots differ by value AND context: a counter or timestamp in context makes the graph endless (bound it, or raise maxSnapshots); a crash in a guard or action often means an event needs a fixture (e.g. actorDone with an output).`);
  }
  const shortest = new Map<string, Array<{ event: AnyEventObject; state: AnyMachineSnapshot }>>(
    getShortestPaths(machine, options).map((p) => [serialize(p.state), p.steps]),
  );

  // Which transitions each edge takes, from a probe run of the same event on the same snapshot.
  const { scope, capture } = recordingScope();
  const init = capture(() => machine.getInitialSnapshot(scope, spec.input));
  const edgeKeys = new Map<string, string[]>();
  const edgeId = (from: string, event: AnyEventObject) => `${from}\u0000${JSON.stringify(event)}`;
  const edges: Array<{ from: string; event: AnyEventObject; state: AnyMachineSnapshot; keys: string[] }> = [];
  for (const [from, { state, transitions }] of Object.entries(adjacency) as Array<[string, AdjacencyValue<AnyMachineSnapshot, AnyEventObject>]>) {
    for (const { event, state: next } of Object.values(transitions)) {
      const keys = capture(() => machine.transition(state, event, scope)).keys;
      edgeKeys.set(edgeId(from, event), keys);
      edges.push({ from, event, state: next, keys });
    }
  }
  const stepsTo = (serialized: string): ModelStep[] => {
    const steps = shortest.get(serialized) ?? [];
    return steps.map((step, i) => ({
      event: step.event,
      state: step.state,
      transitions: i === 0 ? init.keys : (edgeKeys.get(edgeId(serialize(steps[i - 1]!.state), step.event)) ?? []),
    }));
  };

  // Greedy cover, shallowest edges first: keep a path only when it adds a transition or a state.
  const leafIds = (s: AnyMachineSnapshot) => s._nodes.filter(isLeaf).map((n) => n.id);
  const coveredKeys = new Set<string>();
  const coveredLeaves = new Set<string>();
  const selected: ModelStep[][] = [];
  const take = (steps: ModelStep[]) => {
    selected.push(steps);
    for (const step of steps) {
      step.transitions.forEach((k) => coveredKeys.add(k));
      leafIds(step.state).forEach((id) => coveredLeaves.add(id));
    }
  };
  take(stepsTo(serialize(init.state)));
  const depth = (from: string) => shortest.get(from)?.length ?? Infinity;
  for (const edge of [...edges].sort((a, b) => depth(a.from) - depth(b.from))) {
    const adds = edge.keys.some((k) => !coveredKeys.has(k)) || leafIds(edge.state).some((id) => !coveredLeaves.has(id));
    if (adds) take([...stepsTo(edge.from), { event: edge.event, state: edge.state, transitions: edge.keys }]);
  }
  const paths = dropPrefixes(selected).map((steps, i) => ({ title: titleOf(i, steps, labelOf), steps }));

  return { machine, invokes: invokesOf(machine), transitions: transitionsOfMachine(machine), paths, labelOf, problems: problemsOf(machine, spec, Object.values(adjacency).map((a) => a.state as AnyMachineSnapshot), coveredKeys, fixtures, offeredTypes) };
}

function dropPrefixes(paths: ModelStep[][]): ModelStep[][] {
  const signature = (steps: ModelStep[]) => steps.map((s) => JSON.stringify(s.event));
  const longestFirst = [...paths].sort((a, b) => b.length - a.length);
  const kept: ModelStep[][] = [];
  for (const path of longestFirst) {
    const sig = signature(path);
    const isPrefix = kept.some((k) => sig.every((e, i) => signature(k)[i] === e));
    if (!isPrefix) kept.push(path);
  }
  return kept.reverse();
}

function titleOf(index: number, steps: ModelStep[], labelOf: (e: AnyEventObject) => string): string {
  const end = steps[steps.length - 1]!.state;
  const events = steps.slice(1).map((s) => labelOf(s.event));
  return `path ${index + 1}: ${JSON.stringify(end.value)} via ${events.length ? events.join(' > ') : 'start'}`;
}

function problemsOf(
  machine: AnyStateMachine,
  spec: ModelSpec,
  reachable: AnyMachineSnapshot[],
  coveredKeys: Set<string>,
  fixtures: Map<string, AnyEventObject[]>,
  offeredTypes: Set<string>,
): ModelProblems {
  const nodes = stateNodesOf(machine);
  const settled = new Set(reachable.flatMap((state) => state._nodes.map((n) => n.id)));
  const paths = new Set(nodes.map(pathOf));
  const asserted = new Set(spec.assertedStates);
  const leaves = nodes.filter(isLeaf);
  return {
    unknownAssertions: spec.assertedStates.filter((key) => !paths.has(key)),
    unassertedStates: leaves.filter((n) => settled.has(n.id) && !asserted.has(pathOf(n))).map(pathOf),
    unreachableStates: leaves.filter((n) => !settled.has(n.id) && !isTransient(n)).map(pathOf),
    assertionsNeverChecked: nodes.filter((n) => asserted.has(pathOf(n)) && !settled.has(n.id)).map(pathOf),
    undrivenTransitions: transitionsOfMachine(machine).filter((t) => !coveredKeys.has(t.key)).map((t) => t.label),
    unusedFixtures: [...fixtures.keys()].filter((type) => !offeredTypes.has(type)),
  };
}
