/**
 * Issue 29 item 5 on a devnet through the built CLI: retcheck checks the dispersed replicas of the root chunk on
 * every vantage, and --reseed re-creates the ones the devnet's lose-replicas fault dropped, then verifies them.
 * - level from the root's span (an intermediate root at level 2: 4 replicas), all found;
 * - the fault (POST /_devnet/lose-replicas) drops two: the JSON section and the text say which, on every vantage;
 * - --reseed re-uploads, re-creates those two with POST /soc and verifies them; the next check finds all 4;
 * - a single-chunk root says no level: a search of all 16 addresses, or the level --redundancy-level gives;
 * - level 0: nothing to check; --no-replicas: no section at all.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevnet, type StartedDevnet } from '../../devnet/devnet.js';
import { CHUNK, uploadBytes } from '../fixtures/devnet-content.js';
import { runCli, runJson } from './cli-harness.js';

let devnet: StartedDevnet;
const url = (i: number) => devnet.nodes[i]!.url;
const vantageArgs = () => devnet.nodes.flatMap((_, i) => ['-b', url(i)]);

beforeAll(async () => {
  devnet = await startDevnet({ nodes: 3, mineBlocks: false, seed: 'retcheck-replicas' });
});
afterAll(() => devnet.stop());

async function loseReplicas(reference: string, slots?: number[]): Promise<{ dropped: number; addresses: string[] }> {
  const response = await fetch(`${url(0)}/_devnet/lose-replicas`, { method: 'POST', body: JSON.stringify({ reference, ...(slots ? { slots } : {}) }) });
  expect(response.status).toBe(200);
  return (await response.json()) as { dropped: number; addresses: string[] };
}

describe('an intermediate root at level 2', () => {
  let reference: string;
  beforeAll(async () => {
    reference = await uploadBytes(devnet.nodes[0]!, new Uint8Array(randomBytes(3 * CHUNK)), { redundancyLevel: 2 });
  });

  it('every replica found: the level comes from the span, 4 of 4 on every vantage', async () => {
    const { report, code } = await runJson([reference, ...vantageArgs(), '--no-gateway']);
    expect(code).toBe(0);
    const r = report.replicas!;
    expect(r).toMatchObject({ root: reference, level: 2, level_source: 'span', checked: true, missing_everywhere: 0, owner: 'dc5b20847f43d67928f49cd4f85d696b5a7617b5' });
    expect(r.slots.map((s) => [s.index, s.level, s.expected])).toEqual([[0, 1, true], [1, 1, true], [2, 2, true], [3, 2, true]]);
    for (let i = 0; i < 3; i++) expect(r.per_vantage[url(i)]).toEqual({ expected: 4, found: 4, missing: 0, no_answer: 0 });
    for (const slot of r.slots) expect(slot.identifier.slice(2)).toBe(reference.slice(2));
  });

  it('the fault drops slots 1 and 3 everywhere: missing on every vantage, in JSON and text; the content stays retrievable', async () => {
    const lost = await loseReplicas(reference, [1, 3]);
    expect(lost.dropped).toBeGreaterThan(0);
    const { report, code } = await runJson([reference, ...vantageArgs(), '--no-gateway']);
    expect(code).toBe(0);
    const r = report.replicas!;
    expect(r.missing_everywhere).toBe(2);
    expect(r.slots.map((s) => s.address)).toEqual(expect.arrayContaining(lost.addresses));
    for (let i = 0; i < 3; i++) expect(r.per_vantage[url(i)]).toEqual({ expected: 4, found: 2, missing: 2, no_answer: 0 });
    for (const slot of r.slots) {
      const retrieved = Object.values(slot.per_vantage).map((a) => a.retrievable);
      expect(retrieved).toEqual(new Array(3).fill(slot.index === 1 || slot.index === 3 ? false : true));
    }
    const text = await runCli([reference, ...vantageArgs(), '--no-gateway']);
    expect(text.stdout).toMatch(/^replicas +level 2 \(STRONG, from the root chunk's span\): 2 of 4 retrieved by some vantage, 2 missing everywhere$/m);
    expect(text.stdout).toMatch(new RegExp(` 1  ${lost.addresses[0]!.slice(0, 8)}.*level 1  missing: no vantage retrieved it`));
    expect(text.stdout).toContain('--reseed --stamp <batch> re-creates the 2 missing everywhere');
  });

  it('--reseed re-creates the two and verifies them; the next check finds 4 of 4', async () => {
    const run = await runJson([reference, ...vantageArgs(), '--no-gateway', '--reseed', '--stamp', devnet.nodes[0]!.batchId!]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('re-seed OK');
    expect(run.stderr).toMatch(/re-seed replicas: re-created 2 of 2 missing \(level 2\), 2 verified/);
    const text = await runCli([reference, ...vantageArgs(), '--no-gateway']);
    expect(text.stdout).toMatch(/^replicas +level 2 \(STRONG, from the root chunk's span\): 4 of 4 retrieved by some vantage$/m);
    const { report } = await runJson([reference, ...vantageArgs(), '--no-gateway']);
    expect(report.replicas!.missing_everywhere).toBe(0);
    for (let i = 0; i < 3; i++) expect(report.replicas!.per_vantage[url(i)]).toMatchObject({ found: 4, missing: 0 });
  });

  it('with every replica there, a re-seed re-creates none and says so', async () => {
    const run = await runCli([reference, ...vantageArgs(), '--no-gateway', '--reseed', '--stamp', devnet.nodes[0]!.batchId!]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^ +replicas +every replica of level 2 was retrieved by some vantage: none to re-create$/m);
  });
});

describe('where the span says no level', () => {
  it('a single-chunk root: a search of all 16 addresses finds the 2 of level 1; --redundancy-level 1 checks exactly those', async () => {
    const reference = await uploadBytes(devnet.nodes[0]!, new Uint8Array(randomBytes(100)), { redundancyLevel: 1 });
    const search = (await runJson([reference, ...vantageArgs(), '--no-gateway'])).report.replicas!;
    expect(search).toMatchObject({ level: null, level_source: 'search', level_at_least: 1, missing_everywhere: 0 });
    expect(search.slots).toHaveLength(16);
    expect(search.slots.filter((s) => s.expected === true).map((s) => s.index)).toEqual([0, 1]);
    expect(search.per_vantage[url(1)]).toEqual({ expected: 2, found: 2, missing: 0, no_answer: 0 });

    const declared = (await runJson([reference, ...vantageArgs(), '--no-gateway', '--redundancy-level', '1'])).report.replicas!;
    expect(declared).toMatchObject({ level: 1, level_source: 'option', checked: true, missing_everywhere: 0 });
    expect(declared.slots).toHaveLength(2);
  });

  it('an intermediate root uploaded at level 0: nothing to check; --no-replicas leaves the section out', async () => {
    const reference = await uploadBytes(devnet.nodes[0]!, new Uint8Array(randomBytes(3 * CHUNK)), { redundancyLevel: 0 });
    const { report } = await runJson([reference, '-b', url(1), '--no-gateway']);
    expect(report.replicas).toMatchObject({ level: 0, level_source: 'span', checked: false, slots: [] });
    expect(report.replicas!.note).toMatch(/level 0/);
    const off = await runJson([reference, '-b', url(1), '--no-gateway', '--no-replicas']);
    expect(off.report.replicas).toBeUndefined();
  });
});
