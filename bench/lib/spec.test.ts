import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { KNOWN_CASE_IDS } from './catalogue.js';
import { expandSpec, fixtureSizes, parseSpec, SpecError } from './spec.js';

const specPath = new URL('../bench-spec.json', import.meta.url);
const specBytes = readFileSync(specPath);
const specJson = () => JSON.parse(specBytes.toString('utf8')) as { cases: Record<string, unknown>[]; [k: string]: unknown };
const parse = (json: unknown) => parseSpec(Buffer.from(JSON.stringify(json)), 'test-spec.json');

describe('bench spec', () => {
  it('bench-spec.json has every case family of spec 3 with its parameters', () => {
    const { spec } = parseSpec(specBytes, 'bench-spec.json');
    const ids = spec.cases.map((c) => c.id);
    expect(ids).toEqual([...KNOWN_CASE_IDS]);
    for (const id of ['cpu.keccak.bulk', 'cpu.keccak.parallel', 'cpu.bmt.file-root', 'cpu.ecdsa.sign-1000', 'cpu.ecdsa.verify-1000', 'cpu.identity.create', 'cpu.manifest.hash-50files', 'cpu.manifest.lookup-large', 'net.stamps.list', 'net.stamps.concurrent', 'net.feed.write-read.fresh', 'net.feed.write-read.warm', 'net.bzz.upload', 'net.bzz.upload.encrypted', 'net.bytes.upload', 'net.bzz.upload.parallel', 'net.chunks.upload.parallel', 'net.bzz.upload-from-disk', 'net.bzz.download', 'net.bytes.head', 'net.bytes.download.range', 'net.bytes.download.parallel', 'net.chunks.upload', 'net.stream-dir.upload', 'net.soc.upload', 'net.pin.add-list', 'net.tags.upload-with-tag']) {
      expect(ids).toContain(id);
    }
    const params = (id: string) => spec.cases.find((c) => c.id === id)!.params![0]!;
    expect(params('net.chunks.upload')).toEqual({ count: 50 });
    expect(params('net.soc.upload')).toEqual({ count: 25 });
    expect(params('net.stream-dir.upload')).toEqual({ files: 20, file_bytes: 8192 });
    expect(params('net.pin.add-list')).toEqual({ count: 25 });
    expect(params('net.tags.upload-with-tag')).toEqual({ size_mb: 1 });
    expect(params('cpu.manifest.lookup-large')).toEqual({ entries: 5000, finds: 1000, hit_ratio: 0.8 });
    expect(params('cpu.identity.create')).toEqual({ count: 1000 });
    expect(spec.sizes_mb).toEqual([1, 10, 100]);
    expect(spec.large_sizes_mb).toEqual([1024]);
    expect(spec.iterations).toBe(5);
    expect(spec.runner_subset).toEqual(['ts', 'js', 'rust', 'go']);
  });

  it('expands sizes, adds the large size only with BENCH_LARGE, merges params into size rows', () => {
    const { spec } = parseSpec(specBytes, 'bench-spec.json');
    const rows = expandSpec(spec);
    expect(rows.filter((r) => r.entry.id === 'net.bytes.upload').map((r) => r.paramKey)).toEqual(['size_mb=1', 'size_mb=10', 'size_mb=100']);
    expect(expandSpec(spec, { large: true }).filter((r) => r.entry.id === 'net.bytes.upload').map((r) => r.params.size_mb)).toEqual([1, 10, 100, 1024]);
    expect(expandSpec(spec, { large: true }).filter((r) => r.entry.id === 'net.bzz.upload.encrypted').map((r) => r.params.size_mb)).toEqual([1, 10, 100]);
    expect(rows.find((r) => r.entry.id === 'net.bytes.download.parallel')!.paramKey).toBe('concurrency=4,count=8,size_mb=1');
    expect(expandSpec(spec, { sizesMb: [1] }).every((r) => (r.params.size_mb ?? 1) === 1)).toBe(true);
  });

  it('loads the 1 MB fixture for rows without size_mb (count-based cases slice it), even when they run alone', () => {
    const { spec } = parseSpec(readFileSync(specPath), 'bench-spec.json');
    const only = (ids: string[]) => expandSpec(spec, { sizesMb: [10] }).filter((r) => ids.includes(r.entry.id));
    expect(fixtureSizes(only(['net.chunks.upload', 'net.soc.upload']))).toEqual([1]);
    expect(fixtureSizes(only(['net.bytes.upload']))).toEqual([10]);
    expect(fixtureSizes(only(['net.bytes.upload', 'cpu.keccak.chunk-hash']))).toEqual([1, 10]);
  });

  it('hashes the file bytes (sha256), so any edit changes the hash', () => {
    const a = parseSpec(specBytes, 'a').hash;
    const b = parseSpec(Buffer.concat([specBytes, Buffer.from(' ')]), 'b').hash;
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(b).not.toBe(a);
  });

  it('refuses an unknown case id, a duplicate id and a missing field with a clear message', () => {
    const unknown = specJson();
    unknown.cases.push({ id: 'cpu.keccak.quantum', kind: 'cpu', params: [{ count: 1 }], doc: 'x' });
    expect(() => parse(unknown)).toThrow(SpecError);
    expect(() => parse(unknown)).toThrow(/unknown case id "cpu.keccak.quantum"/);

    const dup = specJson();
    dup.cases.push({ ...dup.cases[0]! });
    expect(() => parse(dup)).toThrow(/duplicate case id "cpu.keccak.chunk-hash"/);

    const noDoc = specJson();
    delete noDoc.cases[3]!.doc;
    expect(() => parse(noDoc)).toThrow(/cases\.3\.doc/);

    const noParams = specJson();
    delete noParams.cases[0]!.params;
    expect(() => parse(noParams)).toThrow(/needs params_from or params/);

    const noSizes = specJson();
    delete noSizes.sizes_mb;
    expect(() => parse(noSizes)).toThrow(/sizes_mb/);

    expect(() => parseSpec(Buffer.from('{nope'), 'broken.json')).toThrow(/broken.json: not JSON/);
  });
});
