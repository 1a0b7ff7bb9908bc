import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, toPromise } from 'xstate';
import { retcheckMachine, type RetcheckInput } from './retcheck.machine.js';
import { probeMachine, type ProbeEvent, type ProbeInput } from './probe.machine.js';
import { chunkWalkMachine, type ChunkAnswer, type ChunkRequest, type ChunkRequestBatch, type ChunkProberInput } from './chunk-walk.machine.js';
import { reseedMachine, type BatchPreflight } from './reseed.machine.js';
import { reportSchemaErrors } from '../../test/report-schema.js';

const REF = 'ab'.repeat(32);
const OVERLAY_A = 'ab'.repeat(31) + '00';
const OVERLAY_B = '00'.repeat(32);

/** In-memory stand-ins for the network side; the machine cannot tell them from the HTTP actors. */
function provideWorld(world: { retrievable: Record<string, boolean | null>; tree?: Record<string, string[]>; missing?: Record<string, string[]>; batch?: BatchPreflight; reuploadFails?: boolean }) {
  const requests: ChunkRequest[] = [];
  let proberConcurrency: number | undefined;
  const reuploads: string[] = [];
  const probeTargets = fromCallback<ProbeEvent, ProbeInput>(({ input, sendBack }) => {
    input.nodes.forEach((url, index) => {
      const answer = world.retrievable[url];
      queueMicrotask(() =>
        sendBack({
          type: 'vantage.answered',
          index,
          result:
            answer === null || answer === undefined
              ? { node_url: url, retrievable: null, elapsed_ms: 1, error: 'connection refused' }
              : { node_url: url, retrievable: answer, elapsed_ms: 2, overlay: url.endsWith('a') ? OVERLAY_A : OVERLAY_B, node_version: '2.8.1' },
        }),
      );
    });
  });
  const chunkProber = fromCallback<ChunkRequestBatch, ChunkProberInput>(({ input, receive, sendBack }) => {
    // The concurrency bound is the prober's to keep (actors/retcheck/fetch-queue.ts); this one answers at once.
    proberConcurrency = input.concurrency;
    receive((batch) => {
      requests.push(...batch.requests);
      for (const req of batch.requests) {
        const vantageUrl = ['http://a', 'http://b'][req.vantage]!;
        const found = !(world.missing?.[vantageUrl] ?? []).includes(req.address);
        const answer: ChunkAnswer = { address: req.address, vantage: req.vantage, found, elapsedMs: 3, ...(found ? { children: world.tree?.[req.address] ?? [] } : {}) };
        setTimeout(() => sendBack({ type: 'chunks.answered', answers: [answer] }), 0);
      }
    });
  });
  const machine = retcheckMachine.provide({
    actors: {
      probe: probeMachine.provide({ actors: { probeTargets } }),
      chunkWalk: chunkWalkMachine.provide({ actors: { chunkProber } }),
      resolveFeed: fromPromise(async ({ input }) => {
        if (input.owner === 'ff'.repeat(20)) throw new Error(`GET /feeds/${input.owner}/${input.topic} -> 404 lookup failed`);
        return { reference: REF, nodeUrl: input.nodeUrls[0]! };
      }),
      coldDownloads: fromPromise(async ({ input }) =>
        input.nodes.map((url) => ({ url, endpoint: `/bytes/${input.reference}`, success: true, bytes_downloaded: 42, elapsed_ms: 5, status_code: 200, error: null })),
      ),
      reseedFlow: reseedMachine.provide({
        actors: {
          stampPreflight: fromPromise(async () => world.batch ?? { exists: false, usable: false, ttlSeconds: -1 }),
          reupload: fromPromise(async ({ input }) => {
            if (world.reuploadFails) throw new Error('PUT /stewardship -> 500 boom');
            reuploads.push(input.reference);
          }),
        },
      }),
    },
  });
  return { machine, requests, reuploads, proberConcurrency: () => proberConcurrency };
}

const base: RetcheckInput = { target: { kind: 'reference', reference: REF }, nodes: ['http://a', 'http://b'], gateways: [], timeoutMs: 1000, perChunk: false, cold: false, concurrency: 8 };

async function run(world: Parameters<typeof provideWorld>[0], input: Partial<RetcheckInput> = {}) {
  const sut = provideWorld(world);
  const actor = createActor(sut.machine, { input: { ...base, ...input } }).start();
  return { output: await toPromise(actor), ...sut };
}

describe('retcheck machine', () => {
  it('aggregates partial, sets PO and validates against the report schema', async () => {
    const { output } = await run({ retrievable: { 'http://a': true, 'http://b': false } });
    expect(output.kind).toBe('report');
    if (output.kind !== 'report') return;
    expect(output.report.status).toBe('partial');
    expect(output.report.vantages[0]!.proximity_to_root).toBe(248);
    expect(output.report.gateways).toBeUndefined();
    expect(reportSchemaErrors(output.report)).toEqual([]);
  });

  it('reports error when every vantage errored', async () => {
    const { output } = await run({ retrievable: { 'http://a': null, 'http://b': null } });
    expect(output.kind === 'report' && output.report.status).toBe('error');
  });

  it('walks chunks breadth-first, hands the concurrency limit to the prober, and rolls up misses', async () => {
    const c1 = '11'.repeat(32), c2 = '22'.repeat(32), c3 = '33'.repeat(32);
    const { output, requests, proberConcurrency } = await run(
      { retrievable: { 'http://a': true, 'http://b': true }, tree: { [REF]: [c1, c2], [c1]: [c3] }, missing: { 'http://b': [c2] } },
      { perChunk: true, concurrency: 3 },
    );
    if (output.kind !== 'report') throw new Error('no report');
    expect(output.report.chunks!.map((c) => c.address)).toEqual([REF, c1, c2, c3]);
    expect(requests).toHaveLength(8);
    expect(proberConcurrency()).toBe(3);
    expect(output.report.chunk_stats!.per_vantage['http://b']).toMatchObject({ total: 4, found: 3, missing: 1 });
    expect(output.report.chunk_stats!.per_neighborhood['22']).toMatchObject({ missing: 1 });
    expect(reportSchemaErrors(output.report)).toEqual([]);
  });

  it('resolves a feed first and keeps the resolution; a failed lookup names the feeds endpoint', async () => {
    const ok = await run({ retrievable: { 'http://a': true, 'http://b': true } }, { target: { kind: 'feed', owner: '12'.repeat(20), topic: '34'.repeat(32) } });
    expect(ok.output.kind === 'report' && ok.output.report.resolution?.resolved_reference).toBe(REF);
    const bad = await run({ retrievable: {} }, { target: { kind: 'feed', owner: 'ff'.repeat(20), topic: '34'.repeat(32) } });
    expect(bad.output).toEqual({ kind: 'failed', error: expect.stringContaining('/feeds/') });
  });

  it('re-seeds with a usable batch, warning on a TTL under 24 h', async () => {
    const { output, reuploads } = await run(
      { retrievable: { 'http://a': false, 'http://b': false }, batch: { exists: true, usable: true, ttlSeconds: 3600 } },
      { reseed: { batchId: 'cd'.repeat(32) }, cold: true },
    );
    if (output.kind !== 'report') throw new Error('no report');
    expect(output.reseed).toMatchObject({ status: 'OK', batch: 'cd'.repeat(32), warnings: [expect.stringContaining('under 24 h')] });
    expect(reuploads).toEqual([REF]);
    expect(output.report.cold_downloads).toHaveLength(2);
  });

  it('refuses an unknown batch and sends no re-upload; a failed re-upload is reported', async () => {
    const refused = await run({ retrievable: { 'http://a': true, 'http://b': true } }, { reseed: { batchId: 'cd'.repeat(32) } });
    expect(refused.output.kind === 'report' && refused.output.reseed).toMatchObject({ status: 'refused', error: expect.stringContaining('does not exist') });
    expect(refused.reuploads).toEqual([]);
    const failed = await run({ retrievable: { 'http://a': true, 'http://b': true }, batch: { exists: true, usable: true, ttlSeconds: 999999 }, reuploadFails: true }, { reseed: { batchId: 'cd'.repeat(32) } });
    expect(failed.output.kind === 'report' && failed.output.reseed).toMatchObject({ status: 'failed', error: expect.stringContaining('500') });
  });
});
