/**
 * Test support: how a captured terminal screen uses its room (issue 28 item 1), read from the text tmux shows.
 *
 * - The body is split into panes at the column where ` │ ` separates them on most rows (the wide layout draws
 *   the rows pane, the separator, then the facts pane).
 * - A cut is text the face shortened with `…` at the end of a cell: an ellipsis followed by the end of the pane
 *   or by two spaces (the gap between table columns). Abbreviated hex (`84b9d681…`, `0xc731…2e1d`) is the
 *   engine's short form of an identifier, whose full value the drill or a wider table shows, not a cut.
 * - A cut is wasted room when its own pane row still has two or more free columns, or when the pane beside it
 *   never uses its last two columns on any row (it could have given them up).
 */
export interface Cut {
  readonly row: number;
  readonly text: string;
  readonly why: string;
}

const CUT = /(\S*…)(?= {2}|$)/g;
const HEX_SHORT = /^[^0-9a-fA-F]*(0x)?[0-9a-fA-F]{4,12}…$/;

function separatorColumn(body: readonly string[]): number | null {
  const counts = new Map<number, number>();
  for (const row of body) {
    for (let i = row.indexOf(' │ '); i !== -1; i = row.indexOf(' │ ', i + 1)) counts.set(i + 1, (counts.get(i + 1) ?? 0) + 1);
  }
  let best: number | null = null;
  for (const [column, count] of counts) if (count >= body.length * 0.6 && (best === null || count > (counts.get(best) ?? 0))) best = column;
  return best;
}

/** Cuts in `body` (the rows between the screen title and the footer) of a `columns`-wide terminal that had room. */
export function wastedCuts(body: readonly string[], columns: number): Cut[] {
  const separator = separatorColumn(body);
  const panes = separator === null ? [{ from: 0, width: columns }] : [{ from: 0, width: separator - 1 }, { from: separator + 2, width: columns - separator - 2 }];
  const segments = body.map((row) => panes.map((pane) => row.slice(pane.from, pane.from + pane.width).trimEnd()));
  const used = panes.map((_, p) => Math.max(0, ...segments.map((row) => [...(row[p] ?? '')].length)));
  const cuts: Cut[] = [];
  segments.forEach((row, r) => {
    row.forEach((text, p) => {
      for (const match of text.matchAll(CUT)) {
        const word = match[1]!;
        if (HEX_SHORT.test(word) || word === '…') continue;
        const free = panes[p]!.width - [...text].length;
        const other = panes.length === 2 ? 1 - p : null;
        if (free >= 2) cuts.push({ row: r, text: word, why: `its pane row has ${free} free columns` });
        else if (other !== null && panes[other]!.width - used[other]! >= 2) cuts.push({ row: r, text: word, why: `the pane beside it leaves ${panes[other]!.width - used[other]!} columns unused` });
      }
    });
  });
  return cuts;
}

/** The fraction of the rows between the tabs and the footer that are blank. */
export function blankFraction(rows: readonly string[], from: number, to: number): number {
  const region = rows.slice(from, to);
  return region.length === 0 ? 0 : region.filter((row) => row.trim() === '').length / region.length;
}
