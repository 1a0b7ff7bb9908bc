/**
 * CPU cases of the js runner: bee-js 12.1.0's own primitives (Bytes.keccak256, its content-addressed chunk and
 * MerkleTree from cafe-utility, PrivateKey / Signature, MantarayNode), called the way a bee-js user would.
 */
import { randomBytes } from 'node:crypto';
import { Bee, Bytes, MantarayNode, MerkleTree, PrivateKey, Signature } from '@ethersphere/bee-js';
import type { CaseImpl } from '../../lib/node-runner.js';
import { startKeccakPool, toShared } from '../../lib/keccak-pool.js';
import { lookupPaths, manifestFiles, messages } from '../../lib/case-inputs.js';

const CHUNK = 4096;
/** Only for the pure chunk helpers (no request is made). */
const offline = new Bee('http://127.0.0.1:9');

const chunkHash: CaseImpl = ({ params, fixture }) => {
  const data = fixture(1);
  const count = params.count!;
  const bytes = params.bytes ?? CHUNK;
  const blocks = Math.floor(data.length / bytes);
  return {
    run: () => {
      for (let i = 0; i < count; i++) Bytes.keccak256(data.subarray((i % blocks) * bytes, (i % blocks) * bytes + bytes));
    },
    bytes: count * bytes,
    units: count,
    unit: 'hash',
  };
};

const bulk: CaseImpl = ({ params, fixture }) => {
  const data = fixture(params.size_mb!);
  return { run: () => Bytes.keccak256(data).toHex(), bytes: data.length, units: 1, unit: 'hash' };
};

const parallel: CaseImpl = async ({ params, fixture }) => {
  const data = fixture(params.size_mb!);
  const shared = toShared(data);
  const pool = await startKeccakPool('bee-js');
  const blocks = Math.ceil(data.length / CHUNK);
  return {
    run: async () => {
      const n = await pool.hashBlocks(shared, CHUNK);
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
  const blocks = Math.floor(data.length / CHUNK);
  return {
    run: () => {
      let last = '';
      for (let i = 0; i < count; i++) {
        last = offline.makeContentAddressedChunk(data.subarray((i % blocks) * CHUNK, (i % blocks) * CHUNK + CHUNK)).address.toHex();
      }
      return last;
    },
    bytes: count * CHUNK,
    units: count,
    unit: 'chunk',
  };
};

const fileRoot: CaseImpl = ({ params, fixture }) => {
  const data = fixture(params.size_mb!);
  return {
    run: async () => new Bytes((await MerkleTree.root(data)).hash()).toHex(),
    bytes: data.length,
    units: Math.ceil(data.length / CHUNK),
    unit: 'leaf chunk',
  };
};

const sign: CaseImpl = ({ params }) => {
  const key = new PrivateKey(randomBytes(32));
  const inputs = messages(params.count!);
  return {
    run: () => {
      for (const m of inputs) key.sign(m);
    },
    bytes: 0,
    units: inputs.length,
    unit: 'signature',
  };
};

const verify: CaseImpl = ({ params }) => {
  const key = new PrivateKey(randomBytes(32));
  const address = key.publicKey().address();
  const inputs = messages(params.count!);
  const signatures: Signature[] = inputs.map((m) => key.sign(m));
  return {
    run: () => {
      for (let i = 0; i < inputs.length; i++) {
        if (!signatures[i]!.recoverPublicKey(inputs[i]!).address().equals(address)) throw new Error('recovered a different signer');
      }
    },
    bytes: 0,
    units: inputs.length,
    unit: 'recovery',
  };
};

const identity: CaseImpl = ({ params }) => ({
  run: () => {
    for (let i = 0; i < params.count!; i++) new PrivateKey(randomBytes(32)).publicKey().address();
  },
  bytes: 0,
  units: params.count!,
  unit: 'identity',
});

const manifestHash: CaseImpl = ({ params }) => {
  const files = manifestFiles(params.files!);
  return {
    run: async () => {
      const root = new MantarayNode();
      for (const f of files) root.addFork(f.path, f.reference, { 'Content-Type': f.contentType, Filename: f.name });
      return (await root.calculateSelfAddress()).toHex();
    },
    bytes: 0,
    units: files.length,
    unit: 'file',
  };
};

const manifestLookup: CaseImpl = ({ params }) => {
  const files = manifestFiles(params.entries!);
  const root = new MantarayNode();
  for (const f of files) root.addFork(f.path, f.reference);
  const queries = lookupPaths(files, params.finds!, params.hit_ratio!);
  return {
    run: () => {
      let hits = 0;
      for (const q of queries) if (root.find(q) !== null) hits++;
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
