import { afterEach, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { BEE_GET_BODIES } from '../node-client/bee-fixtures.js';
import { createNodeClient, NodeApiError } from '../node-client/index.js';
import { sendBeeError, sendJson, startLoopbackServer, type LoopbackServer } from '../node-client/loopback-server.js';
import { computeGates } from '../../core/cockpit/gates.js';
import { SNAPSHOT_ENDPOINTS } from '../../core/cockpit/health-snapshot.js';
import { gatesMachine } from '../../machines/cockpit/gates.machine.js';
import { endpointFailure } from './endpoint-failure.js';
import { fetchHealthSnapshot, healthPollerLogic } from './health-snapshot.js';

let server: LoopbackServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A Bee-shaped server: fixture bodies, with per-path overrides (a status code, or raw text). */
async function beeLike(overrides: Record<string, { status: number; message?: string; raw?: string }> = {}) {
  server = await startLoopbackServer((request, response) => {
    const path = request.url.split('?')[0]!;
    const override = overrides[path];
    if (override?.raw !== undefined) {
      response.writeHead(override.status, { 'content-type': 'application/json' });
      response.end(override.raw);
    } else if (override) sendBeeError(response, override.status, override.message ?? 'refused');
    else if (path in BEE_GET_BODIES) sendJson(response, 200, BEE_GET_BODIES[path]);
    else if (path === '/readiness') sendJson(response, 200, { status: 'ready', version: '2.8.1', apiVersion: '8.1.0' });
    else sendBeeError(response, 404, 'Not Found');
  });
  return createNodeClient({ baseUrl: server.url, timeoutMs: 5000 });
}

describe('fetchHealthSnapshot', () => {
  it('asks the nine endpoints once each and keeps only the facts the gates read', async () => {
    const client = await beeLike();
    const snapshot = await fetchHealthSnapshot(client, { now: () => 42 });
    expect(server!.received.map((r) => r.url).sort()).toEqual(SNAPSHOT_ENDPOINTS.map((e) => `/${e}`).sort());
    expect(snapshot.takenAtMs).toBe(42);
    expect(snapshot.health).toEqual({ ok: true, value: { status: 'ok', version: '2.8.1-7cf53193', apiVersion: '8.1.0' } });
    expect(snapshot.readiness).toEqual({ ok: true, value: { ready: true, httpStatus: 200 } });
    expect(snapshot.chainstate).toEqual({ ok: true, value: { chainTip: 5000, block: 4990 } });
    // The topology shrinks to 32 per-bin counts; missing bins count 0.
    expect(snapshot.topology).toEqual({ ok: true, value: { depth: 8, nnLowWatermark: 3, connected: 10, connectedPerBin: [1, ...new Array(31).fill(0)] } });
    // The stamp-TTL gate reads the fill too (issue 29 item 8: full at the observed growth), so bucket depth,
    // utilisation and mutability are kept beside TTL, usability, depth and label.
    expect(snapshot.stamps.ok && snapshot.stamps.value[0]).toEqual({
      batchID: 'b2'.repeat(32),
      batchTTL: expect.any(Number),
      usable: true,
      depth: expect.any(Number),
      label: expect.any(String),
      bucketDepth: expect.any(Number),
      utilization: expect.any(Number),
      immutable: expect.any(Boolean),
    });
    // Serialisable as is: a machine keeps it in context, a report embeds it.
    expect(JSON.parse(JSON.stringify(snapshot))).toEqual(snapshot);
  });

  it('turns failing endpoints into part of the snapshot: 403 redistribution, 503 stamps, garbage status', async () => {
    const client = await beeLike({
      '/redistributionstate': { status: 403, message: 'Storage incentives are disabled. This endpoint is unavailable.' },
      '/stamps': { status: 503, message: 'syncing in progress' },
      '/status': { status: 200, raw: '{"overlay": 12' },
      '/readiness': { status: 400, raw: '{"status":"notReady","version":"2.8.1","apiVersion":"8.1.0"}' },
    });
    const snapshot = await fetchHealthSnapshot(client);
    expect(snapshot.redistributionstate).toEqual({ ok: false, error: { code: 'http', status: 403, detail: '403 Storage incentives are disabled. This endpoint is unavailable.' } });
    expect(snapshot.stamps).toMatchObject({ ok: false, error: { code: 'http', status: 503 } });
    expect(snapshot.status).toMatchObject({ ok: false, error: { code: 'invalid-response' } });
    expect(snapshot.readiness).toEqual({ ok: true, value: { ready: false, httpStatus: 400 } });
    const gates = Object.fromEntries(computeGates(snapshot).map((g) => [g.id, g]));
    expect(gates.notFrozen).toMatchObject({ state: 'Warn', applicable: false });
    expect(gates.warmupComplete!.state).toBe('Fail');
    expect(gates.reserveFill).toMatchObject({ state: 'Unknown', reason: expect.stringMatching(/^not measured: \/status: 200 invalid response/) });
    expect(gates.apiReachable!.state).toBe('Warn');
  });

  it('a node that is down yields a snapshot of network failures, not a rejection', async () => {
    const client = await beeLike();
    await server!.close();
    server = undefined;
    const snapshot = await fetchHealthSnapshot(client);
    for (const endpoint of SNAPSHOT_ENDPOINTS) expect(snapshot[endpoint]).toMatchObject({ ok: false, error: { code: 'network' } });
  });

  it('passes the abort signal to every request and rejects once aborted', async () => {
    let arrived = 0;
    server = await startLoopbackServer(() => {
      arrived += 1; // never answers
    });
    const client = createNodeClient({ baseUrl: server.url, timeoutMs: 0 });
    const controller = new AbortController();
    const poll = fetchHealthSnapshot(client, { signal: controller.signal });
    while (arrived < SNAPSHOT_ENDPOINTS.length) await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort(new Error('switched node'));
    await expect(poll).rejects.toThrow('switched node');
  });

  it('runs as the gates machine’s healthPoller, with the clock and the node it was given', async () => {
    const client = await beeLike();
    const asked: string[] = [];
    const machine = gatesMachine.provide({ actors: { healthPoller: healthPollerLogic((node) => (asked.push(node.name), client), () => 7) } });
    const actor = createActor(machine, { input: { node: { name: 'n1', url: server!.url } } }).start();
    const waiting = await waitFor(actor, (s) => s.matches('waiting'));
    expect(waiting.context.snapshot?.takenAtMs).toBe(7);
    expect(waiting.context.snapshot?.health.ok).toBe(true);
    expect(asked).toEqual(['n1']);
    actor.stop();
  });

  it('a paused poller aborts the poll in flight, which never answers; a stopped one aborts it too', async () => {
    let arrived = 0;
    const closed: number[] = [];
    server = await startLoopbackServer((_request, _response, raw) => {
      arrived += 1; // never answers
      raw.socket.once('close', () => closed.push(arrived));
    });
    const client = createNodeClient({ baseUrl: server.url, timeoutMs: 0 });
    const machine = gatesMachine.provide({ actors: { healthPoller: healthPollerLogic(() => client) } });
    const actor = createActor(machine, { input: { node: { name: 'n1', url: server.url } } }).start();
    while (arrived < SNAPSHOT_ENDPOINTS.length) await new Promise((resolve) => setTimeout(resolve, 5));
    actor.send({ type: 'poll.pause' });
    while (closed.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(actor.getSnapshot().value).toBe('paused');
    expect(actor.getSnapshot().context).toMatchObject({ snapshot: null, pollError: null });
    actor.send({ type: 'poll.resume' });
    while (arrived < 2 * SNAPSHOT_ENDPOINTS.length) await new Promise((resolve) => setTimeout(resolve, 5));
    const before = closed.length;
    actor.stop();
    while (closed.length === before) await new Promise((resolve) => setTimeout(resolve, 5));
  });

  it('a poller without a node answers poll.failed and says why', async () => {
    const never = healthPollerLogic(() => {
      throw new Error('never asked');
    });
    const actor = createActor(gatesMachine.provide({ actors: { healthPoller: never } }), { input: {} }).start();
    const waiting = await waitFor(actor, (s) => s.matches('waiting'));
    expect(waiting.context.pollError).toBe('a fleet poller needs its node');
    actor.stop();
  });
});

describe('endpointFailure', () => {
  it('drops the method and URL (the gate names the endpoint) and keeps code and status', () => {
    const error = new NodeApiError({ code: 'http', method: 'GET', url: 'http://127.0.0.1:1633/stamps', template: 'GET /stamps', status: 503, beeMessage: 'syncing in progress' });
    expect(endpointFailure(error)).toEqual({ code: 'http', status: 503, detail: '503 syncing in progress' });
    expect(endpointFailure(new Error('boom'))).toEqual({ code: 'unknown', detail: 'boom' });
  });
});
