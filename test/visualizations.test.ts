import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { machineRegistry } from '../machines/index.js';
import { renderVisualizations, toStatelyConfig } from '../machines/visualize.js';

const dir = new URL('../visualizations/', import.meta.url);
const fix = 'regenerate with `npm run build && npm run visualize` and commit visualizations/';
const expected = renderVisualizations(machineRegistry);

describe('visualizations/', () => {
  it.each([...expected.keys()])('%s exists and matches its machine', (name) => {
    const path = new URL(name, dir);
    if (!existsSync(path)) throw new Error(`visualizations/${name} is missing: ${fix}`);
    if (readFileSync(path, 'utf8') !== expected.get(name)) throw new Error(`visualizations/${name} is stale (the machine changed): ${fix}`);
  });

  it('holds no diagram of a machine that is no longer registered', () => {
    const orphans = readdirSync(dir).filter((name) => /\.(json|md)$/.test(name) && !expected.has(name));
    if (orphans.length) throw new Error(`not in machines/index.ts: ${orphans.join(', ')}: ${fix}`);
  });

  it.each(machineRegistry.map((entry) => [entry.machine.id, entry] as const))('%s.json is a config xstate itself accepts, with the same chart', (_, { machine }) => {
    const config = toStatelyConfig(machine);
    // What Stately's importer does with it: build a machine from the config alone (no implementations).
    const reimported = createMachine(JSON.parse(JSON.stringify(config)));
    expect(toStatelyConfig(reimported)).toEqual(config);
  });
});
