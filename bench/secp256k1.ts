#!/usr/bin/env node
/**
 * Benchmark: secp256k1 per engine (core/swarm/secp256k1/): libsecp256k1 as a Node addon (`native`), libsecp256k1
 * in WebAssembly (`wasm`), @noble/secp256k1 (`noble`), and bee-js 12.1.0's curve for scale. For each, operations
 * per second of what the toolkit does with the curve, through core/swarm/signer.ts as the tools call it:
 *   - sign: signMessage (keccak256, personal digest, RFC 6979 signature),
 *   - recover: recoverMessageSigner (public-key recovery to the 20-byte address),
 *   - public key: privateKeyToAddress (public key from a private key, then its address),
 * the best of 3 rounds each. Every engine's signatures are checked byte for byte against noble's on the same
 * inputs before anything is timed (RFC 6979: one key and message, one signature). Prints the engine picked when
 * none is forced, and the load average (figures only mean something on an otherwise idle machine).
 *
 * Usage: npm run bench:secp256k1 [-- --count N] [--json]
 */
import { loadavg } from 'node:os';
import { PrivateKey } from '@ethersphere/bee-js';
import { bytesToHex } from '../core/swarm/bytes.js';
import { SECP256K1_ENGINE_KINDS, type Secp256k1EngineKind } from '../core/swarm/secp256k1/engine.js';
import { pickSecp256k1Engine } from '../core/swarm/secp256k1/select.js';
import { privateKeyToAddress, randomPrivateKey, recoverMessageSigner, signMessage, useSecp256k1Engine } from '../core/swarm/signer.js';
import { answerHelp } from './lib/usage.js';

const USAGE = `Usage: npm run bench:secp256k1 -- [--count N] [--json]

secp256k1 per engine (libsecp256k1 as a Node addon, in WebAssembly, @noble/secp256k1, and bee-js 12.1.0's curve
for scale): sign, recover and public key per second through core/swarm/signer.ts, best of 3 rounds, after each
engine's signatures are checked against noble's. Prints the engine picked when none is forced, and the load.

  --count N   operations per round (default 1000, at least 10)
  --json      one JSON line instead of the text
`;

const argv = process.argv.slice(2);
answerHelp(USAGE, argv);
const json = argv.includes('--json');
const countAt = argv.indexOf('--count');
const COUNT = countAt >= 0 ? Number(argv[countAt + 1]) : 1000;
if (!Number.isInteger(COUNT) || COUNT < 10) {
  process.stderr.write('bench:secp256k1: --count must be a whole number ≥ 10\n');
  process.exit(1);
}
const ROUNDS = 3;

interface Figures {
  engine: string;
  sign_per_s: number;
  recover_per_s: number;
  public_key_per_s: number;
}

/** Best of ROUNDS of `count` operations, as operations per second. */
function opsPerSecond(count: number, op: (i: number) => void): number {
  let best = Infinity;
  for (let r = 0; r < ROUNDS; r++) {
    const t0 = performance.now();
    for (let i = 0; i < count; i++) op(i);
    best = Math.min(best, performance.now() - t0);
  }
  return Math.round(count / (best / 1000));
}

const key = randomPrivateKey();
const messages = Array.from({ length: COUNT }, (_, i) => new TextEncoder().encode(`bench secp256k1 message ${i}`));
const keys = Array.from({ length: COUNT }, () => randomPrivateKey());

useSecp256k1Engine('noble');
const reference = messages.map((m) => bytesToHex(signMessage(key, m)));

const rows: Figures[] = [];
const unavailable: string[] = [];
for (const kind of SECP256K1_ENGINE_KINDS) {
  try {
    useSecp256k1Engine(kind);
  } catch (err) {
    unavailable.push(`${kind}: ${(err as Error).message.split('\n')[0]}`);
    continue;
  }
  const signatures = messages.map((m) => signMessage(key, m));
  const differs = signatures.findIndex((s, i) => bytesToHex(s) !== reference[i]);
  if (differs >= 0) throw new Error(`${kind}: signature ${differs} differs from noble's (RFC 6979 says they are equal)`);
  rows.push({
    engine: kind,
    sign_per_s: opsPerSecond(COUNT, (i) => signMessage(key, messages[i]!)),
    recover_per_s: opsPerSecond(COUNT, (i) => recoverMessageSigner(signatures[i]!, messages[i]!)),
    public_key_per_s: opsPerSecond(COUNT, (i) => privateKeyToAddress(keys[i]!)),
  });
}
// bee-js's own curve (cafe-utility, BigInt), on a tenth of the inputs: it is slow.
const few = Math.max(10, Math.floor(COUNT / 10));
const beeKey = new PrivateKey(key);
const beeSigs = messages.slice(0, few).map((m) => beeKey.sign(m));
rows.push({
  engine: 'bee-js 12.1.0',
  sign_per_s: opsPerSecond(few, (i) => beeKey.sign(messages[i]!)),
  recover_per_s: opsPerSecond(few, (i) => beeSigs[i]!.recoverPublicKey(messages[i]!).address()),
  public_key_per_s: opsPerSecond(few, (i) => new PrivateKey(keys[i]!).publicKey().address()),
});

const picked = pickSecp256k1Engine().kind as Secp256k1EngineKind;
const load = loadavg().map((l) => l.toFixed(2)).join(' ');
if (json) {
  process.stdout.write(`${JSON.stringify({ count: COUNT, picked, unavailable, load_average: load, rows }, null, 2)}\n`);
} else {
  const noble = rows.find((r) => r.engine === 'noble')!;
  console.log(`secp256k1, ${COUNT} operations per round, best of ${ROUNDS}; load average ${load}; picked by default here: ${picked}`);
  console.log('engine         sign/s   recover/s  public key/s   (x noble: sign, recover, public key)');
  for (const r of rows) {
    const x = (a: number, b: number) => `${(a / b).toPrecision(2)}x`;
    console.log(`${r.engine.padEnd(14)} ${String(r.sign_per_s).padStart(7)} ${String(r.recover_per_s).padStart(11)} ${String(r.public_key_per_s).padStart(13)}   (${x(r.sign_per_s, noble.sign_per_s)}, ${x(r.recover_per_s, noble.recover_per_s)}, ${x(r.public_key_per_s, noble.public_key_per_s)})`);
  }
  for (const u of unavailable) console.log(`not available here: ${u}`);
}
