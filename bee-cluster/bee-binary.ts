/** Finds the cached real Bee binary, building it (bee-cluster/build-bee.sh) on first use. */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { defaultCacheDir } from './contract-artifacts.js';
import { repoRoot } from './paths.js';

export const BEE_VERSION = 'v2.8.1';

export function cachedBeePath(version = BEE_VERSION, cacheDir = defaultCacheDir()): string {
  return join(cacheDir, 'bee', version, 'bee');
}

export async function ensureBeeBinary(log: (line: string) => void = () => {}, version = BEE_VERSION): Promise<string> {
  const path = cachedBeePath(version);
  if (existsSync(path)) return path;
  log(`building bee ${version} (first run only; several minutes on a busy machine)`);
  await new Promise<void>((resolve, reject) => {
    const child = spawn('bash', [join(repoRoot(), 'bee-cluster', 'build-bee.sh')], {
      env: { ...process.env, BEE_VERSION: version },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      for (const line of chunk.toString().split('\n')) if (line.trim()) log(line);
    });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`build-bee.sh exited with ${code}: ${stderr.slice(-800)}`))));
  });
  if (!existsSync(path)) throw new Error(`build-bee.sh finished but ${path} is missing`);
  return path;
}
