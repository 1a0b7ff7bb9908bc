/**
 * Multi-vantage probe: every vantage (stewardship check + address/version query) and every gateway
 * (HEAD /bzz/{ref}/) is asked in parallel; the machine collects one answer per target and finishes when
 * all have answered.
 *
 * States
 * - probing: the `probeTargets` actor runs every probe at once and reports each answer as it arrives
 *   (`vantage.answered`, `gateway.answered`). A failing vantage is an answer with `retrievable: null`,
 *   never an error of this machine, so one bad node never stops the others.
 * - done: all answers are in; the output is the ordered vantage and gateway results.
 *
 * Events come only from the `probeTargets` actor. Surfaces read progress with `selectProbeProgress`.
 */
import { assign, setup, fromCallback, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { GatewayResult, VantageResult } from '../../config-schema/retcheck-report.js';

export interface ProbeInput {
  reference: string;
  nodes: string[];
  gateways: string[];
  timeoutMs: number;
}

export interface ProbeOutput {
  vantages: VantageResult[];
  gateways: GatewayResult[];
}

export type ProbeEvent =
  | { type: 'vantage.answered'; index: number; result: VantageResult }
  | { type: 'gateway.answered'; index: number; result: GatewayResult };

interface ProbeContext extends ProbeInput {
  vantageResults: (VantageResult | null)[];
  gatewayResults: (GatewayResult | null)[];
}

/** Placeholder logic replaced by `.provide()`: Node (undici) and the browser (fetch) each bring their own. */
const missingProbeTargets = fromCallback<ProbeEvent, ProbeInput>(() => {
  throw new Error('probeTargets actor not provided');
});

export const probeMachine = setup({
  types: {} as { context: ProbeContext; events: ProbeEvent; input: ProbeInput; output: ProbeOutput },
  actors: { probeTargets: missingProbeTargets },
  guards: {
    hasAllAnswers: ({ context }) =>
      context.vantageResults.every((r) => r !== null) && context.gatewayResults.every((r) => r !== null),
  },
  actions: {
    recordVantage: assign({
      vantageResults: ({ context, event }) =>
        event.type === 'vantage.answered' ? replaceAt(context.vantageResults, event.index, event.result) : context.vantageResults,
    }),
    recordGateway: assign({
      gatewayResults: ({ context, event }) =>
        event.type === 'gateway.answered' ? replaceAt(context.gatewayResults, event.index, event.result) : context.gatewayResults,
    }),
  },
}).createMachine({
  id: 'probe',
  description: 'Asks every vantage and gateway at once whether the reference is retrievable.',
  context: ({ input }) => ({
    ...input,
    vantageResults: input.nodes.map(() => null),
    gatewayResults: input.gateways.map(() => null),
  }),
  initial: 'probing',
  states: {
    probing: {
      description: 'Probes run in parallel; each answer is recorded as it arrives.',
      always: { guard: 'hasAllAnswers', target: 'done' },
      invoke: {
        id: 'targets',
        src: 'probeTargets',
        input: ({ context }) => ({ reference: context.reference, nodes: context.nodes, gateways: context.gateways, timeoutMs: context.timeoutMs }),
      },
      on: {
        'vantage.answered': { actions: 'recordVantage' },
        'gateway.answered': { actions: 'recordGateway' },
      },
    },
    done: {
      description: 'Every vantage and gateway has answered (or errored).',
      type: 'final',
    },
  },
  output: ({ context }) => ({
    vantages: context.vantageResults.filter((r): r is VantageResult => r !== null),
    gateways: context.gatewayResults.filter((r): r is GatewayResult => r !== null),
  }),
});

function replaceAt<T>(items: readonly (T | null)[], index: number, value: T): (T | null)[] {
  if (index < 0 || index >= items.length) return [...items];
  const next = [...items];
  next[index] = value;
  return next;
}

export type ProbeActorRef = ActorRefFrom<typeof probeMachine>;

export function selectProbeProgress(snapshot: SnapshotFrom<typeof probeMachine>): { answered: number; total: number } {
  const all = [...snapshot.context.vantageResults, ...snapshot.context.gatewayResults];
  return { answered: all.filter((r) => r !== null).length, total: all.length };
}
