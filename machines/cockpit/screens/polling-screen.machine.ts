/**
 * The polling screen: the one place where a screen's data is fetched, waited for and fetched again. Each
 * polling screen (S2 Stamps, S3 Swap, S4 Lottery, S5 Warmup, S6 Peers, S7 Network, S8 API Health, S9 Tags,
 * S10 Pins) invokes it as its child `poller`, with its own fetch (`pollingScreenWith(fetch)`, bound in
 * actors/cockpit/screens/) and its own cadence (`intervalMs` in the input), and keeps what the answers mean
 * (its context, its own states: drills, benchmarks, checks) and how they render (its selector).
 * The wiring between a screen and its poller is written once, below (`pollerInvoke`, `pollerActions`,
 * `pollerTransitions`), and spread into each screen's setup and chart.
 *
 * Why a child actor and not a factory that pastes these states into every screen's chart: each screen's chart
 * then shows only what is that screen's own (S2's drill, S4's benchmark, S10's check; S3's is one state), with the
 * poller as one named child, and this chart is drawn, imported into Stately and model-tested once. A factory
 * would draw the same three states into nine diagrams and walk them in nine model tests.
 *
 * States
 * - polling: the fetch (actor `fetch`) runs. Its answer goes to the parent as `poll.done` (expected failures,
 *   an endpoint's 503 or a timeout, travel inside the answer); an unexpected failure (a bug) goes up as
 *   `poll.failed` with one line of text. Either way, then `waiting`.
 * - waiting: shown; the next fetch starts after the named delay `pollInterval` (`intervalMs`).
 * - hidden: another screen is shown (`screen.visible` false, which the parent forwards): no fetching, and a
 *   fetch in flight is stopped (its signal aborts); shown again (`screen.visible` true), it fetches at once.
 * `poll.cadence` sets the interval (S9 polls faster while an upload moves). The parent sends it as it records a
 * `poll.done`, in the same tick as the answer, so in `waiting` the wait restarts from that answer with it.
 */
import { assign, forwardTo, fromPromise, sendParent, sendTo, setup, type AnyActorRef, type EventObject, type PromiseActorLogic } from 'xstate';
import { errorLine } from '../../../core/cockpit/text.js';
import type { ScreenContent, ScreenEvent } from '../../../core/cockpit/view/screen-contract.js';

export interface PollingScreenInput {
  /** Between the end of one fetch and the start of the next. */
  readonly intervalMs: number;
}

/** What the poller hears: visibility, forwarded by its screen, and a new cadence. */
export type PollerEvent = Extract<ScreenEvent, { type: 'screen.visible' }> | { readonly type: 'poll.cadence'; readonly intervalMs: number };

/**
 * What the poller tells its screen: each answer, or the unexpected failure of a fetch as the one line the screen
 * shows (`poll failed unexpectedly: …`).
 */
export type PollReport<TPoll> = { readonly type: 'poll.done'; readonly poll: TPoll } | { readonly type: 'poll.failed'; readonly line: string };

/** Provided per screen: pollingScreenWith(fetch), from the screen's actors in actors/cockpit/screens/. */
const fetchNotProvided = fromPromise<unknown>(async () => {
  throw new Error('fetch actor not provided');
});

export const pollingScreenMachine = setup({
  types: {} as { context: { readonly intervalMs: number }; input: PollingScreenInput; events: PollerEvent },
  actors: { fetch: fetchNotProvided },
  delays: { pollInterval: ({ context }) => context.intervalMs },
  guards: {
    isShown: (_, params: { visible: boolean }) => params.visible,
    isHidden: (_, params: { visible: boolean }) => !params.visible,
  },
  actions: {
    reportPoll: sendParent((_, params: { poll: unknown }): PollReport<unknown> => ({ type: 'poll.done', poll: params.poll })),
    reportFailure: sendParent((_, params: { error: unknown }): PollReport<unknown> => ({ type: 'poll.failed', line: `poll failed unexpectedly: ${errorLine(params.error)}` })),
    setCadence: assign((_, params: { intervalMs: number }) => ({ intervalMs: params.intervalMs })),
  },
}).createMachine({
  id: 'pollingScreen',
  description: 'A polling screen’s data: fetch, wait the cadence, fetch again; paused while another screen is shown.',
  context: ({ input }) => ({ intervalMs: input.intervalMs }),
  initial: 'polling',
  on: { 'poll.cadence': { actions: { type: 'setCadence', params: ({ event }) => event } } },
  states: {
    polling: {
      description: 'The screen’s fetch runs; its answer (or unexpected failure) goes to the screen.',
      invoke: {
        id: 'fetch',
        src: 'fetch',
        onDone: { target: 'waiting', actions: { type: 'reportPoll', params: ({ event }) => ({ poll: event.output }) } },
        onError: { target: 'waiting', actions: { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) } },
      },
      on: { 'screen.visible': { guard: { type: 'isHidden', params: ({ event }) => event }, target: 'hidden' } },
    },
    waiting: {
      description: 'Shown; the next fetch starts after pollInterval.',
      after: { pollInterval: 'polling' },
      on: {
        'screen.visible': { guard: { type: 'isHidden', params: ({ event }) => event }, target: 'hidden' },
        'poll.cadence': { target: 'waiting', reenter: true, actions: { type: 'setCadence', params: ({ event }) => event } },
      },
    },
    hidden: {
      description: 'Another screen is shown: no fetching until this one is shown again.',
      on: { 'screen.visible': { guard: { type: 'isShown', params: ({ event }) => event }, target: 'polling' } },
    },
  },
});

/** The poller's new cadence for a screen's `screen.pollInterval` (the screen forwards it to its child `poller`). */
export function pollCadence(event: { readonly type: string; readonly intervalMs?: number }): PollerEvent {
  return { type: 'poll.cadence', intervalMs: event.intervalMs ?? 0 };
}

/** A screen's content with the unexpected failure of its last fetch as the subtitle, when there was one. */
export function withPollFailure(content: ScreenContent, pollError: string | null): ScreenContent {
  return pollError === null ? content : { ...content, subtitle: pollError };
}

/** The poller of one screen: this machine with the screen's fetch (a promise actor that honours its signal). */
export function pollingScreenWith<TPoll>(fetch: PromiseActorLogic<TPoll>): typeof pollingScreenMachine {
  return pollingScreenMachine.provide({ actors: { fetch: fetch as PromiseActorLogic<unknown> } });
}

/**
 * The actions a screen wires its child `poller` with (`pollerTransitions` names them): visibility and cadence
 * forwarded to it, its unexpected failure kept as `pollError`. Spread into the screen's setup with the screen's
 * context and events; its `recordPoll` (what an answer means to that screen) stays its own.
 */
export function pollerActions<TContext extends { readonly pollError: string | null }, TEvent extends EventObject>() {
  return {
    forwardVisibility: forwardTo<TContext, TEvent, undefined, TEvent>('poller'),
    forwardPollInterval: sendTo<TContext, TEvent, undefined, AnyActorRef, TEvent>('poller', ({ event }: { event: TEvent }) => pollCadence(event)),
    // The cast: TypeScript cannot see that a TContext's pollError takes a string.
    recordPollError: assign<TContext, TEvent, { line: string }, TEvent, never>((_, params) => ({ pollError: params.line }) as Partial<TContext>),
  };
}

/** A polling screen's child `poller`, invoked at the screen's cadence (`pollIntervalMs` in its context). */
export const pollerInvoke = { id: 'poller', src: 'poller', input: ({ context }: { context: { readonly pollIntervalMs: number } }) => ({ intervalMs: context.pollIntervalMs }) } as const;

/**
 * The four transitions between a screen and its child `poller`: visibility and cadence forwarded to it
 * (actions `forwardVisibility`, `forwardPollInterval`), its answer and its unexpected failure recorded (the
 * screen's own `recordPoll` with the answer as params, `recordPollError` with the line). The screen's setup
 * names those four actions; its machine spreads these into its top-level `on`.
 */
export function pollerTransitions<TPoll>() {
  return {
    'screen.visible': { actions: 'forwardVisibility' },
    'screen.pollInterval': { actions: 'forwardPollInterval' },
    'poll.done': { actions: { type: 'recordPoll', params: ({ event }: { event: { readonly poll: TPoll } }) => event.poll } },
    'poll.failed': { actions: { type: 'recordPollError', params: ({ event }: { event: { readonly line: string } }) => event } },
  } as const;
}
