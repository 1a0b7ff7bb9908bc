/**
 * The benchmark suite end to end, against a devnet on loopback: the CI smoke pass (every runner, one iteration
 * of 1 MB, through `run-all --quick`), the reports it writes (schema, validate-spec, HTML charts in Chromium,
 * CSV round trip), and the bad inputs of issue 18 for each of the four runners. The Go and Rust runners are
 * built first (bench/build-runners.sh, cached under ~/.cache/node-toolkit/bench: minutes the first time on a
 * fresh machine, a second afterwards).
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeClient } from '../../actors/node-client/index.js';
import { startDevnet, type StartedDevnet } from '../../devnet/devnet.js';
import { RUNNER_NAMES, type RunnerResult } from '../../config-schema/bench-result.js';
import { parseCsv, toCsvRecords } from '../../bench/report/csv.js';
import type { Aggregate } from '../../bench/report/model.js';
import type { RunManifest } from '../../bench/lib/run-manifest.js';
import { launchChromium } from '../fixtures/browser.js';
import { buildCompiledRunners, distBench, fixtureDir, repoRoot, runProcess, runRunner, startCountingProxy, startDyingProxy } from './bench-harness.js';

const ajv = new Ajv2020({ allErrors: true, strict: false });
const validateResult = ajv.compile(JSON.parse(readFileSync(join(repoRoot, 'config-schema', 'bench-result.schema.json'), 'utf8')) as object);
const schemaErrors = (json: unknown) => (validateResult(json) ? [] : (validateResult.errors ?? []).map((e) => `${e.instancePath} ${e.message}`));
const specJson = () => JSON.parse(readFileSync(join(repoRoot, 'bench', 'bench-spec.json'), 'utf8')) as { cases: Record<string, unknown>[] };

let devnet: StartedDevnet;
let nodeUrl: string;
let batchId: string;
let fixtures: string;
let work: string;

beforeAll(async () => {
  buildCompiledRunners();
  devnet = await startDevnet({ nodes: 1, port: 0, swapEnable: false, storageIncentivesEnable: false });
  nodeUrl = devnet.nodes[0]!.url;
  batchId = devnet.nodes[0]!.batchId!;
  fixtures = fixtureDir();
  work = mkdtempSync(join(tmpdir(), 'bench-suite-test-'));
}, 20 * 60_000);

afterAll(async () => {
  await devnet?.stop();
});

describe('smoke pass: npm run bench -- --quick (all four runners, 1 iteration, 1 MB, embedded devnet)', { timeout: 120_000 }, () => {
  let out: string;
  let exit: Awaited<ReturnType<typeof runProcess>>;
  beforeAll(async () => {
    out = join(work, 'smoke');
    // About 3 minutes on an idle machine (bee-js's signing cases are most of it); far longer on a loaded one.
    exit = await runProcess(process.execPath, [distBench('run-all.js'), '--quick', '--no-build', '--out', out, '--fixtures', fixtures], { NODE_URL: undefined, BENCH_RUNNER_ORDER: undefined, BENCH_ITERS: undefined }, 39 * 60_000);
  }, 40 * 60_000);

  it('runs every runner and writes report.md, report.html, aggregate.json, results.csv and one result per runner', () => {
    expect(exit.stderr).not.toMatch(/crashed/);
    expect(exit.code).toBe(0);
    for (const f of ['report.md', 'report.html', 'aggregate.json', 'results.csv', 'run.json', ...RUNNER_NAMES.map((r) => `${r}.json`)]) expect(existsSync(join(out, f)), f).toBe(true);
    const manifest = JSON.parse(readFileSync(join(out, 'run.json'), 'utf8')) as RunManifest;
    expect(manifest.target.kind).toBe('devnet');
    expect(manifest.runners.map((r) => [r.runner, r.status]).sort()).toEqual(RUNNER_NAMES.map((r) => [r, 'ok']).sort());
  });

  it.each(RUNNER_NAMES)('%s result validates against config-schema/bench-result.schema.json, every case finished or skipped with a reason', (runner) => {
    const result = JSON.parse(readFileSync(join(out, `${runner}.json`), 'utf8')) as RunnerResult;
    expect(schemaErrors(result)).toEqual([]);
    expect(result.iterations).toBe(1);
    // --quick stays quick: no warm-up iteration.
    expect(result.warmup_iterations).toBe(0);
    expect(result.sizes_mb).toEqual([1]);
    const failed = result.cases.filter((c) => c.failed).map((c) => `${c.id}: ${c.error}`);
    expect(failed).toEqual([]);
    const skipped = result.cases.filter((c) => c.skipped).map((c) => `${c.id} [${c.param_key}]`);
    // The devnet answers HEAD /bytes of a default-level upload as Bee v2.8.1 does (a negative Content-Length):
    // only the ts client reads it; the others skip that row with their own client's words.
    const unreadableHead = 'net.bytes.head [count=20,size_mb=1]';
    expect(skipped).toEqual({ ts: [], js: [unreadableHead], go: [unreadableHead], rust: ['net.bzz.upload-from-disk [size_mb=1]', unreadableHead] }[runner]);
    for (const c of result.cases.filter((x) => x.id === 'net.bytes.head' && x.skipped)) expect(c.skip_reason).toMatch(/negative Content-Length Bee v2\.8\.1 sends .*\): .+/);
    for (const c of result.cases.filter((x) => !x.skipped)) {
      expect(c.iterations_ms).toHaveLength(1);
      expect(c.peak_rss_mb).toBeGreaterThan(1);
    }
  });

  it('bench:validate-spec passes on the smoke run', async () => {
    const v = await runProcess(process.execPath, [distBench('validate-spec.js'), out], {});
    expect(v.stdout).toContain('cover the spec');
    expect(v.code).toBe(0);
  });

  it('the four runners compute the same keccak, chunk address and file root (cross-client check)', () => {
    const agg = JSON.parse(readFileSync(join(out, 'aggregate.json'), 'utf8')) as Aggregate;
    for (const id of ['cpu.keccak.bulk', 'cpu.bmt.chunk-address', 'cpu.bmt.file-root']) expect(agg.rows.find((r) => r.id === id)!.checks_agree, id).toBe(true);
    expect(agg.scoreboard.map((s) => s.runner).sort()).toEqual([...RUNNER_NAMES].sort());
    expect(readFileSync(join(out, 'report.md'), 'utf8')).toContain("bee-go cannot be downloaded here");
  });

  it('results.csv round-trips to the aggregate rows', () => {
    const agg = JSON.parse(readFileSync(join(out, 'aggregate.json'), 'utf8')) as Aggregate;
    const parsed = parseCsv(readFileSync(join(out, 'results.csv'), 'utf8'));
    expect(parsed).toEqual(toCsvRecords(agg));
    expect(parsed.length).toBe(agg.rows.length * 4);
  });

  it('report.html opens in headless Chromium with its charts, and the runner toggle hides a runner', async () => {
    const html = readFileSync(join(out, 'report.html'), 'utf8');
    expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+href=["']?http/);
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const requests: string[] = [];
      page.on('request', (r) => requests.push(r.url()));
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`file://${join(out, 'report.html')}`);
      expect(await page.locator('svg.chart').count()).toBeGreaterThanOrEqual(5);
      expect(await page.locator('#scoreboard-chart rect').count()).toBeGreaterThanOrEqual(12);
      expect(await page.locator('svg.spark, span.inline-bar').count()).toBeGreaterThan(50);
      expect(await page.evaluate(() => (window as unknown as { benchAggregate: Aggregate }).benchAggregate.rows.length)).toBeGreaterThan(20);
      const tsBars = page.locator('#scoreboard-chart g[data-runner="ts"]');
      await expect.poll(() => tsBars.first().isVisible()).toBe(true);
      await page.locator('input[data-toggle-runner="ts"]').uncheck();
      expect(await tsBars.first().isVisible()).toBe(false);
      await page.locator('#domain-filter').selectOption('Feeds');
      expect(await page.locator('section[data-domain="Calibration"]').isVisible()).toBe(false);
      expect(await page.locator('section[data-domain="Feeds"]').isVisible()).toBe(true);
      expect(errors).toEqual([]);
      expect(requests.filter((u) => !u.startsWith('file://'))).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});

describe('timing: the same rule for all four runners', { timeout: 180_000 }, () => {
  it.each(RUNNER_NAMES)('%s runner runs one untimed warm-up iteration per row by default, then the timed ones; --warmup 0 runs none', async (runner) => {
    const proxy = await startCountingProxy(nodeUrl);
    try {
      const listCalls = () => proxy.seen.filter((l) => l === 'GET /stamps').length;
      const args = (name: string, extra: string[]) => ['--out', join(work, `${name}-${runner}.json`), '--fixtures', fixtures, '--cases', 'net.stamps.list', '--iterations', '2', ...extra];
      const warm = await runRunner(runner, args('warm', []), { NODE_URL: proxy.url, NODE_BATCH_ID: batchId });
      expect(warm.code, warm.stderr).toBe(0);
      const result = JSON.parse(readFileSync(join(work, `warm-${runner}.json`), 'utf8')) as RunnerResult;
      expect(schemaErrors(result)).toEqual([]);
      expect(result.warmup_iterations).toBe(1);
      expect(result.cases[0]!.iterations_ms).toHaveLength(2);
      // net.stamps.list is 20 calls per iteration: one warm-up and two timed iterations (the CPU rows' warm-up
      // time floor does not apply to net rows).
      expect(result.cases[0]!.warmup_runs).toBe(1);
      expect(listCalls()).toBe(60);
      proxy.seen.length = 0;
      const cold = await runRunner(runner, args('cold', ['--warmup', '0']), { NODE_URL: proxy.url, NODE_BATCH_ID: batchId });
      expect(cold.code, cold.stderr).toBe(0);
      expect((JSON.parse(readFileSync(join(work, `cold-${runner}.json`), 'utf8')) as RunnerResult).warmup_iterations).toBe(0);
      expect(listCalls()).toBe(40);
      const bad = await runRunner(runner, args('bad', ['--warmup', 'two']), { NODE_URL: proxy.url, NODE_BATCH_ID: batchId });
      expect(bad.code, bad.stderr).toBe(1);
      expect(bad.stderr).toMatch(/warmup must be a whole number/);
    } finally {
      await proxy.close();
    }
  });
});

describe('timing: CPU rows warm up for a time floor, in all four runners', { timeout: 180_000 }, () => {
  it.each(RUNNER_NAMES)('%s runner keeps a CPU row warming, untimed, until --warmup-ms has passed; 0 leaves the count alone', async (runner) => {
    const args = (name: string, extra: string[]) => ['--out', join(work, `${name}-${runner}.json`), '--fixtures', fixtures, '--cases', 'cpu.keccak.bulk', '--sizes', '1', '--iterations', '1', ...extra];
    const read = (name: string) => JSON.parse(readFileSync(join(work, `${name}-${runner}.json`), 'utf8')) as RunnerResult;
    const floor = await runRunner(runner, args('floor', ['--warmup-ms', '400']), {});
    expect(floor.code, floor.stderr).toBe(0);
    const warmed = read('floor');
    expect(schemaErrors(warmed)).toEqual([]);
    expect(warmed.warmup_min_ms).toBe(400);
    const row = warmed.cases[0]!;
    // One keccak of 1 MB takes 2–20 ms here (bee-js the slowest): 400 ms of warm-up is many iterations, never one.
    expect(row.warmup_runs).toBeGreaterThan(2);
    expect(row.iterations_ms).toHaveLength(1);
    const none = await runRunner(runner, args('nofloor', ['--warmup-ms', '0']), { BENCH_WARMUP_MS: '900' });
    expect(none.code, none.stderr).toBe(0);
    expect(read('nofloor').warmup_min_ms).toBe(0);
    expect(read('nofloor').cases[0]!.warmup_runs).toBe(1);
    const bad = await runRunner(runner, args('badfloor', []), { BENCH_WARMUP_MS: 'soon' });
    expect(bad.code, bad.stderr).toBe(1);
    expect(bad.stderr).toMatch(/BENCH_WARMUP_MS \/ --warmup-ms must be a whole number/);
  });
});

describe('bad input', { timeout: 180_000 }, () => {
  function writeSpec(name: string, edit: (spec: { cases: Record<string, unknown>[] }) => void): string {
    const spec = specJson();
    edit(spec);
    const path = join(work, name);
    writeFileSync(path, JSON.stringify(spec));
    return path;
  }

  it.each(RUNNER_NAMES)('%s runner refuses a spec with an unknown case id, a duplicate id or a missing field (exit 1, a clear message)', async (runner) => {
    const specs = {
      unknown: writeSpec(`unknown-${runner}.json`, (s) => s.cases.push({ id: 'net.teleport', kind: 'net', params: [{ count: 1 }], doc: 'x' })),
      duplicate: writeSpec(`dup-${runner}.json`, (s) => s.cases.push({ ...s.cases[1]! })),
      missing: writeSpec(`missing-${runner}.json`, (s) => delete s.cases[2]!.doc),
    };
    const expected = { unknown: /unknown case id "net\.teleport"/, duplicate: /duplicate case id "cpu\.keccak\.bulk"/, missing: /cases\.2/ };
    for (const [kind, spec] of Object.entries(specs) as [keyof typeof specs, string][]) {
      const r = await runRunner(runner, ['--out', join(work, 'never.json'), '--spec', spec, '--fixtures', fixtures], { NODE_URL: nodeUrl, NODE_BATCH_ID: batchId });
      expect(r.code, `${runner} ${kind}: ${r.stderr}`).toBe(1);
      expect(r.stderr).toMatch(expected[kind]);
      expect(r.stderr).not.toMatch(/\n\s+at |panicked|goroutine \d/);
    }
  });

  it.each(RUNNER_NAMES)('%s runner refuses a batch the node does not know, and one that is not usable yet (exit 3)', async (runner) => {
    // No blocks are mined on this devnet, so a batch bought now stays unusable (Bee waits for 10 blocks).
    const still = await startDevnet({ nodes: 1, port: 0, mineBlocks: false });
    try {
      const url = still.nodes[0]!.url;
      const pending = (await createNodeClient({ baseUrl: url }).buyStamp(1_658_880_000n, 20)).batchID;
      for (const batch of ['ab'.repeat(32), pending]) {
        const r = await runRunner(runner, ['--out', join(work, `never-${runner}.json`), '--fixtures', fixtures, '--cases', 'net.stamps.list', '--iterations', '1'], { NODE_URL: url, NODE_BATCH_ID: batch });
        expect(r.code, `${runner} ${batch === pending ? 'pending' : 'unknown'} batch: ${r.stderr}`).toBe(3);
        expect(r.stderr).toMatch(/is not usable/);
      }
    } finally {
      await still.stop();
    }
  });

  it.each(RUNNER_NAMES)('%s runner: the node goes down midway; that case and the next are failed with the reason, the run goes on', async (runner) => {
    const proxy = await startDyingProxy(nodeUrl, (req) => req.method === 'POST' && req.url!.startsWith('/bytes'));
    try {
      const out = join(work, `down-${runner}.json`);
      const r = await runRunner(runner, ['--out', out, '--fixtures', fixtures, '--cases', 'cpu.manifest.hash-50files,net.stamps.list,net.bytes.upload,net.pin.add-list', '--sizes', '1', '--iterations', '2'], { NODE_URL: proxy.url, NODE_BATCH_ID: batchId });
      expect(r.code, r.stderr).toBe(0);
      const result = JSON.parse(readFileSync(out, 'utf8')) as RunnerResult;
      expect(schemaErrors(result)).toEqual([]);
      const byId = Object.fromEntries(result.cases.map((c) => [c.id, c]));
      expect(byId['cpu.manifest.hash-50files']).toMatchObject({ failed: false, skipped: false });
      expect(byId['net.stamps.list']).toMatchObject({ failed: false });
      expect(byId['net.stamps.list']!.iterations_ms).toHaveLength(2);
      expect(byId['net.bytes.upload']).toMatchObject({ failed: true });
      expect(byId['net.bytes.upload']!.error.length).toBeGreaterThan(5);
      expect(byId['net.pin.add-list']).toMatchObject({ failed: true });
      expect(byId['net.pin.add-list']!.error).toMatch(/refused|ECONNREFUSED|connect|connection/i);
    } finally {
      await proxy.close();
    }
  });

  it.each(RUNNER_NAMES)('%s runner sends NODE_TOKEN as a bearer token to a node with auth enabled (and fails the case without it)', async (runner) => {
    const secured = await startDevnet({ nodes: 1, port: 0, token: 'bench-s3cret' });
    try {
      const url = secured.nodes[0]!.url;
      const args = (name: string) => ['--out', join(work, `${name}-${runner}.json`), '--fixtures', fixtures, '--cases', 'net.stamps.list', '--iterations', '1'];
      const ok = await runRunner(runner, args('auth'), { NODE_URL: url, NODE_BATCH_ID: secured.nodes[0]!.batchId, NODE_TOKEN: 'bench-s3cret' });
      expect(ok.code, ok.stderr).toBe(0);
      expect(ok.stderr).not.toContain('bench-s3cret');
      const withToken = JSON.parse(readFileSync(join(work, `auth-${runner}.json`), 'utf8')) as RunnerResult;
      expect(withToken.cases[0]).toMatchObject({ id: 'net.stamps.list', failed: false });
      const without = await runRunner(runner, args('noauth'), { NODE_URL: url, NODE_BATCH_ID: secured.nodes[0]!.batchId, NODE_TOKEN: undefined });
      expect(without.code, without.stderr).toBe(0);
      const noToken = JSON.parse(readFileSync(join(work, `noauth-${runner}.json`), 'utf8')) as RunnerResult;
      expect(noToken.cases[0]).toMatchObject({ id: 'net.stamps.list', failed: true });
      expect(noToken.cases[0]!.error).toMatch(/401|nauthori/);
    } finally {
      await secured.stop();
    }
  });

  it("run-all: a crashing runner's row says so and the other runners' results stand (exit 4)", async () => {
    const crasher = join(work, 'crash.sh');
    writeFileSync(crasher, '#!/bin/sh\necho "panic: runtime error: index out of range [boom]" >&2\nexit 2\n');
    chmodSync(crasher, 0o755);
    const out = join(work, 'crash-run');
    const r = await runProcess(process.execPath, [distBench('run-all.js'), '--quick', '--no-build', '--runners', 'ts,go', '--cases', 'cpu.keccak.bulk,net.stamps.list', '--out', out, '--fixtures', fixtures], {
      NODE_URL: nodeUrl,
      NODE_BATCH_ID: batchId,
      BENCH_GO_BIN: crasher,
    });
    expect(r.code, r.stderr).toBe(4);
    const manifest = JSON.parse(readFileSync(join(out, 'run.json'), 'utf8')) as RunManifest;
    const go = manifest.runners.find((x) => x.runner === 'go')!;
    expect(go).toMatchObject({ status: 'crashed', exit_code: 2 });
    expect(go.message).toMatch(/exit code 2: panic: runtime error: index out of range \[boom\]/);
    expect(manifest.runners.find((x) => x.runner === 'ts')!.status).toBe('ok');
    const md = readFileSync(join(out, 'report.md'), 'utf8');
    expect(md).toMatch(/\| go \| – \| – \| – \| \*\*crashed\*\*: exit code 2: panic: runtime error/);
    const agg = JSON.parse(readFileSync(join(out, 'aggregate.json'), 'utf8')) as Aggregate;
    for (const row of agg.rows) {
      expect(row.cells.ts!.status).toBe('ok');
      expect(row.cells.go!.status).toBe('missing');
      expect(row.cells.go!.note).toMatch(/runner crashed/);
    }
    const v = await runProcess(process.execPath, [distBench('validate-spec.js'), out], {});
    expect(v.code).toBe(2);
    expect(v.stdout).toMatch(/go: no result \(crashed: exit code 2/);
  });

  it('run-all on SIGTERM stops the running runner and its node, and exits 130', async () => {
    const out = join(work, 'sigterm-run');
    const child = spawn(process.execPath, [distBench('run-all.js'), '--quick', '--no-build', '--runners', 'js', '--cases', 'cpu.ecdsa.verify-1000', '--out', out, '--fixtures', fixtures], {
      cwd: repoRoot,
      env: { ...process.env, NODE_URL: undefined },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    await new Promise<void>((resolve) => child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      if (stderr.includes('runner js:')) resolve();
    }));
    const runnerAlive = () => readdirSync('/proc').filter((p) => /^\d+$/.test(p)).some((p) => {
      try {
        return readFileSync(`/proc/${p}/cmdline`, 'utf8').includes(join(out, 'js.json'));
      } catch {
        return false;
      }
    });
    await expect.poll(runnerAlive, { timeout: 10_000 }).toBe(true);
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(130);
    expect(stderr).toContain('SIGTERM: stopping the runner and the node(s)');
    await expect.poll(runnerAlive, { timeout: 10_000 }).toBe(false);
  });

  it('run-all refuses a bad spec (exit 1) and an unusable batch on an external node (exit 3) before running anything', async () => {
    const bad = writeSpec('runall-dup.json', (s) => s.cases.push({ ...s.cases[0]! }));
    const a = await runProcess(process.execPath, [distBench('run-all.js'), '--quick', '--no-build', '--spec', bad, '--out', join(work, 'never-a')], {});
    expect(a.code).toBe(1);
    expect(a.stderr).toMatch(/duplicate case id "cpu\.keccak\.chunk-hash"/);
    const b = await runProcess(process.execPath, [distBench('run-all.js'), '--quick', '--no-build', '--runners', 'ts', '--out', join(work, 'never-b'), '--fixtures', fixtures], { NODE_URL: nodeUrl, NODE_BATCH_ID: 'cd'.repeat(32) });
    expect(b.code).toBe(3);
    expect(b.stderr).toMatch(/is not usable: not-found/);
    expect(existsSync(join(work, 'never-b', 'ts.json'))).toBe(false);
  });
});

