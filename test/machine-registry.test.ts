import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { machineRegistry } from '../machines/index.js';

const root = fileURLToPath(new URL('..', import.meta.url));

function machineFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return machineFiles(path);
    return entry.name.endsWith('.machine.ts') ? [relative(root, path)] : [];
  });
}

describe('machines/index.ts', () => {
  it('registers every *.machine.ts file, so each gets a diagram and a model test', () => {
    const registered = new Set(machineRegistry.map((entry) => entry.source));
    const missing = machineFiles(join(root, 'machines')).filter((file) => !registered.has(file));
    if (missing.length) throw new Error(`add to machines/index.ts (with a describeMachineModel test): ${missing.join(', ')}`);
  });

  it.each(machineRegistry.map((entry) => [entry.machine.id, entry] as const))('%s has a model test that runs describeMachineModel on it', (_, entry) => {
    expect(existsSync(join(root, entry.source)), entry.source).toBe(true);
    const testFile = join(root, entry.modelTest);
    if (!existsSync(testFile)) throw new Error(`${entry.modelTest} does not exist: write a describeMachineModel test for ${entry.machine.id}`);
    // describeMachineModelAcrossInputs (test/retcheck/model-across-inputs.ts) is the same graph model over several inputs.
    expect(readFileSync(testFile, 'utf8')).toMatch(/describeMachineModel(AcrossInputs)?\(/);
  });
});
