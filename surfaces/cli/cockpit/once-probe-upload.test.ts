/**
 * `cockpit --once probe-upload` (issue 29 item 1) as the compiled bin against a 4-node devnet: the upload goes out
 * with deferred upload off under the chosen batch (seen on the wire through a loopback proxy in front of a devnet
 * node), every other node answers, and the faults give each kind of row: a node that is down (unreachable), one that answers 500 (error), one isolated
 * from the network (deadline passed). Refusals (no usable batch, unknown and ambiguous prefixes) upload nothing.
 * Every JSON output is validated by config-schema/once-results.schema.json.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeClient } from '../../../actors/node-client/index.js';
import { sendJson, startLoopbackServer, type LoopbackServer } from '../../../actors/node-client/loopback-server.js';
import { startDevnet, type StartedDevnet } from '../../../devnet/devnet.js';
import { compileEntries } from '../../../test/compiled-entries.js';
import { onceJson } from '../../../test/once-schema.js';
import { runBin, type BinRun } from '../../../test/run-bin.js';

interface ProbeData {
  node: string;
  reference: string;
  batchId: string;
  size: number;
  selfOnly: boolean;
  vantages: { node: string; url: string; outcome: string; afterMs?: number; why?: string; checks: number }[];
  cleanup: { pinned: boolean | null; unpinned: boolean; tagDeleted: boolean | null; left: string[] };
}

let bin: string;
let devnet: StartedDevnet;
let urls: string[];
const servers: LoopbackServer[] = [];

beforeAll(async () => {
  bin = compileEntries('once-probe-upload', ['surfaces/cli/cockpit-bin.ts'])('surfaces/cli/cockpit-bin.ts');
  devnet = await startDevnet({ nodes: 4, port: 0, mineBlocks: false, pushDelayMs: 0 });
  urls = devnet.nodes.map((node) => node.url);
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  await devnet?.stop();
});

const cockpit = (args: string[]): Promise<BinRun> => runBin(bin, args, {});
const probe = async (args: string[]) => {
  const run = await cockpit(['--once', 'probe-upload', ...args, '--json']);
  return { code: run.code, result: onceJson<ProbeData>(run.stdout) };
};

describe('--once probe-upload on a devnet', () => {
  it('every other node retrieves it: a row each with a time, nothing pinned, the chunks said to stay', async () => {
    const { code, result } = await probe(['--size', '2000', ...urls]);
    expect(code, result.message).toBe(0);
    expect(result.status).toBe('ok');
    expect(result.data).toMatchObject({ node: urls[0], size: 2000, batchId: devnet.nodes[0]!.batchId, selfOnly: false });
    expect(result.data.vantages.map((row) => row.url)).toEqual(urls.slice(1));
    for (const row of result.data.vantages) expect(row).toMatchObject({ outcome: 'retrievable', afterMs: expect.any(Number) });
    // Bee gives a direct (non-deferred, unpinned) upload no tag, so there is none to delete.
    expect(result.data.cleanup).toMatchObject({ pinned: false, unpinned: false, tagDeleted: null });
    expect(result.data.cleanup.left.join(' ')).toMatch(/stay in the swarm until the batch expires/);
    // The upload was real: the uploader and a vantage serve the payload's 2000 bytes.
    expect((await createNodeClient({ baseUrl: urls[2]! }).downloadBytes(result.data.reference)).length).toBe(2000);
    const text = await cockpit(['--once', 'probe-upload', ...urls]);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/retrievable on 3 of 3 vantages/);
    expect(text.stdout.split('\n').filter((line) => /retrievable after/.test(line))).toHaveLength(3);
  });

  it('a row per vantage says why not: down is unreachable, a 500 is an error, an isolated node runs out the deadline', async () => {
    await devnet.control.node(1).setFault({ down: true });
    await devnet.control.node(2).setFault({ error500: true });
    await devnet.control.node(3).setFault({ isolated: true });
    try {
      const { code, result } = await probe(['--deadline', '3', ...urls]);
      expect(code).toBe(1);
      expect(result.status).toBe('sad');
      const [down, failing, isolated] = result.data.vantages;
      expect(down).toMatchObject({ url: urls[1], outcome: 'unreachable', why: expect.stringMatching(/cannot connect/) });
      expect(failing).toMatchObject({ url: urls[2], outcome: 'error', why: expect.stringMatching(/HTTP 500/) });
      expect(isolated).toMatchObject({ url: urls[3], outcome: 'not-retrievable' });
      expect(isolated!.checks).toBeGreaterThan(1);
      const text = await cockpit(['--once', 'probe-upload', '--deadline', '2', ...urls]);
      expect(text.code).toBe(1);
      expect(text.stdout).toMatch(/unreachable: cannot connect/);
      expect(text.stdout).toMatch(/error: HTTP 500/);
      expect(text.stdout).toMatch(/deadline passed: /);
    } finally {
      await devnet.control.node(1).setFault({ down: false });
      await devnet.control.node(2).setFault({ error500: false });
      await devnet.control.node(3).setFault({ isolated: false });
    }
  });

  it('--batch picks the batch by prefix; an unknown prefix is refused before anything is uploaded', async () => {
    const batchId = devnet.nodes[0]!.batchId!;
    const picked = await probe(['--batch', batchId.slice(0, 6).toUpperCase(), urls[0]!, urls[1]!]);
    expect(picked.result.data.batchId).toBe(batchId);
    const unknown = await probe(['--batch', batchId.startsWith('f') ? '0000' : 'ffff', ...urls]);
    expect(unknown.code).toBe(2);
    expect(unknown.result).toMatchObject({ status: 'error', data: { error: { code: 'unknown-batch' } } });
    expect(unknown.result.message).toMatch(/^probe-upload refused: no batch on this node starts with/);
  });

  it('refuses without a usable batch and with an ambiguous prefix, and uploads nothing', async () => {
    const [batch] = (await (await fetch(`${urls[0]}/stamps`)).json()).stamps as Record<string, unknown>[];
    let stamps: Record<string, unknown>[] = [];
    const server = await startLoopbackServer((request, response) => {
      if (request.url === '/stamps') return sendJson(response, 200, { stamps });
      sendJson(response, 500, { code: 500, message: `unexpected ${request.method} ${request.url}` });
    });
    servers.push(server);
    stamps = [{ ...batch, usable: false }];
    const none = await probe([server.url]);
    expect(none.code).toBe(2);
    expect(none.result).toMatchObject({ status: 'error', data: { error: { code: 'no-usable-batch' } } });
    expect(none.result.message).toMatch(/no usable postage batch on this node/);
    stamps = [
      { ...batch, batchID: `abcd${'1'.repeat(60)}` },
      { ...batch, batchID: `abcd${'2'.repeat(60)}` },
    ];
    const ambiguous = await probe(['--batch', 'abcd', server.url]);
    expect(ambiguous.result).toMatchObject({ status: 'error', data: { error: { code: 'ambiguous-batch' } } });
    expect(ambiguous.result.message).toMatch(/2 usable batches start with abcd; give more of the ID/);
    expect(server.received.filter((r) => r.method !== 'GET')).toEqual([]);
    const usage = await cockpit(['--once', 'probe-upload', '--size', '0', server.url]);
    expect(usage.code).toBe(64);
    expect(usage.stderr).toMatch(/--size must be 1 to 1048576 bytes/);
  });

  it('the upload goes out with deferred upload off under the chosen batch', async () => {
    const batchId = devnet.nodes[0]!.batchId!;
    const server = await startLoopbackServer(async (request, response) => {
      // A proxy to the devnet's first node, to see the request as it went on the wire.
      const answer = await fetch(`${urls[0]}${request.url}`, { method: request.method, headers: request.headers as Record<string, string>, ...(request.body.length ? { body: new Uint8Array(request.body) } : {}) });
      const body = Buffer.from(await answer.arrayBuffer());
      response.writeHead(answer.status, Object.fromEntries([...answer.headers.entries()].filter(([name]) => !['content-length', 'transfer-encoding', 'connection'].includes(name))));
      response.end(body);
    });
    servers.push(server);
    const { result } = await probe(['--size', '100', server.url, urls[1]!]);
    expect(result.status).toBe('ok');
    const upload = server.received.find((r) => r.method === 'POST' && r.url === '/bytes')!;
    expect(upload.headers['swarm-deferred-upload']).toBe('false');
    expect(upload.headers['swarm-postage-batch-id']).toBe(batchId);
    expect(upload.body.length).toBe(100);
  });

  it('a probe the node pinned is unpinned, and a tag is deleted (a node that pins and tags what it is sent)', async () => {
    // A proxy in front of a devnet node that says it pinned the upload and gave it a tag, as a node set to
    // pin or tag every upload would: the clean-up must undo both, and ask, not assume.
    const server = await startLoopbackServer(async (request, response) => {
      if (request.url.startsWith('/pins/')) return request.method === 'GET' ? sendJson(response, 200, { reference: request.url.slice(6) }) : sendJson(response, 200, { code: 200, message: 'OK' });
      if (request.url.startsWith('/tags/') && request.method === 'DELETE') return void response.writeHead(204).end();
      const answer = await fetch(`${urls[0]}${request.url}`, { method: request.method, headers: request.headers as Record<string, string>, ...(request.body.length ? { body: new Uint8Array(request.body) } : {}) });
      const body = Buffer.from(await answer.arrayBuffer());
      const headers = Object.fromEntries([...answer.headers.entries()].filter(([name]) => !['content-length', 'transfer-encoding', 'connection'].includes(name)));
      response.writeHead(answer.status, request.url === '/bytes' ? { ...headers, 'swarm-tag': '77' } : headers);
      response.end(body);
    });
    servers.push(server);
    const { result } = await probe([server.url, urls[1]!]);
    expect(result.data.cleanup).toMatchObject({ pinned: true, unpinned: true, tagDeleted: true });
    expect(server.received.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual([`/pins/${result.data.reference}`, '/tags/77']);
  });
});
