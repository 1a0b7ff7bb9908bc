/**
 * The `?` / `:help` overlay of each face, derived: its keys from the binding table (core/cockpit/bindings/
 * key-bindings.ts), its verbs from the palette's table (palette.ts). A face's help therefore shows exactly the
 * keys that face has: the desktop's `1..9` (S1..S9), the terminal's `Alt+1..9` (Fleet fifth) and its extras.
 *
 * - Rows of one group with the same text share a line (`Up/k, Down/j  move the selection`).
 * - The keys that open screens are one line, naming the screens in key order.
 * - A screen's own keys say which screen (`S4 Lottery: rchash benchmark …`).
 */
import { displayChord } from '../bindings/chords.js';
import { HELP_GROUPS, type KeyBinding } from '../bindings/key-bindings.js';
import { bindingsOf, displayKeys } from '../bindings/resolve.js';
import { screenInfo, type ScreenId } from '../view/screens.js';
import type { Face, HelpView } from '../view/view-model.js';
import { PALETTE_VERBS } from './palette.js';
import { verbDescription } from './palette-suggestions.js';

type HelpEntry = { keys: string; action: string };

function helpText(row: KeyBinding, face: Face): string | null {
  if (row.help === null) return null;
  const text = typeof row.help === 'string' ? row.help : row.help[face];
  if (!row.context.startsWith('screen:')) return text;
  const screen = screenInfo(row.context.slice('screen:'.length) as ScreenId);
  return `S${screen.number} ${screen.title}: ${text}`;
}

/** The keys that open screens, as one line: `Alt+1..9` and the screens in key order. */
function screenKeysEntry(rows: readonly KeyBinding[]): HelpEntry | null {
  const opening = rows.filter((row) => row.command.kind === 'screen.show');
  if (opening.length === 0) return null;
  const first = displayChord(opening[0]!.keys[0]!);
  const last = displayChord(opening[opening.length - 1]!.keys[0]!);
  const shared = first.slice(0, first.lastIndexOf('+') + 1);
  const keys = opening.length === 1 ? first : `${first}..${last.slice(shared.length)}`;
  const titles = opening.map((row) => (row.command.kind === 'screen.show' ? screenInfo(row.command.screen).title : ''));
  return { keys, action: titles.join(', ') };
}

function groupEntries(rows: readonly KeyBinding[], face: Face): HelpEntry[] {
  const entries: { keys: string[]; action: string }[] = [];
  for (const row of rows) {
    const action = helpText(row, face);
    const keys = displayKeys(row);
    if (action === null || keys === '') continue;
    const same = entries.find((entry) => entry.action === action);
    if (same) {
      if (!same.keys.includes(keys)) same.keys.push(keys);
    }
    else entries.push({ keys: [keys], action });
  }
  return entries.map((entry) => ({ keys: entry.keys.join(', '), action: entry.action }));
}

export function helpView(face: Face): HelpView {
  return HELP_VIEWS[face];
}

function buildHelp(face: Face): HelpView {
  const rows = bindingsOf(face);
  const groups = HELP_GROUPS.map((title) => {
    const inGroup = rows.filter((row) => row.group === title);
    const screens = title === 'Screens' ? screenKeysEntry(inGroup) : null;
    return { title, entries: [...(screens ? [screens] : []), ...groupEntries(inGroup, face)] };
  });
  const verbs = { title: 'Palette verbs', entries: PALETTE_VERBS.filter((verb) => verb.faces.includes(face)).map((verb) => ({ keys: verb.usage, action: verbDescription(verb, face) })) };
  return { kind: 'help', groups: [...groups, verbs].filter((group) => group.entries.length > 0) };
}

const HELP_VIEWS: Readonly<Record<Face, HelpView>> = { desktop: buildHelp('desktop'), terminal: buildHelp('terminal') };
