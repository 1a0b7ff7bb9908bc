/**
 * `cockpit --once radius-doctor` and `--once sample-forecast` (issue 29 items 3, 4) as the compiled bin against a
 * devnet, with the faults that reproduce each cause the doctor names (an under-filled reserve, a slow pull sync,
 * a lonely neighbourhood) and sample-forecast's slow rchash. Every JSON output is validated by
 * config-schema/once-results.schema.json.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startDevnet, type StartedDevnet } from '../../../devnet/devnet.js';
import { compileEntries } from '../../../test/compiled-entries.js';
import { onceJson } from '../../../test/once-schema.js';
import { runBin, type BinRun } from '../../../test/run-bin.js';

interface Finding { id: string; tone: string; finding: string; advice: string | null }
interface DoctorData { node: string; storageRadius: number | null; committedDepth: number | null; capacity: number | null; reserveSizeWithinRadius: number | null; pullsyncRate: number | null; neighbours: number | null; findings: Finding[]; worst: string; lastChange: { kind: string }; neighbourhoods: { neighborhood: string; peers: number | null }[] | null; nearDepthBins: { po: number; connected: number }[] | null }
interface Estimate { seconds: number; marginSeconds: number; verdict: string }
interface ForecastData { node: string; benchmarkSeconds: number; budgetSeconds: number; budgetBlocks: number; windowBlocks: number; blockTime: { seconds: number; source: string }; now: Estimate | null; full: Estimate | null; lastSample: Estimate | null; verdict: string | null; warnings: string[] }

let bin: string;
let devnet: StartedDevnet;
let url: string;

beforeAll(async () => {
  bin = compileEntries('once-radius-forecast', ['surfaces/cli/cockpit-bin.ts'])('surfaces/cli/cockpit-bin.ts');
  devnet = await startDevnet({ nodes: 2, port: 0, mineBlocks: false, pushDelayMs: 0 });
  url = devnet.nodes[0]!.url;
});
afterAll(() => devnet?.stop());
afterEach(() => devnet.control.node(0).heal());

const cockpit = (args: string[]): Promise<BinRun> => runBin(bin, args, {});
async function once<T>(verb: string, args: string[] = []) {
  const run = await cockpit(['--once', verb, ...args, '--json', url]);
  return { code: run.code, result: onceJson<T>(run.stdout) };
}
const ids = (data: DoctorData) => data.findings.map((f) => f.id);

describe('--once radius-doctor on a devnet', () => {
  it('a settled node: nothing holds the radius (exit 0); one reading says the last change is unknown', async () => {
    const { code, result } = await once<DoctorData>('radius-doctor');
    expect(code, result.message).toBe(0);
    expect(result.status).toBe('ok');
    expect(result.data).toMatchObject({ node: url, storageRadius: 1, committedDepth: 1, capacity: 4_194_304, pullsyncRate: 0, worst: 'ok', lastChange: { kind: 'unknown' } });
    expect(ids(result.data)).toEqual(['settled']);
    const text = await cockpit(['--once', 'radius-doctor', url]);
    expect(text.stdout).toMatch(/^radius-doctor http:\/\/127\.0\.0\.1:\d+: storage radius 1, committed depth 1: settled; last change unknown \(one reading/);
    expect(text.stdout).toMatch(/Reserve in radius +2,500,000 chunks \(59\.6 % of 4,194,304\)/);
  });

  it('an under-filled reserve (fault underfilledReserve): under half, sync idle, Bee steps the radius down (exit 1)', async () => {
    await devnet.control.node(0).setFault({ underfilledReserve: true, storageRadius: 3 });
    const { code, result } = await once<DoctorData>('radius-doctor');
    expect(code).toBe(1);
    expect(result.status).toBe('sad');
    const finding = result.data.findings.find((f) => f.id === 'under-filled-reserve')!;
    expect(finding.tone).toBe('warn');
    expect(finding.finding).toMatch(/1,048,576 of 4,194,304 chunks within radius 3 \(25 %, under half\).*lowers the radius by one every 15 min/);
    expect(ids(result.data)).not.toContain('slow-pull-sync');
  });

  it('a slow pull sync (fault slowPullSync): the sync holds the radius; days to half full', async () => {
    await devnet.control.node(0).setFault({ slowPullSync: true });
    const { code, result } = await once<DoctorData>('radius-doctor');
    expect(code).toBe(1);
    expect(result.data.pullsyncRate).toBe(1.5);
    expect(ids(result.data)).toEqual(expect.arrayContaining(['under-filled-reserve', 'slow-pull-sync']));
    expect(result.data.findings.find((f) => f.id === 'under-filled-reserve')!.finding).toMatch(/a pull sync still running \(1\.5 chunks\/s\) holds the radius at 1/);
    expect(result.data.findings.find((f) => f.id === 'slow-pull-sync')!.finding).toMatch(/1\.5 chunks\/s with 1,048,576 chunks to half full: ~8\.1 days/);
  });

  it('a lonely neighbourhood (fault lonelyNeighbourhood at radius 2): no neighbour, peers below the depth still there', async () => {
    await devnet.control.node(0).setFault({ lonelyNeighbourhood: true, storageRadius: 2 });
    const { code, result } = await once<DoctorData>('radius-doctor');
    expect(code).toBe(1);
    expect(result.data).toMatchObject({ storageRadius: 2, neighbours: 0 });
    expect(result.data.findings.find((f) => f.id === 'lonely-neighbourhood')).toMatchObject({ tone: 'warn', finding: expect.stringMatching(/^lonely neighbourhood: no other node shares the neighbourhood \(the first 2 bits/) });
    expect(result.data.nearDepthBins).toEqual([{ po: 0, connected: expect.any(Number) }, { po: 1, connected: expect.any(Number) }]);
    for (const bin of result.data.nearDepthBins!) expect(bin.connected).toBeGreaterThanOrEqual(8);
    expect(result.data.neighbourhoods?.every((h) => h.peers === 0)).toBe(true);
  });

  it('a node that does not answer: error (exit 2), nothing diagnosed', async () => {
    await devnet.control.node(0).setFault({ error500: true });
    const { code, result } = await once<{ error: { code: string; status: number } }>('radius-doctor');
    expect(code).toBe(2);
    expect(result.status).toBe('error');
    expect(result.data.error).toMatchObject({ code: 'http', status: 500 });
  });
});

describe('--once sample-forecast on a devnet', () => {
  it('a fast rchash fits with margin (exit 0); the block time is said to be assumed', async () => {
    const { code, result } = await once<ForecastData>('sample-forecast');
    expect(code, result.message).toBe(0);
    expect(result.data).toMatchObject({ node: url, benchmarkSeconds: 4.2, windowBlocks: 114, budgetBlocks: 108, budgetSeconds: 540, blockTime: { seconds: 5, source: 'assumed' }, verdict: 'fits' });
    expect(result.data.now).toMatchObject({ seconds: expect.closeTo(4.2, 1), verdict: 'fits' });
    expect(result.data.full!.seconds).toBeGreaterThan(result.data.now!.seconds);
    const text = await cockpit(['--once', 'sample-forecast', url]);
    expect(text.stdout).toMatch(/^sample-forecast http:\/\/127\.0\.0\.1:\d+: forecast sample 4\.\d s of the 540 s sample budget \(108 of 114 blocks at 5 s\): fits, margin 53\d s/);
    expect(text.stdout).toMatch(/assumed: Bee's default --block-time/);
  });

  it('a slow rchash (fault rchashSeconds 480): margin thin, warned before the round is missed (exit 1)', async () => {
    await devnet.control.node(0).setFault({ rchashSeconds: 480 });
    const { code, result } = await once<ForecastData>('sample-forecast');
    expect(code).toBe(1);
    expect(result.data.verdict).toBe('thin');
    expect(result.data.warnings[0]).toMatch(/^The sample leaves 60 s of 540 s: a slower disk or a fuller reserve misses the commit\./);
  });

  it('a slower rchash misses; --block-time 1 (a 1 s chain) shrinks the budget to 108 s', async () => {
    await devnet.control.node(0).setFault({ rchashSeconds: 130 });
    const { code, result } = await once<ForecastData>('sample-forecast', ['--block-time', '1']);
    expect(code).toBe(1);
    expect(result.data).toMatchObject({ blockTime: { seconds: 1, source: 'option' }, budgetSeconds: 108, verdict: 'misses' });
    expect(result.data.warnings[0]).toMatch(/past the 108 s budget: the node will miss its commit/);
  });

  it('bad input: a clear usage error, exit 64', async () => {
    const run = await cockpit(['--once', 'sample-forecast', '--block-time', 'soon', url]);
    expect(run.code).toBe(64);
    expect(run.stderr).toMatch(/--block-time must be a number of seconds/);
    const misplaced = await cockpit(['--once', 'price', '--block-time', '2', url]);
    expect(misplaced.code).toBe(64);
    expect(misplaced.stderr).toMatch(/--block-time is for --once sample-forecast, not price/);
  });
});
