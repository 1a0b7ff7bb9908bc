/**
 * Every verb the cockpit knows (`--once` runs each; the palette runs those it has through
 * actors/cockpit/one-shot-verbs.ts): its name, usage and summary here, its code in <verb>.ts beside this file,
 * loaded only when that verb runs. A scripted `cockpit --once version-check` then pays for the HTTP client it
 * needs and nothing else (start-up is measured by `npm run bench:startup`).
 *
 * Adding a verb: write <verb>.ts here exporting `run: OnceRun` (and `details` for its --help, if any), then
 * add one `lazyVerb(...)` line below with a dynamic `import()`. Never import a verb module statically here:
 * surfaces/cli/cockpit/cockpit-hostile-bin.test.ts fails when this file has a static import of a verb.
 */
import { EXPECTED_API_VERSION, EXPECTED_BEE_VERSION } from '../../../core/cockpit/api-version.js';
import type { OnceRun, OnceVerb } from './verb.js';

/** What a verb module exports. */
export interface OnceVerbModule {
  readonly run: OnceRun;
  /** Extra lines for `cockpit --once <verb> --help`. */
  readonly details?: string;
}

type VerbInfo = Omit<OnceVerb, 'run' | 'loadDetails'>;

/** A verb whose module is imported on first run (or on `--help`, for its details). */
export function lazyVerb(info: VerbInfo, load: () => Promise<OnceVerbModule>): OnceVerb {
  return {
    ...info,
    run: async (args, context) => (await load()).run(args, context),
    loadDetails: async () => (await load()).details,
  };
}

export function onceVerbs(): OnceVerb[] {
  return [
    // Inspection
    lazyVerb({ name: 'readiness', usage: '[node-url]', summary: 'health gate ladder of a node (exit 1 if any gate fails)' }, () => import('./readiness.js')),
    lazyVerb(
      { name: 'version-check', aliases: ['check-version'], usage: '[node-url]', summary: `node API version vs the expected ${EXPECTED_API_VERSION} (Bee ${EXPECTED_BEE_VERSION})` },
      () => import('./version-check.js'),
    ),
    lazyVerb({ name: 'config-doctor', usage: '[node-urls...]', summary: 'the resolved configuration explained, and what is wrong with it' }, () => import('./config-doctor.js')),
    lazyVerb({ name: 'hash', usage: '[--redundancy 0..4] [--manifest] <path>', summary: 'the reference an upload of a local file returns (raw /bytes at redundancy 0 unless told)' }, () => import('./hash.js')),
    lazyVerb({ name: 'cid', usage: '<ref> [manifest|feed]', summary: 'Swarm CID of a reference (or the reference of a CID)' }, () => import('./cid.js')),
    lazyVerb({ name: 'depth-table', usage: '[min] [max]', summary: 'chunks, bucket slots, theoretical and effective bytes per batch depth' }, () => import('./depth-table.js')),
    lazyVerb({ name: 'pss-target', usage: '[node-url]', summary: 'the PSS target prefix that reaches this node\'s neighbourhood' }, () => import('./pss-target.js')),
    lazyVerb({ name: 'gsoc-mine', usage: '<nonce>', summary: 'a GSOC key and identifier whose SOC lands in this node\'s neighbourhood' }, () => import('./gsoc-mine.js')),
    lazyVerb({ name: 'price', usage: '[node-url]', summary: 'storage price per chunk per block, per GiB-month, and the purchase minimum' }, () => import('./price.js')),
    lazyVerb({ name: 'basefee', usage: '[node-url]', summary: 'chain base fee and gas price (chain RPC, else Bee\'s suggested price)' }, () => import('./basefee.js')),
    lazyVerb({ name: 'inspect', aliases: ['manifest'], usage: '<ref>', summary: 'the manifest tree of a root reference' }, () => import('./inspect.js')),
    lazyVerb({ name: 'durability-check', aliases: ['durability'], usage: '<ref>', summary: 'is every chunk of this content retrievable from the network' }, () => import('./durability-check.js')),
    lazyVerb({ name: 'drain-check', usage: '[node-url]', summary: 'is it safe to stop the node now (no commit or reveal due), and when next will it be' }, () => import('./drain-check.js')),
    lazyVerb({ name: 'probe-upload', usage: '[--size BYTES] [--batch PREFIX] [--deadline SECS] [node-urls...]', summary: 'upload a small random payload and time when every other configured node can retrieve it' }, () => import('./probe-upload.js')),
    lazyVerb({ name: 'radius-doctor', aliases: ['radius'], usage: '[node-url]', summary: 'why the storage radius and committed depth are where they are, and what to do' }, () => import('./radius-doctor.js')),
    lazyVerb({ name: 'sample-forecast', aliases: ['forecast'], usage: '[--block-time SECS] [node-url]', summary: 'will the reserve sample finish inside the round\'s sample window (runs the rchash benchmark)' }, () => import('./sample-forecast.js')),
    lazyVerb({ name: 'replica-check', aliases: ['replicas'], usage: '<ref> [level]', summary: 'are the dispersed replicas of the root chunk (redundancy level > 0) retrievable' }, () => import('./replica-check.js')),
    lazyVerb({ name: 'feed-probe', aliases: ['fp'], usage: '<owner> <topic>', summary: 'latest update of a feed: index and payload size' }, () => import('./feed-probe.js')),
    lazyVerb({ name: 'feed-timeline', aliases: ['ft'], usage: '<owner> <topic> [max]', summary: 'the last updates of a feed, newest first' }, () => import('./feed-timeline.js')),
    lazyVerb({ name: 'grantees-list', usage: '<ref>', summary: 'public keys of an ACT grantee list this node published' }, () => import('./grantees-list.js')),
    // Stamp-math previews: never send a transaction
    lazyVerb({ name: 'buy-preview', usage: '<depth> [amount]', summary: 'cost, TTL and capacity of a purchase (preview only)' }, () => import('./buy-preview.js')),
    lazyVerb({ name: 'buy-suggest', usage: '[size] [duration]', summary: 'the batch to buy for a size and a duration (preview only)' }, () => import('./buy-suggest.js')),
    lazyVerb({ name: 'topup-preview', usage: '<id> <amount>', summary: 'cost and TTL gained by a top-up (preview only)' }, () => import('./topup-preview.js')),
    lazyVerb({ name: 'dilute-preview', usage: '<id> <new-depth>', summary: 'capacity and TTL after a dilute (preview only)' }, () => import('./dilute-preview.js')),
    lazyVerb({ name: 'extend-preview', usage: '<id> <seconds>', summary: 'the top-up that adds a duration to a batch (preview only)' }, () => import('./extend-preview.js')),
    lazyVerb({ name: 'plan-batch', usage: '[duration]', summary: 'what keeps every batch alive for a duration, and its cost (preview only)' }, () => import('./plan-batch.js')),
    // Writes
    lazyVerb({ name: 'upload-file', usage: '[--redundancy 0..4] <path> [batch-prefix]', summary: 'upload a file from disk in a manifest, redundancy 1 unless told (progress on stderr)' }, () => import('./upload-file.js')),
    lazyVerb({ name: 'upload-collection', usage: '[--redundancy 0..4] <dir> [batch-prefix]', summary: 'upload a directory as a collection, redundancy 1 unless told (progress on stderr)' }, () => import('./upload-collection.js')),
  ];
}
