/**
 * The README and docs/ stay navigable for a newcomer (issue 25 item 9):
 * - every relative link in README.md and docs/*.md points at a file that exists, and every `#anchor` at a
 *   heading of its target (GitHub's slugs), so moving a section (the benchmarks went to docs/benchmarks.md)
 *   cannot leave a dead link behind;
 * - every source path named in the newcomer paths ("Finding your way", "Adding a screen", "Adding a key" in
 *   docs/cockpit.md, "Finding your way" in docs/retcheck.md) exists, so a refactor that moves a file the path
 *   opens fails here until the path is walked again. A path with `<screen>` or `*` in it is a pattern, not checked;
 * - every code name those paths give (`selectViewParts`, `SCREEN_REGISTRY`: a camelCase or CONSTANT_CASE word in
 *   backticks) is still defined or used somewhere in the sources, so a rename shows up here too.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const MARKDOWN = ['README.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

/** Text outside fenced code blocks (a link inside a code sample is an example, not a link). */
function prose(text: string): string {
  let inFence = false;
  return text
    .split('\n')
    .filter((line) => {
      if (line.startsWith('```')) inFence = !inFence;
      return !inFence && !line.startsWith('```');
    })
    .join('\n');
}

/** GitHub's heading anchors: lower case, punctuation but `-` and `_` dropped, spaces as `-`, repeats numbered. */
function anchorsOf(file: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const match of prose(readFileSync(join(root, file), 'utf8')).matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
    const base = match[1]!
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

/** [text](target) links of a markdown file that are not URLs. */
function relativeLinks(file: string): string[] {
  const links: string[] = [];
  for (const match of prose(readFileSync(join(root, file), 'utf8')).matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = match[1]!;
    if (!/^[a-z]+:/i.test(target)) links.push(target);
  }
  return links;
}

/** The lines of a markdown file from the heading `title` to the next heading of its level or above. */
function section(file: string, title: string): string {
  const lines = readFileSync(join(root, file), 'utf8').split('\n');
  const start = lines.findIndex((line) => /^#+ /.test(line) && line.replace(/^#+ /, '') === title);
  expect(start, `${file}: no heading "${title}"`).toBeGreaterThanOrEqual(0);
  const level = lines[start]!.indexOf(' ');
  const end = lines.findIndex((line, i) => i > start && /^#+ /.test(line) && line.indexOf(' ') <= level);
  return lines.slice(start, end === -1 ? undefined : end).join('\n');
}

describe('README and docs links', () => {
  it.each(MARKDOWN)('%s: every relative link and anchor resolves', (file) => {
    const dead: string[] = [];
    for (const link of relativeLinks(file)) {
      const [path, anchor] = link.split('#') as [string, string | undefined];
      const target = path === '' ? file : relative(root, resolve(dirname(join(root, file)), path));
      if (!existsSync(join(root, target))) {
        dead.push(`${link}: no file ${target}`);
        continue;
      }
      if (anchor !== undefined && target.endsWith('.md') && !anchorsOf(target).has(anchor)) dead.push(`${link}: no heading #${anchor} in ${target}`);
    }
    expect(dead).toEqual([]);
  });
});

/** Every TypeScript source of the layers the paths walk, as one text (test files included: they are named too). */
function sourceText(): string {
  const texts: string[] = [];
  for (const layer of ['core', 'machines', 'actors', 'surfaces', 'test', 'config-schema']) {
    for (const entry of readdirSync(join(root, layer), { recursive: true, withFileTypes: true })) {
      if (entry.isFile() && /\.tsx?$/.test(entry.name)) texts.push(readFileSync(join(entry.parentPath, entry.name), 'utf8'));
    }
  }
  return texts.join('\n');
}

describe('the newcomer paths name files that exist', () => {
  const PATHS: ReadonlyArray<readonly [string, string]> = [
    ['docs/cockpit.md', 'Finding your way'],
    ['docs/cockpit.md', 'Adding a screen'],
    ['docs/cockpit.md', 'Adding a key'],
    ['docs/retcheck.md', 'Finding your way'],
  ];
  it.each(PATHS)('%s "%s"', (file, title) => {
    const named = [...section(file, title).matchAll(/`((?:core|machines|actors|surfaces|test|config-schema|devnet)\/[^`\s]+)`/g)].map((m) => m[1]!);
    expect(named.length, 'a path names its files').toBeGreaterThan(3);
    const missing = named.filter((path) => !/[<*]/.test(path) && !existsSync(join(root, path)));
    expect(missing).toEqual([]);
  });

  it('the code names they give still exist in the sources', () => {
    const sources = sourceText();
    const gone: string[] = [];
    for (const [file, title] of PATHS) {
      for (const match of section(file, title).matchAll(/`([A-Za-z_][A-Za-z0-9_]*)`/g)) {
        const name = match[1]!;
        const codeName = /[a-z][A-Z]/.test(name) || /^[A-Z][A-Z0-9]*_[A-Z0-9_]+$/.test(name);
        if (codeName && !new RegExp(`\\b${name}\\b`).test(sources)) gone.push(`${file} "${title}": ${name}`);
      }
    }
    expect(gone).toEqual([]);
  });
});
