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
 * Anvil's platform binary package (@foundry-rs/anvil-<os>-<arch>), an optional dependency of this project.
 * We depend on it directly rather than on the @foundry-rs/anvil wrapper: the npm registry reachable here
 * serves only the linux x64 build, and the wrapper's other platform packages would break `npm ci`.
 * Spawning the binary directly also makes the listening process the group leader.
 */
export function anvilBinary(): string {
  const arch = process.arch === 'x64' ? 'amd64' : process.arch;
  const pkg = `@foundry-rs/anvil-${process.platform}-${arch}`;
  const direct = join(repoRoot(), 'node_modules', pkg, 'bin', 'anvil');
  if (existsSync(direct)) return direct;
  throw new Error(`Anvil not found at ${direct}: install ${pkg} (npm install --no-save ${pkg}@1.7.1); the real-Bee tier needs it`);
}
