#!/usr/bin/env node
// Bundles every bin listed in package.json "bin" (run by `npm run build`, after tsc): each bin's compiled
// entry (dist/....js) is replaced by a bundle of itself, its imports and their packages, so starting a bin
// reads one file instead of resolving hundreds of modules. Dynamic `import()`s stay lazy: they become chunks
// beside the bin (dist/<dir>/<bin>.chunks/), loaded only when reached, so a command loads what it needs.
//
// Automatic for new bins: add the bin to package.json "bin" (pointing at its tsc output under dist/) and
// `npm run build` bundles it. A module that locates files through `import.meta.url` (a worker script, the
// package.json) is left out of the bundle and imported from its own place in dist/, where those paths hold.
//
//   node scripts/bundle-bins.mjs          bundle every bin in place (dist/ must be built by tsc first)
import { chmodSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const bins = Object.entries(pkg.bin ?? {});

/** Our compiled modules that find files relative to themselves: imported from dist, not bundled. */
function keepsItsPlace(id) {
  if (!id.startsWith(join(root, 'dist') + '/') || !id.endsWith('.js')) return false;
  return readFileSync(id, 'utf8').includes('import.meta.url');
}

/**
 * ink loads `react-devtools-core` only under DEV=true and does not depend on it (it is not installed). In a
 * bundle that import would be a package by name; a stub that says so takes its place.
 */
const DEVTOOLS_STUB = '\0react-devtools-core-stub';
const optionalDevtools = {
  name: 'optional-react-devtools',
  resolveId: (source) => (source === 'react-devtools-core' ? DEVTOOLS_STUB : null),
  load: (id) =>
    id === DEVTOOLS_STUB
      ? 'const missing = () => { throw new Error("react-devtools-core is not installed: DEV=true needs it beside the unbundled sources"); };\nexport default { initialize: missing, connectToDevTools: missing };\n'
      : null,
};

const started = performance.now();
for (const [name, target] of bins) {
  const entry = join(root, target);
  if (!existsSync(entry)) throw new Error(`bin ${name}: ${target} does not exist; run tsc first (npm run build)`);
  const chunkDir = `${basename(entry, '.js')}.chunks`;
  rmSync(join(dirname(entry), chunkDir), { recursive: true, force: true });
  const bundle = await rolldown({
    input: entry,
    platform: 'node',
    // Absolute ids of the modules left in place are written as paths relative to each output file.
    makeAbsoluteExternalsRelative: true,
    external: (id, importer, isResolved) => isResolved && id !== entry && keepsItsPlace(id),
    plugins: [optionalDevtools],
    // A bin is the production program: React (the terminal cockpit's Ink face) picks its production build by
    // `process.env.NODE_ENV` at run time, and with it unset ran its development build (slower renders, every
    // dev-only check, and both builds in the bundle). Fixed here, the other branch is dropped from the bundle.
    transform: { define: { 'process.env.NODE_ENV': '"production"' } },
    logLevel: 'warn',
    onLog: (level, log) => {
      // Circular imports inside packages (zod, undici) are theirs, and harmless.
      if (log.code !== 'CIRCULAR_DEPENDENCY') console.warn(`bundle ${name}: ${log.message}`);
    },
  });
  await bundle.write({
    dir: dirname(entry),
    format: 'esm',
    entryFileNames: basename(entry),
    chunkFileNames: `${chunkDir}/[name]-[hash].js`,
    sourcemap: true,
    // Packages' JSDoc is for their readers, not for a start-up; it also quotes import lines (ink's docs do).
    comments: { jsdoc: false, legal: true, annotation: true },
  });
  await bundle.close();
  // The bin runs as a program (npx, npm link, a shebang in the PATH): npm marks bin targets executable only when it
  // installs or links a package, and in a fresh checkout dist/ does not exist yet when `npm ci` runs.
  chmodSync(entry, 0o755);
}
console.log(`bundled ${bins.map(([name]) => name).join(', ')} in ${Math.round(performance.now() - started)} ms`);
