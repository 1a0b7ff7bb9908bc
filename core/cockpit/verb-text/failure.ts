/**
 * Why a `--once` verb could not answer with data, as data: a code and the facts its words need. A verb in
 * actors/cockpit/verbs throws it inside OnceError; its words are composed by failureWords (failure-words.ts),
 * the one place for every verb's error wording, called by the `--once` surface and by the palette.
 * `what` and `endpoint` name the thing the verb asked the node for ("its chain state", "/chainstate").
 */
import type { ConfigProblem } from '../config/config-problem.js';

export type VerbFailure =
  /** The node's answer failed a check of its shape (an InputError on what it sent). */
  | { readonly code: 'node-input'; readonly url: string; readonly detail: string }
  | { readonly code: 'node-token'; readonly url: string }
  | { readonly code: 'node-unreachable'; readonly url: string; readonly detail: string }
  /** 400/403/404/405/501: the node does not serve `endpoint` in its mode. */
  | { readonly code: 'node-not-served'; readonly url: string; readonly endpoint: string; readonly status: number; readonly beeMessage?: string }
  | { readonly code: 'node-not-bee'; readonly url: string; readonly what: string; readonly detail: string }
  | { readonly code: 'node-failed'; readonly url: string; readonly what: string; readonly status?: number; readonly beeMessage?: string; readonly detail: string }
  | { readonly code: 'config-invalid'; readonly problems: readonly ConfigProblem[] }
  | { readonly code: 'chain-rpc'; readonly detail: string }
  | { readonly code: 'no-gas-funds'; readonly url: string }
  | { readonly code: 'no-price'; readonly url: string }
  /** A batch the verb may not use; `reason` is core/cockpit/batch-choice's. */
  | { readonly code: 'batch-refused'; readonly url: string; readonly reason: string }
  | { readonly code: 'dilute-not-deeper'; readonly batchId: string; readonly depth: number; readonly newDepth: number }
  | { readonly code: 'feed-update-invalid'; readonly url: string; readonly index: number; readonly owner: string; readonly detail: string }
  | { readonly code: 'feed-walk-failed'; readonly url: string; readonly detail: string }
  | { readonly code: 'gsoc-budget-spent'; readonly tries: number; readonly depth: number; readonly overlay: string }
  | { readonly code: 'file-unreadable'; readonly path: string; readonly detail: string }
  | { readonly code: 'reference-not-found'; readonly url: string; readonly reference: string }
  | { readonly code: 'replica-unanswered'; readonly url: string; readonly reference: string; readonly first: string }
  /** The probe's own refusal (actors/probe): its detail is the probe's diagnostic. */
  | { readonly code: 'probe-refused'; readonly detail: string }
  | { readonly code: 'upload-input'; readonly detail: string }
  | { readonly code: 'version-unparsable'; readonly url: string; readonly detail: string };

export type VerbFailureCode = VerbFailure['code'];
