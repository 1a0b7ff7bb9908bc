/**
 * The words of every `--once` verb's result (see verb-text.ts), each verb's module loaded only when that verb
 * has answered, so a scripted `cockpit --once version-check` loads the words of one verb and nothing else.
 * Adding a verb: write <verb>.ts here exporting `verbText`, and add one line below.
 */
import type { OnceStatus, VerbText, VerbTextOf } from './verb-text.js';

export type { OnceStatus, VerbText } from './verb-text.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each module types its own data; the result's verb picks it
type Loader = () => Promise<{ verbText: VerbTextOf<any> }>;

const LOADERS: Readonly<Record<string, Loader>> = {
  readiness: () => import('./readiness.js'),
  'version-check': () => import('./version-check.js'),
  'config-doctor': () => import('./config-doctor.js'),
  hash: () => import('./hash.js'),
  cid: () => import('./cid.js'),
  'depth-table': () => import('./depth-table.js'),
  'pss-target': () => import('./pss-target.js'),
  'gsoc-mine': () => import('./gsoc-mine.js'),
  price: () => import('./price.js'),
  basefee: () => import('./basefee.js'),
  inspect: () => import('./inspect.js'),
  'durability-check': () => import('./durability-check.js'),
  'probe-upload': () => import('./probe-upload.js'),
  'drain-check': () => import('./drain-check.js'),
  'radius-doctor': () => import('./radius-doctor.js'),
  'sample-forecast': () => import('./sample-forecast.js'),
  'replica-check': () => import('./replica-check.js'),
  'feed-probe': () => import('./feed-probe.js'),
  'feed-timeline': () => import('./feed-timeline.js'),
  'grantees-list': () => import('./grantees-list.js'),
  'buy-preview': () => import('./buy-preview.js'),
  'buy-suggest': () => import('./buy-suggest.js'),
  'topup-preview': () => import('./topup-preview.js'),
  'dilute-preview': () => import('./dilute-preview.js'),
  'extend-preview': () => import('./extend-preview.js'),
  'plan-batch': () => import('./plan-batch.js'),
  'upload-file': () => import('./upload-file.js'),
  'upload-collection': () => import('./upload-collection.js'),
};

/** The verbs that have words here (a test checks every `--once` verb is one of them). */
export const VERBS_WITH_TEXT: readonly string[] = Object.keys(LOADERS);

/** The words of one verb result, from its verb, status and data only. */
export async function composeVerbText(result: { readonly verb: string; readonly status: OnceStatus; readonly data: unknown }): Promise<VerbText> {
  const load = LOADERS[result.verb];
  if (!load) throw new Error(`no words for the verb ${result.verb}: add core/cockpit/verb-text/${result.verb}.ts`);
  return (await load()).verbText(result.status, result.data);
}
