/**
 * When the per-chunk walk gives up on a vantage (issue 12): a node that stops answering must not be asked
 * for every remaining chunk at the full timeout. After UNREACHABLE_AFTER consecutive failures to reach it
 * (timeouts, refused or reset connections) it is unreachable for the rest of the walk: its remaining chunks
 * are reported as not probed, with the reason, never as missing. Any answer (found, not found, an HTTP
 * error, a body that does not verify) proves the node is there and resets the count.
 *
 * The wall time a dead vantage costs is then about one timeout: its first requests fail together when their
 * common deadline passes, and nothing more is sent to it.
 */
export const UNREACHABLE_AFTER = 3;

export interface VantageReachability {
  /** Failures to reach the node since its last answer. */
  readonly consecutiveFailures: number;
  /** Set once the vantage is given up on; stays set for the rest of the walk. */
  readonly unreachable?: string;
}

export const REACHABLE: VantageReachability = { consecutiveFailures: 0 };

export type ProbeOutcome = { kind: 'answered' } | { kind: 'unreachable'; error: string };

/** The vantage's state after one probe's outcome. */
export function nextReachability(state: VantageReachability, outcome: ProbeOutcome): VantageReachability {
  if (state.unreachable) return state;
  if (outcome.kind === 'answered') return state.consecutiveFailures === 0 ? state : REACHABLE;
  const consecutiveFailures = state.consecutiveFailures + 1;
  if (consecutiveFailures < UNREACHABLE_AFTER) return { consecutiveFailures };
  return { consecutiveFailures, unreachable: `not probed: the node did not answer ${consecutiveFailures} requests in a row (last: ${outcome.error})` };
}
