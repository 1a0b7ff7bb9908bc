/** The `?` / `:help` overlay of each face: its keys, then its palette verbs (from the palette's own table). */
import { PALETTE_VERBS } from './palette.js';
import type { Face, HelpView } from '../view/view-model.js';

export function helpView(face: Face): HelpView {
  const terminal = face === 'terminal';
  const entry = (keys: string, action: string) => ({ keys, action });
  return {
    kind: 'help',
    groups: [
      {
        title: 'Screens',
        entries: [
          terminal ? entry('Alt+1..9', 'Health, Stamps, Swap, Lottery, Fleet, Peers, Network, API Health, Tags') : entry('1..9', 'S1..S9'),
          entry('Tab / Shift+Tab', 'next / previous screen'),
          entry(':go <screen>', 'any screen by name (also :health, :fleet, …)'),
        ],
      },
      {
        title: 'Rows',
        entries: [
          entry('Up/Down, j/k', 'move the selection'),
          entry('PgUp/PgDn', 'move by 10 rows'),
          entry('Home/End', 'first / last row'),
          entry('Enter', terminal ? 'drill in (switch node on Fleet)' : 'drill in (switch node on Fleet); double click too'),
          entry('Esc', 'close the overlay, then the drill'),
          entry('e', 'edit the screen’s form (Tab moves, Enter submits)'),
          entry('r', 're-poll (Fleet, Health); rchash (Lottery)'),
          entry('c / s', 'check all pins / cycle pin sort (Pins)'),
        ],
      },
      {
        title: 'Overlays',
        entries: [
          entry(': or Ctrl+P', 'command palette'),
          entry('Ctrl+N', 'node picker'),
          entry('Ctrl+A', 'alerts'),
          ...(terminal ? [entry('Ctrl+Alt+N', 'notification history')] : []),
          entry('?', 'this help'),
        ],
      },
      {
        title: 'Log pane',
        entries: [
          entry('Ctrl+L', 'show / hide'),
          entry('[ / ]', 'previous / next tab'),
          ...(terminal ? [entry('/', 'filter (Enter commits, Esc cancels or clears)'), entry('Shift+L', 'fullscreen'), entry('+ / -', 'taller / shorter (4..24 lines)')] : []),
        ],
      },
      { title: 'Palette verbs', entries: PALETTE_VERBS.filter((verb) => verb.faces.includes(face)).map((verb) => entry(verb.usage, verb.description)) },
    ],
  };
}
