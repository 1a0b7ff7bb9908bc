/**
 * CPU cases of the ts runner: this project's core/swarm (keccak on the WebAssembly sponge, the WebAssembly BMT engine,
 * the chunk-tree writer, the secp256k1 signer, mantaray), exactly as the toolkit's own tools call them.
 */
import { bytesEqual, bytesToHex } from '../../../core/swarm/bytes.js';
import { CHUNK_SIZE, makeContentChunk } from '../../../core/swarm/chunk.js';
import { ChunkTreeWriter } from '../../../core/swarm/chunk-tree.js';
import { fastBmt } from '../../../core/swarm/fast-bmt.js';
import { keccak256, keccak256Each } from '../../../core/swarm/keccak.js';
import { manifestReferenceHex } from '../../../core/swarm/manifest-hash.js';
import { createNode } from '../../../core/swarm/mantaray.js';
import { addPath, lookupPath } from '../../../core/swarm/mantaray-paths.js';
import { privateKeyToAddress, randomPrivateKey, recoverMessageSigner, signMessage } from '../../../core/swarm/signer.js';
import type { CaseImpl } from '../../lib/node-runner.js';
import { startKeccakPool, toShared } from '../../lib/keccak-pool.js';
import { lookupPaths, manifestFiles, messages } from '../../lib/case-inputs.js';

const chunkHash: CaseImpl = ({ params, fixture }) => {
  const data = fixture(1);
  const count = params.count!;
  const bytes = params.bytes ?? CHUNK_SIZE;
  const blocks = Math.floor(data.length / bytes);
  return {
    // The client's batch call: two equal-length messages per permutation on WebAssembly SIMD (keccak256Each).
    run: () => {
      const inputs = new Array<Uint8Array>(count);
      for (let i = 0; i < count; i++) {
        const at = (i % blocks) * bytes;
        inputs[i] = data.subarray(at, at + bytes);
      }
      keccak256Each(inputs);
    },
    bytes: count * bytes,
    units: count,
    unit: 'hash',
  };
};

const bulk: CaseImpl = ({ params, fixture }) => {
  const data = fixture(params.size_mb!);
  return { run: () => bytesToHex(keccak256(data)), bytes: data.length, units: 1, unit: 'hash' };
};

const parallel: CaseImpl = async ({ params, fixture }) => {
  const data = fixture(params.size_mb!);
  const shared = toShared(data);
  const pool = await startKeccakPool('core');
  const blocks = Math.ceil(data.length / CHUNK_SIZE);
  return {
    run: async () => {
      const n = await pool.hashBlocks(shared, CHUNK_SIZE);
      if (n !== blocks) throw new Error(`hashed ${n} blocks, expected ${blocks}`);
    },
    after: () => pool.close(),
    bytes: data.length,
    units: blocks,
    unit: 'hash',
  };
};

const chunkAddress: CaseImpl = ({ params, fixture }) => {
  const data = fixture(1);
  const count = params.count!;
  const blocks = Math.floor(data.length / CHUNK_SIZE);
  const bmt = fastBmt();
  return {
    run: () => {
      let last = '';
      for (let i = 0; i < count; i++) {
        const at = (i % blocks) * CHUNK_SIZE;
        last = bytesToHex(makeContentChunk(data.subarray(at, at + CHUNK_SIZE), undefined, bmt).address);
      }
      return last;
    },
    bytes: count * CHUNK_SIZE,
    units: count,
    unit: 'chunk',
  };
};

const fileRoot: CaseImpl = ({ params, fixture }) => {
  const data = fixture(params.size_mb!);
  return {
    run: () => {
      const writer = new ChunkTreeWriter();
      writer.write(data);
      return bytesToHex(writer.finish().reference);
    },
    bytes: data.length,
    units: Math.ceil(data.length / CHUNK_SIZE),
    unit: 'leaf chunk',
  };
};

const sign: CaseImpl = ({ params }) => {
  const key = randomPrivateKey();
  const inputs = messages(params.count!);
  return {
    run: () => {
      for (const m of inputs) signMessage(key, m);
    },
    bytes: 0,
    units: inputs.length,
    unit: 'signature',
  };
};

const verify: CaseImpl = ({ params }) => {
  const key = randomPrivateKey();
  const address = privateKeyToAddress(key);
  const inputs = messages(params.count!);
  const signatures = inputs.map((m) => signMessage(key, m));
  return {
    run: () => {
      // The recovered address compared as bytes, as the Go (bytes.Equal) and Rust (==) runners compare it.
      for (let i = 0; i < inputs.length; i++) {
        if (!bytesEqual(recoverMessageSigner(signatures[i]!, inputs[i]!), address)) throw new Error('recovered a different signer');
      }
    },
    bytes: 0,
    units: inputs.length,
    unit: 'recovery',
  };
};

const identity: CaseImpl = ({ params }) => ({
  run: () => {
    for (let i = 0; i < params.count!; i++) privateKeyToAddress(randomPrivateKey());
  },
  bytes: 0,
  units: params.count!,
  unit: 'identity',
});

const manifestHash: CaseImpl = ({ params }) => {
  const files = manifestFiles(params.files!);
  return {
    run: () => {
      const root = createNode();
      for (const f of files) addPath(root, f.path, f.reference, { 'Content-Type': f.contentType, Filename: f.name });
      return manifestReferenceHex(root);
    },
    bytes: 0,
    units: files.length,
    unit: 'file',
  };
};

const manifestLookup: CaseImpl = ({ params }) => {
  const files = manifestFiles(params.entries!);
  const root = createNode();
  for (const f of files) addPath(root, f.path, f.reference);
  const queries = lookupPaths(files, params.finds!, params.hit_ratio!);
  return {
    run: () => {
      let hits = 0;
      for (const q of queries) if (lookupPath(root, q) !== undefined) hits++;
      return String(hits);
    },
    bytes: 0,
    units: queries.length,
    unit: 'lookup',
  };
};

export const cpuCases: Record<string, CaseImpl> = {
  'cpu.keccak.chunk-hash': chunkHash,
  'cpu.keccak.bulk': bulk,
  'cpu.keccak.parallel': parallel,
  'cpu.bmt.chunk-address': chunkAddress,
  'cpu.bmt.file-root': fileRoot,
  'cpu.ecdsa.sign-1000': sign,
  'cpu.ecdsa.verify-1000': verify,
  'cpu.identity.create': identity,
  'cpu.manifest.hash-50files': manifestHash,
  'cpu.manifest.lookup-large': manifestLookup,
};
