/**
 * GSOC over real node servers and WebSocket clients: a SOC uploaded on one node fires the subscribers of
 * its address on the receiving node and on the closest nodes the push stores it at, when it lands there.
 */
import { randomBytes } from 'node:crypto';
import { Bee, Identifier } from '@ethersphere/bee-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bytesToHex } from '../../core/swarm/bytes.js';
import { contentAddressOf, makeContentChunk } from '../../core/swarm/chunk.js';
import { makeSingleOwnerChunk, type SingleOwnerChunk } from '../../core/swarm/soc.js';
import { startDevnet, type StartedDevnet } from '../devnet.js';
import { socPayload } from './gsoc.js';
import { openSubscriber, resendUntilReceived, websocketUrl, type Subscriber } from './subscriber-client.js';

let devnet: StartedDevnet;
const open: Subscriber[] = [];
const ownerKey = new Uint8Array(randomBytes(32));

beforeAll(async () => {
  devnet = await startDevnet({ nodes: 4, mineBlocks: false, pushDelayMs: 60_000, seed: 'gsoc-test' });
});
afterAll(() => devnet.stop());
beforeEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
  for (let i = 0; i < devnet.nodes.length; i++) await devnet.control.node(i).heal();
});

const url = (i: number): string => devnet.nodes[i]!.url;
/**
 * Deliveries happen synchronously inside the upload request, so a frame that was (wrongly) sent to one
 * subscriber travels alongside the awaited frame of another; a short pause lets it land before absence is checked.
 */
const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 50));

function makeSoc(identifier: Uint8Array, payload: Uint8Array): SingleOwnerChunk {
  return makeSingleOwnerChunk(identifier, makeContentChunk(payload), ownerKey);
}

/** Node indices closest-first to the address, as the network's push ranks them. */
function byProximity(addressHex: string): number[] {
  return devnet.control.nodes[0]!.network.nodesByProximity(addressHex).map((n) => n.index);
}

async function subscribe(i: number, addressHex: string): Promise<Subscriber> {
  const subscriber = await openSubscriber(websocketUrl(url(i), `/gsoc/subscribe/${addressHex}`));
  open.push(subscriber);
  return subscriber;
}

async function postSoc(i: number, soc: SingleOwnerChunk, headers: Record<string, string> = {}): Promise<void> {
  const identifier = bytesToHex(soc.data.subarray(0, 32));
  const body = soc.data.subarray(32 + 65);
  const res = await fetch(`${url(i)}/soc/${bytesToHex(soc.owner)}/${identifier}?sig=${bytesToHex(soc.signature)}`, {
    method: 'POST',
    body: body as BodyInit,
    headers: { 'swarm-postage-batch-id': devnet.nodes[i]!.batchId!, ...headers },
  });
  expect(res.status).toBe(201);
}

describe('GSOC subscriptions', () => {
  it('a SOC posted to /soc fires the closest nodes and the receiving node with the payload without span', async () => {
    const payload = new Uint8Array(randomBytes(700));
    const soc = makeSoc(new Uint8Array(randomBytes(32)), payload);
    const address = bytesToHex(soc.address);
    const [first, second, third, farthest] = byProximity(address) as [number, number, number, number];
    const [closest, next, uploader, far] = await Promise.all([subscribe(first, address), subscribe(second, address), subscribe(farthest, address), subscribe(third, address)]);
    await postSoc(farthest, soc);
    expect(await closest!.next()).toEqual(payload);
    expect(await next!.next()).toEqual(payload);
    expect(await uploader!.next()).toEqual(payload);

    // An update at the same address fires again; the third-closest node, which stores neither, got nothing.
    const update = makeSoc(soc.data.subarray(0, 32), new TextEncoder().encode('second update'));
    expect(bytesToHex(update.address)).toBe(address);
    await postSoc(third, update);
    expect(new TextDecoder().decode(await far!.next())).toBe('second update');
    expect(far!.frames).toHaveLength(1);
    expect(new TextDecoder().decode(await closest!.next())).toBe('second update');
    await settle();
    expect(uploader!.frames).toHaveLength(1);
  });

  it('fires at the closest nodes only when a deferred upload is pushed', async () => {
    const soc = makeSoc(new Uint8Array(randomBytes(32)), new TextEncoder().encode('deferred gsoc'));
    const address = bytesToHex(soc.address);
    const order = byProximity(address);
    const uploaderIndex = order[3]!;
    const [closest, uploader] = await Promise.all([subscribe(order[0]!, address), subscribe(uploaderIndex, address)]);
    const tag = (await (await fetch(`${url(uploaderIndex)}/tags`, { method: 'POST' })).json()) as { uid: number };
    await postSoc(uploaderIndex, soc, { 'swarm-deferred-upload': 'true', 'swarm-tag': String(tag.uid) });
    expect(new TextDecoder().decode(await uploader!.next())).toBe('deferred gsoc');
    await settle();
    expect(closest!.frames).toHaveLength(0);
    devnet.control.flushPushes();
    expect(new TextDecoder().decode(await closest!.next())).toBe('deferred gsoc');
  });

  it('on /chunks, as on Bee: SOC bytes of up to 4104 bytes are a content chunk (no message), a longer SOC is a SOC', async () => {
    const postChunk = async (i: number, data: Uint8Array) => {
      const res = await fetch(`${url(i)}/chunks`, { method: 'POST', body: data as BodyInit, headers: { 'swarm-postage-batch-id': devnet.nodes[i]!.batchId! } });
      expect(res.status).toBe(201);
      return ((await res.json()) as { reference: string }).reference;
    };
    const small = makeSoc(new Uint8Array(randomBytes(32)), new TextEncoder().encode('small soc on /chunks'));
    const smallAddress = bytesToHex(small.address);
    const smallReceiver = await subscribe(byProximity(smallAddress)[0]!, smallAddress);
    const contentAddress = bytesToHex(contentAddressOf(small.data));
    expect(await postChunk(0, small.data)).toBe(contentAddress);
    await settle();
    expect(smallReceiver.frames).toHaveLength(0);

    const fullPayload = new Uint8Array(randomBytes(4096));
    const full = makeSoc(new Uint8Array(randomBytes(32)), fullPayload);
    expect(full.data.length).toBe(4201);
    const fullAddress = bytesToHex(full.address);
    const fullReceiver = await subscribe(byProximity(fullAddress)[0]!, fullAddress);
    expect(await postChunk(0, full.data)).toBe(fullAddress);
    expect(await fullReceiver.next()).toEqual(fullPayload);
  });

  it('skips an isolated closest node (the push stores the SOC at the next one) and an error500 node', async () => {
    const soc = makeSoc(new Uint8Array(randomBytes(32)), new TextEncoder().encode('around faults'));
    const address = bytesToHex(soc.address);
    const order = byProximity(address);
    const subscribers = await Promise.all(order.map((i) => subscribe(i, address)));
    await devnet.control.node(order[0]!).setFault({ isolated: true });
    await devnet.control.node(order[1]!).setFault({ error500: true });
    await postSoc(order[3]!, soc);
    expect(new TextDecoder().decode(await subscribers[2]!.next())).toBe('around faults');
    expect(new TextDecoder().decode(await subscribers[3]!.next())).toBe('around faults');
    // Healed, the same nodes fire again for the next update, and it is the first frame they see.
    for (const i of order.slice(0, 2)) await devnet.control.node(i).heal();
    await postSoc(order[3]!, makeSoc(soc.data.subarray(0, 32), new TextEncoder().encode('healed')));
    expect(new TextDecoder().decode(await subscribers[0]!.next())).toBe('healed');
    expect(new TextDecoder().decode(await subscribers[1]!.next())).toBe('healed');
  });

  it('ignores content chunks and SOCs that do not live at the address', () => {
    const soc = makeSoc(new Uint8Array(32), new TextEncoder().encode('payload'));
    expect(socPayload(bytesToHex(soc.address), soc.data)).toEqual(new TextEncoder().encode('payload'));
    expect(socPayload('00'.repeat(32), soc.data)).toBeUndefined();
    const cac = makeContentChunk(new Uint8Array(randomBytes(200)));
    expect(socPayload(bytesToHex(cac.address), cac.data)).toBeUndefined();
  });

  it('interoperates with bee-js gsocMine, gsocSubscribe and gsocSend', async () => {
    const bee = new Bee(url(0));
    const identifier = new Identifier(bytesToHex(randomBytes(32)));
    const signer = bee.gsocMine(devnet.nodes[2]!.overlay, identifier, 8);
    const address = signer.publicKey().address();
    const received = new Promise<string>((resolve, reject) => {
      const subscription = new Bee(url(2)).gsocSubscribe(address, identifier, {
        onMessage: (message) => {
          subscription.cancel();
          resolve(message.toUtf8());
        },
        onError: reject,
        onClose: () => undefined,
      });
    });
    const message = await resendUntilReceived(received, (attempt) => bee.gsocSend(devnet.nodes[0]!.batchId!, signer, identifier, `GSOC ${attempt}`));
    expect(message).toMatch(/^GSOC \d+$/);
  });
});
