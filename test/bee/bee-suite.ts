/**
 * A real-Bee suite's cluster: the bin under test built first (the tier runs after `npm test`, which builds dist/;
 * a bare checkout builds it here), a Bee cluster started in beforeAll with its progress on stderr, stopped after
 * the suite. Call inside the suite's describe; read `cluster` and `urls` inside tests only.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import { startBeeCluster, type BeeCluster, type BeeClusterOptions } from '../../bee-cluster/cluster.js';

export interface BeeSuite {
  readonly cluster: BeeCluster;
  /** The nodes' API URLs, in order. */
  readonly urls: string[];
}

/** `cli`: the built bin the suite runs (e.g. dist/surfaces/cli/retcheck-bin.js). */
export function beeClusterSuite(options: { readonly cli: string; readonly nodes: number } & Omit<BeeClusterOptions, 'nodes' | 'log'>): BeeSuite {
  let cluster: BeeCluster | undefined;
  let urls: string[] = [];
  const { cli, ...clusterOptions } = options;
  beforeAll(async () => {
    if (!existsSync(cli)) spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    if (!existsSync(cli)) throw new Error(`${cli} is missing and npm run build did not produce it`);
    cluster = await startBeeCluster({ ...clusterOptions, log: (line) => process.stderr.write(`bee-cluster: ${line}\n`) });
    urls = cluster.nodes.map((node) => node.url);
  });
  afterAll(async () => {
    await cluster?.stop();
  });
  return {
    get cluster() {
      if (!cluster) throw new Error('the Bee cluster starts in beforeAll: read it inside a test');
      return cluster;
    },
    get urls() {
      return urls;
    },
  };
}
