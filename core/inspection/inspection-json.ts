/**
 * The wire text of one inspection event. Events carry whatever the machines hold: snapshots with node answers,
 * actor refs (which point at their whole system), errors, big integers, functions. This writes them as inert
 * JSON data, whatever a node put in its text:
 * - an object with `toJSON` (actor refs, machine snapshots) is written as its toJSON says;
 * - a cycle, or a branch deeper than `depthLimit`, is cut with a marker string; a function is left out;
 * - a bigint is its decimal string, an Error its name and message (JSON.stringify would give `{}`), bytes their
 *   length (a chunk is not written out key by key);
 * - the text is then passed through jsonForTerminal: every control character a node sent stays a `\u` escape in
 *   the JSON (the same value once parsed), so printing the raw stream on a terminal shows it, never obeys it.
 * Nothing is ever evaluated: a receiver JSON.parses data.
 */
import { jsonForTerminal } from '../terminal/visible-text.js';

export const CUT_CYCLE = '[cycle]';
export const CUT_DEPTH = '[deeper]';

export function inspectionJson(value: unknown, depthLimit = 10): string {
  return jsonForTerminal(JSON.stringify(plain(value, depthLimit, new Set())) ?? 'null');
}

function plain(value: unknown, depth: number, ancestors: Set<object>): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value !== 'object' || value === null) return typeof value === 'function' || typeof value === 'symbol' ? undefined : value;
  if (ancestors.has(value)) return CUT_CYCLE;
  if (depth <= 0) return CUT_DEPTH;
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') {
    const replaced: unknown = toJSON.call(value);
    if (replaced !== value) return plain(replaced, depth, ancestors);
  }
  ancestors.add(value);
  try {
    if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return `[${value.constructor.name}, ${value.byteLength} bytes]`;
    if (value instanceof Error) return { name: value.name, message: value.message };
    if (Array.isArray(value)) return value.map((item) => plain(item, depth - 1, ancestors) ?? null);
    if (value instanceof Map) return Object.fromEntries([...value].map(([key, item]) => [String(key), plain(item, depth - 1, ancestors)]));
    if (value instanceof Set) return [...value].map((item) => plain(item, depth - 1, ancestors) ?? null);
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const written = plain(item, depth - 1, ancestors);
      if (written !== undefined) out[key] = written;
    }
    return out;
  } finally {
    ancestors.delete(value);
  }
}
