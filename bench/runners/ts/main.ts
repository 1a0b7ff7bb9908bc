#!/usr/bin/env node
/** The ts runner: this project's node client (actors/node-client) and core/swarm. See bench/lib/node-runner.ts. */
import { readFileSync } from 'node:fs';
import { keccakEngineKind } from '../../../core/swarm/keccak.js';
import { secp256k1 } from '../../../core/swarm/signer.js';
import { runNodeRunner } from '../../lib/node-runner.js';
import { clientFor, netCases } from './cases-net.js';
import { cpuCases } from './cases-cpu.js';

const pkg = JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as { name: string; version: string };
/** The engines core/swarm picked in this process (the fastest that loads), named in every report. */
const SECP_ENGINES = { native: 'libsecp256k1 (native addon)', wasm: 'libsecp256k1 (WebAssembly)', noble: '@noble/secp256k1' } as const;
const engines = `keccak ${keccakEngineKind() === 'wasm' ? 'WebAssembly sponge' : '@noble/hashes'}, secp256k1 ${SECP_ENGINES[secp256k1().kind]}`;

process.exitCode = await runNodeRunner(
  {
    runner: 'ts',
    client: {
      name: `${pkg.name} node-client + core/swarm`,
      version: pkg.version,
      language: 'TypeScript (Node.js)',
      note: `this project: actors/node-client on its raw wire (node:http behind it for streamed uploads) and core/swarm (WebAssembly BMT; ${engines})`,
    },
    cases: { ...cpuCases, ...netCases },
    warmUp: (nodeUrl, token) => clientFor({ nodeUrl, token }).health(),
    async checkBatch(nodeUrl, batchId, token) {
      const lookup = await clientFor({ nodeUrl, token }).stamp(batchId);
      if (!lookup.found) return `${lookup.reason} (HTTP ${lookup.status}: ${lookup.message})`;
      return lookup.batch.usable ? undefined : 'the node says usable: false';
    },
  },
  process.argv.slice(2),
  process.env,
);
