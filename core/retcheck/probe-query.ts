/**
 * retcheck's Prometheus exporter (`retcheck --serve-metrics`): what one `GET /probe?...` asks for, checked like
 * the command line checks its options, and how long it may take. Bad input is one line for a 400 answer.
 *
 *   /probe?ref=<ref | feed:OWNER:TOPIC>&node=<url>[&node=…][&gateway=<url>…][&per_chunk=1]
 *
 * The deadline follows blackbox_exporter: Prometheus sends `X-Prometheus-Scrape-Timeout-Seconds`; the probe
 * gets that minus half a second, so its answer arrives before Prometheus gives up on the scrape.
 */
import { InputError } from '../swarm/input-error.js';
import { parseCheckInput } from '../swarm/parse-input.js';
import type { RetcheckInput } from './check-input.js';
import { parseNodeUrl } from './node-url.js';

/** Without the scrape-timeout header (a probe by hand, curl): the probe's whole deadline. */
export const DEFAULT_PROBE_DEADLINE_MS = 30_000;
/** Taken off Prometheus's scrape timeout, so the answer is not late. */
export const SCRAPE_TIMEOUT_OFFSET_MS = 500;
/** A probe never runs shorter than this, whatever the header says. */
export const MIN_PROBE_DEADLINE_MS = 1_000;
/** Checks the exporter runs at once before it answers 503 (`--max-concurrent-probes`). */
export const DEFAULT_MAX_CONCURRENT_PROBES = 8;
/**
 * Each node call may take the deadline less this, so a vantage too slow to answer is reported as one (its
 * call timed out, status error) rather than lost with the whole check when the deadline stops it.
 */
export const CALL_TIMEOUT_MARGIN_MS = 100;
/** Chunk probes in flight per walking probe (the CLI's `--concurrency` default). */
export const PROBE_CHUNK_CONCURRENCY = 8;

export type ProbeRequest = { readonly ok: true; readonly input: RetcheckInput; readonly deadlineMs: number } | { readonly ok: false; readonly error: string };

const KNOWN = new Set(['ref', 'node', 'gateway', 'per_chunk']);

/** The probe's deadline from the scrape-timeout header (seconds, a decimal), or the default. */
export function probeDeadlineMs(header: string | undefined): number | string {
  if (header === undefined || header.trim() === '') return DEFAULT_PROBE_DEADLINE_MS;
  const seconds = Number(header.trim());
  if (!Number.isFinite(seconds) || seconds <= 0) return `X-Prometheus-Scrape-Timeout-Seconds ${JSON.stringify(header)} is not a positive number of seconds`;
  return Math.max(MIN_PROBE_DEADLINE_MS, Math.round(seconds * 1000) - SCRAPE_TIMEOUT_OFFSET_MS);
}

function flag(values: string[], name: string): boolean | string {
  if (values.length === 0) return false;
  if (values.length > 1) return `${name} given ${values.length} times`;
  if (values[0] === '1' || values[0] === 'true') return true;
  if (values[0] === '0' || values[0] === 'false') return false;
  return `${name} must be 1 or 0, got ${JSON.stringify(values[0])}`;
}

/** Reads one probe's query string and scrape-timeout header into the check to run. */
export function parseProbeRequest(query: URLSearchParams, scrapeTimeoutHeader: string | undefined): ProbeRequest {
  const unknown = [...new Set(query.keys())].filter((key) => !KNOWN.has(key));
  if (unknown.length > 0) return { ok: false, error: `unknown parameter ${unknown.map((k) => JSON.stringify(k)).join(', ')}: expected ref, node, gateway, per_chunk` };
  const refs = query.getAll('ref');
  if (refs.length !== 1) return { ok: false, error: refs.length === 0 ? 'missing ref: /probe?ref=<reference or feed:OWNER:TOPIC>&node=<url>' : `ref given ${refs.length} times: one probe checks one reference` };
  const nodeTexts = query.getAll('node');
  if (nodeTexts.length === 0) return { ok: false, error: 'missing node: give at least one node=<url> (the vantages)' };
  const perChunk = flag(query.getAll('per_chunk'), 'per_chunk');
  if (typeof perChunk === 'string') return { ok: false, error: perChunk };
  const deadlineMs = probeDeadlineMs(scrapeTimeoutHeader);
  if (typeof deadlineMs === 'string') return { ok: false, error: deadlineMs };
  try {
    const parsed = parseCheckInput(refs[0]!);
    const target: RetcheckInput['target'] = parsed.kind === 'reference' ? { kind: 'reference', reference: parsed.reference.hex } : parsed;
    const nodes = [...new Set(nodeTexts.map((n) => parseNodeUrl(n, 'node')))];
    const gateways = [...new Set(query.getAll('gateway').map((g) => parseNodeUrl(g, 'gateway')))];
    return {
      ok: true,
      deadlineMs,
      input: { target, nodes, gateways, timeoutMs: Math.max(1, deadlineMs - CALL_TIMEOUT_MARGIN_MS), perChunk, cold: false, concurrency: PROBE_CHUNK_CONCURRENCY },
    };
  } catch (error) {
    if (error instanceof InputError) return { ok: false, error: oneLine(error.message) };
    throw error;
  }
}

/** A 400 answer is one line: whatever a reason holds, newlines and control characters go. */
export function oneLine(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim().slice(0, 500);
}
