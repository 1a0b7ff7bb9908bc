/** retcheck --per-chunk on a devnet: every chunk of an upload probed on every vantage, a lost neighbourhood found. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hexToBytes } from '../../core/swarm/bytes.js';
import { proximity } from '../../core/swarm/proximity.js';
import { startDevnet, type StartedDevnet } from '../../devnet/devnet.js';
import { runCli, runJson } from './cli-harness.js';
import { CHUNK, uploadRandom } from '../fixtures/devnet-content.js';

let devnet: StartedDevnet;
const url = (i: number) => devnet.nodes[i]!.url;

beforeAll(async () => {
  devnet = await startDevnet({ nodes: 4, mineBlocks: false, pushDelayMs: 600_000, seed: 'retcheck-per-chunk' });
});
afterAll(() => devnet.stop());

describe('per-chunk walk through the CLI', () => {
  it('finds every chunk on every vantage, then reports the chunk a neighbourhood lost (per vantage and per neighbourhood)', async () => {
    // 8 leaves and their root: at most 9 neighbourhoods, so the text's per-neighbourhood table (top 10, slowest
    // first) shows every one, the lost one included, whatever the probes' timings.
    const reference = await uploadRandom(devnet.nodes[0]!, 8 * CHUNK, { redundancyLevel: 0 });
    const args = [reference, '-b', url(1), '-b', url(2), '--no-gateway', '--per-chunk', '--concurrency', '3'];
    const healthy = await runJson(args);
    expect(healthy.code).toBe(0);
    const chunks = healthy.report.chunks!;
    expect(chunks).toHaveLength(9); // 8 data chunks and their root
    expect(chunks[0]!.address).toBe(reference);
    for (const chunk of chunks) {
      expect(chunk.neighborhood).toBe(chunk.address.slice(0, 2));
      for (const i of [1, 2]) {
        const probe = chunk.per_vantage[url(i)]!;
        expect(probe.found).toBe(true);
        expect(probe.proximity).toBe(proximity(hexToBytes(devnet.nodes[i]!.overlay), hexToBytes(chunk.address)));
      }
    }
    expect(healthy.report.chunk_stats!.per_vantage[url(1)]).toMatchObject({ total: 9, found: 9, missing: 0 });

    // A leaf alone in its neighbourhood, so losing the neighbourhood loses exactly that chunk.
    const counts = new Map<string, number>();
    for (const c of chunks) counts.set(c.neighborhood, (counts.get(c.neighborhood) ?? 0) + 1);
    const victim = chunks.slice(1).find((c) => counts.get(c.neighborhood) === 1 && c.neighborhood !== reference.slice(0, 2));
    expect(victim, 'a leaf alone in its neighbourhood').toBeDefined();
    expect(devnet.control.loseChunks({ neighborhood: victim!.neighborhood })).toBeGreaterThan(0);

    const broken = await runJson(args);
    expect(broken.code).toBe(2);
    expect(broken.report.status).toBe('unretrievable');
    const lost = broken.report.chunks!.find((c) => c.address === victim!.address)!;
    expect(Object.values(lost.per_vantage).map((p) => p.found)).toEqual([false, false]);
    expect(broken.report.chunks!.filter((c) => c !== lost).every((c) => Object.values(c.per_vantage).every((p) => p.found))).toBe(true);
    expect(broken.report.chunk_stats!.per_vantage[url(2)]).toMatchObject({ total: 9, found: 8, missing: 1 });
    expect(broken.report.chunk_stats!.per_neighborhood[victim!.neighborhood]).toMatchObject({ total: 2, found: 0, missing: 2 });

    const text = await runCli(args);
    expect(text.stdout).toContain('chunks  9 walked');
    expect(text.stdout).not.toContain(' more (see --output json)');
    expect(text.stdout).toMatch(new RegExp(`${victim!.address}  nb ${victim!.neighborhood}  missing on ${url(1)}, ${url(2)}`));
    expect(text.stdout).toMatch(new RegExp(`\\n  ${victim!.neighborhood} +0/2 +2 `));
  });
});
