/** Pure logic behind the --once verbs: argument parsers, batch choice and planning, neighbourhood targets, tar headers. */
import { describe, expect, it } from 'vitest';
import { readTar } from '../../devnet/content/tar.js';
import { concatBytes, utf8Encode } from '../swarm/bytes.js';
import { InputError } from '../swarm/input-error.js';
import { TAR_END, tarFileHeader, tarPadding } from '../swarm/tar-header.js';
import { pickUploadBatch, remainingBytes, resolveBatchPrefix, uploadFootprintBytes, type BatchRow } from './batch-choice.js';
import { planBatches, suggestBatch } from './batch-plan.js';
import { mineGsocKey, pssTarget } from './neighbourhood.js';
import { formatGwei, gasPriceFromMinimumGasFunds, priceFacts } from './price-facts.js';
import { parseAmountArgument, parseDepthArgument, parseDurationArgument, parseSizeArgument, parseTopicArgument } from './verb-inputs.js';

const batch = (over: Partial<BatchRow> & { batchID: string }): BatchRow => ({ usable: true, depth: 22, utilization: 0, immutableFlag: true, batchTTL: 30 * 86_400, ...over });

describe('verb arguments', () => {
  it('depths 17..40, amounts 1..10^18, sizes and durations with units', () => {
    expect(parseDepthArgument('17')).toBe(17);
    expect(parseDepthArgument('40')).toBe(40);
    for (const bad of ['16', '41', '-1', '20.5', 'x', '']) expect(() => parseDepthArgument(bad), bad).toThrow(InputError);
    expect(parseAmountArgument('414720000')).toBe(414_720_000n);
    for (const bad of ['0', '-5', '1e9', '1.5', String(10n ** 18n + 1n)]) expect(() => parseAmountArgument(bad), bad).toThrow(InputError);
    expect(parseSizeArgument('1.5GB')).toBe(1_500_000_000);
    expect(parseSizeArgument('2 GiB')).toBe(2 * 1024 ** 3);
    expect(parseSizeArgument('12345')).toBe(12_345);
    for (const bad of ['0', '1XB', 'GB', '-1MB']) expect(() => parseSizeArgument(bad), bad).toThrow(InputError);
    expect(parseDurationArgument('30d')).toBe(2_592_000);
    expect(parseDurationArgument('12h')).toBe(43_200);
    expect(parseDurationArgument('1y')).toBe(31_536_000);
    expect(parseDurationArgument('90')).toBe(90);
    for (const bad of ['0', '101y', 'soon', '5q']) expect(() => parseDurationArgument(bad), bad).toThrow(InputError);
  });

  it('topics: 64 hex as given (0x allowed), other text keccak256-hashed; empty refused', () => {
    expect(parseTopicArgument(`0x${'AB'.repeat(32)}`)).toEqual({ hex: 'ab'.repeat(32), from: 'hex' });
    expect(parseTopicArgument('hello')).toEqual({ hex: '1c8aff950685c2ed4bc3174f3472287b56d9517b9c948127319a09a7a36deac8', from: 'keccak256' });
    expect(() => parseTopicArgument('')).toThrow(InputError);
  });
});

describe('batch choice', () => {
  const batches = [batch({ batchID: 'ab12'.padEnd(64, '0') }), batch({ batchID: 'ab34'.padEnd(64, '0') }), batch({ batchID: 'cd'.padEnd(64, '1') })];

  it('a unique prefix resolves; an ambiguous or unknown one is refused naming the candidates', () => {
    expect(resolveBatchPrefix('ab1', batches)).toMatchObject({ ok: true, batch: { batchID: batches[0]!.batchID } });
    expect(resolveBatchPrefix('ab', batches)).toEqual({ ok: false, reason: 'batch prefix ab is ambiguous: ab120000, ab340000 all match; give more characters' });
    expect(resolveBatchPrefix('ef', batches)).toEqual({ ok: false, reason: 'no batch of this node starts with ef; its batches: ab120000…, ab340000…, cd111111…' });
    expect(resolveBatchPrefix('ef', [])).toEqual({ ok: false, reason: 'no batch of this node starts with ef; it has no batches' });
  });

  it('auto-pick: usable, room for the upload, not expiring within a day (unless only such batches have room), longest TTL', () => {
    const rows = [
      batch({ batchID: '01'.repeat(32), batchTTL: 10 * 86_400 }),
      batch({ batchID: '02'.repeat(32), batchTTL: 90 * 86_400, usable: false }),
      batch({ batchID: '03'.repeat(32), batchTTL: 60 * 86_400 }),
      batch({ batchID: '04'.repeat(32), batchTTL: 3600 }),
      batch({ batchID: '05'.repeat(32), batchTTL: 80 * 86_400, depth: 17 }),
    ];
    const pick = pickUploadBatch(rows, uploadFootprintBytes(1_000_000));
    expect(pick).toMatchObject({ ok: true, batch: { batchID: '03'.repeat(32) } });
    expect(pick.ok && pick.reason).toMatch(/^batch 03030303…: usable, TTL 60 d \(the longest of 2 batches with room\), about 7\.07 GB free of 7\.07 GB effective \(17\.18 GB theoretical\)$/);
    expect(pickUploadBatch([], 1)).toMatchObject({ ok: false, reason: expect.stringContaining('has no postage batch') });
    expect(pickUploadBatch([rows[1]!], 1)).toMatchObject({ ok: false, reason: expect.stringContaining('usable yet') });
    // Only an expiring batch: used, and the reason warns.
    expect(pickUploadBatch([rows[3]!], 1)).toMatchObject({ ok: true, reason: expect.stringContaining('it expires within a day, and the upload with it') });
    expect(pickUploadBatch([rows[4]!], 10_000_000)).toMatchObject({ ok: false, reason: expect.stringContaining('no usable batch has room') });
  });

  it('room shrinks with the fullest bucket; the footprint counts tree, parity and manifest chunks', () => {
    expect(remainingBytes(batch({ batchID: 'a', depth: 20, utilization: 0 }))).toBe(628_910_000);
    expect(remainingBytes(batch({ batchID: 'a', depth: 20, utilization: 8 }))).toBe(314_455_000);
    expect(remainingBytes(batch({ batchID: 'a', depth: 20, utilization: 16 }))).toBe(0);
    expect(uploadFootprintBytes(1)).toBe(9 * 4096);
    expect(uploadFootprintBytes(4096 * 1000)).toBe((1000 + 8 + 101 + 4 + 4) * 4096);
  });
});

describe('batch planning', () => {
  const price = { pricePerBlock: 24_000n, blockTimeSeconds: 5 };

  it('suggest: smallest depth whose effective capacity holds the size; never below the 24 h minimum', () => {
    expect(suggestBatch({ ...price, sizeBytes: 1e9, durationSeconds: 30 * 86_400 })).toMatchObject({ depth: 21, amount: 12_441_600_000n, raisedToMinimum: false });
    expect(suggestBatch({ ...price, sizeBytes: 1, durationSeconds: 60 })).toMatchObject({ depth: 17, amount: 414_720_000n, raisedToMinimum: true });
    expect(() => suggestBatch({ ...price, sizeBytes: 1e18, durationSeconds: 60 })).toThrow(InputError);
  });

  it('plan: none, top-up, dilute (immutable, 80 % full), both, wait, expired', () => {
    const day = 86_400;
    const plan = planBatches(
      [
        { batchID: 'aa', depth: 20, usable: true, utilization: 0, immutableFlag: true, batchTTL: 100 * day },
        { batchID: 'bb', depth: 20, usable: true, utilization: 0, immutableFlag: true, batchTTL: 10 * day },
        { batchID: 'cc', depth: 20, usable: true, utilization: 13, immutableFlag: true, batchTTL: 100 * day },
        { batchID: 'dd', depth: 20, usable: true, utilization: 13, immutableFlag: true, batchTTL: 40 * day },
        { batchID: 'ee', depth: 20, usable: true, utilization: 16, immutableFlag: false, batchTTL: 100 * day },
        { batchID: 'ff', depth: 20, usable: false, utilization: 0, immutableFlag: true, batchTTL: 100 * day },
        { batchID: '00', depth: 20, usable: true, utilization: 0, immutableFlag: true, batchTTL: 0 },
      ],
      price,
      30 * day,
    );
    expect(plan.batches.map((b) => b.action)).toEqual(['none', 'topup', 'dilute', 'topup-and-dilute', 'none', 'wait', 'expired']);
    const topup = plan.batches[1]!;
    expect(topup.topupAmount).toBe(12_441_600_000n - 4_147_200_000n);
    expect(topup.costPlur).toBe(topup.topupAmount! << 20n);
    expect(plan.batches[3]).toMatchObject({ newDepth: 21 });
    expect(plan.batches[3]!.costPlur).toBe(plan.batches[3]!.topupAmount! << 21n);
    expect(plan.totalCostPlur).toBe(plan.batches.reduce((s, b) => s + b.costPlur, 0n));
  });
});

describe('neighbourhood targets', () => {
  const overlay = Uint8Array.from({ length: 32 }, (_, i) => i * 7 + 1);

  it('pss-target: ceil(depth/8) bytes of the overlay, 1..3, and whether that covers the depth', () => {
    expect(pssTarget(overlay, 0)).toEqual({ target: '01', targetBits: 8, coversDepth: true });
    expect(pssTarget(overlay, 9)).toEqual({ target: '0108', targetBits: 16, coversDepth: true });
    expect(pssTarget(overlay, 24)).toEqual({ target: '01080f', targetBits: 24, coversDepth: true });
    expect(pssTarget(overlay, 26)).toEqual({ target: '01080f', targetBits: 24, coversDepth: false });
  });

  it('gsoc mining: the SOC address shares at least `depth` bits with the overlay; a budget ends the search', () => {
    const mined = mineGsocKey(overlay, new Uint8Array(32), 6)!;
    expect(mined.proximity).toBeGreaterThanOrEqual(6);
    expect(mined.tries).toBeGreaterThanOrEqual(1);
    expect(mineGsocKey(overlay, new Uint8Array(32), 40, 10)).toBeUndefined();
  });
});

describe('price facts', () => {
  it('per day, per GiB-month, the purchase minimum; gas price from Bee\'s minimumGasFunds', () => {
    expect(priceFacts(24_000n)).toMatchObject({ pricePerChunkPerDay: 414_720_000n, gibPerMonthPlur: 24_000n * 518_400n * 262_144n, minimumAmount: 414_720_000n });
    expect(priceFacts(24_000n, 100).minimumAmount).toBe(2_400_000n);
    expect(gasPriceFromMinimumGasFunds(3_750_000n * 1_500_000_000n)).toBe(1_500_000_000n);
    expect(formatGwei(1_500_000_000n)).toBe('1.5');
    expect(formatGwei(7n)).toBe('0.000000007');
  });
});

describe('tar headers', () => {
  it('the devnet reader (Bee\'s rules) reads back paths and bytes, long names included', () => {
    const long = `${'deep/'.repeat(30)}file.txt`;
    const files = [
      { path: 'index.html', data: utf8Encode('<h1>x</h1>') },
      { path: long, data: new Uint8Array(1000).fill(3) },
      { path: 'empty', data: new Uint8Array(0) },
    ];
    const archive = concatBytes(...files.flatMap((f) => [tarFileHeader(f.path, f.data.length), f.data, tarPadding(f.data.length)]), TAR_END);
    expect(archive.length % 512).toBe(0);
    expect(readTar(archive).map((f) => [f.path, f.data.length])).toEqual(files.map((f) => [f.path, f.data.length]));
    expect(() => tarFileHeader('', 1)).toThrow(InputError);
  });
});
