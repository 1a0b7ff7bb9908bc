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

function upwardImports(layer: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(join(root, layer), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue;
    const file = join(entry.parentPath ?? entry.path, entry.name);
    for (const match of readFileSync(file, 'utf8').matchAll(/(?:\bfrom|\bimport)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
      const target = relative(root, resolve(dirname(file), match[1]!));
      const closed = (CLOSED[layer] ?? []).some((path) => target === path || target.startsWith(`${path}/`));
      if ((FORBIDDEN[layer] ?? []).includes(target.split('/')[0]!) || closed) found.push(`${relative(root, file)} imports ${match[1]}`);
    }
  }
  return found;
}

describe('layering', () => {
  it.each(Object.keys(FORBIDDEN))('%s imports nothing above it', (layer) => {
    expect(upwardImports(layer)).toEqual([]);
  });

  it('surfaces never import the node client: they render what actors answer', () => {
    expect(upwardImports('surfaces')).toEqual([]);
  });
});
