/**
 * Creation bytecode and ABIs of the Swarm storage-incentive contracts, taken from the exact
 * `go-storage-incentives-abi` version bee pins (bee-cluster/go prints them). Bee loads these same
 * Testnet ABIs for any unknown chain id, so deploying these bins keeps chain and node in step.
 * The JSON is cached per module version under ~/.cache/node-toolkit.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { z } from 'zod';
import type { AbiEntry } from './abi.js';
import { repoRoot } from './paths.js';

const run = promisify(execFile);

export const CONTRACT_NAMES = ['BzzToken', 'Staking', 'PostageStamp', 'PriceOracle', 'Redistribution', 'SimpleSwapFactory', 'SwapPriceOracle'] as const;
export type ContractName = (typeof CONTRACT_NAMES)[number];

export interface ContractArtifact {
  bin: string;
  abi: AbiEntry[];
}
export type ContractArtifacts = Record<ContractName, ContractArtifact>;

const paramSchema = z.object({ name: z.string(), type: z.string() }).passthrough();
const artifactSchema = z.object({
  bin: z.string().regex(/^0x[0-9a-fA-F]+$/),
  abi: z.array(
    z.object({ type: z.string(), name: z.string().optional(), inputs: z.array(paramSchema).optional() }).passthrough(),
  ),
});
const artifactsSchema = z.object(Object.fromEntries(CONTRACT_NAMES.map((n) => [n, artifactSchema])) as Record<ContractName, typeof artifactSchema>);

/** The contract module versions the Go program requires (storage incentives, swap, swap price oracle): the cache key. */
export function incentivesAbiVersion(goDir: string): string {
  const goMod = readFileSync(join(goDir, 'go.mod'), 'utf8');
  const version = (module: string): string => {
    const match = new RegExp(`github\\.com/ethersphere/${module}\\s+(v\\S+)`).exec(goMod);
    if (!match) throw new Error(`${goDir}/go.mod does not require github.com/ethersphere/${module}`);
    return match[1]!;
  };
  return `${version('go-storage-incentives-abi')}-sw3-${version('go-sw3-abi')}-oracle-${version('go-price-oracle-abi')}`;
}

export function defaultCacheDir(): string {
  return process.env.NODE_TOOLKIT_CACHE ?? join(homedir(), '.cache', 'node-toolkit');
}

export async function loadContractArtifacts(cacheDir = defaultCacheDir()): Promise<ContractArtifacts> {
  const goDir = join(repoRoot(), 'bee-cluster', 'go');
  const cacheFile = join(cacheDir, `contracts-${incentivesAbiVersion(goDir)}.json`);
  if (!existsSync(cacheFile)) {
    const { stdout } = await run('go', ['run', '.'], { cwd: goDir, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, CGO_ENABLED: '0' } });
    artifactsSchema.parse(JSON.parse(stdout));
    mkdirSync(dirname(cacheFile), { recursive: true });
    // Write then rename so a concurrent reader never sees half a file.
    writeFileSync(cacheFile + '.tmp', stdout);
    renameSync(cacheFile + '.tmp', cacheFile);
  }
  return artifactsSchema.parse(JSON.parse(readFileSync(cacheFile, 'utf8'))) as ContractArtifacts;
}
