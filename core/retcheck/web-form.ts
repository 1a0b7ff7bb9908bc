/**
 * The web app's form state, its query-string encoding and its conversion to a check input. Pure, so the
 * rules are tested without a browser.
 *
 * Query encoding (the spec fixes `ref` and repeated `node`; the rest is our decision, documented in the README):
 *   ref=<reference or feed handle>  node=<url> (repeated)  gateway=<url> (repeated)  target=<overlay hex>
 *   timeout=<seconds>  per_chunk=1  cold=1
 * The query carries inputs only, never results.
 */
import { parseCheckInput } from '../swarm/parse-input.js';
import { parseOverlay } from '../swarm/references.js';
import { InputError } from '../swarm/input-error.js';
import { parseNodeUrl } from './node-url.js';
import type { RetcheckInput } from './check-input.js';

export interface WebForm {
  ref: string;
  /** One URL per line. */
  nodes: string;
  /** One URL per line; blank skips gateways. */
  gateways: string;
  targetOverlay: string;
  timeoutSeconds: string;
  perChunk: boolean;
  cold: boolean;
}

export const DEFAULT_WEB_FORM: WebForm = {
  ref: '',
  nodes: 'http://localhost:1633',
  gateways: '',
  targetOverlay: '',
  timeoutSeconds: '60',
  perChunk: false,
  cold: false,
};

const lines = (text: string) => text.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);

export function formFromQuery(search: string, defaults: WebForm = DEFAULT_WEB_FORM): WebForm {
  const q = new URLSearchParams(search);
  if ([...q.keys()].length === 0) return defaults;
  return {
    ref: q.get('ref') ?? '',
    nodes: q.getAll('node').join('\n') || defaults.nodes,
    gateways: q.getAll('gateway').join('\n'),
    targetOverlay: q.get('target') ?? '',
    timeoutSeconds: q.get('timeout') ?? defaults.timeoutSeconds,
    perChunk: q.get('per_chunk') === '1',
    cold: q.get('cold') === '1',
  };
}

export function queryFromForm(form: WebForm): string {
  const q = new URLSearchParams();
  if (form.ref.trim()) q.set('ref', form.ref.trim());
  for (const node of lines(form.nodes)) q.append('node', node);
  for (const gateway of lines(form.gateways)) q.append('gateway', gateway);
  if (form.targetOverlay.trim()) q.set('target', form.targetOverlay.trim());
  if (form.timeoutSeconds.trim() && form.timeoutSeconds.trim() !== DEFAULT_WEB_FORM.timeoutSeconds) q.set('timeout', form.timeoutSeconds.trim());
  if (form.perChunk) q.set('per_chunk', '1');
  if (form.cold) q.set('cold', '1');
  return q.toString();
}

/** The per-chunk walk's concurrency in the browser (no option in the form; the CLI default). */
export const WEB_CONCURRENCY = 8;

export function inputFromForm(form: WebForm): { input: RetcheckInput } | { error: string } {
  try {
    const parsed = parseCheckInput(form.ref);
    const nodes = [...new Set(lines(form.nodes).map((n) => parseNodeUrl(n, 'node URL')))];
    if (nodes.length === 0) return { error: 'enter at least one node URL (one per line)' };
    const gateways = [...new Set(lines(form.gateways).map((g) => parseNodeUrl(g, 'gateway URL')))];
    const seconds = Number(form.timeoutSeconds);
    if (!Number.isInteger(seconds) || seconds < 1 || seconds > 86_400) return { error: `invalid timeout ${JSON.stringify(form.timeoutSeconds)}: expected whole seconds from 1 to 86400` };
    const target = form.targetOverlay.trim() ? parseOverlay(form.targetOverlay, 'target overlay').hex : undefined;
    return {
      input: {
        target: parsed.kind === 'reference' ? { kind: 'reference', reference: parsed.reference.hex } : parsed,
        nodes,
        gateways,
        timeoutMs: seconds * 1000,
        perChunk: form.perChunk,
        cold: form.cold,
        concurrency: WEB_CONCURRENCY,
        // The root replica check always runs in the browser (no level field: the span says it, or a search).
        replicas: {},
        ...(target ? { targetOverlay: target } : {}),
      },
    };
  } catch (error) {
    if (error instanceof InputError) return { error: error.message };
    throw error;
  }
}
