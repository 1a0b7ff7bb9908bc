/**
 * Data and imports flow one way (style.md "The shape of the house"): surface -> machine -> actor, with core
 * under everything. This test reads every non-test source file's relative imports (type imports included)
 * and fails on one that points up: core importing a machine, an actor or a surface; a machine importing an
 * actor (a machine owns the contracts of the actors it invokes: machines/**\/*.contracts.ts); an actor
 * importing a surface.
 *
 * Beside the layers, one folder is closed to a layer above it: surfaces never import the node client
 * (actors/node-client), not even its types. What talks to a node is an actor (the verbs in actors/cockpit/verbs,
 * which `--once` and the palette both run; the demo's upload in actors/demo), and a surface only renders what
 * the actor answers (issue 25 item 4).
 *
 * And the verbs answer data only (issue 25 item 4): their result type has no text field, and no verb module
 * composes words (it never imports the words' composer in core/cockpit/verb-text, nor what makes node text safe
 * for a terminal, which only words need). `--once` text, the JSON `message` and the palette's banner are composed
 * from the data by core/cockpit/verb-text/<verb>.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

/** For each layer, the top-level folders it must never import from. */
const FORBIDDEN: Record<string, readonly string[]> = {
  core: ['machines', 'actors', 'surfaces', 'devnet', 'bee-cluster', 'bench', 'test'],
  'config-schema': ['machines', 'actors', 'surfaces', 'devnet', 'bee-cluster', 'bench', 'test'],
  machines: ['actors', 'surfaces', 'devnet', 'bee-cluster', 'bench', 'test'],
  actors: ['surfaces', 'bench', 'test'],
};

/** For each layer, paths (from the repository root) it must never import although their layer is allowed. */
const CLOSED: Record<string, readonly string[]> = {
  surfaces: ['actors/node-client'],
};

/** Every relative import of the non-test sources under `dir`: the importing file, the import as written, its target from the root. */
function importsUnder(dir: string): { file: string; written: string; target: string }[] {
  const found: { file: string; written: string; target: string }[] = [];
  for (const entry of readdirSync(join(root, dir), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue;
    const file = join(entry.parentPath ?? entry.path, entry.name);
    for (const match of readFileSync(file, 'utf8').matchAll(/(?:\bfrom|\bimport)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
      found.push({ file: relative(root, file), written: match[1]!, target: relative(root, resolve(dirname(file), match[1]!)) });
    }
  }
  return found;
}

function upwardImports(layer: string): string[] {
  return importsUnder(layer)
    .filter(({ target }) => (FORBIDDEN[layer] ?? []).includes(target.split('/')[0]!) || (CLOSED[layer] ?? []).some((path) => target === path || target.startsWith(`${path}/`)))
    .map(({ file, written }) => `${file} imports ${written}`);
}

/** What a verb module must not import: the words' composer, and the terminal-safety of node text (words only). */
const WORDS_ONLY = ['core/cockpit/verb-text/index.js', 'core/cockpit/verb-text/failure-words.js', 'core/terminal/visible-text.js'];

describe('layering', () => {
  it.each(Object.keys(FORBIDDEN))('%s imports nothing above it', (layer) => {
    expect(upwardImports(layer)).toEqual([]);
  });

  it('surfaces never import the node client: they render what actors answer', () => {
    expect(upwardImports('surfaces')).toEqual([]);
  });

  it('a verb answers data only: its result type has no text field, and no verb module composes words', () => {
    const source = readFileSync(join(root, 'actors/cockpit/verbs/verb.ts'), 'utf8');
    const body = /export interface OnceResult \{([^}]*)\}/.exec(source)?.[1];
    expect(body, 'actors/cockpit/verbs/verb.ts declares OnceResult').toBeDefined();
    const fields = [...body!.matchAll(/^\s*(?:readonly\s+)?(\w+)\??\s*:/gm)].map((m) => m[1]);
    expect(fields).toEqual(['verb', 'status', 'data']);
    const words = importsUnder('actors/cockpit/verbs').filter(({ target }) => WORDS_ONLY.includes(target));
    expect(words.map(({ file, written }) => `${file} imports ${written}`)).toEqual([]);
  });

  it('a verb fails with data: OnceError takes a typed failure (a code and its facts), never words', () => {
    const source = readFileSync(join(root, 'actors/cockpit/verbs/verb.ts'), 'utf8');
    expect(source, 'OnceError is constructed from a VerbFailure').toMatch(/class OnceError extends Error \{[^}]*constructor\(\s*readonly failure: VerbFailure,/);
    const worded: string[] = [];
    for (const entry of readdirSync(join(root, 'actors/cockpit/verbs'), { withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) continue;
      const text = readFileSync(join(root, 'actors/cockpit/verbs', entry.name), 'utf8');
      // Each construction names its code in an object literal; its words live in core/cockpit/verb-text/failure-words.ts.
      for (const match of text.matchAll(/new OnceError\((?!\{ code: '[a-z-]+')[^\n]{0,60}/g)) worded.push(`${entry.name}: ${match[0]}`);
    }
    expect(worded).toEqual([]);
  });
});
