/**
 * The devnet's HTTP control API, served by every node under the reserved prefix `/_devnet` (never under
 * /v1, never faulted, never behind the token), so the CLI demo and browser tests can flip faults even on
 * a node that is itself "down", through its own port or another node's. Routes:
 *   GET    /_devnet                         every node (index, url, overlay, logFile, faults, chunks, transactionsSubmitted) and gateway
 *   GET    /_devnet/nodes/{i}/faults        the node's faults (NodeFaults and chain faults together)
 *   PATCH  /_devnet/nodes/{i}/faults        body: a partial fault object; answers the new faults
 *   POST   /_devnet/nodes/{i}/heal          all faults off
 *   GET    /_devnet/nodes/{i}/log           the node's recent log lines (text/plain)
 *   POST   /_devnet/flush-pushes            push every deferred chunk now
 *   POST   /_devnet/lose-chunks             body: {"neighborhood":"ab"} or {"nodeIndex":1,"addresses":[…]}
 *   POST   /_devnet/lose-replicas           body: {"reference": hex, "nodeIndex"?: n, "slots"?: [0..15]}: drop the root's replicas
 *   POST   /_devnet/chain/advance           body: {"blocks":10} or {"toPhase":"commit"|"reveal"|"claim"|"sample"}
 *   POST   /_devnet/nodes/{i}/batches/{id}/skew  body: {"fill":0.9} (optional "bucket": 0..65535)
 *   POST   /_devnet/nodes/{i}/pins/{ref}/damage   body: {"missing"?: n, "invalid"?: n}: lose or corrupt pinned chunks
 *   PATCH  /_devnet/gateways/{i}/faults     body: {"down"?, "latencyMs"?, "error500"?}
 *   POST   /_devnet/gateways/{i}/heal       every gateway fault off
 * Errors answer {code, message} like the rest of the API.
 */
import { beeError, beeJson, type DevnetRequest, type DevnetResponse } from '../http/router.js';
import type { DevnetControl } from './devnet-control.js';

export interface ControlListing {
  logFiles: readonly string[];
}

export function controlHandler(control: DevnetControl, listing: ControlListing): (req: DevnetRequest) => Promise<DevnetResponse | undefined> {
  return async (req) => {
    const path = req.path.replace(/\/+$/, '');
    const method = req.method;
    try {
      if (path === '/_devnet' && method === 'GET') return beeJson(200, describe(control, listing));
      if (path === '/_devnet/flush-pushes' && method === 'POST') {
        control.flushPushes();
        return beeJson(200, { pendingPushes: control.pendingPushes });
      }
      if (path === '/_devnet/lose-chunks' && method === 'POST') {
        const body = await readJson(req);
        if (isRecord(body) && typeof body.neighborhood === 'string') return beeJson(200, { dropped: control.loseChunks({ neighborhood: body.neighborhood }) });
        if (isRecord(body) && typeof body.nodeIndex === 'number' && Array.isArray(body.addresses) && body.addresses.every((a) => typeof a === 'string')) {
          return beeJson(200, { dropped: control.loseChunks({ nodeIndex: body.nodeIndex, addresses: body.addresses as string[] }) });
        }
        return beeError(400, 'want {"neighborhood": hex} or {"nodeIndex": n, "addresses": [hex]}');
      }
      if (path === '/_devnet/lose-replicas' && method === 'POST') {
        const body = await readJson(req);
        const valid =
          isRecord(body) &&
          typeof body.reference === 'string' &&
          (body.nodeIndex === undefined || typeof body.nodeIndex === 'number') &&
          (body.slots === undefined || (Array.isArray(body.slots) && body.slots.every((i) => typeof i === 'number')));
        if (!valid) return beeError(400, 'want {"reference": hex, "nodeIndex"?: n, "slots"?: [0..15]}');
        const { reference, nodeIndex, slots } = body as { reference: string; nodeIndex?: number; slots?: number[] };
        return beeJson(200, control.loseReplicas({ reference, ...(nodeIndex !== undefined ? { nodeIndex } : {}), ...(slots ? { slots } : {}) }));
      }
      if (path === '/_devnet/chain/advance' && method === 'POST') {
        const body = await readJson(req);
        const toPhase = isRecord(body) ? body.toPhase : undefined;
        if (toPhase !== undefined) {
          if (toPhase !== 'commit' && toPhase !== 'reveal' && toPhase !== 'claim' && toPhase !== 'sample') return beeError(400, 'toPhase must be commit, reveal, claim or sample');
          const mined = control.advanceToPhase(toPhase);
          return beeJson(200, { block: control.chain.block, mined });
        }
        const blocks = isRecord(body) ? body.blocks : undefined;
        if (typeof blocks !== 'number' || !Number.isInteger(blocks) || blocks < 0 || blocks > 1_000_000) return beeError(400, 'blocks must be an integer 0..1000000');
        control.advanceBlocks(blocks);
        return beeJson(200, { block: control.chain.block });
      }
      const skewMatch = /^\/_devnet\/nodes\/(\d+)\/batches\/([0-9a-fA-F]{64})\/skew$/.exec(path);
      if (skewMatch !== null && method === 'POST') {
        const body = await readJson(req);
        const fill = isRecord(body) ? body.fill : undefined;
        const bucket = isRecord(body) ? body.bucket : undefined;
        if (typeof fill !== 'number' || (bucket !== undefined && typeof bucket !== 'number')) return beeError(400, 'want {"fill": 0..1, "bucket"?: 0..65535}');
        const collisions = control.skewBatch(Number(skewMatch[1]), skewMatch[2]!, fill, bucket);
        return beeJson(200, { collisions });
      }
      const pinMatch = /^\/_devnet\/nodes\/(\d+)\/pins\/([0-9a-fA-F]{64}|[0-9a-fA-F]{128})\/damage$/.exec(path);
      if (pinMatch !== null && method === 'POST') {
        const body = await readJson(req);
        const missing = isRecord(body) ? body.missing : undefined;
        const invalid = isRecord(body) ? body.invalid : undefined;
        const count = (v: unknown) => v === undefined || (typeof v === 'number' && Number.isInteger(v) && v >= 0);
        if (!count(missing) || !count(invalid)) return beeError(400, 'want {"missing"?: n, "invalid"?: n}');
        return beeJson(200, control.damagePin(Number(pinMatch[1]), pinMatch[2]!, { missing: missing as number | undefined, invalid: invalid as number | undefined }));
      }
      const nodeMatch = /^\/_devnet\/nodes\/(\d+)\/(faults|heal|log)$/.exec(path);
      if (nodeMatch !== null) {
        const handle = control.node(Number(nodeMatch[1]));
        const action = nodeMatch[2];
        if (action === 'faults' && method === 'GET') return beeJson(200, handle.faults());
        if (action === 'faults' && (method === 'PATCH' || method === 'POST' || method === 'PUT')) {
          const parsed = control.parsePatch(await readJson(req));
          if ('error' in parsed) return beeError(400, parsed.error);
          await handle.setFault(parsed.patch);
          return beeJson(200, handle.faults());
        }
        if (action === 'heal' && method === 'POST') {
          await handle.heal();
          return beeJson(200, handle.faults());
        }
        if (action === 'log' && method === 'GET') {
          return { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: new TextEncoder().encode(`${handle.node.log.recentLines().join('\n')}\n`) };
        }
        return beeError(405);
      }
      const gatewayHeal = /^\/_devnet\/gateways\/(\d+)\/heal$/.exec(path);
      if (gatewayHeal !== null && method === 'POST') {
        const gateway = control.gateway(Number(gatewayHeal[1]));
        await gateway.heal();
        return beeJson(200, gateway.faults);
      }
      const gatewayMatch = /^\/_devnet\/gateways\/(\d+)\/faults$/.exec(path);
      if (gatewayMatch !== null) {
        const gateway = control.gateway(Number(gatewayMatch[1]));
        if (method === 'GET') return beeJson(200, gateway.faults);
        const body = await readJson(req);
        if (!isRecord(body)) return beeError(400, 'fault patch must be a JSON object');
        const patch: { down?: boolean; latencyMs?: number; error500?: boolean } = {};
        for (const [key, value] of Object.entries(body)) {
          if ((key === 'down' || key === 'error500') && typeof value === 'boolean') patch[key] = value;
          else if (key === 'latencyMs' && typeof value === 'number' && Number.isInteger(value) && value >= 0) patch.latencyMs = value;
          else return beeError(400, `invalid gateway fault ${key}`);
        }
        await gateway.setFault(patch);
        return beeJson(200, gateway.faults);
      }
      return undefined;
    } catch (error) {
      if (error instanceof RangeError || error instanceof SyntaxError) return beeError(400, error.message);
      throw error;
    }
  };
}

function describe(control: DevnetControl, listing: ControlListing): unknown {
  return {
    block: control.chain.block,
    pendingPushes: control.pendingPushes,
    nodes: control.nodes.map((node, index) => ({
      index,
      url: node.apiUrl,
      overlay: node.overlayHex,
      logFile: listing.logFiles[index],
      chunks: node.store.size,
      transactionsSubmitted: node.chain.txs.submittedCount,
      faults: control.node(index).faults(),
    })),
    gateways: control.gatewayList.map((gateway) => ({ index: gateway.index, url: gateway.url, faults: gateway.faults })),
  };
}

async function readJson(req: DevnetRequest): Promise<unknown> {
  const text = new TextDecoder().decode(await req.body());
  return text.trim() === '' ? {} : JSON.parse(text);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
