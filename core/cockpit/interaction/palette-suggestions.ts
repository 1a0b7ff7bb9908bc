/**
 * What the palette offers while the operator types (2-cockpit.md §4 "Palette verbs": it filters as you type):
 * every verb of the face's table (palette.ts), then every screen, with descriptions that name the keys doing
 * the same on this face (from the binding table: `:nodes` says Ctrl+N, `:fleet` says Alt+5 in the terminal).
 */
import { keysFor, screenTabKey } from '../bindings/resolve.js';
import { SCREENS } from '../view/screens.js';
import type { Face } from '../view/view-model.js';
import { findVerb, PALETTE_VERBS, splitPaletteLine, stripColon, type PaletteVerb } from './palette.js';

export interface PaletteSuggestion {
  readonly usage: string;
  readonly description: string;
  /** What Enter on an empty input puts in effect: the whole line when the verb takes no arguments. */
  readonly complete: boolean;
  /** The verb or screen word the suggestion stands for. */
  readonly word: string;
}

/** A description with the keys that do the same on this face: `pick the active node (Ctrl+N)`. */
const withKeys = (description: string, keys: readonly (string | null)[]): string => {
  const shown = keys.filter((key): key is string => key !== null);
  return shown.length ? `${description} (${shown.join(', ')})` : description;
};

/** A verb's description as this face shows it (help, suggestions): with the keys that do the same. */
export function verbDescription(verb: PaletteVerb, face: Face): string {
  return verb.key ? withKeys(verb.description, keysFor(face, verb.key)) : verb.description;
}

/** Every verb of this face, then every screen, in table order. */
export function paletteEntries(face: Face): PaletteSuggestion[] {
  return PALETTE_ENTRIES[face];
}

function entriesOf(face: Face): PaletteSuggestion[] {
  const verbs = PALETTE_VERBS.filter((verb) => verb.faces.includes(face)).map((verb) => ({
    usage: verb.usage,
    description: verbDescription(verb, face),
    complete: !/[<[]|…/.test(verb.usage),
    word: verb.name,
  }));
  const screens = SCREENS.map((screen) => ({
    usage: `:${screen.aliases[0]}`,
    description: withKeys(`open S${screen.number} ${screen.title}`, [screenTabKey(face, screen.id)]),
    complete: true,
    word: screen.aliases[0]!,
  }));
  return [...verbs, ...screens];
}

const PALETTE_ENTRIES: Readonly<Record<Face, PaletteSuggestion[]>> = { desktop: entriesOf('desktop'), terminal: entriesOf('terminal') };

/**
 * The suggestions for what has been typed: entries whose verb, alias or screen name starts with the first word,
 * then those whose names merely contain it. All of them for an empty input.
 */
export function suggestions(input: string, face: Face): PaletteSuggestion[] {
  const word = (splitPaletteLine(stripColon(input))[0] ?? '').toLowerCase();
  const entries = paletteEntries(face);
  if (!word) return entries;
  const namesOf = (entry: PaletteSuggestion): string[] => {
    const verb = findVerb(entry.word);
    if (verb && entry.usage.startsWith(`:${verb.name}`)) return [verb.name, ...verb.aliases];
    return [...(SCREENS.find((screen) => screen.aliases[0] === entry.word)?.aliases ?? [entry.word])];
  };
  const prefix = entries.filter((entry) => namesOf(entry).some((name) => name.startsWith(word)));
  const contains = entries.filter((entry) => !prefix.includes(entry) && namesOf(entry).some((name) => name.includes(word)));
  return [...prefix, ...contains];
}
