/**
 * The command palette (2-cockpit.md §4 "Palette verbs", "Terminal-sibling extras"): every verb with its
 * usage, what it does, on which face it exists, and a parser that checks arity and hex before anything runs.
 * Pure: a palette line in, a PaletteCommand or a PaletteError (the reason, shown red for 8 s) out. The
 * suggestion list the palette shows while typing (palette-suggestions.ts) and the help come from the same
 * table, so help, suggestions and parsing can never disagree.
 *
 * Decisions where the spec leaves room:
 * - The line may start with `:` or not (Ctrl+P opens an empty palette). Words split on blanks; a path or a
 *   payload with blanks is quoted ('…' or "…").
 * - `:manifest <ref>` is `:inspect <ref>`; `:manifest` alone opens S11 (screens.ts explains the aliases).
 * - `:watch-ref` seconds outside 10..86400 are clamped, not refused (the spec says "clamped"); the banner says so.
 * - Terminal extras (`:watch-ref`, `:watch-ref-stop`, `:pins-check`, `:loggers`, `:set-logger`,
 *   `:notifications`) are refused on the desktop with a message naming the terminal cockpit; `:upload` and the
 *   other desktop verbs work on both faces (the terminal has them through its --once verbs anyway).
 * - Topics follow one rule everywhere (core/swarm/topic.ts): a 64-hex topic as given, any other text hashed with
 *   keccak256, as bee-js does: `:pss`, `:feed-probe` and `:feed-timeline` (which hands S13 the text as typed, so
 *   the screen can show the name it hashed).
 *
 * The line types are in palette-command.ts, the argument checks in palette-arguments.ts, the verb table in
 * palette-verbs.ts; this module parses a line with them and stays the one import path for all of it.
 */
import { SCREENS } from '../view/screens.js';
import type { Face } from '../view/view-model.js';
import { arity } from './palette-arguments.js';
import { PaletteError, type PaletteCommand, type PaletteVerb } from './palette-command.js';
import { PALETTE_VERBS, screenByAlias } from './palette-verbs.js';

export { PaletteError, type OneShotVerb, type PaletteCommand, type PaletteVerb } from './palette-command.js';
export { PALETTE_VERBS, WATCH_DEFAULT_SECONDS, WATCH_MAX_SECONDS, WATCH_MIN_SECONDS } from './palette-verbs.js';

/** Splits a palette line into words; '…' and "…" group blanks (no escapes inside). */
export function splitPaletteLine(line: string): string[] {
  const words: string[] = [];
  const pattern = /"([^"]*)"?|'([^']*)'?|(\S+)/g;
  for (const match of line.matchAll(pattern)) words.push(match[1] ?? match[2] ?? match[3] ?? '');
  return words;
}

export function stripColon(line: string): string {
  return line.trim().replace(/^:\s*/, '');
}

export function findVerb(word: string): PaletteVerb | undefined {
  const lower = word.toLowerCase();
  return PALETTE_VERBS.find((verb) => verb.name === lower || verb.aliases.includes(lower));
}

/** The palette line as a command, or a PaletteError saying what is wrong (wrong verb, arity, hex, range). */
export function parsePaletteLine(line: string, face: Face): PaletteCommand {
  const [word, ...args] = splitPaletteLine(stripColon(line));
  if (word === undefined) throw new PaletteError('type a verb, e.g. :help');
  const verb = findVerb(word);
  if (verb) {
    if (!verb.faces.includes(face)) throw new PaletteError(`:${verb.name} is a terminal cockpit verb (cockpit-tui); not available on the desktop`);
    return verb.parse(args, word.toLowerCase());
  }
  const screen = screenByAlias(word);
  if (screen) {
    arity(args, 0, 0, `:${word}`);
    return { kind: 'screen', screen };
  }
  const near = nearestWord(word.toLowerCase(), face);
  throw new PaletteError(`unknown verb :${word}${near ? ` (did you mean :${near}?)` : ''}; :help lists them`);
}

/** The verb or screen name closest to a mistyped word (at most 2 edits away), for "did you mean". */
function nearestWord(word: string, face: Face): string | undefined {
  const names = [
    ...PALETTE_VERBS.filter((verb) => verb.faces.includes(face)).flatMap((verb) => [verb.name, ...verb.aliases]),
    ...SCREENS.flatMap((screen) => screen.aliases),
  ];
  let best: { name: string; distance: number } | undefined;
  for (const name of names) {
    const distance = editDistance(word, name);
    if (distance <= 2 && (!best || distance < best.distance)) best = { name, distance };
  }
  return best?.name;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = row;
  }
  return previous[b.length]!;
}
