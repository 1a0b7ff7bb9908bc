/**
 * How one of the cockpit's own calls to a node ended, as every place that counts them sees it: S8 API Health
 * (the node client's call statistics), the `--serve-metrics` histogram and counters, the log pane's
 * cockpit::http lines and the fleet bench.
 *
 * `cancelled` is the cockpit stopping a call itself (a screen left before its poll answered, a node switched,
 * a drill closed, the engine stopped): the node client's `aborted`, which it gives only when the caller's own
 * signal fired. That says nothing about the node, so it is never one of the node's failures, and its duration
 * (when the cockpit gave up) is not the node's latency. A call the node failed to answer in time is `timeout`,
 * a failure.
 */
export type CallOutcome = 'ok' | 'failed' | 'cancelled';

/** The node client's CallRecord and the log book's HttpCallEntry both fit. */
export interface CallEnding {
  readonly status?: number | undefined;
  readonly error?: { readonly code: string } | undefined;
}

export function callOutcome(call: CallEnding): CallOutcome {
  if (call.error?.code === 'aborted') return 'cancelled';
  return call.error !== undefined || (call.status !== undefined && call.status >= 400) ? 'failed' : 'ok';
}
