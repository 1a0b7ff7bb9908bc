/**
 * Test support (issue 23 item 8): what a line written for people must not hold, whichever face or verb wrote it.
 * - a big integer not grouped by thousands (`37324800000 PLUR/chunk`), once identifiers are set aside: hex,
 *   URLs and paths, and the numbers that name rather than count (block, round, index, tag, nonce, depth, port);
 * - `BZZ` without its x (the token the cockpit shows is xBZZ everywhere);
 * - a part that reads as more than its whole (`41 of 16`), and a positive figure rounded to nothing.
 */

/** Numbers that are names, not amounts: kept as the node gives them. */
const IDENTIFIERS = /\b(?:block|tip|round|index|next|tag|nonce|depths?|bin|PO|port|uid|chainID|API|Bee|v)[:\s]*\d[\d.]*/gi;

export function numberProblems(text: string): string[] {
  const problems: string[] = [];
  const plain = text
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/(?:^|\s)\/\S+/g, ' ')
    .replace(/\b(?:0x)?[0-9a-f]{4,}…[0-9a-f]*/gi, ' ')
    // Hex has a letter in it, or is as long as an address: an ungrouped decimal amount is neither.
    .replace(/\b(?:0x)?(?=[0-9a-f]*[a-f])[0-9a-f]{8,}\b/gi, ' ')
    .replace(/\b(?:0x)?[0-9a-f]{40,}\b/gi, ' ')
    .replace(/\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d\S*/g, ' ')
    .replace(IDENTIFIERS, ' ');
  for (const match of plain.matchAll(/(?<![\d.,])\d{5,}(?![\d,])/g)) problems.push(`ungrouped ${match[0]} in: ${text}`);
  for (const match of text.matchAll(/(?<!x)\bBZZ\b/g)) problems.push(`"${match[0]}" without its x in: ${text}`);
  for (const match of text.matchAll(/\b(\d[\d,]*) of (\d[\d,]*)\b/g)) {
    const [part, whole] = [Number(match[1]!.replaceAll(',', '')), Number(match[2]!.replaceAll(',', ''))];
    if (part > whole) problems.push(`"${match[0]}" reads as more than the whole in: ${text}`);
  }
  if (/\b0\.0+ (?:GB|MB|kB|xBZZ|native)\b/.test(text)) problems.push(`a positive figure rounded to nothing in: ${text}`);
  return problems;
}
