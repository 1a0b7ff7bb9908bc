/**
 * Where each key of a TOML document is written: a map from a value's path (`["nodes", 1, "url"]`) to the line
 * and column of its key (1-based, columns in characters). smol-toml reports positions for syntax errors only;
 * schema errors (a wrong type, an unknown key, two defaults) need this to point at the offending line.
 *
 * It runs only on documents smol-toml has already accepted, so it is a lenient scanner, not a validator: it
 * follows table headers (`[a.b]`, `[[a]]` with a running index per array of tables), dotted and quoted keys,
 * inline tables and arrays (elements get their index), and skips strings of all four kinds and comments.
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

const keyOf = (path: TomlPath) => JSON.stringify(path);

export function tomlPositions(source: string): TomlPositions {
  const found = new Map<string, TomlPosition>();
  new Scanner(source, found).document();
  const exact = (path: TomlPath) => found.get(keyOf(path));
  return {
    exact,
    locate(path) {
      for (let length = path.length; length > 0; length--) {
        const hit = exact(path.slice(0, length));
        if (hit) return hit;
      }
      return { line: 1, column: 1 };
    },
  };
}

class Scanner {
  private at = 0;
  private line = 1;
  private lineStart = 0;
  /** Next index of each array of tables, keyed by its concrete path. */
  private readonly arrayCounts = new Map<string, number>();

  constructor(
    private readonly src: string,
    private readonly found: Map<string, TomlPosition>,
  ) {}

  document(): void {
    let table: (string | number)[] = [];
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

  private header(): (string | number)[] {
    const double = this.src.startsWith('[[', this.at);
    this.at += double ? 2 : 1;
    this.skipSpace();
    const position = this.position();
    const keys = this.dottedKey();
    this.at = Math.max(this.at, this.src.indexOf(']', this.at) + (double ? 2 : 1));
    // A header's path runs through the latest element of every array of tables above it.
    const path: (string | number)[] = [];
    for (const [i, key] of keys.entries()) {
      path.push(key);
      const count = this.arrayCounts.get(keyOf(path));
      const last = i === keys.length - 1;
      if (double && last) {
        const index = count ?? 0;
        this.arrayCounts.set(keyOf(path), index + 1);
        this.record(path, position);
        path.push(index);
      } else if (count !== undefined) {
        path.push(count - 1);
      }
      this.record(path, position);
    }
    return path;
  }

  private keyValue(table: readonly (string | number)[]): void {
    const position = this.position();
    const keys = this.dottedKey();
    if (keys.length === 0) {
      this.skipToLineEnd();
      return;
    }
    const path = [...table, ...keys];
    for (let i = table.length + 1; i <= path.length; i++) this.record(path.slice(0, i), position);
    this.skipSpace();
    if (this.peek() === '=') this.at++;
    this.skipSpace();
    this.value(path);
  }

  private value(path: readonly (string | number)[]): void {
    const c = this.peek();
    if (c === '"' || c === "'") {
      this.string();
    } else if (c === '[') {
      this.at++;
      for (let index = 0; ; index++) {
        this.skipSpaceAndComments(true);
        if (this.peek() === ']' || this.at >= this.src.length) break;
        this.record([...path, index], this.position());
        this.value([...path, index]);
        this.skipSpaceAndComments(true);
        if (this.peek() === ',') this.at++;
      }
      this.at++;
    } else if (c === '{') {
      this.at++;
      for (;;) {
        this.skipSpace();
        if (this.peek() === '}' || this.at >= this.src.length) break;
        this.keyValue(path);
        this.skipSpace();
        if (this.peek() === ',') this.at++;
      }
      this.at++;
    } else {
      while (this.at < this.src.length && !/[\s,\]}#]/.test(this.src[this.at]!)) this.at++;
    }
  }

  private dottedKey(): string[] {
    const keys: string[] = [];
    for (;;) {
      this.skipSpace();
      const c = this.peek();
      if (c === '"' || c === "'") {
        keys.push(this.string());
      } else {
        const start = this.at;
        while (this.at < this.src.length && /[A-Za-z0-9_-]/.test(this.src[this.at]!)) this.at++;
        if (this.at === start) return keys;
        keys.push(this.src.slice(start, this.at));
      }
      this.skipSpace();
      if (this.peek() !== '.') return keys;
      this.at++;
    }
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
  }

  private peek(): string {
    return this.src[this.at] ?? '';
  }

  private position(): TomlPosition {
    return { line: this.line, column: [...this.src.slice(this.lineStart, this.at)].length + 1 };
  }

  private record(path: readonly (string | number)[], position: TomlPosition): void {
    const key = keyOf(path);
    if (!this.found.has(key)) this.found.set(key, position);
  }
}
