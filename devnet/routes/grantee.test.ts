/** The devnet's ACT grantee routes, answering as Bee v2.8.1 does (the conformance scenario checks them against real Bee). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevnet, type StartedDevnet } from '../devnet.js';

let devnet: StartedDevnet;
let url: string;
let batch: string;
const A = '02ceff1422a7026ba54ad89967d81f2805a55eb3d05f64eb5c49ea6024212b12e8';
const B = '0379be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798';
const C = '02c6047f9441ed7d6d3045406e95c07cd85c778e4b8cef3ca7abac09b95c709ee5';

beforeAll(async () => {
  devnet = await startDevnet({ nodes: 2, port: 0, mineBlocks: false, pushDelayMs: 0 });
  url = devnet.nodes[0]!.url;
  batch = devnet.nodes[0]!.batchId!;
});
afterAll(async () => {
  await devnet?.stop();
});

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}, base = url) {
  const res = await fetch(`${base}${path}`, { method, headers: { 'content-type': 'application/json', ...headers }, ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }) });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as unknown) : undefined };
}

describe('devnet /grantee', () => {
  it('POST stores a list only its publisher can read; GET lists it (duplicates dropped); PATCH adds and revokes', async () => {
    const created = await call('POST', '/grantee', { grantees: [A, B, A] }, { 'swarm-postage-batch-id': batch });
    expect(created.status).toBe(201);
    const { ref, historyref } = created.json as { ref: string; historyref: string };
    expect(ref).toMatch(/^[0-9a-f]{128}$/);
    expect(historyref).toMatch(/^[0-9a-f]{64}$/);
    expect(await call('GET', `/grantee/${ref}`)).toEqual({ status: 200, json: [A, B] });
    expect(await call('GET', `/grantee/${ref}`, undefined, {}, devnet.nodes[1]!.url)).toEqual({ status: 404, json: { code: 404, message: 'granteelist not found' } });
    const patched = await call('PATCH', `/grantee/${ref}`, { add: [C], revoke: [A] }, { 'swarm-postage-batch-id': batch, 'swarm-act-history-address': historyref });
    expect(patched.status).toBe(200);
    // Bee's removal swaps in the last key: [A, B, C] without A is [C, B].
    expect(await call('GET', `/grantee/${(patched.json as { ref: string }).ref}`)).toEqual({ status: 200, json: [C, B] });
    const empty = await call('POST', '/grantee', { grantees: [] }, { 'swarm-postage-batch-id': batch });
    const emptyRef = (empty.json as { ref: string; historyref: string });
    expect(await call('GET', `/grantee/${emptyRef.ref}`)).toEqual({ status: 200, json: [] });
    expect(await call('PATCH', `/grantee/${emptyRef.ref}`, { revoke: [A] }, { 'swarm-postage-batch-id': batch, 'swarm-act-history-address': emptyRef.historyref })).toEqual({
      status: 400,
      json: { code: 400, message: 'remove from empty grantee list' },
    });
  });

  it('refusals in Bee\'s order and words', async () => {
    const headers = { 'swarm-postage-batch-id': batch };
    expect((await fetch(`${url}/grantee`, { method: 'POST', headers })).status).toBe(400);
    expect(await call('POST', '/grantee', { grantees: [A] })).toMatchObject({ status: 400, json: { message: 'invalid header params' } });
    expect(await call('POST', '/grantee', '{not json', headers)).toEqual({ status: 500, json: { code: 500, message: 'error unmarshaling request body' } });
    expect(await call('POST', '/grantee', { grantees: ['02abcd'] }, headers)).toEqual({ status: 400, json: { code: 400, message: 'invalid grantee list' } });
    expect(await call('POST', '/grantee', { grantees: [A] }, { 'swarm-postage-batch-id': 'ee'.repeat(32) })).toEqual({ status: 404, json: { code: 404, message: 'batch with id not found' } });
    expect(await call('GET', `/grantee/${'ab'.repeat(64)}`)).toEqual({ status: 404, json: { code: 404, message: 'granteelist not found' } });
    expect((await call('GET', '/grantee/xyz')).status).toBe(400);
    expect(await call('PATCH', `/grantee/${'ab'.repeat(64)}`, { add: [A] }, headers)).toMatchObject({ status: 400, json: { message: 'invalid header params', reasons: [{ field: 'swarm-act-history-address' }] } });
    expect(await call('PATCH', `/grantee/${'ab'.repeat(64)}`, { add: ['zz'] }, { ...headers, 'swarm-act-history-address': 'cd'.repeat(32) })).toEqual({ status: 400, json: { code: 400, message: 'invalid add list' } });
  });
});
