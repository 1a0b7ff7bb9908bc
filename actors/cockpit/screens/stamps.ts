/**
 * S2's fetches: /stamps each poll, and /stamps/{id}/buckets once per batch for the drill, reduced at once
 * to the small summary the machine caches (the full answer is 65,536 entries).
 */
import { fromPromise } from 'xstate';
import { pollingScreenWith } from '../../../machines/cockpit/screens/polling-screen.machine.js';
import type { StampsPoll } from '../../../core/cockpit/screens/stamps.js';
import { summarizeBuckets, type BucketSummary } from '../../../core/cockpit/rules/bucket-histogram.js';
import type { NodeEndpoints } from '../../node-client/index.js';
import { settle } from '../health-snapshot.js';

export type StampsClient = Pick<NodeEndpoints, 'stamps' | 'stampBuckets'>;

export async function fetchStamps(client: StampsClient, signal: AbortSignal, now: () => number = Date.now): Promise<StampsPoll> {
  const takenAtMs = now();
  const stamps = await settle(client.stamps({ signal }), (list) =>
    list.map(({ batchID, label, depth, bucketDepth, amount, batchTTL, usable, utilization, utilizationRatio, immutableFlag, blockNumber }) => ({
      batchID,
      label,
      depth,
      bucketDepth,
      amount,
      batchTTL,
      usable,
      utilization,
      ...(utilizationRatio === undefined ? {} : { utilizationRatio }),
      immutableFlag,
      blockNumber,
    })),
  );
  signal.throwIfAborted();
  return { takenAtMs, stamps };
}

/** Throws the node client's error on failure: the machine turns it into the drill's one-line reason. */
export async function fetchBucketSummary(client: StampsClient, batchID: string, signal: AbortSignal): Promise<BucketSummary> {
  return summarizeBuckets(await client.stampBuckets(batchID, { signal }));
}

/** The actors stampsScreenMachine invokes, bound to one node's client. */
export function stampsScreenActors(client: StampsClient, now?: () => number) {
  return {
    poller: pollingScreenWith(fromPromise<StampsPoll>(({ signal }) => fetchStamps(client, signal, now))),
    fetchBuckets: fromPromise<BucketSummary, { batchID: string }>(({ input, signal }) => fetchBucketSummary(client, input.batchID, signal)),
  };
}
