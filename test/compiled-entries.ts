/**
 * Test support: compiles entry points (bins, worker scripts) and everything they import with the repo's
 * tsc into test-output/<name>/, so tests can spawn real Node processes and worker threads on current
 * sources without depending on a fresh `npm run build`. Each caller uses its own directory, so parallel
 * test files never write the same files.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join, relative } from 'node:path';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** Compiles `entries` (repo-relative .ts paths); returns a function mapping a repo-relative .ts path to its compiled .js file. */
export function compileEntries(name: string, entries: readonly string[]): (sourcePath: string) => string {
  const outDir = join(repoRoot, 'test-output', name);
  mkdirSync(outDir, { recursive: true });
  const back = relative(outDir, repoRoot);
  const config = {
    extends: join(back, 'tsconfig.json'),
    compilerOptions: { noEmit: false, outDir: '.', rootDir: back, sourceMap: false },
    files: entries.map((entry) => join(back, entry)),
    include: [],
  };
  writeFileSync(join(outDir, 'tsconfig.json'), JSON.stringify(config, null, 2));
  try {
    execFileSync(process.execPath, [join(repoRoot, 'node_modules/typescript/bin/tsc'), '-p', join(outDir, 'tsconfig.json')], { stdio: 'pipe' });
  } catch (error) {
    // Type errors elsewhere in the repo still emit; only a missing output is fatal (checked by the caller's spawn).
    const output = String((error as { stdout?: Buffer }).stdout ?? '');
    if (!/error TS/.test(output)) throw error;
  }
  return (sourcePath) => join(outDir, sourcePath.replace(/\.ts$/, '.js'));
}
