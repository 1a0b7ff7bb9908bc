/**
 * Locates the repository from this module's own file (works from bee-cluster/ and dist/bee-cluster/),
 * falling back to the working directory for builds emitted elsewhere.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findUp(start: string): string | undefined {
  let dir = start;
  for (;;) {
    if (existsSync(join(dir, 'bee-cluster', 'go', 'go.mod'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

export function repoRoot(): string {
  const root = findUp(dirname(fileURLToPath(import.meta.url))) ?? findUp(process.cwd());
  if (!root) throw new Error(`cannot find the repository root (bee-cluster/go/go.mod) above ${fileURLToPath(import.meta.url)} or ${process.cwd()}`);
  return root;
}

/**
 * The platform binary that @foundry-rs/anvil ships in an optional dependency. Spawning it directly,
 * not the node_modules/.bin/anvil Node wrapper, saves a Node process and makes the listening process
 * the group leader.
 */
export function anvilBinary(): string {
  const arch = process.arch === 'x64' ? 'amd64' : process.arch;
  const direct = join(repoRoot(), 'node_modules', '@foundry-rs', `anvil-${process.platform}-${arch}`, 'bin', 'anvil');
  return existsSync(direct) ? direct : join(repoRoot(), 'node_modules', '.bin', 'anvil');
}
