/**
 * What a JSON text will cost once parsed, judged before it is parsed (issue 24 item 2). A body cap bounds the
 * text, not what V8 builds from it: `[[[[…]]]]` takes about 56 bytes of heap per byte of text, `[{},{},…]` 21, an
 * object of a hundred thousand short keys 8, while Bee's answers take 0.7-1.5 (a 16 MB nested /topology, under its
 * 16 MiB cap, took `--once readiness` to 867 MB). So a text above SCAN_FROM is walked once, linearly, and refused
 * when it nests deeper than DEPTH_LIMIT or when its estimated heap is over HEAP_FACTOR times its size.
 *
 * The estimate charges what V8 allocates for each part (measured with JSON.parse on V8 12, figures in bytes):
 * a container 64 (the object or array and its backing store); an array element 12 (its slot and the slack of a
 * backing store grown while parsing); a property 8 while
 * its object has at most DICTIONARY_FROM properties, else 80 (V8 turns such an object into a hash table); a string
 * value 16 plus its length; a number that is not a small integer 16 (a heap number). Keys cost nothing more: V8
 * shares them. It is an upper bound of every shape measured: Bee's answers come to 1.2-2.7 times their size
 * (the bucket histogram, 65,536 small objects, is the densest), the shapes above to 9-64.
 *
 * Texts under SCAN_FROM are not walked: at worst they cost a few MB, and every fleet poll's answers are that small.
 */

/** Deepest nesting accepted: Bee's deepest answer (/rchash's proofs, /topology's peers) nests 5 deep. */
export const JSON_DEPTH_LIMIT = 64;
/** Estimated heap accepted, as a multiple of the text's size (plus 1 MiB). */
export const HEAP_FACTOR = 4;
/** Texts shorter than this are parsed unwalked. */
export const SCAN_FROM = 64 * 1024;
const DICTIONARY_FROM = 64;

const CONTAINER = 64;
/** An object's property (fast mode). */
const SLOT = 8;
/** An array's element: its slot and the slack of the backing store growing while it is parsed. */
const ELEMENT = 12;
const DICTIONARY_PROPERTY = 80;
const HEAP_NUMBER = 16;
const STRING = 16;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/**
 * Why parsing `text` would take far more memory than its size (`nesting deeper than 64 levels`, `…would take
 * about 210 MB of memory to hold…`), or undefined. Malformed JSON is left for JSON.parse to name.
 */
export function jsonShapeFault(text: string): string | undefined {
  if (text.length < SCAN_FROM) return undefined;
  const budget = HEAP_FACTOR * text.length + 1024 * 1024;
  // Per open container: whether it is an object, and its properties (objects) or elements (arrays) so far.
  const isObject = new Uint8Array(JSON_DEPTH_LIMIT + 1);
  const members = new Uint32Array(JSON_DEPTH_LIMIT + 1);
  let depth = 0;
  let cost = 0;
  /** The last structural character: a string after `{` or `,` in an object is a key. */
  let previous = 0;
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c <= 0x20) continue;
    if (c === QUOTE) {
      const end = stringEnd(text, i);
      if (end < 0) return undefined;
      const key = isObject[depth] === 1 && (previous === OPEN_OBJECT || previous === COMMA);
      if (!key) {
        cost += STRING + (end - i - 1);
        if (isObject[depth] === 0) members[depth]!++;
      }
      i = end;
      previous = QUOTE;
    } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (isObject[depth] === 0 && depth > 0) members[depth]!++;
      if (++depth > JSON_DEPTH_LIMIT) return `nesting deeper than ${JSON_DEPTH_LIMIT} levels`;
      isObject[depth] = c === OPEN_OBJECT ? 1 : 0;
      members[depth] = 0;
      cost += CONTAINER;
      previous = c;
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
      if (depth === 0) return undefined;
      const count = members[depth]!;
      cost += isObject[depth] === 0 ? count * ELEMENT : count > DICTIONARY_FROM ? count * DICTIONARY_PROPERTY : count * SLOT;
      depth--;
      previous = c;
    } else if (c === COLON) {
      members[depth]!++;
      previous = c;
    } else if (c === COMMA) {
      previous = c;
    } else {
      // A number or a literal (true, false, null), to its end. A literal costs its slot only; so does a small
      // integer (V8's Smi, 31 bits: up to 9 digits here); any other number is a heap number.
      let end = i + 1;
      let fraction = false;
      while (end < length) {
        const d = text.charCodeAt(end);
        if (d === COMMA || d === CLOSE_ARRAY || d === CLOSE_OBJECT || d <= 0x20) break;
        if (d === 0x2e || d === 0x65 || d === 0x45) fraction = true; // . e E
        end++;
      }
      const literal = c === 0x74 || c === 0x66 || c === 0x6e; // t f n
      if (!literal && (fraction || end - i > 9)) cost += HEAP_NUMBER;
      if (isObject[depth] === 0) members[depth]!++;
      i = end - 1;
      previous = c;
    }
    if (cost > budget) return `its shape would take about ${megabytes(cost)} of memory to hold, over ${HEAP_FACTOR} times its ${megabytes(length)} (tiny containers or values by the hundred thousand)`;
  }
  return undefined;
}

/** The index of the quote closing the string opened at `start`, or -1. */
function stringEnd(text: string, start: number): number {
  let at = text.indexOf('"', start + 1);
  while (at >= 0) {
    let slashes = 0;
    while (text.charCodeAt(at - 1 - slashes) === BACKSLASH) slashes++;
    if (slashes % 2 === 0) return at;
    at = text.indexOf('"', at + 1);
  }
  return -1;
}

function megabytes(bytes: number): string {
  return `${(bytes / 1e6).toFixed(bytes < 1e7 ? 1 : 0)} MB`;
}
