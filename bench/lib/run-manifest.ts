/** run.json: what run-all did (target, order, each runner's fate), read by the aggregator next to the results. */
import type { RunnerName } from '../../config-schema/bench-result.js';
import type { TargetKind } from './targets.js';

export const RUN_SCHEMA_ID = 'node-toolkit/bench-run@1' as const;

export type RunnerStatus = 'ok' | 'crashed' | 'refused';

export interface RunnerRun {
  readonly runner: RunnerName;
  /** ok: exited 0 with a valid result; crashed: died, timed out, or wrote no valid result; refused: the batch was not usable (exit 3). */
  readonly status: RunnerStatus;
  readonly exit_code: number | null;
  readonly signal: string | null;
  readonly seconds: number;
  /** Empty when ok; otherwise what happened, with the last lines the runner printed. */
  readonly message: string;
  readonly result_file: string;
}

export interface RunManifest {
  readonly schema: typeof RUN_SCHEMA_ID;
  readonly spec_hash: string;
  readonly target: { readonly kind: TargetKind; readonly url: string; readonly description: string };
  readonly quick: boolean;
  readonly order: readonly RunnerName[];
  readonly started_at: string;
  readonly finished_at: string;
  readonly runners: readonly RunnerRun[];
}
