/**
 * What text each ColumnKind (view-model.ts) takes: the check the tests run over every table of every screen at
 * every width, so a column never shows another field than its own (a batch ID under "Worst TTL"), and an
 * amount never goes without its unit. A value a screen could not read or that does not exist may stand in any
 * column as `—`, `–`, `unknown`, `missing` or `none`.
 */
import type { ColumnKind } from './view-model.js';

const GROUPED = String.raw`\d{1,3}(?:,\d{3})*`;
const DECIMAL = String.raw`${GROUPED}(?:\.\d+)?`;
const DURATION = String.raw`(?:<1 s|${GROUPED} (?:s|min|h|d)(?: \d+ (?:min|h))?)`;
/** A long run of bare hex: an identifier, which no free-text column holds on its own. */
const BARE_HEX = /^(?:0x)?[0-9a-f]{16,}$/i;

const PATTERNS: Readonly<Record<ColumnKind, RegExp>> = {
  id: /^(?:0x)?[0-9a-f]{4,}(?:…[0-9a-f]*)?(?: \S.*)?$/i,
  address: /^\/(?:ip4|ip6|dns|dns4|dns6|dnsaddr)\/\S+$/,
  url: /^https?:\/\/\S+$/,
  number: /^-?\d+$/,
  count: new RegExp(`^${GROUPED}$`),
  amount: new RegExp(String.raw`^(?:[+-]|<)?${DECIMAL}(?: [kMGTP])? (?:xBZZ|PLUR|gwei|wei|xDAI|native)$`),
  duration: new RegExp(`^(?:every )?${DURATION}$`),
  latency: /^\d+(?:\.\d+)? (?:ms|s)$/,
  time: /^(?:(?:\d{4}-)?\d\d-\d\d )?\d\d:\d\d:\d\d$/,
  size: new RegExp(String.raw`^${DECIMAL} (?:B|kB|MB|GB|TB|KiB|MiB|GiB|TiB)$`),
  fill: new RegExp(String.raw`^${GROUPED}/${GROUPED} (?:<|>)?${DECIMAL} %$`),
  name: /^\S/,
  label: /^[A-Za-z][\w./-]*$/,
  status: /^[A-Za-z0-9]/,
  text: /^\S/,
  mark: /^\S{0,2}$/u,
  bar: /^[█░#.]+$/,
  // Unicode blocks or (under --ascii, drawn by the face) ASCII steps; a gap is a space.
  trend: /^[ ▁▂▃▄▅▆▇█_.\-:=+*#]*$/,
};

const PLACEHOLDERS = new Set(['—', '–', 'unknown', 'missing', 'none']);

/** True when `text` is what a cell of a `kind` column may show. */
export function cellFitsKind(kind: ColumnKind, text: string): boolean {
  if (PLACEHOLDERS.has(text)) return true;
  if (!PATTERNS[kind].test(text)) return false;
  // A payload or a sentence may be hex; a name, label or state never is: there it is a misplaced ID.
  if (kind === 'name' || kind === 'label' || kind === 'status') return !BARE_HEX.test(text);
  return true;
}
