/**
 * Where each key of a TOML document is written: a map from a value's path (`["nodes", 1, "url"]`) to the line
 * and column of its key (1-based, columns in characters). smol-toml reports positions for syntax errors only;
 * schema errors (a wrong type, an unknown key, two defaults) need this to point at the offending line.
 *
 * It runs only on documents smol-toml has already accepted, so it is a lenient scanner, not a validator: it
 * follows table headers (`[a.b]`, `[[a]]` with a running index per array of tables), dotted and quoted keys,
 * inline tables and arrays (elements get their index), and skips strings of all four kinds and comments.
 *
 * Linear in the document's length, whatever its shape: paths live in a trie (one step per key segment, never a
 * path copied or stringified per prefix), and a column is counted on from the last one asked on the same line.
 * A path deeper than MAX_TOML_DEPTH is refused (TomlDepthError) as soon as the scanner reaches it: the cockpit's
 * schema is four levels deep, so a deeper document is a mistake or an attack, not a config.
 */
export type TomlPath = readonly (string | number)[];

export interface TomlPosition {
  line: number;
  column: number;
}

export interface TomlPositions {
  /** Position of the key at `path`, or of its nearest written ancestor; line 1 column 1 when none is. */
  locate(path: TomlPath): TomlPosition;
  /** Exactly `path`, when it is written in the document. */
  exact(path: TomlPath): TomlPosition | undefined;
}

/** Key segments (table headers, dotted keys, inline tables and arrays together) a path may have. */
export const MAX_TOML_DEPTH = 32;

/** A path nested deeper than MAX_TOML_DEPTH, with where it crossed the limit. */
export class TomlDepthError extends Error {
  override readonly name = 'TomlDepthError';
  constructor(readonly position: TomlPosition) {
    super(`keys nest more than ${MAX_TOML_DEPTH} levels deep (tables, dotted keys, inline tables and arrays together); the cockpit's config is at most 4 levels deep`);
  }
}

/** One written path: its position, its children by key, and (for an array of tables) the next element's index. */
class PathNode {
  position: TomlPosition | undefined;
  arrayCount: number | undefined;
  private children: Map<string | number, PathNode> | undefined;

  constructor(readonly depth: number) {}

  child(key: string | number): PathNode {
    this.children ??= new Map();
    let node = this.children.get(key);
    if (!node) {
      node = new PathNode(this.depth + 1);
      this.children.set(key, node);
    }
    return node;
  }

  find(key: string | number): PathNode | undefined {
    return this.children?.get(key);
  }
}

export function tomlPositions(source: string): TomlPositions {
  const root = new PathNode(0);
  new Scanner(source, root).document();
  const exact = (path: TomlPath) => {
    let node: PathNode | undefined = root;
    for (const key of path) node = node?.find(key);
    return node?.position;
  };
  return {
    exact,
    locate(path) {
      let node: PathNode | undefined = root;
      let nearest: TomlPosition | undefined;
      for (const key of path) {
        node = node.find(key);
        if (!node) break;
        nearest = node.position ?? nearest;
      }
      return nearest ?? { line: 1, column: 1 };
    },
  };
}

class Scanner {
  private at = 0;
  private line = 1;
  private lineStart = 0;
  /** The last column counted, at `columnAt` on the current line: the next one counts on from there. */
  private columnAt = 0;
  private column = 1;

  constructor(
    private readonly src: string,
    private readonly root: PathNode,
  ) {}

  document(): void {
    let table = this.root;
    while (this.at < this.src.length) {
      this.skipSpaceAndComments(true);
      if (this.at >= this.src.length) break;
      if (this.peek() === '[') {
        table = this.header();
      } else {
        this.keyValue(table);
      }
      this.skipToLineEnd();
    }
  }

  private header(): PathNode {
    const double = this.src.startsWith('[[', this.at);
    this.at += double ? 2 : 1;
    this.skipSpace();
    const position = this.position();
    let node = this.root;
    // A header's path runs through the latest element of every array of tables above it.
    this.dottedKey((key, last) => {
      node = this.step(node, key, position);
      if (double && last) {
        const index = node.arrayCount ?? 0;
        node.arrayCount = index + 1;
        node = this.step(node, index, position);
      } else if (node.arrayCount !== undefined) {
        node = this.step(node, node.arrayCount - 1, position);
      }
    });
    const close = this.src.indexOf(']', this.at);
    this.at = close < 0 ? this.src.length : Math.max(this.at, close + (double ? 2 : 1));
    return node;
  }

  private keyValue(table: PathNode): void {
    const position = this.position();
    let node = table;
    const any = this.dottedKey((key) => {
      node = this.step(node, key, position);
    });
    if (!any) {
      this.skipToLineEnd();
      return;
    }
    this.skipSpace();
    if (this.peek() === '=') this.at++;
    this.skipSpace();
    this.value(node);
  }

  private value(node: PathNode): void {
    const c = this.peek();
    if (c === '"' || c === "'") {
      this.string();
    } else if (c === '[') {
      this.at++;
      for (let index = 0; ; index++) {
        this.skipSpaceAndComments(true);
        if (this.peek() === ']' || this.at >= this.src.length) break;
        this.value(this.step(node, index, this.position()));
        this.skipSpaceAndComments(true);
        if (this.peek() === ',') this.at++;
      }
      this.at++;
    } else if (c === '{') {
      this.at++;
      for (;;) {
        this.skipSpace();
        if (this.peek() === '}' || this.at >= this.src.length) break;
        this.keyValue(node);
        this.skipSpace();
        if (this.peek() === ',') this.at++;
      }
      this.at++;
    } else {
      while (this.at < this.src.length && !/[\s,\]}#]/.test(this.src[this.at]!)) this.at++;
    }
  }

  /** Reads a dotted key, handing each segment over as it is read (`last` on the final one); false when there is none. */
  private dottedKey(onKey: (key: string, last: boolean) => void): boolean {
    let pending: string | undefined;
    for (;;) {
      this.skipSpace();
      const c = this.peek();
      let key: string;
      if (c === '"' || c === "'") {
        key = this.string();
      } else {
        const start = this.at;
        while (this.at < this.src.length && /[A-Za-z0-9_-]/.test(this.src[this.at]!)) this.at++;
        if (this.at === start) break;
        key = this.src.slice(start, this.at);
      }
      if (pending !== undefined) onKey(pending, false);
      pending = key;
      this.skipSpace();
      if (this.peek() !== '.') break;
      this.at++;
    }
    if (pending === undefined) return false;
    onKey(pending, true);
    return true;
  }

  /** The child path `key` of `node`, recorded at `position` unless written earlier; refused past the depth limit. */
  private step(node: PathNode, key: string | number, position: TomlPosition): PathNode {
    if (node.depth >= MAX_TOML_DEPTH) throw new TomlDepthError(position);
    const child = node.child(key);
    child.position ??= position;
    return child;
  }

  /** Reads any of the four string kinds and returns its (unescaped enough for key matching) text. */
  private string(): string {
    const quote = this.peek();
    const triple = this.src.startsWith(quote.repeat(3), this.at);
    const delimiter = triple ? quote.repeat(3) : quote;
    this.at += delimiter.length;
    let out = '';
    while (this.at < this.src.length) {
      if (this.src.startsWith(delimiter, this.at)) {
        this.at += delimiter.length;
        // A multi-line string may end with up to two extra quotes before its delimiter.
        while (triple && this.peek() === quote) this.at++;
        return out;
      }
      const c = this.src[this.at]!;
      if (c === '\\' && quote === '"') {
        out += this.src[this.at + 1] ?? '';
        this.at += 2;
        continue;
      }
      if (c === '\n') this.newline(this.at);
      out += c;
      this.at++;
    }
    return out;
  }

  private skipSpace(): void {
    while (this.peek() === ' ' || this.peek() === '\t') this.at++;
  }

  private skipSpaceAndComments(newlines: boolean): void {
    for (;;) {
      this.skipSpace();
      const c = this.peek();
      if (c === '#') {
        while (this.at < this.src.length && this.src[this.at] !== '\n') this.at++;
      } else if (newlines && (c === '\n' || c === '\r')) {
        if (c === '\n') this.newline(this.at);
        this.at++;
      } else {
        return;
      }
    }
  }

  private skipToLineEnd(): void {
    while (this.at < this.src.length && this.src[this.at] !== '\n') this.at++;
  }

  private newline(at: number): void {
    this.line++;
    this.lineStart = at + 1;
    this.columnAt = at + 1;
    this.column = 1;
  }

  private peek(): string {
    return this.src[this.at] ?? '';
  }

  /** Line and column of `at`; the column in characters (a surrogate pair is one), counted on from the last one. */
  private position(): TomlPosition {
    if (this.columnAt < this.lineStart || this.columnAt > this.at) {
      this.columnAt = this.lineStart;
      this.column = 1;
    }
    for (let i = this.columnAt; i < this.at; i++) {
      const code = this.src.charCodeAt(i);
      // The low half of a surrogate pair belongs to the character its high half started.
      if (!(code >= 0xdc00 && code <= 0xdfff && i > this.lineStart && isHighSurrogate(this.src.charCodeAt(i - 1)))) this.column++;
    }
    this.columnAt = this.at;
    return { line: this.line, column: this.column };
  }
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
