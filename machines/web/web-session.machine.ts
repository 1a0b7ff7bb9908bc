/**
 * The web app's session: what the page is showing and what it is doing. The page only sends events and
 * renders snapshots; the check itself is the same retcheck machine the CLI runs, invoked here.
 *
 * States
 * - idle: the form, nothing shown yet.
 * - checking: a retcheck actor (id `check`) is running; its snapshot drives the progress text.
 * - loadingDrop: a dropped file is being read and validated against the report schema.
 * - showing: a report is on screen (from a check or a dropped file; `source` says which).
 * - failed: the check could not run (feed lookup failed) or a dropped file was not a valid report;
 *   the message is shown instead of a report, never a blank page.
 *
 * Events: `check.submitted` (Check button, or a URL that carries `ref`), `report.dropped` (a file dropped
 * anywhere on the page); either can interrupt anything. The re-seed panel sends `reseed.preflightRequested`
 * (starts a fresh re-seed actor `reseed` at its pre-flight) and `reseed.confirmRequested` ('Re-seed now',
 * which the re-seed machine accepts only in `confirming`, i.e. after a healthy pre-flight). A pre-flight for the
 * reference on screen carries the replica plan read from that report's `replicas` section, so 'Re-seed now'
 * also re-creates the root replicas the check found missing, as the CLI's --reseed does.
 */
import { assign, enqueueActions, fromPromise, sendTo, setup } from 'xstate';
import type { RetcheckReport } from '../../config-schema/retcheck-report.js';
import { retcheckMachine, type RetcheckInput, type RetcheckOutput } from '../retcheck/retcheck.machine.js';
import { reseedMachine, type ReseedOutput } from '../retcheck/reseed.machine.js';
import { replicaPlan } from '../../core/retcheck/replica-report.js';

export type WebSessionEvent =
  /** `query` is the form encoded as a query string; the address bar gets it once the probe finished. */
  | { type: 'check.submitted'; input: RetcheckInput; query: string }
  | { type: 'report.dropped'; file: Blob }
  | { type: 'reseed.preflightRequested'; nodeUrl: string; reference: string; batchId: string; timeoutMs: number }
  | { type: 'reseed.confirmRequested' };

interface WebSessionContext {
  lastInput: RetcheckInput | null;
  lastQuery: string;
  report: RetcheckReport | null;
  reseed: ReseedOutput | null;
  source: 'check' | 'file' | null;
  error: string | null;
  /** Whether a re-seed actor was started (guards cannot see children, and sendTo a missing child throws). */
  hasReseedRun: boolean;
}

const missingReadReport = fromPromise<RetcheckReport, { file: Blob }>(async () => {
  throw new Error('readReportFile actor not provided');
});

/** The re-seed's replica plan from the report on screen, when it is a check of the same reference. */
const replicaPlanFor = (report: RetcheckReport | null, reference: string) => {
  const plan = report && report.reference === reference ? replicaPlan(report.replicas) : undefined;
  return plan ? { replicaPlan: plan } : {};
};

const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export const webSessionMachine = setup({
  types: {} as { context: WebSessionContext; events: WebSessionEvent; children: { check: 'retcheck'; reseed: 'reseedFlow' } },
  actors: { retcheck: retcheckMachine, readReportFile: missingReadReport, reseedFlow: reseedMachine },
  guards: {
    hasReseedRun: ({ context }) => context.hasReseedRun,
    producedReport: (_, output: RetcheckOutput) => output.kind === 'report',
  },
  actions: {
    // Each pre-flight starts a fresh re-seed actor (its outcomes are final states), replacing the last one.
    startReseedPreflight: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'reseed.preflightRequested') return;
      enqueue.stopChild('reseed');
      enqueue.spawnChild('reseedFlow', {
        id: 'reseed',
        input: { nodeUrl: event.nodeUrl, reference: event.reference, batchId: event.batchId, autoConfirm: false, timeoutMs: event.timeoutMs, ...replicaPlanFor(context.report, event.reference) },
      });
      enqueue.sendTo('reseed', { type: 'reseed.preflight', batchId: event.batchId });
      enqueue.assign({ hasReseedRun: true });
    }),
    confirmReseed: sendTo('reseed', { type: 'reseed.confirm' }),
    rememberInput: assign(({ event, context }) =>
      event.type === 'check.submitted' ? { lastInput: event.input, lastQuery: event.query } : { lastInput: context.lastInput, lastQuery: context.lastQuery },
    ),
    /** Writes the inputs (never results) to the address bar without a reload; the browser provides it. */
    updateAddressBar: (_, _params: { query: string }) => undefined,
  },
}).createMachine({
  id: 'webSession',
  description: 'The browser page: run checks with the shared retcheck machine, or show a dropped report file.',
  context: { lastInput: null, lastQuery: '', report: null, reseed: null, source: null, error: null, hasReseedRun: false },
  initial: 'idle',
  on: {
    'check.submitted': { target: '.checking', actions: 'rememberInput' },
    'report.dropped': '.loadingDrop',
    'reseed.preflightRequested': { actions: 'startReseedPreflight' },
    'reseed.confirmRequested': { guard: 'hasReseedRun', actions: 'confirmReseed' },
  },
  states: {
    idle: { description: 'The form; nothing checked yet.' },
    checking: {
      description: 'The shared retcheck machine runs with browser (fetch) actors.',
      invoke: {
        id: 'check',
        src: 'retcheck',
        input: ({ event }) => (event as Extract<WebSessionEvent, { type: 'check.submitted' }>).input,
        onDone: [
          {
            guard: { type: 'producedReport', params: ({ event }) => event.output },
            target: 'showing',
            actions: [
              assign(({ event }) => {
                const output = event.output as Extract<RetcheckOutput, { kind: 'report' }>;
                return { report: output.report, reseed: output.reseed ?? null, source: 'check' as const, error: null };
              }),
              { type: 'updateAddressBar', params: ({ context }) => ({ query: context.lastQuery }) },
            ],
          },
          {
            target: 'failed',
            actions: assign({ error: ({ event }) => (event.output as Extract<RetcheckOutput, { kind: 'failed' }>).error, report: null }),
          },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessage(event.error), report: null }) },
      },
    },
    loadingDrop: {
      description: 'Reading and validating a dropped report file.',
      invoke: {
        id: 'readReportFile',
        src: 'readReportFile',
        input: ({ event }) => ({ file: (event as Extract<WebSessionEvent, { type: 'report.dropped' }>).file }),
        onDone: { target: 'showing', actions: assign({ report: ({ event }) => event.output, reseed: null, source: 'file' as const, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessage(event.error), report: null }) },
      },
    },
    showing: { description: 'A report is on screen.' },
    failed: { description: 'A message explains why there is no report.' },
  },
});
