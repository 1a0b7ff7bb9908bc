/**
 * Shape signatures of JSON bodies: every leaf path with the set of JSON types seen there, values dropped.
 * Two nodes conform when their signatures match, even though balances, overlays and timestamps differ.
 *
 * Paths read like `.bins.*.connectedPeers[].address`. Array elements share one path (`[]`), so the
 * signature of a list is the union of its elements' shapes; an empty array contributes only `array`.
 * Objects whose keys are values (overlays in `/accounting`, `bin_0`… in `/topology`) are collapsed to
 * `*` when the caller names them, so a node with other peers still has the same shape.
 */

export type ShapeSignature = Record<string, string>;

export interface ShapeOptions {
  /** Paths of objects whose keys are data, e.g. `.peerData`; their children are merged under `.peerData.*`. */
  mapKeys?: readonly string[];
  /**
   * Paths that hold an object or null depending on the data (a peer's last cheque received: none yet, or
   * one). Their type is written `object?` either way, and their children count only where an object was seen.
   */
  nullable?: readonly string[];
  /** Paths recorded by type only, without their children (a tree whose depth depends on the data). */
  opaque?: readonly string[];
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

export function shapeSignature(value: unknown, options: ShapeOptions = {}): ShapeSignature {
  const mapKeys = new Set(options.mapKeys ?? []);
  const nullable = new Set(options.nullable ?? []);
  const opaque = new Set(options.opaque ?? []);
  const types = new Map<string, Set<string>>();
  const visit = (node: unknown, path: string): void => {
    const seen = types.get(path) ?? new Set<string>();
    const type = jsonType(node);
    seen.add(nullable.has(path) && (type === 'null' || type === 'object') ? 'object?' : type);
    types.set(path, seen);
    if (opaque.has(path)) return;
    if (Array.isArray(node)) {
      for (const element of node) visit(element, `${path}[]`);
    } else if (node !== null && typeof node === 'object') {
      const collapse = mapKeys.has(path);
      for (const [key, child] of Object.entries(node)) visit(child, `${path}.${collapse ? '*' : key}`);
    }
  };
  visit(value, '');
  const signature: ShapeSignature = {};
  for (const path of [...types.keys()].sort()) signature[path || '.'] = [...types.get(path)!].sort().join('|');
  return signature;
}

/** The object paths above `path` (`.a[].b` for `.a[].b.c`), innermost first. */
function objectAncestors(path: string): string[] {
  const found: string[] = [];
  for (let i = path.lastIndexOf('.'); i > 0; i = path.lastIndexOf('.', i - 1)) found.push(path.slice(0, i));
  return found;
}

/** The array paths (ending in `[]`) above `path`, innermost first. */
function arrayAncestors(path: string): string[] {
  const found: string[] = [];
  // i > 0 guards a path starting with `[]` (a top-level array, NDJSON lines): lastIndexOf(…, -1) finds 0 again.
  for (let i = path.lastIndexOf('[]'); i >= 0; i = i > 0 ? path.lastIndexOf('[]', i - 1) : -1) found.push(path.slice(0, i + 2));
  return found;
}

/**
 * Differences between two signatures, one readable line each. A path present on one side only is not a
 * difference when it lies inside an array the other side has but which is empty there (values differ,
 * shapes do not). A `null` beside
 * `array` is a difference: Bee's Go nil slices serialise as `null`, and clients must cope with both.
 */
export function diffShapes(left: ShapeSignature, right: ShapeSignature, labels: readonly [string, string] = ['left', 'right']): string[] {
  const emptyArrayOn = (signature: ShapeSignature, path: string): boolean =>
    arrayAncestors(path).some((elements) => {
      const holder = elements.slice(0, -2) || '.';
      return signature[holder]?.split('|').includes('array') === true && !Object.keys(signature).some((p) => p.startsWith(elements));
    }) ||
    // A nullable object that was only ever null on this side has no children to compare.
    objectAncestors(path).some((holder) => signature[holder] === 'object?' && !Object.keys(signature).some((p) => p.startsWith(`${holder}.`)));
  const lines: string[] = [];
  for (const path of [...new Set([...Object.keys(left), ...Object.keys(right)])].sort()) {
    const l = left[path];
    const r = right[path];
    if (l === r) continue;
    if (l === undefined && emptyArrayOn(left, path)) continue;
    if (r === undefined && emptyArrayOn(right, path)) continue;
    lines.push(`${path}: ${labels[0]} ${l ?? '(absent)'}, ${labels[1]} ${r ?? '(absent)'}`);
  }
  return lines;
}

