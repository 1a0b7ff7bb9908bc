/**
 * `npm run build` bundles every package.json bin in place (scripts/bundle-bins.mjs): the bin's file and its
 * lazy chunks import no package by name at run time, only node: built-ins and relative files, so a start
 * resolves no node_modules tree. (npm test runs the build first.)
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const bins = Object.entries((JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { bin: Record<string, string> }).bin);

/** Specifiers of static and dynamic imports in an ES module's text. */
function specifiers(code: string): string[] {
  return [...code.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1] ?? m[2]!);
}

describe.each(bins)('bin %s', (_name, target) => {
  it('is a bundle: no package is imported by name, only Node built-ins and relative files', () => {
    const entry = join(root, target);
    expect(existsSync(entry), `${target}: run npm run build`).toBe(true);
    const chunkDir = join(dirname(entry), `${basename(entry, '.js')}.chunks`);
    const files = [entry, ...(existsSync(chunkDir) ? readdirSync(chunkDir).filter((f) => f.endsWith('.js')).map((f) => join(chunkDir, f)) : [])];
    for (const file of files) {
      for (const specifier of specifiers(readFileSync(file, 'utf8'))) {
        const builtin = specifier.startsWith('node:') || builtinModules.includes(specifier);
        expect(builtin || specifier.startsWith('.'), `${file} imports ${specifier}`).toBe(true);
      }
    }
  });
});
