#!/usr/bin/env node
// Writes visualizations/ from the compiled machine registry: run `npm run build` first.
// The generation itself lives in machines/visualize.ts, shared with test/visualizations.test.ts,
// so the test's "stale" means exactly "this script would change the file".
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  process.stdout.write(`Usage: npm run visualize

Writes visualizations/ (a Mermaid diagram and Stately-importable JSON per machine) from the compiled machine
registry, and removes the diagrams of machines no longer registered. npm run visualize builds dist/ first
when it is missing or older than the sources; test/visualizations.test.ts fails when a diagram is stale.
`);
  process.exit(0);
}

const outDir = new URL('../visualizations/', import.meta.url);
let registry;
let visualize;
try {
  registry = await import(new URL('../dist/machines/index.js', import.meta.url).href);
  visualize = await import(new URL('../dist/machines/visualize.js', import.meta.url).href);
} catch (error) {
  console.error(`cannot load dist/machines (${error.message}); run \`npm run build\` first`);
  process.exit(1);
}

const files = visualize.renderVisualizations(registry.machineRegistry);
await mkdir(outDir, { recursive: true });
// The folder holds generated files only: drop diagrams of machines no longer registered.
for (const name of await readdir(outDir)) {
  if (/\.(json|md)$/.test(name) && !files.has(name)) {
    await rm(new URL(name, outDir));
    console.log(`removed visualizations/${name}`);
  }
}
for (const [name, content] of files) {
  await writeFile(new URL(name, outDir), content);
  console.log(`wrote visualizations/${name}`);
}
