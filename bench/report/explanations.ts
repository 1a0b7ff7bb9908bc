/**
 * Why the ts runner (this project) is behind on a row, from what was measured: this run's own figures for the
 * net rows, and for the CPU rows the engine each family runs on with the bench script that measures it. No
 * cause is named that a script in bench/ does not measure.
 *
 * Net rows, in order:
 * 1. within this run's spread: ts's fastest timed iteration is no slower than the fastest runner's slowest one;
 * 2. client CPU: ts's process CPU per iteration exceeds the fastest runner's by at least half the wall-time gap
 *    (bench:client-calls gives the client's CPU per call on each wire);
 * 3. otherwise the gap is waiting on the node, not work in the client (CPU figures say so).
 */
import type { Row } from './model.js';

const NATIVE_KECCAK = 'keccak-f[1600] as V8 compiles our WebAssembly sponge kernel against Go\'s assembly (x/crypto/sha3) and Rust\'s sha3 crate: npm run bench:cpu-gaps times the kernel alone against keccak256() (the call adds about 2 %)';

/** CPU families: what ts runs the row on, and the script that measures that engine against the others. */
const CPU_CAUSES: ReadonlyArray<readonly [prefix: string, cause: string]> = [
  ['cpu.keccak.parallel', `${NATIVE_KECCAK}, plus a job's fixed cost (waking the workers, their replies), which bench:cpu-gaps prints`],
  ['cpu.keccak', NATIVE_KECCAK],
  ['cpu.bmt', 'the BMT on our WebAssembly SIMD keccak kernel against native code; npm run bench:hash prints our MB/s, one thread and all cores'],
  ['cpu.ecdsa', 'the secp256k1 addon core/swarm loads (runner note) is secp256k1@5\'s older libsecp256k1 (inversions by exponentiation, 4-bit ecmult_gen table) against the newer libsecp256k1 in Rust; npm run bench:cpu-gaps times the addon\'s own call against the toolkit\'s and reads the addon\'s build flags'],
  ['cpu.identity', 'a public key from secp256k1@5\'s older libsecp256k1 addon (runner note) plus keccak256; npm run bench:cpu-gaps times the addon\'s own call against the toolkit\'s'],
  ['cpu.manifest.lookup', 'a sub-millisecond row timed while V8 still tiers the lookup code up and collects the setup\'s garbage: npm run bench:cpu-gaps prints per-lookup CPU in the first rounds after the index is built against warm'],
  ['cpu.manifest', 'mantaray in JavaScript (a chunk-tree hash per node) against native code'],
];

const ms = (v: number) => (v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2));

export function explainGap(row: Row): string {
  const best = row.best!;
  const ts = row.cells.ts!;
  const top = row.cells[best]!;
  if (row.kind === 'cpu') {
    for (const [prefix, cause] of CPU_CAUSES) if (row.id.startsWith(prefix)) return best === 'js' ? `bee-js was faster in this run (${cause})` : cause;
    return 'no measurement of this family yet';
  }
  const tsFastest = Math.min(...ts.iterations_ms);
  const topSlowest = Math.max(...top.iterations_ms);
  const spreads = `ts ${ms(tsFastest)}–${ms(Math.max(...ts.iterations_ms))} ms, ${best} ${ms(Math.min(...top.iterations_ms))}–${ms(topSlowest)} ms`;
  if (tsFastest <= topSlowest) return `within this run's spread (${spreads})`;
  const gap = ts.median_ms! - top.median_ms!;
  const tsCpu = ts.cpu_ms_median;
  const topCpu = top.cpu_ms_median;
  if (tsCpu === null || topCpu === null) return `slower beyond the spread (${spreads}); no CPU figures to tell client from node`;
  const cpu = `ts used ${ms(tsCpu)} ms of CPU per iteration, ${best} ${ms(topCpu)} ms`;
  if (tsCpu - topCpu >= gap / 2) return `client CPU: ${cpu}, of a ${ms(gap)} ms gap (${spreads}); npm run bench:client-calls gives the client's CPU per call on each wire`;
  return `waiting on the node, not client work: ${cpu}, against a ${ms(gap)} ms gap in wall time (${spreads})`;
}
