/**
 * Every `--once` verb the cockpit knows: its name, usage and summary here, its code in once-<verb>.ts,
 * loaded only when that verb runs. A scripted `cockpit --once version-check` then pays for the HTTP client
 * it needs and nothing else (start-up is measured by `npm run bench:startup`).
 *
 * Adding a verb: write once-<verb>.ts exporting `run: OnceRun` (and `details` for its --help, if any), then
 * add one `lazyVerb(...)` line below with a dynamic `import()`. Never import a verb module statically here:
 * surfaces/cli/cockpit/once-verbs.test.ts fails when this file has a static import of a verb.
 */
import { EXPECTED_API_VERSION, EXPECTED_BEE_VERSION } from '../../../core/cockpit/api-version.js';
import type { OnceRun, OnceVerb } from './once.js';

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
    lazyVerb({ name: 'hash', usage: '<path>', summary: 'Swarm reference (chunk-tree root) of a local file' }, () => import('./once-hash.js')),
    lazyVerb({ name: 'readiness', usage: '[node-url]', summary: 'health gate ladder of a node (exit 1 if any gate fails)' }, () => import('./once-readiness.js')),
    lazyVerb(
      { name: 'version-check', aliases: ['check-version'], usage: '[node-url]', summary: `node API version vs the expected ${EXPECTED_API_VERSION} (Bee ${EXPECTED_BEE_VERSION})` },
      () => import('./once-version-check.js'),
    ),
  ];
}
