/**
 * Skimming a large JSON answer before parsing it, for callers that need only a small part of it. Bee's /topology
 * lists every known peer with its metrics (96 KB from a node of a 200-node devnet, more on mainnet) while a
 * health poll reads a few counts: parsing the lists into objects was most of a fleet poll's CPU and allocation.
 *
 * The skim finds the lists with byte searches (Buffer.indexOf, no per-byte loop in JavaScript) and never
 * decides for the parser: whenever it cannot be sure where a list ends (a nested array, no closing bracket), it
 * gives up and the caller parses the whole text. A string holding a bracket can make it cut a list short; the
 * rest then is not JSON and the caller again parses the whole text.
 */

const OPEN = 0x5b; // [
const CLOSE = 0x5d; // ]

/**
 * The text of `body` with the array value of every `"<key>":[` (as Go's encoding/json writes it, no spaces) replaced
 * by `null`; undefined when there was nothing to skip or the skim is unsure (see the module doc).
 */
export function withoutArrays(body: Buffer, keys: readonly string[]): string | undefined {
  const cuts: [start: number, end: number][] = [];
  for (const key of keys) {
    const pattern = `"${key}":[`;
    for (let at = body.indexOf(pattern); at >= 0; at = body.indexOf(pattern, at + 1)) {
      const open = at + pattern.length - 1;
      const close = body.indexOf(CLOSE, open + 1);
      if (close < 0) return undefined;
      const nested = body.indexOf(OPEN, open + 1);
      if (nested >= 0 && nested < close) return undefined;
      cuts.push([open, close + 1]);
    }
  }
  if (cuts.length === 0) return undefined;
  cuts.sort((a, b) => a[0] - b[0]);
  let text = '';
  let from = 0;
  for (const [start, end] of cuts) {
    if (start < from) return undefined; // overlapping cuts: a key inside a list that was already cut
    text += `${body.toString('utf8', from, start)}null`;
    from = end;
  }
  return text + body.toString('utf8', from);
}
