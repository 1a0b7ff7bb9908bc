/**
 * PSS over real node servers and real WebSocket clients. Absence is checked without sleeping: after the
 * message under test, a sentinel that the same subscriber must receive is sent, and the subscriber's first
 * frame has to be that sentinel (frames on one socket arrive in order).
 */
import { randomBytes } from 'node:crypto';
import { Bee, Topic, Utils } from '@ethersphere/bee-js';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bytesToHex } from '../../core/swarm/bytes.js';
import { topicFromString } from '../../core/swarm/feeds.js';
import { startDevnet, type StartedDevnet } from '../devnet.js';
import { pssTopicKey, topicPublicKeyHex } from './pss.js';
import { openSubscriber, resendUntilReceived, websocketUrl, type Subscriber } from './subscriber-client.js';

let devnet: StartedDevnet;
let batch: string;
const open: Subscriber[] = [];

beforeAll(async () => {
  devnet = await startDevnet({ nodes: 4, mineBlocks: false, pushDelayMs: 60_000, seed: 'pss-test' });
  batch = devnet.nodes[0]!.batchId!;
});
afterAll(() => devnet.stop());
beforeEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
  for (let i = 0; i < devnet.nodes.length; i++) await devnet.control.node(i).heal();
});

const url = (i: number): string => devnet.nodes[i]!.url;
/** The first two overlay bytes of node i: a target only that node matches (checked in the first test). */
const prefix = (i: number): string => devnet.nodes[i]!.overlay.slice(0, 4);

async function subscribe(i: number, topic: string, headers: Record<string, string> = {}): Promise<Subscriber> {
  const subscriber = await openSubscriber(websocketUrl(url(i), `/pss/subscribe/${encodeURIComponent(topic)}`), headers);
  open.push(subscriber);
  return subscriber;
}

async function send(from: number, topic: string, targets: string, body: Uint8Array | string, options: { recipient?: string; batchId?: string | null } = {}): Promise<Response> {
  const query = options.recipient === undefined ? '' : `?recipient=${options.recipient}`;
  const headers: Record<string, string> = options.batchId === null ? {} : { 'swarm-postage-batch-id': options.batchId ?? batch };
  return fetch(`${url(from)}/pss/send/${encodeURIComponent(topic)}/${targets}${query}`, { method: 'POST', body: body as BodyInit, headers });
}

async function sendOk(from: number, topic: string, targets: string, body: Uint8Array | string, recipient?: string): Promise<void> {
  const res = await send(from, topic, targets, body, recipient === undefined ? {} : { recipient });
  expect(res.status).toBe(201);
  expect(await res.json()).toEqual({ message: 'Created', code: 201 });
}

/** Sends a sentinel the subscriber must get and asserts it is the first frame (nothing came before it). */
async function expectNothingBefore(subscriber: Subscriber, node: number, topic: string): Promise<void> {
  const sentinel = `sentinel ${randomBytes(4).toString('hex')}`;
  await sendOk(0, topic, prefix(node), sentinel);
  expect(new TextDecoder().decode(await subscriber.next())).toBe(sentinel);
  expect(subscriber.frames).toHaveLength(1);
}

describe('PSS delivery', () => {
  it('delivers the exact bytes to the subscribers of the target node only', async () => {
    for (let i = 1; i < 4; i++) expect(devnet.nodes.filter((n) => n.overlay.startsWith(prefix(i)))).toHaveLength(1);
    const [a, b, b2, c] = await Promise.all([subscribe(0, 'chat'), subscribe(1, 'chat'), subscribe(1, 'chat'), subscribe(2, 'chat')]);
    const message = new Uint8Array(randomBytes(1500));
    await sendOk(0, 'chat', prefix(1), message);
    expect(await b!.next()).toEqual(message);
    expect(await b2!.next()).toEqual(message);
    await expectNothingBefore(c!, 2, 'chat');
    await expectNothingBefore(a!, 0, 'chat');
  });

  it('hashes the topic string with keccak256, like feeds topicFromString', async () => {
    const topic = 'room/1 ü ✓';
    expect(pssTopicKey(topic)).toBe(bytesToHex(topicFromString(topic)));
    const [same, other] = await Promise.all([subscribe(1, topic), subscribe(1, 'room/2')]);
    await sendOk(0, topic, prefix(1), 'hashed');
    expect(new TextDecoder().decode(await same!.next())).toBe('hashed');
    await sendOk(0, 'room/2', prefix(1), 'second topic');
    expect(new TextDecoder().decode(await other!.next())).toBe('second topic');
    expect(other!.frames).toHaveLength(1);
  });

  it('topic keys equal bee-js Topic.fromString on random strings', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (text) => pssTopicKey(text) === Topic.fromString(text).toHex()), { numRuns: 60 });
  });

  it('delivers to every node matching any of several targets, and to a 1-byte neighbourhood', async () => {
    const [b, c, d] = await Promise.all([subscribe(1, 'multi'), subscribe(2, 'multi'), subscribe(3, 'multi')]);
    await sendOk(0, 'multi', `${prefix(1)},${prefix(3)}`, 'to b and d');
    expect(new TextDecoder().decode(await b!.next())).toBe('to b and d');
    expect(new TextDecoder().decode(await d!.next())).toBe('to b and d');
    await expectNothingBefore(c!, 2, 'multi');
    const firstByte = prefix(2).slice(0, 2);
    await sendOk(0, 'multi', firstByte, 'one byte');
    const matching = devnet.nodes.filter((n) => n.overlay.startsWith(firstByte)).map((n) => n.index);
    expect(matching).toContain(2);
    expect(new TextDecoder().decode(await c!.next())).toBe('one byte');
  });

  it('with a recipient, only the node holding that PSS key (or the topic key) can read it', async () => {
    const [b] = await Promise.all([subscribe(1, 'secret')]);
    const keyOf = async (i: number): Promise<string> => ((await (await fetch(`${url(i)}/addresses`)).json()) as { pssPublicKey: string }).pssPublicKey;
    await sendOk(0, 'secret', prefix(1), 'for someone else', await keyOf(2));
    await sendOk(0, 'secret', prefix(1), 'for b', await keyOf(1));
    expect(new TextDecoder().decode(await b!.next())).toBe('for b');
    await sendOk(0, 'secret', prefix(1), 'topic key', topicPublicKeyHex(topicFromString('secret')));
    expect(new TextDecoder().decode(await b!.next())).toBe('topic key');
    expect(b!.frames).toHaveLength(2);
  });

  it('follows the network: isolated or error500 receivers get nothing, an isolated sender still reaches itself', async () => {
    const [a, b] = await Promise.all([subscribe(0, 'faults'), subscribe(1, 'faults')]);
    await devnet.control.node(1).setFault({ isolated: true });
    await sendOk(0, 'faults', prefix(1), 'lost: isolated');
    await devnet.control.node(1).setFault({ isolated: false, error500: true });
    await sendOk(0, 'faults', prefix(1), 'lost: error500');
    await devnet.control.node(1).heal();
    await devnet.control.node(0).setFault({ isolated: true });
    await sendOk(0, 'faults', prefix(1), 'lost: sender isolated');
    await sendOk(0, 'faults', prefix(0), 'to myself');
    expect(new TextDecoder().decode(await a!.next())).toBe('to myself');
    await devnet.control.node(0).heal();
    await expectNothingBefore(b!, 1, 'faults');
  });

  it('interoperates with bee-js pssSubscribe and pssSend', async () => {
    const topic = Topic.fromString('bee-js pss');
    const received = new Promise<string>((resolve, reject) => {
      const subscription = new Bee(url(1)).pssSubscribe(topic, {
        onMessage: (message) => {
          subscription.cancel();
          resolve(message.toUtf8());
        },
        onError: reject,
        onClose: () => undefined,
      });
    });
    const sender = new Bee(url(0));
    const target = Utils.makeMaxTarget(devnet.nodes[1]!.overlay);
    const message = await resendUntilReceived(received, () => sender.pssSend(batch, topic, target, 'hello from bee-js'));
    expect(message).toBe('hello from bee-js');
  });
});

describe('PSS send answers', () => {
  it('refuses what Bee refuses, with its codes and messages', async () => {
    const reasons = async (res: Response): Promise<unknown> => ((await res.json()) as { reasons?: unknown }).reasons;
    const noBatch = await send(0, 't', prefix(1), 'x', { batchId: null });
    expect(noBatch.status).toBe(400);
    expect(await reasons(noBatch)).toEqual([{ field: 'swarm-postage-batch-id', error: 'want required:' }]);
    const unknown = await send(0, 't', prefix(1), 'x', { batchId: 'ab'.repeat(32) });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ code: 400, message: 'batch not found' });
    const othersBatch = await send(0, 't', prefix(1), 'x', { batchId: devnet.nodes[1]!.batchId! });
    expect(othersBatch.status).toBe(400);

    const badTargets: [string, string][] = [
      ['zz', "invalid hex byte: U+007A 'z'"],
      ['abc', 'odd length hex string'],
      ['abcdef01', 'want max:3'],
      ['ab,,cd', 'want required:'],
    ];
    for (const [targets, error] of badTargets) {
      const res = await send(0, 't', targets, 'x');
      expect(res.status, targets).toBe(400);
      expect(await res.json()).toEqual({ code: 400, message: 'invalid path params', reasons: [{ field: 'target', error }] });
    }
    const badRecipient = await send(0, 't', prefix(1), 'x', { recipient: '02'.padEnd(66, 'f') });
    expect(badRecipient.status).toBe(400);
    expect(((await badRecipient.json()) as { message: string }).message).toBe('invalid query params');

    expect((await send(0, 't', prefix(1), new Uint8Array(4097))).status).toBe(413);
    const overTrojanLimit = await send(0, 't', prefix(1), new Uint8Array(4001));
    expect(overTrojanLimit.status).toBe(500);
    expect(await overTrojanLimit.json()).toEqual({ code: 500, message: 'pss send failed' });
    expect((await send(0, 't', prefix(1), new Uint8Array(4000))).status).toBe(201);
    expect((await send(0, 't', `${prefix(1)},ab`, 'x')).status).toBe(500);
  });

  it('stamps each message: an immutable batch with a full bucket answers 402', async () => {
    const small = await startDevnet({ nodes: 2, mineBlocks: false, pushDelayMs: 60_000, batchDepth: 17, seed: 'pss-402' });
    try {
      // Depth 17 leaves 2 slots per bucket; a 2-byte target pins every trojan address to one bucket.
      const target = small.nodes[1]!.overlay.slice(0, 4);
      const post = (): Promise<Response> =>
        fetch(`${small.nodes[0]!.url}/pss/send/t/${target}`, { method: 'POST', body: 'x', headers: { 'swarm-postage-batch-id': small.nodes[0]!.batchId! } });
      expect((await post()).status).toBe(201);
      expect((await post()).status).toBe(201);
      const full = await post();
      expect(full.status).toBe(402);
      expect(await full.json()).toEqual({ code: 402, message: 'batch is overissued' });
    } finally {
      await small.stop();
    }
  });
});
