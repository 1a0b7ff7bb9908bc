import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes, utf8Encode } from '../swarm/bytes.js';
import { keccak256 } from '../swarm/keccak.js';
import { filterMessages, gsocTarget, historyLine, pssTarget, pushRing, reconnectDelayMs, rotationPlan, toMessage } from './pubsub.js';

describe('pubsub targets', () => {
  it('PSS subscribes to the 64-hex topic: as given, or keccak256 of the text', () => {
    const hex = 'cd'.repeat(32);
    expect(pssTarget(hex)).toMatchObject({ mode: 'PSS', path: `/pss/subscribe/${hex}`, target: hex });
    const hashed = bytesToHex(keccak256(utf8Encode('news')));
    expect(pssTarget('news')).toMatchObject({ path: `/pss/subscribe/${hashed}`, label: `topic "news" (keccak256 ${hashed.slice(0, 8)}…)` });
  });

  it('GSOC subscribes to the SOC address keccak256(identifier ‖ owner)', () => {
    const owner = '11'.repeat(20);
    const identifier = '22'.repeat(32);
    const address = bytesToHex(keccak256(hexToBytes(identifier), hexToBytes(owner)));
    expect(gsocTarget(`0x${owner}`, identifier)).toMatchObject({ mode: 'GSOC', path: `/gsoc/subscribe/${address}`, target: address });
    expect(() => gsocTarget('0x1234', identifier)).toThrow(/GSOC owner/);
  });
});

describe('pubsub ring and filter', () => {
  it('keeps the newest `limit` messages', () => {
    let ring: number[] = [];
    for (let i = 0; i < 205; i++) ring = pushRing(ring, i);
    expect(ring).toHaveLength(200);
    expect(ring[0]).toBe(5);
    expect(pushRing([1, 2], 3, 2)).toEqual([2, 3]);
  });

  it('reads text payloads as text and binary ones as hex; filters case-insensitively', () => {
    const text = toMessage(1, 0, utf8Encode('Hello Swarm'));
    const binary = toMessage(2, 0, Uint8Array.of(0, 0xff, 0x10));
    expect(text).toMatchObject({ size: 11, text: 'Hello Swarm' });
    expect(binary).toMatchObject({ text: null, hex: '00ff10' });
    expect(filterMessages([text, binary], 'swARM')).toEqual([text]);
    expect(filterMessages([text, binary], 'FF1')).toEqual([binary]);
    expect(filterMessages([text, binary], '  ')).toEqual([text, binary]);
  });
});

describe('pubsub history', () => {
  it('writes one JSON object per message', () => {
    const line = historyLine('PSS', 'ab'.repeat(32), toMessage(1, Date.UTC(2026, 0, 2, 3, 4, 5), utf8Encode('hi\nthere')));
    expect(JSON.parse(line)).toEqual({ time: '2026-01-02T03:04:05.000Z', mode: 'pss', target: 'ab'.repeat(32), size: 8, text: 'hi\nthere', hex: '68690a7468657265' });
    expect(line).not.toContain('\n');
  });

  it('plans a rotation: shift file.1..file.(keep-1) up, unlink file.keep', () => {
    expect(rotationPlan('/d/h.jsonl', 3)).toEqual({
      unlink: '/d/h.jsonl.3',
      renames: [
        ['/d/h.jsonl.2', '/d/h.jsonl.3'],
        ['/d/h.jsonl.1', '/d/h.jsonl.2'],
        ['/d/h.jsonl', '/d/h.jsonl.1'],
      ],
    });
    expect(rotationPlan('/d/h.jsonl', 0)).toEqual({ unlink: '/d/h.jsonl', renames: [] });
  });

  it('backs off 1, 2, 4 s … up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 50].map((a) => reconnectDelayMs(a))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});
