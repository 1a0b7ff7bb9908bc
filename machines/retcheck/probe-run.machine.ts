/**
 * One probe of retcheck's Prometheus exporter (`GET /probe`) or one `--pushgateway` run: the very retcheck
 * machine the CLI runs, as a child, under a deadline. Prometheus gives each scrape a timeout; an answer that
 * comes later is thrown away, so the probe stops at its deadline (stopping the child aborts every call it has
 * in flight) and answers with what it knows: that it timed out.
 *
 * States
 * - checking: the `retcheck` child runs the check (its actors are the CLI's, bound to the exporter's transport).
 * - done: the child finished with a report.
 * - failed: the child could not run the check (a feed lookup failed) or crashed; output carries why.
 * - timedOut: the named delay `deadline` (the input's deadlineMs) passed first.
 *
 * Events: only the child's completion and the deadline. Output: the ProbeOutcome the metrics are rendered from.
 */
import { assign, setup } from 'xstate';
import { errorText } from '../../core/error-text.js';
import type { ProbeOutcome } from '../../core/retcheck/probe-metrics.js';
import type { RetcheckInput } from '../../core/retcheck/check-input.js';
import { retcheckMachine } from './retcheck.machine.js';

export interface ProbeRunInput {
  readonly check: RetcheckInput;
  readonly deadlineMs: number;
}

interface ProbeRunContext extends ProbeRunInput {
  readonly outcome: ProbeOutcome | null;
}

export const probeRunMachine = setup({
  types: {} as { context: ProbeRunContext; input: ProbeRunInput; output: ProbeOutcome },
  // The real retcheck machine; its own actors (the transport) are bound with provideRetcheck(api).
  actors: { retcheck: retcheckMachine },
  delays: { deadline: ({ context }) => context.deadlineMs },
}).createMachine({
  id: 'retcheckProbeRun',
  description: 'One exporter probe: the retcheck machine as a child, stopped at the scrape deadline.',
  context: ({ input }) => ({ ...input, outcome: null }),
  initial: 'checking',
  states: {
    checking: {
      description: 'The retcheck child runs the check.',
      invoke: {
        id: 'retcheck',
        src: 'retcheck',
        input: ({ context }) => context.check,
        onDone: {
          target: 'done',
          actions: assign({ outcome: ({ event }) => (event.output.kind === 'report' ? { kind: 'report', report: event.output.report } : { kind: 'failed', error: event.output.error }) }),
        },
        onError: { target: 'failed', actions: assign({ outcome: ({ event }) => ({ kind: 'failed', error: errorText(event.error) }) }) },
      },
      after: { deadline: { target: 'timedOut', actions: assign({ outcome: { kind: 'timedOut' } }) } },
    },
    done: { type: 'final', description: 'The check finished with a report.' },
    failed: { type: 'final', description: 'The check could not run (feed lookup failed) or crashed.' },
    timedOut: { type: 'final', description: 'The deadline passed first; the child was stopped.' },
  },
  output: ({ context }) => context.outcome ?? { kind: 'failed', error: 'the probe ended without an outcome' },
});
