/**
 * Bee's Go profiles (net/http/pprof), as Bee v2.8.1 mounts them on its API port (pkg/api/router.go
 * mountTechnicalDebug: root only, no flag), shaped as Go answers them:
 * - `/debug/pprof/profile?seconds=N` samples for N seconds (Go's default 30) before it answers a gzipped
 *   protobuf Profile (`application/octet-stream`, `attachment; filename="profile"`); a missing or bad `seconds`
 *   means 30, as in Go (Bee sets no WriteTimeout, so Go's "profile duration exceeds WriteTimeout" 400 never comes);
 * - `/debug/pprof/heap` a gzipped protobuf Profile at once (`debug=1` is the text form);
 * - `/debug/pprof/goroutine?debug=2` every goroutine's stack as text; `debug=0` is a gzipped protobuf;
 * - `/debug/pprof/` the index page (text/html).
 * The protobufs are small but real Profile messages (sample types, a string table, time and duration), so
 * `go tool pprof` opens them; there are no samples: the devnet has no Go runtime to sample.
 */
import { gzipSync } from 'node:zlib';
import type { DevnetResponse, RouteDef } from '../http/router.js';

/** Protobuf: a varint. */
function varint(value: number): number[] {
  const out: number[] = [];
  let v = value;
  while (v >= 0x80) {
    out.push((v % 0x80) | 0x80);
    v = Math.floor(v / 0x80);
  }
  out.push(v);
  return out;
}

const field = (number: number, wire: 0 | 2) => varint(number * 8 + wire);
const bytesField = (number: number, bytes: readonly number[]) => [...field(number, 2), ...varint(bytes.length), ...bytes];
const numberField = (number: number, value: number) => [...field(number, 0), ...varint(value)];
const text = (s: string) => [...new TextEncoder().encode(s)];

/**
 * A perftools.profiles.Profile: sample_type (1), string_table (6), time_nanos (9), duration_nanos (10),
 * period_type (11), period (12), as runtime/pprof writes them, without samples.
 */
export function profileProto(kind: 'cpu' | 'heap', durationNanos: number, nowMs = Date.now()): Uint8Array {
  const strings = kind === 'cpu' ? ['', 'samples', 'count', 'cpu', 'nanoseconds'] : ['', 'alloc_objects', 'count', 'alloc_space', 'bytes', 'inuse_objects', 'inuse_space', 'space'];
  const valueType = (type: number, unit: number) => [...numberField(1, type), ...numberField(2, unit)];
  const sampleTypes = kind === 'cpu' ? [valueType(1, 2), valueType(3, 4)] : [valueType(1, 2), valueType(3, 4), valueType(5, 2), valueType(6, 4)];
  const message = [
    ...sampleTypes.flatMap((t) => bytesField(1, t)),
    ...strings.flatMap((s) => bytesField(6, text(s))),
    ...numberField(9, nowMs * 1_000_000),
    ...numberField(10, durationNanos),
    ...bytesField(11, kind === 'cpu' ? valueType(3, 4) : valueType(7, 4)),
    ...numberField(12, kind === 'cpu' ? 10_000_000 : 512 * 1024),
  ];
  return new Uint8Array(gzipSync(Uint8Array.from(message)));
}

const octets = (body: Uint8Array, filename: string): DevnetResponse => ({
  status: 200,
  headers: { 'content-type': 'application/octet-stream', 'content-disposition': `attachment; filename="${filename}"`, 'x-content-type-options': 'nosniff' },
  body,
});

const plain = (body: string): DevnetResponse => ({ status: 200, headers: { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' }, body: new TextEncoder().encode(body) });

/** What a Go program's goroutine dump (debug=2) looks like: a header line, the stack, a blank line. */
function goroutineDump(node: { index: number }): string {
  return [
    'goroutine 1 [running]:',
    'runtime/pprof.writeGoroutineStacks({0x1d3a0a0, 0xc000f8a0e0})',
    '\t/usr/local/go/src/runtime/pprof/pprof.go:761 +0x6a',
    'net/http/pprof.handler.ServeHTTP({0xc00079c351, 0x9}, {0x1d4f8f0, 0xc000f8a0e0}, 0xc0001b6a00)',
    '\t/usr/local/go/src/net/http/pprof/pprof.go:272 +0x4b1',
    '',
    `goroutine 7 [select, 3 minutes]:`,
    `github.com/ethersphere/bee/v2/pkg/devnet.(*node).run(0x${(0xc000100000 + node.index).toString(16)})`,
    '\t/devnet/node.go:1 +0x1d',
    'created by github.com/ethersphere/bee/v2/pkg/devnet.start in goroutine 1',
    '\t/devnet/node.go:1 +0x2f',
    '',
  ].join('\n');
}

export const pprofRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: '/debug/pprof/profile',
    rootOnly: true,
    handle: async (req) => {
      // Go's pprof.Profile: a missing, unparsable or non-positive `seconds` is its default 30 (seen on Bee 2.8.1).
      const raw = Number(req.query.get('seconds') ?? '');
      const seconds = Number.isSafeInteger(raw) && raw > 0 ? raw : 30;
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      return octets(profileProto('cpu', seconds * 1e9), 'profile');
    },
  },
  {
    method: 'GET',
    path: '/debug/pprof/heap',
    rootOnly: true,
    handle: (req) => (req.query.get('debug') === '1' ? plain('heap profile: 0: 0 [0: 0] @ heap/1048576\n') : octets(profileProto('heap', 0), 'heap')),
  },
  {
    method: 'GET',
    path: '/debug/pprof/goroutine',
    rootOnly: true,
    handle: (req, node) => (req.query.get('debug') === '2' ? plain(goroutineDump(node)) : octets(profileProto('heap', 0), 'goroutine')),
  },
  {
    method: 'GET',
    path: '/debug/pprof/',
    rootOnly: true,
    handle: () => ({
      status: 200,
      headers: { 'content-type': 'text/html; charset=utf-8' },
      body: new TextEncoder().encode('<html><head><title>/debug/pprof/</title></head><body>/debug/pprof/<br><p>Set debug=1 as a query parameter to export in legacy text format</p><a href="goroutine?debug=1">goroutine</a> <a href="heap?debug=1">heap</a> <a href="profile?seconds=30">profile</a></body></html>\n'),
    }),
  },
];
