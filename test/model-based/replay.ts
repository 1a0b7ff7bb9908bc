/**
 * Replays one model path on a real actor: the real machine, `.provide()`-ed with controllable
 * promise actors in place of every invoked `src`, a SimulatedClock for `after`, and inspection to
 * see which transitions the real actor takes. Each step is driven the way the runtime would see
 * it happen, never by injecting internal events:
 *   - `xstate.done.actor.<id>` / `xstate.error.actor.<id>`: the invoked actor's promise is settled
 *     with the fixture's `output` / `error` (so it must actually have been invoked);
 *   - `xstate.after.<delay>.<state>`: the clock is moved to that timer's due time (so the timer
 *     must actually be pending);
 *   - anything else: `actor.send(event)`, unless a custom driver is given for that type.
 * After each step the real snapshot must equal the predicted one (value and context), the real
 * actor must have taken the predicted transitions, and the assertions of active states run.
 */
import { isDeepStrictEqual } from 'node:util';
import { createActor, fromPromise, SimulatedClock, type Actor, type AnyActorLogic, type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate';
import type { MachineModel, ModelPath, ModelStep } from './graph-model.js';
import { transitionKey } from './structure.js';

/** What a state assertion or a custom driver can see besides the snapshot. */
export interface ReplayProbe {
  /** Input the real machine gave the invoked actor with this id, while it runs. */
  inputOf(invokeId: string): unknown;
  /** Ids of the invoked actors currently waiting to be settled. */
  running(): string[];
  clock: SimulatedClock;
}

export interface DriveArgs {
  actor: Actor<AnyStateMachine>;
  event: AnyEventObject;
  probe: ReplayProbe;
}

export interface ReplayOptions {
  input?: unknown;
  states: Readonly<Record<string, (snapshot: AnyMachineSnapshot, probe: ReplayProbe) => void | Promise<void>>>;
  drive?: Readonly<Record<string, (args: DriveArgs) => void | Promise<void>>>;
  /** Real logic to keep for some `src` names instead of the controllable double. */
  actors?: Readonly<Record<string, AnyActorLogic>>;
  /** Compare the real context with the predicted one (turn off for contexts holding actor refs). */
  compareContext?: boolean;
  stepTimeoutMs?: number;
  /** With a projected graph (ModelSpec.stateKey), the real snapshot is compared by value and key, not whole context. */
  stateKey?: (snapshot: AnyMachineSnapshot) => unknown;
}

interface Pending {
  input: unknown;
  resolve: (output: unknown) => void;
  reject: (error: unknown) => void;
}

function controllableInvocations() {
  const pending = new Map<string, Pending>();
  const logic = fromPromise<unknown, unknown>(
    ({ input, self, signal }) =>
      new Promise((resolve, reject) => {
        const entry = { input, resolve, reject };
        pending.set(self.id, entry);
        signal.addEventListener('abort', () => pending.get(self.id) === entry && pending.delete(self.id));
      }),
  );
  const settle = (id: string, how: 'resolve' | 'reject', value: unknown) => {
    const entry = pending.get(id);
    if (!entry) throw new Error(`the real actor has no running invoke '${id}' to settle (running: ${[...pending.keys()].join(', ') || 'none'})`);
    pending.delete(id);
    entry[how](value);
  };
  return { pending, logic, settle };
}

const show = (s: AnyMachineSnapshot) => `${JSON.stringify(s.value)} ${JSON.stringify(s.context)}`;

export async function replayPath(model: MachineModel, path: ModelPath, options: ReplayOptions): Promise<void> {
  const invocations = controllableInvocations();
  const doubles = Object.fromEntries(model.invokes.map((inv) => [inv.src, invocations.logic]));
  const machine = model.machine.provide({ actors: { ...doubles, ...options.actors } } as never) as AnyStateMachine;
  const clock = new SimulatedClock();
  const probe: ReplayProbe = {
    inputOf: (id) => invocations.pending.get(id)?.input,
    running: () => [...invocations.pending.keys()],
    clock,
  };

  let taken: string[] = [];
  const processed: Array<{ type: string; wake: () => void }> = [];
  const actor = createActor(machine, {
    input: options.input,
    clock,
    inspect: (ev) => {
      if ((ev.actorRef as { sessionId?: string }).sessionId !== ev.rootId) return; // the machine itself, not its children
      if (ev.type === '@xstate.microstep') taken.push(...ev._transitions.map(transitionKey).filter((k): k is string => k !== undefined));
      if (ev.type === '@xstate.snapshot') processed.filter((w) => w.type === ev.event.type).forEach((w) => w.wake());
    },
  });
  // Simulated time at which each scheduled timer was first seen. The runtime creates a new record
  // per schedule, so a timer rescheduled by re-entering its state gets a fresh start time.
  const firstSeen = new WeakMap<object, number>();
  const noteTimers = () => {
    for (const timer of Object.values(actor.system.getSnapshot()._scheduledEvents)) if (!firstSeen.has(timer)) firstSeen.set(timer, clock.now());
  };

  const drive = async (event: AnyEventObject): Promise<void> => {
    const custom = options.drive?.[event.type];
    if (custom) return custom({ actor, event, probe });
    const done = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
    if (done) return invocations.settle(done[2]!, done[1] === 'done' ? 'resolve' : 'reject', done[1] === 'done' ? event.output : event.error);
    if (event.type.startsWith('xstate.after.')) {
      const timer = Object.values(actor.system.getSnapshot()._scheduledEvents).find((t) => t.event.type === event.type);
      if (!timer) throw new Error(`the real actor has no pending timer for ${event.type}`);
      return clock.increment((firstSeen.get(timer) ?? clock.now()) + timer.delay - clock.now());
    }
    actor.send(event);
  };

  /** Resolves once the real actor has processed an event of this type (promise actors settle later). */
  const processedEvent = async (type: string, act: () => Promise<void>) => {
    const limitMs = options.stepTimeoutMs ?? 2000;
    let timeout: NodeJS.Timeout | undefined;
    const seen = new Promise<void>((resolve, reject) => {
      timeout = setTimeout(() => reject(new Error(`the real actor did not process ${type} within ${limitMs} ms`)), limitMs);
      processed.push({ type, wake: resolve });
    });
    try {
      await act();
      await seen;
    } finally {
      clearTimeout(timeout);
      processed.length = 0;
    }
  };

  const check = async (index: number, step: ModelStep) => {
    const real = actor.getSnapshot();
    const where = `step ${index} (${model.labelOf(step.event)})`;
    if (real.status === 'error') throw new Error(`${where}: the real actor failed: ${String(real.error)}`);
    const sameContext = options.stateKey
      ? isDeepStrictEqual(options.stateKey(real), options.stateKey(step.state))
      : options.compareContext === false || isDeepStrictEqual(real.context, step.state.context);
    if (!isDeepStrictEqual(real.value, step.state.value) || !sameContext) {
      throw new Error(`${where}: the model predicts ${show(step.state)}\nbut the real actor is in ${show(real)}`);
    }
    const want = [...new Set(step.transitions)].sort();
    const got = [...new Set(taken)].sort();
    if (!isDeepStrictEqual(want, got)) throw new Error(`${where}: the model takes ${want.join(', ')} but the real actor took ${got.join(', ') || 'nothing'}`);
    for (const [key, assertion] of Object.entries(options.states)) if (real.matches(key)) await assertion(real, probe);
  };

  try {
    for (const [index, step] of path.steps.entries()) {
      // The initial microsteps happen inside createActor, so `taken` is cleared after each check.
      if (index === 0) {
        actor.start();
      } else {
        await processedEvent(step.event.type, () => drive(step.event));
      }
      noteTimers();
      await check(index, step);
      taken = [];
    }
  } catch (error) {
    if (error instanceof Error) error.message += `\n  on ${path.title}`;
    throw error;
  } finally {
    actor.stop();
  }
}
