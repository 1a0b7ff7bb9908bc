/**
 * retcheck (the built CLI) against nodes that lie, hang, vanish or talk to the terminal (issue 12). Healthy
 * loopback nodes serve a real chunk tree; hostile ones sit next to them. Every case checks that the healthy
 * answers stay right and that the hostile node is reported for what it did.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendBeeError, startLoopbackServer, type LoopbackServer } from '../../actors/node-client/loopback-server.js';
import { bytesToHex, hexToBytes } from '../../core/swarm/bytes.js';
import { CHUNK_SIZE } from '../../core/swarm/chunk.js';
import { splitIntoChunks } from '../../core/swarm/chunk-tree.js';
import { proximity } from '../../core/swarm/proximity.js';
import { startDevnet, type StartedDevnet } from '../../devnet/devnet.js';
import { startChunkServer, startHtmlServer, startSilentServer, TERMINAL_ATTACK } from '../../devnet/testing/hostile-node.js';
import { publishFeedUpdate, uploadRandom, CHUNK } from '../fixtures/devnet-content.js';
import { closedPortUrl, runCli, runJson } from './cli-harness.js';

/** A tree of `leaves` data chunks without redundancy: every chunk a walk must reach, by address. */
function tree(leaves: number) {
  const { reference, chunks } = splitIntoChunks(new Uint8Array(randomBytes(leaves * CHUNK_SIZE)));
  return { root: bytesToHex(reference), chunks: new Map(chunks.map((c) => [bytesToHex(c.address), c.data])) };
}

const servers: LoopbackServer[] = [];
const keep = <T extends LoopbackServer>(server: T): T => (servers.push(server), server);
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

/** ESC, BEL, CR, C1 CSI: if any reaches stdout, a node drove the terminal. */
const RAW_CONTROL = /[\u0007\u001b\r\u009b]/;

describe('per-chunk walk: only verified bodies count', () => {
  const small = tree(18); // 18 leaves + 1 intermediate root: 19 chunks

  it('a vantage answering 200 with HTML for every chunk holds nothing, and the tree is walked from the honest vantage', async () => {
    const honest = keep(await startChunkServer(small.chunks));
    const junk = keep(await startHtmlServer());
    const { report } = await runJson([small.root, '-b', honest.url, '-b', junk.url, '--no-gateway', '--per-chunk']);
    expect(report.chunks).toHaveLength(19);
    expect(report.chunks!.map((c) => c.address).sort()).toEqual([...small.chunks.keys()].sort());
    for (const chunk of report.chunks!) {
      expect(chunk.per_vantage[honest.url]).toMatchObject({ found: true });
      expect(chunk.per_vantage[junk.url]).toMatchObject({ found: false, error: expect.stringContaining('invalid chunk') });
    }
    expect(report.chunk_stats!.per_vantage[junk.url]).toMatchObject({ total: 19, found: 0, errors: 19, not_found: 0 });
  });

  it('a vantage answering other chunks than the ones asked for is not believed either', async () => {
    // Every request gets the root chunk's bytes: valid chunk data, the wrong address for all but one.
    const rootBytes = small.chunks.get(small.root)!;
    const liar = keep(await startChunkServer(new Map([...small.chunks.keys()].map((address) => [address, rootBytes]))));
    const honest = keep(await startChunkServer(small.chunks));
    const { report } = await runJson([small.root, '-b', liar.url, '-b', honest.url, '--no-gateway', '--per-chunk']);
    expect(report.chunks).toHaveLength(19);
    expect(report.chunk_stats!.per_vantage[liar.url]).toMatchObject({ found: 1, errors: 18 });
  });
});

describe('per-chunk walk: the 1000-chunk cap is stated', () => {
  it('JSON says truncated and how many references were found but not probed; the text says it in words', async () => {
    const big = tree(1200); // 1200 leaves + 10 intermediates + root = 1211 chunks
    const node = keep(await startChunkServer(big.chunks));
    const { report } = await runJson([big.root, '-b', node.url, '--no-gateway', '--per-chunk', '--concurrency', '32']);
    expect(report.chunks).toHaveLength(1000);
    expect(report.chunk_walk).toEqual({ cap: 1000, truncated: true, found_not_probed: big.chunks.size - 1000 });
    const text = await runCli([big.root, '-b', node.url, '--no-gateway', '--per-chunk', '--concurrency', '32']);
    expect(text.stdout).toContain(`the walk stopped at its cap of 1,000 chunks: ${big.chunks.size - 1000} more chunk references were found but not probed`);
  }, 60_000);

  it('a walk under the cap says it was not truncated', async () => {
    const small = tree(5);
    const node = keep(await startChunkServer(small.chunks));
    const { report } = await runJson([small.root, '-b', node.url, '--no-gateway', '--per-chunk']);
    expect(report.chunk_walk).toEqual({ cap: 1000, truncated: false, found_not_probed: 0 });
  });
});

describe('per-chunk walk: a vantage that stops answering', () => {
  const wide = tree(200); // 202 chunks

  it('a node that never answers is given up on after one timeout: its chunks are "not probed", never "missing"', async () => {
    const honest = keep(await startChunkServer(wide.chunks));
    const silent = keep(await startSilentServer());
    const { report, ms } = await runJson([wide.root, '-b', honest.url, '-b', silent.url, '--no-gateway', '--per-chunk', '--timeout', '1']);
    // Old behaviour: a full timeout per round of --concurrency chunks, about 25 s here.
    expect(ms).toBeLessThan(9000);
    expect(report.chunks).toHaveLength(wide.chunks.size);
    const silentStats = report.chunk_stats!.per_vantage[silent.url]!;
    expect(silentStats).toMatchObject({ found: 0, not_found: 0, total: wide.chunks.size });
    expect(silentStats.not_probed).toBeGreaterThan(wide.chunks.size - 20);
    const notProbed = report.chunks!.map((c) => c.per_vantage[silent.url]!).filter((p) => p.not_probed);
    expect(notProbed[0]!.error).toMatch(/^not probed: the node did not answer 3 requests in a row \(last: .*timeout/);
    expect(report.chunk_stats!.per_vantage[honest.url]).toMatchObject({ found: wide.chunks.size });
  }, 30_000);

  it('refused connections give up at once; the text report keeps "missing" apart from "no answer"', async () => {
    const missing = new Set([...wide.chunks.keys()].slice(5, 8));
    const partial = keep(await startChunkServer(wide.chunks, { missing }));
    const gone = await closedPortUrl();
    const run = await runCli([wide.root, '-b', partial.url, '-b', gone, '--no-gateway', '--per-chunk', '--timeout', '5']);
    expect(run.ms).toBeLessThan(8000);
    const perVantage = run.stdout.split('\nper vantage\n')[1]!.split('per neighborhood')[0]!;
    const row = (url: string) => perVantage.split('\n').find((line) => line.trimStart().startsWith(url))!.trim().split(/\s+/);
    // key, found/total, missing, no answer, p50, p95, max
    expect(row(partial.url).slice(1, 4)).toEqual([`${wide.chunks.size - 3}/${wide.chunks.size}`, '3', '0']);
    expect(row(gone).slice(1, 4)).toEqual([`0/${wide.chunks.size}`, '0', String(wide.chunks.size)]);
    expect(run.stdout).toContain(`missing on ${partial.url}`);
    expect(run.stdout).toContain(`no answer from ${gone}`);
    expect(run.stdout).toMatch(new RegExp(`${gone.replace(/[.:/]/g, '\\$&')}: \\d+ chunks not probed: the node did not answer 3 requests in a row`));
  }, 30_000);
});

describe('text report tables', () => {
  it('per-neighbourhood table: slowest first, top 10 and "… N more"; missing chunks show their PO to the target', async () => {
    const some = tree(60);
    const missing = new Set([...some.chunks.keys()].filter((a) => a !== some.root).slice(0, 4));
    const node = keep(await startChunkServer(some.chunks, { missing }));
    const target = 'f0'.repeat(32);
    const { stdout } = await runCli([some.root, '-b', node.url, '--no-gateway', '--per-chunk', '--target-overlay', target]);
    const section = stdout.split('per neighborhood (slowest first)\n')[1]!.split('\n\n')[0]!.split('\n');
    const rows = section.slice(1);
    const neighborhoods = new Set([...some.chunks.keys()].map((a) => a.slice(0, 2))).size;
    expect(rows.slice(0, 10).every((r) => /^ {2}[0-9a-f]{2} /.test(r))).toBe(true);
    expect(rows[10]).toBe(`  … ${neighborhoods - 10} more (see --output json)`);
    const p95 = rows.slice(0, 10).map((r) => Number(r.trim().split(/\s+/)[5]));
    expect([...p95].sort((a, b) => b - a)).toEqual(p95);
    for (const address of missing) {
      const line = stdout.split('\n').find((l) => l.includes(address))!;
      expect(line).toContain(`PO ${proximity(hexToBytes(target), hexToBytes(address))} to target`);
      expect(line).toContain(`missing on ${node.url}`);
    }
  });
});

describe('terminal safety', () => {
  it('a version string with ESC, BEL and CR cannot clear the screen or forge a status line', async () => {
    const small = tree(2);
    const hostile = keep(await startChunkServer(small.chunks, { version: TERMINAL_ATTACK }));
    const run = await runCli([small.root, '-b', hostile.url, '--no-gateway', '--per-chunk']);
    expect(run.stdout).not.toMatch(RAW_CONTROL);
    expect(run.stdout.split('\n').filter((l) => l.startsWith('status'))).toEqual(['status  retrievable']);
    expect(run.stdout).toContain('\\x1b[2J\\x1b]0;owned\\x07\\r\\nstatus  retrievable');
    const json = await runCli([small.root, '-b', hostile.url, '--no-gateway', '--output', 'json']);
    expect(json.stdout).not.toMatch(RAW_CONTROL);
    expect((JSON.parse(json.stdout) as { vantages: { node_version: string }[] }).vantages[0]!.node_version).toBe(TERMINAL_ATTACK);
  });

  it('an error message with control characters is shown escaped on stdout, and on stderr with -vv', async () => {
    const hostile = keep(await startLoopbackServer((_request, response) => sendBeeError(response, 500, `boom${TERMINAL_ATTACK}`)));
    const run = await runCli(['ab'.repeat(32), '-b', hostile.url, '--no-gateway', '-vv']);
    expect(run.code).toBe(2);
    expect(run.stdout).toContain('boom2.8.1\\x1b[2J');
    expect(run.stdout + run.stderr).not.toMatch(RAW_CONTROL);
  });
});

describe('feed resolution', () => {
  let devnet: StartedDevnet;
  beforeAll(async () => {
    devnet = await startDevnet({ nodes: 2, mineBlocks: false, pushDelayMs: 0, seed: 'retcheck-hostile-feed' });
  });
  afterAll(() => devnet?.stop());

  it('tries the next vantage when the first cannot answer, and says which one answered', async () => {
    const reference = await uploadRandom(devnet.nodes[0]!, 2 * CHUNK);
    const { owner, topic } = await publishFeedUpdate(devnet.nodes[0]!, reference, 'retcheck-hostile-feed');
    const down = await closedPortUrl();
    const { code, report } = await runJson([`feed:${owner}:${topic}`, '-b', down, '-b', devnet.nodes[1]!.url, '--no-gateway', '--timeout', '5']);
    expect(code).toBe(0);
    expect(report.resolution).toEqual({ kind: 'feed', owner, topic, resolved_reference: reference, node_url: devnet.nodes[1]!.url });
    expect(report.vantages.find((v) => v.node_url === down)).toMatchObject({ retrievable: null });
  });

  it('fails, naming every node, only when none can answer', async () => {
    const [a, b] = [await closedPortUrl(), await closedPortUrl()];
    const run = await runCli([`feed:${'12'.repeat(20)}:${'34'.repeat(32)}`, '-b', a, '-b', b, '--no-gateway', '--timeout', '5']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${a}/feeds/`);
    expect(run.stderr).toContain(`${b}/feeds/`);
  });
});
