#!/usr/bin/env node
/** The js runner: bee-js 12.1.0 (the JavaScript client). See bench/lib/node-runner.ts. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { runNodeRunner } from '../../lib/node-runner.js';
import { beeFor, netCases } from './cases-net.js';
import { cpuCases } from './cases-cpu.js';

const require = createRequire(import.meta.url);
/** bee-js's package.json is not exported: find it above its resolved entry point. */
function beeJsVersion(): string {
  let dir = dirname(require.resolve('@ethersphere/bee-js'));
  for (let i = 0; i < 5; i++, dir = dirname(dir)) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version: string };
      if (pkg.name === '@ethersphere/bee-js') return pkg.version;
    } catch {
      // not here: go up
    }
  }
  return 'unknown';
}


process.exitCode = await runNodeRunner(
  {
    runner: 'js',
    client: { name: '@ethersphere/bee-js', version: beeJsVersion(), language: 'JavaScript (Node.js)', note: 'the JavaScript client, pinned as a devDependency' },
    cases: { ...cpuCases, ...netCases },
    warmUp: (nodeUrl, token) => beeFor({ nodeUrl, token }).getHealth(),
    async checkBatch(nodeUrl, batchId, token) {
      try {
        const batch = await beeFor({ nodeUrl, token }).getPostageBatch(batchId);
        return batch.usable ? undefined : 'the node says usable: false';
      } catch (err) {
        const status = (err as { status?: number }).status;
        if (status === 404 || status === 400) return `not found (HTTP ${status})`;
        throw err;
      }
    },
  },
  process.argv.slice(2),
  process.env,
);
