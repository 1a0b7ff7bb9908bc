/**
 * Re-creating root replicas on a re-seed (docs/retcheck.md "Re-seeding replicas"). Bee v2.8.1's
 * `PUT /stewardship` re-pushes the chunks of the content tree only, never the replicas (its traversal does not
 * visit them; bee#5450), so retcheck makes them itself as Bee's upload pipeline does (core/swarm/replicas.ts:
 * the root wrapped in a single-owner chunk signed with the public replica key, one per slot) and uploads each
 * with `POST /soc/{owner}/{id}?sig=` under the batch, pushed directly. Bee checks a replica on upload like any
 * other single-owner chunk (pkg/soc: signature, address, and identifier bytes 1..31 equal to the root's).
 *
 * The root chunk comes from the re-seed node first, then the other vantages, then, when no node serves it any
 * more, from a replica that is still retrievable (it wraps the root's bytes).
 */
import { bytesEqual, bytesToHex, hexToBytes } from '../../core/swarm/bytes.js';
import { REPLICAS_OWNER, replicaSlots, rootReplicas } from '../../core/swarm/replicas.js';
import { parseSingleOwnerChunk } from '../../core/swarm/soc.js';
import { askReplica, runLimited } from './replica-check.js';
import type { RetcheckApi } from './retcheck-api.js';
import { errorText } from '../../core/error-text.js';
import { readRootChunk } from './root-chunk.js';
import type { RecreateReplicasInput, RecreatedReplica, VerifiedReplica, VerifyReplicasInput } from '../../machines/retcheck/replicas.contracts.js';

const SOC_HEADER = 32 + 65;

/** The root chunk's stored bytes (span ‖ payload, encrypted for an encrypted reference), from a node or a replica. */
async function rootBytes(api: RetcheckApi, input: RecreateReplicasInput, signal: AbortSignal): Promise<Uint8Array> {
  const nodes = [input.nodeUrl, ...input.vantages.filter((v) => v !== input.nodeUrl)];
  const root = await readRootChunk(api, input.reference, nodes, signal, input.timeoutMs);
  if (root.kind === 'content') return root.raw;
  if (root.kind === 'soc') throw new Error('the reference is a single-owner chunk: Bee keeps no replicas of it');
  const rootAddress = hexToBytes(input.reference.slice(0, 64));
  for (const slot of replicaSlots(rootAddress, 4)) {
    for (const nodeUrl of nodes) {
      try {
        const body = await api.chunk(nodeUrl, bytesToHex(slot.address), { signal, timeoutMs: input.timeoutMs });
        if (body === undefined) continue;
        const soc = parseSingleOwnerChunk(body, slot.address);
        if (bytesEqual(soc.wrappedAddress, rootAddress)) return soc.wrappedData;
      } catch (error) {
        if (signal.aborted) throw error;
      }
    }
  }
  throw new Error(`the root chunk could not be read from any node (${root.why}) nor from any of its replicas`);
}

export async function recreateReplicas(api: RetcheckApi, input: RecreateReplicasInput, signal: AbortSignal): Promise<RecreatedReplica[]> {
  const data = await rootBytes(api, input, signal);
  const all = rootReplicas({ address: hexToBytes(input.reference.slice(0, 64)), data }, input.level);
  const owner = bytesToHex(REPLICAS_OWNER);
  const results: RecreatedReplica[] = [];
  for (const index of input.slots) {
    const replica = all[index];
    if (!replica) {
      results.push({ index, address: '', uploaded: false, error: `level ${input.level} has no replica slot ${index}` });
      continue;
    }
    const address = bytesToHex(replica.address);
    const soc = {
      owner,
      identifier: bytesToHex(replica.data.subarray(0, 32)),
      signature: bytesToHex(replica.data.subarray(32, SOC_HEADER)),
      wrapped: replica.data.subarray(SOC_HEADER),
    };
    try {
      const answered = await api.uploadSoc(input.nodeUrl, soc, input.batchId, { signal, timeoutMs: input.timeoutMs });
      results.push(answered === address ? { index, address, uploaded: true } : { index, address, uploaded: false, error: `the node answered reference ${answered}, not ${address}` });
    } catch (error) {
      if (signal.aborted) throw error;
      results.push({ index, address, uploaded: false, error: errorText(error) });
    }
  }
  return results;
}

/** Asks every vantage's stewardship check about each re-created replica (the check the next run makes). */
export async function verifyReplicas(api: RetcheckApi, input: VerifyReplicasInput, signal: AbortSignal): Promise<VerifiedReplica[]> {
  const results: VerifiedReplica[] = input.replicas.map((r) => ({ index: r.index, address: r.address, retrievableOn: [], noAnswer: 0 }));
  const tasks = input.replicas.flatMap((replica, i) =>
    input.vantages.map((nodeUrl) => async () => {
      const answer = await askReplica(api, nodeUrl, replica.address, signal, input.timeoutMs);
      if (answer.retrievable === true) results[i]!.retrievableOn.push(nodeUrl);
      else if (answer.retrievable === null) results[i]!.noAnswer += 1;
    }),
  );
  await runLimited(tasks, input.concurrency, signal);
  if (signal.aborted) throw signal.reason ?? new Error('aborted');
  for (const r of results) r.retrievableOn.sort((a, b) => input.vantages.indexOf(a) - input.vantages.indexOf(b));
  return results;
}
