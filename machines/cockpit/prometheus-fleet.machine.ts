/**
 * The fleet from Prometheus (`[fleet] prometheus_url`): instead of one health poller per node, one child asks
 * Prometheus every `pollInterval` for what the sharded headless cockpits and Bee's own `/metrics` exported
 * (core/cockpit/prometheus-fleet.ts), and reports gate changes to the root as the pollers do
 * (`fleet.transitions`), so the alerts ring, webhooks, the fleet aggregate and Alertmanager work unchanged.
 *
 * States
 * - querying: `queryFleet` runs the fleet's PromQL (the provided actor knows the URL and the clock).
 * - waiting: the reading is held until the named delay `pollInterval`, or `poll.now` (S15's `r`).
 *
 * A query that fails (Prometheus down, an error answer) keeps the last reading, marked with the error, so the
 * rows say Prometheus cannot be read rather than showing old facts as current; the next interval tries again.
 * A node that goes stale leaves its gates unjudged: no transition is invented for it.
 */
import { assign, enqueueActions, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { errorText } from '../../core/error-text.js';
import { gateTransitions, type AnnouncedStates } from '../../core/cockpit/gate-transitions.js';
import type { PromFleetReading } from '../../core/cockpit/prometheus-fleet.js';

export interface PrometheusFleetInput {
  /** The configured node names (the reading's rows in this order); empty: every node Prometheus knows. */
  readonly names: readonly string[];
  readonly pollIntervalMs: number;
}

export interface PrometheusFleetContext extends PrometheusFleetInput {
  readonly reading: PromFleetReading | null;
  /** Per node, what the alert sinks last heard of each gate (one cause, one alert: gate-transitions.ts). */
  readonly announced: Readonly<Record<string, AnnouncedStates>>;
  /** The last query's failure, cleared by the next reading. */
  readonly error: string | null;
  readonly queries: number;
}

export type PrometheusFleetEvent = { readonly type: 'poll.now' };

export interface QueryFleetInput {
  readonly names: readonly string[];
  /** The last reading, so a node that dropped out of Prometheus keeps its row as stale. */
  readonly previous: PromFleetReading | null;
}

const queryNotProvided = fromPromise<PromFleetReading, QueryFleetInput>(async () => {
  throw new Error('queryFleet actor not provided: the engine binds it to the Prometheus URL');
});

export const prometheusFleetMachine = setup({
  types: {} as { context: PrometheusFleetContext; input: PrometheusFleetInput; events: PrometheusFleetEvent },
  actors: { queryFleet: queryNotProvided },
  delays: { pollInterval: ({ context }) => context.pollIntervalMs },
  actions: {
    adoptReading: enqueueActions(({ context, enqueue }, reading: PromFleetReading) => {
      const before = new Map((context.reading?.nodes ?? []).map((node) => [node.name, node.gates]));
      // One copy of the record per reading, not one per node that changed: at 1000 nodes a copy per changed
      // node was quadratic (the reader's largest cost in bench:fleet-prometheus).
      let announced: Record<string, AnnouncedStates> | null = null;
      for (const node of reading.nodes) {
        if (!node.gates) continue;
        const previous = before.get(node.name) ?? null;
        // The same ladder as last round (readFleet keeps the array when no gate changed): the last round already
        // told the sinks everything it means, so nothing is computed again.
        if (previous === node.gates) continue;
        const heard = context.announced[node.name] ?? {};
        const step = gateTransitions(previous, node.gates, reading.atMs, heard);
        if (step.announced !== heard) (announced ??= { ...context.announced })[node.name] = step.announced;
        if (step.transitions.length) enqueue.sendParent({ type: 'fleet.transitions', node: node.name, transitions: step.transitions });
      }
      enqueue.assign({ reading, announced: announced ?? context.announced, error: null, queries: context.queries + 1 });
    }),
    recordError: assign(({ context }, message: string) => ({ error: message, queries: context.queries + 1 })),
  },
}).createMachine({
  id: 'cockpitPrometheusFleet',
  description: 'The fleet read from Prometheus: one PromQL round per interval, gate changes reported like the pollers’.',
  context: ({ input }) => ({ ...input, reading: null, announced: {}, error: null, queries: 0 }),
  initial: 'querying',
  states: {
    querying: {
      description: 'Asking Prometheus for the fleet’s series.',
      invoke: {
        id: 'queryFleet',
        src: 'queryFleet',
        input: ({ context }) => ({ names: context.names, previous: context.reading }),
        onDone: { target: 'waiting', actions: { type: 'adoptReading', params: ({ event }) => event.output } },
        onError: { target: 'waiting', actions: { type: 'recordError', params: ({ event }) => errorText(event.error) } },
      },
    },
    waiting: {
      description: 'Holding the reading until the next interval or poll.now.',
      after: { pollInterval: 'querying' },
      on: { 'poll.now': 'querying' },
    },
  },
});

export type PrometheusFleetSnapshot = SnapshotFrom<typeof prometheusFleetMachine>;
