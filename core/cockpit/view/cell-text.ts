/**
 * The one rule of `full` (view-model.ts CellView): it is the value `text` shows, not shortened. A face with room
 * shows `full` in place of `text`; if `full` held another field (the worst batch's ID under a TTL, a raw number
 * without the unit `text` gives), a wider terminal would put that field in the column. Faces therefore take
 * `full` only where it passes `isShortenedFrom`, and the screen tests hold every screen to it.
 */

/** Runs of white space count as one space (a one-line rendering flattens a payload's newlines). */
const flat = (text: string): string => text.replace(/\s+/g, ' ').trim();

/**
 * True when `text` is `full` with parts replaced by `…`: `4a235821…` and `4a235821…7e6f` of a reference,
 * `4a235821… devnet` of `4a2358…7e6f devnet`, or `text` itself.
 */
export function isShortenedFrom(text: string, full: string): boolean {
  const shown = flat(text);
  const whole = flat(full);
  if (shown === whole) return true;
  const pieces = shown.split('…');
  if (pieces.length < 2) return false;
  const first = pieces[0]!;
  const last = pieces[pieces.length - 1]!;
  if (!whole.startsWith(first) || !whole.endsWith(last)) return false;
  let at = first.length;
  for (const piece of pieces.slice(1, -1)) {
    const found = whole.indexOf(piece, at);
    if (found === -1) return false;
    at = found + piece.length;
  }
  return at <= whole.length - last.length;
}

/** `full` when it is the unshortened `text`, else undefined: what a face may show in `text`'s place. */
export function fullTextOf(value: { readonly full?: string | undefined }, text: string): string | undefined {
  return value.full !== undefined && value.full !== text && isShortenedFrom(text, value.full) ? value.full : undefined;
}
